/**
 * @jest-environment jsdom
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NameStep } from '@/components/account/name-step';
import { confirmAccountName } from '@/lib/auth/name-actions';

// The Server Action needs the Next server (the end-to-end suite drives the real one); here, its answers.
jest.mock('@/lib/auth/name-actions', () => ({ confirmAccountName: jest.fn() }));
const answer = jest.mocked(confirmAccountName);

test('the guess is filled in, described by where to change it later; saving and putting it off both carry where the person was going', () => {
  const { container } = render(<NameStep guess="Owner" next="/admin/leads?form=broker" />);
  const field = screen.getByRole('textbox', { name: 'Your name' });
  expect(field).toHaveValue('Owner');
  expect(field).toHaveAccessibleDescription('You can change it any time on your account page.');
  expect(field).not.toHaveAttribute('aria-invalid');
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
  const forms = [...container.querySelectorAll('form')];
  expect(forms.map((form) => [form.querySelector<HTMLInputElement>('input[name="intent"]')?.value, form.querySelector<HTMLInputElement>('input[name="next"]')?.value])).toEqual([
    ['save', '/admin/leads?form=broker'],
    ['skip', '/admin/leads?form=broker'],
  ]);
  // Putting it off posts no name: the guess stays as it is.
  expect(forms[1]!.querySelector('input[name="name"]')).toBeNull();
  expect(screen.getByRole('button', { name: 'SAVE AND CONTINUE' }).closest('form')).toBe(forms[0]);
  expect(screen.getByRole('button', { name: 'Not now' }).closest('form')).toBe(forms[1]);
});

test('a name refused comes back as typed, marked, with why in the error colour, and the cursor in it', async () => {
  answer.mockResolvedValue({ refusal: 'invalidName', name: 'Owner #3', answerId: 'a1' });
  render(<NameStep guess="Owner" next="/admin" />);
  fireEvent.change(screen.getByRole('textbox', { name: 'Your name' }), { target: { value: 'Owner #3' } });
  fireEvent.click(screen.getByRole('button', { name: 'SAVE AND CONTINUE' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Please enter your name in letters'));
  expect(screen.getByRole('status')).toHaveAttribute('data-tone', 'error');
  const field = screen.getByRole('textbox', { name: 'Your name' });
  expect(field).toHaveValue('Owner #3');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field.getAttribute('aria-describedby')?.split(' ')[0]).toBe('name-step-status');
  expect(field).toHaveFocus();
  expect((answer.mock.lastCall![1] as FormData).get('name')).toBe('Owner #3');
});

test('a store that cannot answer says so, without marking the name', async () => {
  answer.mockResolvedValue({ refusal: 'unavailable', name: 'Olivia Park', answerId: 'a2' });
  render(<NameStep guess="Owner" next="/admin" />);
  fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your name could not be saved just now. Please try again.'));
  expect(screen.getByRole('textbox', { name: 'Your name' })).not.toHaveAttribute('aria-invalid');
  expect((answer.mock.lastCall![1] as FormData).get('intent')).toBe('skip');
});
