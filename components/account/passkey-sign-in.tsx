'use client';

import { startAuthentication } from '@simplewebauthn/browser';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { signInWithPasskey } from '@/lib/auth/actions';
import { signInPage as copy } from '@/lib/copy/account';
import { Button } from '../shared/button';
import { StatusSentence } from '../shared/status-sentence';
import styles from './auth-form.module.scss';
import { markPasskeyDevice, step } from './passkey-step';
import { useWebAuthn } from './use-webauthn';

/** The passkey's way in: shown once a script has found that this browser can use one. */
export function PasskeySignIn({ next }: { next: string | null }) {
  const supported = useWebAuthn();
  const router = useRouter();
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  if (!supported) return null;

  async function signIn() {
    setState('working');
    try {
      const ceremony = await signInWithPasskey(step('options'));
      if (!ceremony.ok || !('options' in ceremony)) throw new Error('no ceremony');
      const answer = await startAuthentication({ optionsJSON: ceremony.options });
      const form = new FormData();
      form.set('ceremony', ceremony.ceremony);
      form.set('answer', JSON.stringify(answer));
      if (next) form.set('next', next);
      const signedIn = await signInWithPasskey(form);
      if (!signedIn.ok || !('to' in signedIn)) {
        // The store refused the passkey itself (a cancelled ceremony never reaches it): no longer one to wake for.
        markPasskeyDevice(false);
        throw new Error('refused');
      }
      markPasskeyDevice(true);
      router.push(signedIn.to);
    } catch {
      // Cancelled, timed out, or refused: the code stays the way in.
      setState('failed');
    }
  }

  return (
    <>
      <p className={styles.or}>{copy.or}</p>
      <Button type="button" kind="secondary" className={styles.wide} onClick={signIn} disabled={state === 'working'}>
        {state === 'working' ? copy.passkeyWorking : copy.passkey}
      </Button>
      <StatusSentence tone="error" className={styles.after}>
        {state === 'failed' ? copy.passkeyFailed : null}
      </StatusSentence>
    </>
  );
}
