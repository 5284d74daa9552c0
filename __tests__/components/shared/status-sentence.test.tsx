/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { StatusSentence } from '@/components/shared/status-sentence';

test.each([
  ['success', 'Status and price saved.'],
  ['error', 'That change could not be made.'],
  ['info', 'Nothing to change: the estate already read so.'],
] as const)('a %s sentence is a status region carrying its meaning, its words whole', (tone, words) => {
  render(<StatusSentence tone={tone}>{words}</StatusSentence>);
  const said = screen.getByRole('status');
  expect(said).toHaveAttribute('data-tone', tone);
  expect(said).toHaveTextContent(words);
  // The mark beside the words is drawn, not read.
  expect(said.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
});

test('with nothing to say it is still in the page, empty, so that a later answer is announced', () => {
  render(<StatusSentence tone="error" id="terms-said">{''}</StatusSentence>);
  const said = screen.getByRole('status');
  expect(said).toBeEmptyDOMElement();
  expect(said).toHaveAttribute('id', 'terms-said');
});

test('a sentence with a list of what to change is a block of its own, never a list inside a paragraph', () => {
  render(
    <StatusSentence tone="error" as="div">
      <p>Please check the entries:</p>
      <ul>
        <li>Lot size: a number of acres.</li>
      </ul>
    </StatusSentence>,
  );
  const said = screen.getByRole('status');
  expect(said.tagName).toBe('DIV');
  expect(said.querySelector('p > ul, span > p')).toBeNull();
  expect(screen.getByRole('listitem')).toHaveTextContent('Lot size: a number of acres.');
});
