import { PASSKEY_MARK } from '@/lib/wake-marks.mjs';

/**
 * The form a passkey ceremony's first post carries. It names the step, so that it is never empty: an empty
 * form is posted as text, and the front door lets forms through alone.
 */
export function step(name: 'options'): FormData {
  const form = new FormData();
  form.set('step', name);
  return form;
}

/**
 * Marks this device as one a passkey serves, once one is added or used here: its sign-in page then wakes at once to
 * offer the passkey's way in (lib/wake-marks.mjs). The mark goes once the store refuses the passkey used here
 * (removed, or its member gone): sign-in then waits for its form to be used, as on any device, and still offers it.
 */
export function markPasskeyDevice(serves: boolean) {
  try {
    if (serves) localStorage.setItem(PASSKEY_MARK, '1');
    else localStorage.removeItem(PASSKEY_MARK);
  } catch {
    // Storage refused (a private window's, say): sign-in offers the passkey once its form is used.
  }
}
