/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { KeptTextarea } from '@/components/shared/kept-textarea';

test('on the server, where there is no page to read, the textarea is written with its own text', () => {
  const html = renderToString(<KeptTextarea id="terms-body" name="body" defaultValue={'Three per cent & no more.'} />);
  expect(html).toBe('<textarea id="terms-body" name="body">Three per cent &amp; no more.</textarea>');
});
