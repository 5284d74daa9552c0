/**
 * The form a passkey ceremony's first post carries. It names the step, so that it is never empty: an empty
 * form is posted as text, and the front door lets forms through alone.
 */
export function step(name: 'options'): FormData {
  const form = new FormData();
  form.set('step', name);
  return form;
}
