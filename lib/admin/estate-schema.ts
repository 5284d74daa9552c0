import 'server-only';
import { z } from 'zod';
import { ESTATE_STATUSES, type EstateFields, type EstateStatus } from '@/lib/portal/types';
import type { EstateFieldName } from './portal-forms';

// What the team's estate forms accept, as the actions check it.

// Control and direction-changing characters have no place in a lot's name.
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/;
/** A number as typed: digits, one decimal point, nothing else (no exponent, no sign, no spaces inside). */
const decimal = (places: number) => new RegExp(`^\\d{1,9}(\\.\\d{0,${places}})?$|^\\.\\d{1,${places}}$`);

const numberIn = (pattern: RegExp, min: number, max: number, check: (value: number) => boolean = () => true) =>
  z
    .string()
    .trim()
    .regex(pattern)
    .transform(Number)
    .pipe(z.number().min(min).max(max).refine(check));

export const estateSchema = z.object({
  lot: z
    .string()
    .transform((value) => value.normalize('NFC').trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1).max(60).refine((value) => !CONTROL.test(value) && !/[<>]/.test(value))),
  lotAcres: numberIn(decimal(2), 0.01, 999),
  homeSqft: numberIn(/^\d{1,6}$/, 1, 100_000),
  bedrooms: numberIn(/^\d{1,2}$/, 0, 50),
  bathrooms: numberIn(decimal(1), 0, 50, (value) => Number.isInteger(value * 2)),
  status: z.enum(ESTATE_STATUSES as [EstateStatus, ...EstateStatus[]]),
  // Dollars as people write them ("$2,450,000"): the sign and the commas go, the cents may not come.
  listPrice: z
    .string()
    .trim()
    .transform((value) => value.replace(/^\$\s*/, '').replace(/,(?=\d{3}(,|$))/g, ''))
    .pipe(
      z.union([
        z.literal('').transform(() => null),
        z
          .string()
          .regex(/^\d{1,10}$/)
          .transform(Number)
          .pipe(z.number().int().min(1).max(1_000_000_000)),
      ]),
    ),
}) satisfies z.ZodType<EstateFields, Record<EstateFieldName, string>>;
