/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { TeamRoster } from '@/components/team/team-roster';
import type { Actor, TeamMember } from '@/lib/auth/types';

// The forms' Server Actions need the Next server (the end-to-end suite drives the real one).
jest.mock('@/lib/admin/team-actions', () => ({ changeMemberRole: jest.fn(), removeMember: jest.fn(), inviteMember: jest.fn() }));

const member = (fields: Partial<TeamMember>): TeamMember => ({
  id: 'a0000000-0000-4000-8000-000000000001',
  email: 'owner@aldercrest.example',
  name: 'Ava Laurent',
  role: 'owner',
  phone: null,
  brokerage: null,
  fixed: false,
  joinedAt: '2026-11-20T15:00:00.000Z',
  lastSignInAt: null,
  createdAt: '2026-11-20T15:00:00.000Z',
  passkeys: 0,
  invitedUntil: null,
  ...fields,
});

test('an owner from the server’s settings is said so in words, never by the setting’s name', () => {
  const ava = member({ fixed: true });
  const actor: Actor = { ...ava, sessionId: 's' };
  render(<TeamRoster actor={actor} overview={{ members: [ava, member({ id: 'a0000000-0000-4000-8000-000000000002', name: 'Julien Marchetti', role: 'member', email: 'julien@aldercrest.example' })], activity: [] }} timeZone="UTC" outcome={null} />);
  expect(screen.getByText(/Owner from the server’s settings/)).toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(/ADMIN_EMAILS/);
});
