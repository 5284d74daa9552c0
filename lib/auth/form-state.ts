/** What the sign-in page's action answers: the step it is on, the address, and a word on the last attempt. */
export interface SignInState {
  step: 'email' | 'code';
  email: string;
  /** Where to go once signed in (a path of this site), kept from the address the page was opened at. */
  next: string | null;
  message: 'sent' | 'recent' | 'invalidEmail' | 'invalidCode' | 'wrongCode' | 'limited' | 'unavailable' | null;
  /** New for every answer, so that each is announced and focused once. */
  answerId: string;
}

/** What the team page's invitation form answers: its outcome, and the entries to show again after a refusal. */
export interface InviteState {
  outcome: 'invited' | 'invitedQuiet' | 'member' | 'taken' | 'refused' | 'unavailable' | null;
  /** The invited person's name, to say who was invited. */
  name: string;
  values: Partial<Record<'name' | 'email' | 'role' | 'phone', string>>;
  errors: Partial<Record<'name' | 'email' | 'role' | 'phone', true>>;
  answerId: string;
}

/** What the name asked for after a first sign-in answers when it cannot go on: why, and the name as typed. */
export interface NameStepState {
  refusal: 'invalidName' | 'unavailable' | null;
  name: string;
  answerId: string;
}
