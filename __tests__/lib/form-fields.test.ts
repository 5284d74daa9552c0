import fc from 'fast-check';
import { z } from 'zod';
import { estateSchema } from '@/lib/admin/estate-schema';
import { tours as copy } from '@/lib/copy/tours';
import { formText, formTexts, parseFields } from '@/lib/form-fields';
import { registrationSchema } from '@/lib/portal/registrations';
import { isStorableText } from '@/lib/storable-text';
import { TOUR_SETTINGS_FIELDS } from '@/lib/tours/forms';
import { formatTourSettingsForm, parseTourSettingsForm } from '@/lib/tours/settings';
import { DEFAULT_TOUR_SETTINGS } from '@/lib/tours/types';
import { spoiled } from '../support/unstorable';

/** A form with one field's entry spoiled: what parseFields answers, and the fields it refused. */
function refusedFields(schema: z.ZodType, values: Record<string, string>, field: string, text: string) {
  const parsed = parseFields(schema, { ...values, [field]: text });
  return parsed.success ? null : new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
}

describe('parseFields', () => {
  test('refuses U+0000 or half a surrogate pair in a field as that field’s error, whatever its schema lets through', () => {
    // A schema that takes any text at all: the reader refuses it all the same.
    const lax = z.object({ note: z.string(), name: z.string() });
    fc.assert(
      fc.property(spoiled(), fc.constantFrom('note', 'name'), (text, field) => {
        const refused = refusedFields(lax, { note: 'A note', name: 'Eleanor' }, field, text);
        return refused !== null && refused.has(field) && refused.size === 1;
      }),
    );
  });

  test('passes storable text to the schema untouched: its answer is the schema’s own', () => {
    const lax = z.object({ note: z.string().max(20) });
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }).filter(isStorableText), (note) => {
        expect(parseFields(lax, { note })).toEqual(lax.safeParse({ note }));
      }),
    );
  });

  test('each field of a buyer’s registration and of an estate, spoiled anywhere, is refused as its own error', () => {
    const forms: [z.ZodType, Record<string, string>][] = [
      [registrationSchema, { fullName: 'Grace Holloway', email: 'grace@holloway.example', phone: '+1 555 0100', note: 'Prefers mornings.' }],
      [estateSchema, { lot: 'Lot 12', lotAcres: '1.5', homeSqft: '9000', bedrooms: '5', bathrooms: '5.5', status: 'available', listPrice: '$8,950,000' }],
    ];
    for (const [schema, values] of forms) {
      expect(parseFields(schema, values).success).toBe(true);
      fc.assert(fc.property(fc.constantFrom(...Object.keys(values)), spoiled(), (field, bad) => refusedFields(schema, values, field, values[field] + bad)?.has(field) === true));
    }
  });

  test('each field of the tour settings, spoiled, is refused with a message of its own, the entries kept as typed', () => {
    const values = formatTourSettingsForm(DEFAULT_TOUR_SETTINGS);
    fc.assert(
      fc.property(fc.constantFrom(...TOUR_SETTINGS_FIELDS), spoiled(fc.constantFrom('', '10:00', '2027-12-25', '90')), (field, text) => {
        const result = parseTourSettingsForm({ ...values, [field]: text });
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(typeof result.errors[field]).toBe('string');
        expect(result.values[field]).toBe(text);
      }),
    );
    const lax = parseFields(z.object({ closedDates: z.string() }), { closedDates: '\u0000' }, copy.settings.unstorable);
    expect(!lax.success && lax.error.issues[0]?.message).toBe(copy.settings.unstorable);
  });
});

describe('formText', () => {
  test('cut to its length, never through a surrogate pair: what is typed in whole characters stays whole characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }).filter(isStorableText), fc.integer({ min: 1, max: 30 }), (typed, most) => {
        const form = new FormData();
        form.set('field', typed);
        const read = formText(form, 'field', most);
        return typed.startsWith(read) && read.length <= most && isStorableText(read) && formTexts(form, ['field'], most).field === read;
      }),
    );
  });
});
