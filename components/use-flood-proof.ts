'use client';

import { startTransition, useEffect, useState, type RefObject } from 'react';
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
  const [tries, setTries] = useState(0);

  useEffect(() => {
    if (state.status !== 'challenge' || !state.challenge) {
      setTries(0);
      return;
    }
    if (tries >= MOST_TRIES) {
      setGaveUp(state.answerId);
      return;
    }
    const challenge = state.challenge;
    const cancel = new AbortController();
    setProving(true);
    setTries((count) => count + 1);
    (async () => {
      const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/sha')]);
      const solution = await solveChallenge({ challenge, deriveKey, controller: cancel, timeout: SOLVE_TIMEOUT_MS });
      if (cancel.signal.aborted) return;
      setProving(false);
      if (!solution || !form.current) {
        setGaveUp(state.answerId);
        return;
      }
      const data = new FormData(form.current);
      data.set(CHALLENGE_FIELD, JSON.stringify({ challenge, solution }));
      startTransition(() => submit(data));
    })().catch(() => {
      setProving(false);
      setGaveUp(state.answerId);
    });
    return () => cancel.abort();
    // Runs once per answer: `tries` counts them, and must not restart the work it counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  return { proving, gaveUp: gaveUp !== '' && gaveUp === state.answerId };
}
