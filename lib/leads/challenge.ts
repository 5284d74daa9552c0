import 'server-only';
import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import type { StoreConfig } from '@/lib/config/server';
import { processOnce } from '@/lib/process-state';

/**
 * A proof of work for floods (ALTCHA, self-hosted, no cookie): over the global
 * cap a submission gets a challenge, which the visitor's browser solves
 * unseen and sends back with the form; the proof then lets it past the cap
 * once (the database spends it). The work is hashing, SHA-256, up to a
 * counter the server picked: each step in flood level asks for more.
 */

/** How long a challenge may be answered. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

/** Hash steps a challenge asks for at the first level of a flood; the level multiplies it. */
const STEPS_PER_LEVEL = 600;
export const HIGHEST_LEVEL = 8;

export interface ChallengeSecrets {
  signature: string;
  keySignature: string;
}

/**
 * The secrets challenges are signed with: every instance of a Supabase
 * deployment derives the same ones from the server's key (a challenge made by
 * one is answered to another); the embedded store's one process keeps its own.
 */
export function challengeSecrets(store: StoreConfig): ChallengeSecrets {
  return processOnce('challengeSecrets', () => {
    const seed = store.kind === 'supabase' ? Buffer.from(store.key, 'utf8') : randomBytes(32);
    const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', seed, 'aldercrest', `flood challenge ${purpose}`, 32)).toString('hex');
    return { signature: derive('signature'), keySignature: derive('key signature') };
  });
}

/**
 * How hard the flood is, from 1: the challenges this process handed out in
 * the last minute, in multiples of the global cap. Kept per process, as a
 * gauge: each instance sees its share of the flood.
 */
export function floodGauge(capPerMinute: number) {
  return processOnce('floodGauge', () => {
    const issued: number[] = [];
    return {
      record(now: number): number {
        issued.push(now);
        while (issued.length && issued[0]! <= now - 60_000) issued.shift();
        if (issued.length > 100_000) issued.splice(0, issued.length - 100_000);
        return Math.min(HIGHEST_LEVEL, 1 + Math.floor(issued.length / Math.max(1, capPerMinute)));
      },
    };
  });
}

export async function issueChallenge(level: number, secrets: ChallengeSecrets, now: number): Promise<Challenge> {
  const most = STEPS_PER_LEVEL * Math.max(1, Math.min(HIGHEST_LEVEL, level));
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(Math.floor(most / 2), most),
    deriveKey,
    expiresAt: new Date(now + CHALLENGE_LIFETIME_MS),
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
}

/** What the browser sends back in the form's challenge field: the challenge and its solution, as JSON. */
const proofSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal('SHA-256'),
      nonce: z.string().max(128),
      salt: z.string().max(128),
      cost: z.number().int().min(1).max(1),
      keyLength: z.number().int().min(1).max(64),
      keyPrefix: z.string().max(128),
      keySignature: z.string().max(256).optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().max(256),
  }),
  solution: z.object({ counter: z.number().int().min(0).max(2 ** 32 - 1), derivedKey: z.string().max(256), time: z.number().optional() }),
});

/** The largest proof a browser sends; anything longer is not read. */
export const PROOF_MAX_LENGTH = 4096;

/**
 * The proof's id when it is a valid, unexpired solution to a challenge this
 * site signed, else null. The id is what the database spends.
 */
export async function verifyProof(sent: FormDataEntryValue | null, secrets: ChallengeSecrets): Promise<string | null> {
  if (typeof sent !== 'string' || sent === '' || sent.length > PROOF_MAX_LENGTH) return null;
  let proof: z.infer<typeof proofSchema>;
  try {
    proof = proofSchema.parse(JSON.parse(sent));
  } catch {
    return null;
  }
  const result = await verifySolution({
    challenge: proof.challenge as Challenge,
    solution: proof.solution as Solution,
    deriveKey,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  }).catch(() => null);
  if (!result?.verified) return null;
  return createHash('sha256').update(proof.challenge.signature).digest('hex');
}
