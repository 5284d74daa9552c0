import type { ReactNode } from 'react';
import { SignedInFrame } from '@/components/shared/signed-in-frame';
import { requireTeam } from '@/lib/auth/session';

// The sales team's pages: a team member signed in, or the sign-in page (a broker is told nothing is here).
// Each page and action asks again for itself, and the store once more: this frame is not what guards them.
export default async function TeamLayout({ children }: { children: ReactNode }) {
  return <SignedInFrame actor={await requireTeam()}>{children}</SignedInFrame>;
}
