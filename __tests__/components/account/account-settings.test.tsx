/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { AccountSettings } from '@/components/account/account-settings';
import type { AccountOverview, Actor } from '@/lib/auth/types';

// The forms' Server Actions need the Next server (the end-to-end suite drives the real ones).
jest.mock('@/lib/auth/actions', () => ({
  endOtherSession: jest.fn(),
  registerPasskey: jest.fn(),
  removePasskey: jest.fn(),
  renameAccount: jest.fn(),
  setWeeklyFigures: jest.fn(),
  signOut: jest.fn(),
  signOutEverywhere: jest.fn(),
}));
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }) }));

const julien: Actor = { id: 'a1', email: 'julien.marchetti@aldercrest.example', name: 'Julien Marchetti', role: 'member', phone: null, brokerage: null, fixed: false, sessionId: 's1' };
const overview: AccountOverview = {
  account: julien,
  passkeys: [{ id: 'p1', label: 'Work phone', createdAt: '2026-11-20T15:00:00.000Z', lastUsedAt: null, backedUp: true }],
  sessions: [
    { id: 's1', device: 'Chrome on Linux', createdAt: '2026-11-25T15:00:00.000Z', lastUsedAt: '2026-11-27T15:00:00.000Z' },
    { id: 's2', device: 'Safari on iPhone', createdAt: '2026-11-21T15:00:00.000Z', lastUsedAt: '2026-11-22T15:00:00.000Z' },
  ],
};

test.each([
  ['passkey', 'Passkey added.', 'success'],
  ['passkeyFailed', 'The passkey was not added. Please try again.', 'error'],
  ['refused', 'That change could not be made. Check the entry and try again.', 'error'],
])('what the last change did (%s) is said at the top in the colour of its meaning', (outcome, words, tone) => {
  render(<AccountSettings actor={julien} overview={overview} timeZone="America/New_York" outcome={outcome} weeklyFigures={null} />);
  const said = screen.getAllByRole('status')[0]!;
  expect(said).toHaveTextContent(words);
  expect(said).toHaveAttribute('data-tone', tone);
});

test('one’s name, one’s passkeys, and every place one is signed in, each but this one to end', () => {
  render(<AccountSettings actor={julien} overview={overview} timeZone="America/New_York" outcome={null} weeklyFigures={null} />);
  expect(screen.getByRole('main')).toHaveTextContent('julien.marchetti@aldercrest.example · Member of the sales team');
  expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveAccessibleDescription('As the team sees it in the history of each lead.');
  expect(within(screen.getByRole('region', { name: 'Passkeys' })).getByRole('button', { name: 'Remove Work phone' })).toBeInTheDocument();
  const sessions = within(screen.getByRole('region', { name: 'Where you are signed in' })).getAllByRole('listitem');
  expect(sessions).toHaveLength(2);
  expect(sessions[0]).toHaveTextContent('Chrome on Linux · This device');
  expect(within(sessions[0]!).queryByRole('button')).toBeNull();
  expect(within(sessions[1]!).getByRole('button', { name: 'Sign out on Safari on iPhone' })).toBeInTheDocument();
});

test('a broker has no passkeys to keep', () => {
  render(<AccountSettings actor={{ ...julien, role: 'broker' }} overview={{ ...overview, account: { ...julien, role: 'broker' } }} timeZone="UTC" outcome={null} weeklyFigures={null} />);
  expect(screen.queryByRole('region', { name: 'Passkeys' })).toBeNull();
  expect(screen.queryByRole('region', { name: 'The week in figures' })).toBeNull();
});

test.each([
  [false, 'You do not receive it.', 'Email me every Monday', 'true'],
  [true, 'You receive it.', 'Stop the Monday email', 'false'],
])('an owner turns the Monday email of the week’s figures on and off with one button (receiving: %s)', (receiving, state, button, posts) => {
  const owner: Actor = { ...julien, role: 'owner' };
  render(<AccountSettings actor={owner} overview={{ ...overview, account: owner }} timeZone="America/Los_Angeles" outcome={null} weeklyFigures={receiving} />);
  const weekly = screen.getByRole('region', { name: 'The week in figures' });
  expect(weekly).toHaveTextContent('Every Monday at 8:00 (America/Los_Angeles)');
  expect(weekly).toHaveTextContent(state);
  const form = within(weekly).getByRole('button', { name: button }).closest('form')!;
  expect(form.querySelector<HTMLInputElement>('input[name="on"]')!.value).toBe(posts);
});
