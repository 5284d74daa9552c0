/**
 * @jest-environment jsdom
 */
import { act, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { ReactElement } from 'react';
import { KeptTextarea } from '@/components/shared/kept-textarea';

const TERMS = 'These are the current terms word for word.';

/** The server's HTML in the page, `typing` done to it before any script, then woken by React as a page is. */
async function wokenAfter(page: ReactElement, typing: (textarea: HTMLTextAreaElement) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  const textarea = container.querySelector('textarea')!;
  typing(textarea);
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  const view = await act(async () => render(page, { container, hydrate: true }));
  const said = errors.mock.calls;
  errors.mockRestore();
  return { view, textarea, said };
}

const type = (words: string) => (textarea: HTMLTextAreaElement) => {
  textarea.focus();
  textarea.value = words;
  textarea.setSelectionRange(4, 4);
};

afterEach(() => document.body.replaceChildren());

test('React alone sets a textarea back to the server’s text as it wakes the page: what this part is for', async () => {
  const { textarea } = await wokenAfter(<textarea id="plain" name="body" defaultValue={TERMS} />, type('New terms, typed at once.'));
  expect(textarea.value).toBe(TERMS);
});

test('words typed before the page woke are kept, with the cursor where it was', async () => {
  const { textarea, said } = await wokenAfter(<KeptTextarea id="terms-body" name="body" defaultValue={TERMS} />, type('New terms, typed at once.'));
  expect(textarea.isConnected).toBe(true);
  expect(textarea.value).toBe('New terms, typed at once.');
  expect(document.activeElement).toBe(textarea);
  expect([textarea.selectionStart, textarea.selectionEnd]).toEqual([4, 4]);
  expect(said).toEqual([]);
});

test('a textarea nobody typed in wakes with the server’s text, and sends it', async () => {
  const { textarea, said } = await wokenAfter(
    <form>
      <KeptTextarea id="terms-body" name="body" defaultValue={TERMS} />
    </form>,
    () => {},
  );
  expect(textarea.value).toBe(TERMS);
  expect(new FormData(textarea.form!).get('body')).toBe(TERMS);
  expect(said).toEqual([]);
});

test('a textarea drawn afresh once the page is awake starts from its own text, not the one it replaces', async () => {
  const form = (answer: number, text: string) => (
    <form key={answer}>
      <KeptTextarea id="claim-note" name="note" defaultValue={text} />
    </form>
  );
  const { view, textarea } = await wokenAfter(form(0, ''), () => {});
  textarea.value = 'Deposit by wire on Monday.';
  await act(async () => view.rerender(form(1, '')));
  const drawn = document.querySelector('textarea')!;
  expect(drawn).not.toBe(textarea);
  expect(drawn.value).toBe('');
});
