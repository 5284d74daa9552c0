/**
 * @jest-environment jsdom
 */
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { PasskeyRegister } from '@/components/account/passkey-register';

// The Server Action needs the Next server (e2e/accounts.spec.ts adds a passkey through the real one).
jest.mock('@/lib/auth/actions', () => ({ registerPasskey: jest.fn() }));
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }) }));

const noSupport = 'This browser cannot make a passkey.';
const noScript = 'Adding a passkey needs JavaScript, which is turned off in this browser.';
const canMakePasskeys = (can: boolean) => {
  if (can) Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true });
  else delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
};
afterEach(() => canMakePasskeys(false));

/** The server's HTML in a page, then woken by React in this browser, as the account page is. */
async function hydrated() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<PasskeyRegister />);
  document.body.append(container);
  const before = container.querySelector('form');
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  await act(async () => render(<PasskeyRegister />, { container, hydrate: true }));
  const mismatches = errors.mock.calls;
  errors.mockRestore();
  return { container, before, mismatches };
}

test('the server draws the form the page keeps, its button held until a script knows the browser can make a passkey', () => {
  const page = document.createElement('div');
  page.innerHTML = renderToString(<PasskeyRegister />);
  expect(page.querySelector('input[name="label"]')).not.toBeNull();
  const button = [...page.querySelectorAll('button')].find((each) => each.textContent === 'Add a passkey');
  expect(button).toBeDisabled();
  // Said to a browser without a script, and to no other.
  expect(page.querySelector('noscript')?.innerHTML).toContain(noScript);
});

test('woken where passkeys can be made, the same form stays in place and its button is let go', async () => {
  canMakePasskeys(true);
  const { container, before, mismatches } = await hydrated();
  expect(mismatches).toEqual([]);
  expect(container.querySelector('form')).toBe(before);
  expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
  expect(screen.queryByText(noSupport)).toBeNull();
});

test('woken where they cannot, the form gives way to the sentence that says so', async () => {
  const { container } = await hydrated();
  expect(container.querySelector('form')).toBeNull();
  expect(screen.getByText(noSupport)).toBeInTheDocument();
});
