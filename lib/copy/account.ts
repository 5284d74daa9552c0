// Signing in, the sign-in link page, and the account page.

/** Signing in, for the sales team and approved brokers: an email code or link, or a passkey. */
export const signInPage = {
  title: 'Sign in',
  eyebrow: 'Sales team and brokers',
  heading: 'Sign in',
  intro: 'Enter your email address and we will send you a code and a link to sign in.',
  email: 'Email address',
  send: 'SEND A CODE',
  sending: 'SENDING...',
  sent: 'If this address may sign in, we have sent a code and a link to it.',
  // Over the address's limit while an email sent to it still works: nothing new is sent.
  recent: 'If this address may sign in, we sent it a code and a link in the last 15 minutes: the newest email still signs you in.',
  code: 'Code from the email',
  codeHint: 'Six digits, valid for 15 minutes.',
  verify: 'SIGN IN',
  verifying: 'SIGNING IN...',
  resend: 'Send a new code',
  another: 'Use another address',
  invalidEmail: 'Please enter a valid email address.',
  invalidCode: 'Please enter the six digits from the email.',
  // Five wrong codes from anyone spend a code, never its email's button: the newest email still signs the person in.
  wrongCode: 'That code is not right, or is no longer valid. Check the newest email, or ask for a new code.',
  limited: 'Too many codes have been asked for. Please wait a while, then ask again.',
  unavailable: 'Signing in is unavailable for a moment. Please try again.',
  or: 'or',
  passkey: 'Sign in with a passkey',
  passkeyWorking: 'Waiting for your passkey...',
  passkeyFailed: 'That passkey could not sign you in. Ask for a code instead, or try again.',
  signedOut: 'You have signed out.',
  signedOutEverywhere: 'You have signed out on every device.',
  home: 'Return to Aldercrest',
} as const;

/** The page a sign-in link opens: one button, which posts, so that nothing is spent by merely opening it. */
export const linkPage = {
  title: 'Sign in',
  heading: 'Welcome to Aldercrest',
  sign_in: 'Press the button to sign in on this device.',
  invitation: 'Your invitation is ready. Press the button to sign in on this device.',
  button: 'Sign in',
  dead: 'This link has expired or has already been used.',
  again: 'Ask for a new code',
} as const;

/**
 * Asked once, after the first sign-in of an owner whose name was guessed from their address (owner@ reads "Owner"):
 * what to call them, the guess filled in.
 */
export const nameStep = {
  title: 'Your name',
  eyebrow: 'Welcome to Aldercrest',
  heading: 'What should we call you?',
  intro: 'We took this name from your email address. The team sees it in the history of each lead, and our emails greet you by it.',
  name: 'Your name',
  hint: 'You can change it any time on your account page.',
  save: 'SAVE AND CONTINUE',
  saving: 'SAVING...',
  skip: 'Not now',
  invalidName: 'Please enter your name in letters, with spaces, dots, hyphens or apostrophes if you need them, up to 80 characters.',
  unavailable: 'Your name could not be saved just now. Please try again.',
} as const;

/** One's own account: name, passkeys, and where one is signed in. */
export const accountPage = {
  title: 'Your account',
  heading: 'Your account',
  roles: { owner: 'Owner of the sales team', member: 'Member of the sales team', broker: 'Broker' } as Record<string, string>,
  name: 'Your name',
  nameHint: 'As the team sees it in the history of each lead.',
  save: 'Save',
  passkeys: 'Passkeys',
  passkeysIntro: 'Sign in with your phone’s or computer’s own lock instead of an email code.',
  noPasskeys: 'No passkey yet.',
  passkeyLabel: 'Name it',
  addPasskey: 'Add a passkey',
  addingPasskey: 'Waiting for your passkey...',
  removePasskey: 'Remove',
  removePasskeyOf: (label: string) => `Remove ${label}`,
  passkeyAdded: (at: string) => `Added ${at}`,
  passkeyUsed: (at: string) => `last used ${at}`,
  noPasskeySupport: 'This browser cannot make a passkey.',
  noPasskeyScript: 'Adding a passkey needs JavaScript, which is turned off in this browser.',
  sessions: 'Where you are signed in',
  thisDevice: 'This device',
  unknownDevice: 'A browser',
  since: (at: string) => `Signed in ${at}`,
  lastUsed: (at: string) => `last used ${at}`,
  endSession: 'Sign out',
  endSessionOn: (device: string) => `Sign out on ${device}`,
  signOut: 'Sign out',
  signOutEverywhere: 'Sign out everywhere',
  saved: {
    name: 'Name saved.',
    passkey: 'Passkey added.',
    passkeyRemoved: 'Passkey removed.',
    passkeyFailed: 'The passkey was not added. Please try again.',
    session: 'That device is signed out.',
    weeklyOn: 'The week’s figures will reach you every Monday at 8:00.',
    weeklyOff: 'The Monday email is stopped.',
  } as Record<string, string>,
  weekly: {
    heading: 'The week in figures',
    intro: (zone: string) => `Every Monday at 8:00 (${zone}), the week just ended by email: leads and where they came from, speed to lead, tours, and the estate.`,
    on: 'You receive it.',
    off: 'You do not receive it.',
    start: 'Email me every Monday',
    stop: 'Stop the Monday email',
  },
  refused: 'That change could not be made. Check the entry and try again.',
  back: { team: 'Back to the leads', broker: 'Back to the broker portal' },
} as const;
