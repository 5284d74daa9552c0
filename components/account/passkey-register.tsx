'use client';

import { startRegistration } from '@simplewebauthn/browser';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { registerPasskey } from '@/lib/auth/actions';
import { accountPage as copy } from '@/lib/copy/account';
import { Button } from '../shared/button';
import { FormField } from '../shared/form-field';
import styles from './account-settings.module.scss';
import { markPasskeyDevice, step } from './passkey-step';
import { useWebAuthn } from './use-webauthn';

/**
 * Adds a passkey to the account of the team member signed in; needs a browser that can make one. The form is in the
 * server's HTML, its button held until the page's script knows the browser can: drawn only once it knew, it came at
 * hydration and pushed all below it down 104 px at 390 px, and a press of "Sign out everywhere" begun before and ended
 * after it met another part of the page, and was lost (e2e/accounts.spec.ts). A browser that cannot make one is told
 * so in its place; without a script, it is told below the form that adding one needs it.
 */
export function PasskeyRegister() {
  const supported = useWebAuthn();
  const router = useRouter();
  const [working, setWorking] = useState(false);
  if (supported === false) return <p className={`${styles.add} ${styles.quiet}`}>{copy.noPasskeySupport}</p>;

  async function add(form: FormData) {
    setWorking(true);
    let added = false;
    try {
      const ceremony = await registerPasskey(step('options'));
      if (ceremony.ok && 'options' in ceremony) {
        const answer = await startRegistration({ optionsJSON: ceremony.options });
        const sent = new FormData();
        sent.set('ceremony', ceremony.ceremony);
        sent.set('answer', JSON.stringify(answer));
        sent.set('label', String(form.get('label') ?? ''));
        added = (await registerPasskey(sent)).ok;
      }
    } catch {
      // Cancelled or refused by the browser: said below, as a failure.
    }
    if (added) markPasskeyDevice(true);
    // The page shows the account anew, with the passkey, and says what happened.
    router.push(`/account?saved=${added ? 'passkey' : 'passkeyFailed'}`);
    setWorking(false);
  }

  return (
    <>
      <form action={add} className={`${styles.inline} ${styles.add}`}>
        <FormField id="passkey-label" label={copy.passkeyLabel}>
          {(control) => <input {...control} name="label" maxLength={80} autoComplete="off" />}
        </FormField>
        <Button disabled={working || supported === null}>{working ? copy.addingPasskey : copy.addPasskey}</Button>
      </form>
      <noscript>
        <p className={`${styles.quiet} ${styles.end}`}>{copy.noPasskeyScript}</p>
      </noscript>
    </>
  );
}
