import { z } from 'zod';

/** A name of a person, as the history shows it: letters, spaces and the odd mark. */
export const personName = z
  .string()
  .transform((value) => value.normalize('NFC').trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1).max(80).regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u));
