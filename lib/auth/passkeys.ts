import 'server-only';
import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import { site } from '@/lib/copy/site';
import { logEvent } from '@/lib/log';
import { holdsUnstorableText } from '@/lib/storable-text';
import type { Actor } from '@/lib/auth/types';
import { openSession, type AuthContext, type SignedIn } from './sign-in';

/**
 * The site a passkey belongs to: the host the page was opened at (its `Origin`, which Next and the front
 * door have already held to the request's own host), and that origin. The browser signs the origin it
 * really showed, and the key is bound to the host it was made on, so neither can be borrowed by another site.
 */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

export function relyingParty(origin: string | null): RelyingParty | null {
  if (!origin) return null;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return { rpID: url.hostname, origin: url.origin };
  } catch {
    return null;
  }
}

export interface Ceremony<Options> {
  /** Names the ceremony when its answer comes back; its challenge waits in the database for five minutes. */
  ceremony: string;
  options: Options;
}

/** Options for adding a passkey to a team member's account; none of their passkeys is offered again. */
export async function beginRegistration(context: AuthContext, actor: Actor, rp: RelyingParty): Promise<Ceremony<PublicKeyCredentialCreationOptionsJSON>> {
  const { passkeys } = await context.store.accountOverview(actor, new Date(context.now()));
  const options = await generateRegistrationOptions({
    rpName: site.name,
    rpID: rp.rpID,
    userName: actor.email,
    userDisplayName: actor.name,
    userID: new TextEncoder().encode(actor.id),
    attestationType: 'none',
    excludeCredentials: passkeys.map((passkey) => ({ id: passkey.id })),
    // Discoverable, so that signing in needs no address: the passkey says whose it is.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const ceremony = randomUUID();
  await context.store.openPasskeyCeremony(ceremony, 'register', actor, options.challenge, new Date(context.now()));
  return { ceremony, options };
}

// What a browser sends back, parsed before anything reads it: the library checks the rest.
const base64url = z.string().regex(/^[A-Za-z0-9_-]*$/).max(8192);
const registrationResponse = z.object({
  id: base64url.min(16),
  rawId: base64url.min(16),
  type: z.literal('public-key'),
  response: z.object({ clientDataJSON: base64url, attestationObject: base64url, transports: z.array(z.string().max(32)).max(8).optional() }).passthrough(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.string().max(32).optional(),
});
const authenticationResponse = z.object({
  id: base64url.min(16),
  rawId: base64url.min(16),
  type: z.literal('public-key'),
  response: z.object({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url, userHandle: base64url.optional() }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.string().max(32).optional(),
});

/** A JSON answer from a form's field, parsed; null when it is not one, or holds text no store can keep (its `\u0000`). */
function parseAnswer<T>(schema: z.ZodType<T>, text: unknown): T | null {
  if (typeof text !== 'string' || text.length > 32_768) return null;
  try {
    const answer: unknown = JSON.parse(text);
    if (holdsUnstorableText(answer)) return null;
    const parsed = schema.safeParse(answer);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Verifies a new passkey against its ceremony and keeps it. False, and nothing kept, for anything but a good answer. */
export async function finishRegistration(
  context: AuthContext,
  actor: Actor,
  rp: RelyingParty,
  { ceremony, answer, label }: { ceremony: string; answer: unknown; label: string },
): Promise<boolean> {
  const response = parseAnswer(registrationResponse, answer) as RegistrationResponseJSON | null;
  const challenge = z.uuid().safeParse(ceremony).success ? await context.store.takePasskeyCeremony(ceremony, 'register', actor, new Date(context.now())) : null;
  if (!response || !challenge) {
    logEvent('auth.passkey_refused', { step: 'register', reason: response ? 'ceremony' : 'malformed' }, 'warn');
    return false;
  }
  let verified;
  try {
    verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.rpID, requireUserVerification: false });
  } catch (error) {
    logEvent('auth.passkey_refused', { step: 'register', reason: 'verification', error: (error as Error).name }, 'warn');
    return false;
  }
  if (!verified.verified) return false;
  const { credential, credentialBackedUp } = verified.registrationInfo;
  const added = await context.store.addPasskey(
    actor,
    {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      backedUp: credentialBackedUp,
      label,
    },
    new Date(context.now()),
  );
  logEvent('auth.passkey_added', { added });
  return added;
}

/** Options for signing in with any passkey of this site. */
export async function beginSignIn(context: AuthContext, rp: RelyingParty): Promise<Ceremony<PublicKeyCredentialRequestOptionsJSON>> {
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'preferred' });
  const ceremony = randomUUID();
  await context.store.openPasskeyCeremony(ceremony, 'sign_in', null, options.challenge, new Date(context.now()));
  return { ceremony, options };
}

/** Verifies a passkey's answer and opens a session for its account, when that account may sign in. */
export async function finishSignIn(
  context: AuthContext,
  rp: RelyingParty,
  { ceremony, answer, device }: { ceremony: string; answer: unknown; device: string | null },
): Promise<SignedIn> {
  const refused = (reason: string): SignedIn => {
    logEvent('auth.sign_in_refused', { method: 'passkey', reason }, 'warn');
    return { outcome: 'refused', reason: 'no_account' };
  };
  const response = parseAnswer(authenticationResponse, answer) as AuthenticationResponseJSON | null;
  if (!response) return refused('malformed');
  const challenge = z.uuid().safeParse(ceremony).success ? await context.store.takePasskeyCeremony(ceremony, 'sign_in', null, new Date(context.now())) : null;
  if (!challenge) return refused('ceremony');
  const passkey = await context.store.passkeyForSignIn(response.id);
  if (!passkey) return refused('unknown_passkey');
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    });
  } catch (error) {
    return refused(`verification_${(error as Error).name}`.slice(0, 40));
  }
  if (!verified.verified) return refused('verification');
  return openSession('passkey', (session) =>
    context.store.passkeySignIn(passkey.id, verified.authenticationInfo.newCounter, new Date(context.now()), { id: session.id, secretHash: session.secretHash, device }),
  );
}
