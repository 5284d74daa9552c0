/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { SignInForm } from '@/components/account/sign-in-form';
import { statusWords } from '@/__tests__/support/no-js-form.mjs';

// The Server Actions need the Next server (the end-to-end suite drives the real ones).
jest.mock('@/lib/auth/actions', () => ({ signIn: jest.fn(), signInWithPasskey: jest.fn() }));
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }) }));

test('a farewell is said in the success colour, in the sentence the server’s answers are read from', () => {
  const { container } = render(<SignInForm next={null} farewell="You have signed out." />);
  const said = screen.getByRole('status');
  expect(said).toHaveAttribute('id', 'sign-in-status');
  expect(said).toHaveAttribute('data-tone', 'success');
  expect(statusWords(container.innerHTML, 'sign-in-status')).toBe('You have signed out.');
  expect(screen.getByRole('textbox', { name: 'Email address' })).not.toHaveAttribute('aria-invalid');
  expect(screen.getByRole('button', { name: 'SEND A CODE' })).toBeInTheDocument();
});

test('with nothing to say, the sentence waits empty and no passkey is offered before a script finds one', () => {
  const { container } = render(<SignInForm next="/admin" farewell={null} />);
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
  expect(statusWords(container.innerHTML, 'sign-in-status')).toBe('');
  expect(container.querySelector('input[name="next"]')).toHaveValue('/admin');
  expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
});
