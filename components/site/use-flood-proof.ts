'use client';

import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import { CHALLENGE_FIELD } from '@/lib/leads/forms';
import type { LeadFormState } from '@/lib/leads/form-state';

/** Tries per submission: a proof refused twice (spent, or the flood outgrew it) is not chased further. */
const MOST_TRIES = 3;
/** A phone that cannot finish in this long gives up, and the visitor is told the form is busy. */
const SOLVE_TIMEOUT_MS = 20_000;

/**
 * When the forms are flooded the server answers a submission with a
 * challenge: this does the work in the browser (the solver loads only then)
 * and sends the form again with the proof, while the form still reads
 * SUBMITTING.... `gaveUp` names the answer after which it stopped trying.
 */
export function useFloodProof(state: LeadFormState, form: RefObject<HTMLFormElement | null>, submit: (data: FormData) => void) {
  const [proving, setProving] = useState(false);
  const [gaveUp, setGaveUp] = useState('');
  const tries = useRef(0);

  useEffect(() => {
    if (state.status !== 'challenge' || !state.challenge) {
      tries.current = 0;
      return;
    }
    const { challenge, answerId } = state;
    const cancel = new AbortController();
    const giveUp = () => {
      setProving(false);
      setGaveUp(answerId);
    };
    (async () => {
      await Promise.resolve();
      if (tries.current >= MOST_TRIES) return giveUp();
      tries.current += 1;
      setProving(true);
      const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/sha')]);
      const solution = await solveChallenge({ challenge, deriveKey, controller: cancel, timeout: SOLVE_TIMEOUT_MS });
      if (cancel.signal.aborted) return;
      if (!solution || !form.current) return giveUp();
      const data = new FormData(form.current);
      data.set(CHALLENGE_FIELD, JSON.stringify({ challenge, solution }));
      setProving(false);
      startTransition(() => submit(data));
    })().catch(giveUp);
    return () => cancel.abort();
  }, [state, form, submit]);

  return { proving, gaveUp: gaveUp !== '' && gaveUp === state.answerId };
}
