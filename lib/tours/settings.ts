// The tour settings as the team's form at /admin/tours posts them, checked field by field, and back again.
// Each weekday has an opening and a closing time ("10:00", as <input type="time"> sends it); both blank closes that
// weekday. Closed dates come in one text field, one date (YYYY-MM-DD) a line, or separated by commas or spaces.
import { z } from 'zod';
import { tours as copy } from '@/lib/copy/tours';
import { parseFields, textOf } from '@/lib/form-fields';
import type { OpeningHours, TourSettings } from '@/lib/tours/types';
import { closeField, openField, TOUR_SETTINGS_FIELDS, WEEKDAYS, type DayName, type TourSettingsField, type TourSettingsForm } from './forms';

export const MAX_CLOSED_DATES = 366;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A real calendar date written YYYY-MM-DD (not 2027-02-30). */
export const isCalendarDate = (value: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

// A missing field reads as blank: the form always posts them, and a blank one gets the field's own message.
const text = z.preprocess((value) => (value == null ? '' : value), z.string().trim());

const time = text.refine((value) => value === '' || TIME.test(value), copy.settings.time);

const wholeNumber = (min: number, max: number, message: string) =>
  text
    .refine((value) => /^\d{1,4}$/.test(value) && Number(value) >= min && Number(value) <= max, message)
    .transform(Number);

const closedDates = text
  .transform((value) => value.split(/[\s,;]+/).filter(Boolean))
  .superRefine((dates, context) => {
    const wrong = dates.find((date) => !isCalendarDate(date));
    if (wrong !== undefined) context.addIssue({ code: 'custom', message: copy.settings.closedDate(wrong) });
    const distinct = new Set(dates).size;
    if (distinct > MAX_CLOSED_DATES) context.addIssue({ code: 'custom', message: copy.settings.closedDatesMany(distinct) });
  })
  .transform((dates) => [...new Set(dates)].sort());

const hoursShape = Object.fromEntries(WEEKDAYS.flatMap((day) => [[openField(day), time], [closeField(day), time]])) as Record<
  `${DayName}Open` | `${DayName}Close`,
  typeof time
>;

/** The form's fields, each refused with its own message, made into TourSettings. */
export const tourSettingsFormSchema = z
  .object({
    ...hoursShape,
    tourMinutes: wholeNumber(30, 240, copy.settings.tourMinutes),
    bufferMinutes: wholeNumber(0, 120, copy.settings.bufferMinutes),
    capacity: wholeNumber(1, 10, copy.settings.capacity),
    leastNoticeHours: wholeNumber(0, 336, copy.settings.leastNoticeHours),
    horizonDays: wholeNumber(1, 180, copy.settings.horizonDays),
    closedDates,
  })
  .superRefine((form, context) => {
    for (const day of WEEKDAYS) {
      const [open, close] = [form[openField(day)], form[closeField(day)]];
      // A time refused on its own already has its message; the checks between the two wait until both read.
      if ((open === '' && close === '') || [open, close].some((time) => time !== '' && !TIME.test(time))) continue;
      if (open === '' || close === '') {
        const path = [open === '' ? openField(day) : closeField(day)];
        context.addIssue({ code: 'custom', path, message: copy.settings.bothTimes(copy.weekdays[day]) });
      } else if (minutesOf(close) <= minutesOf(open)) {
        context.addIssue({ code: 'custom', path: [closeField(day)], message: copy.settings.closeAfterOpen });
      } else if (typeof form.tourMinutes === 'number' && minutesOf(close) - minutesOf(open) < form.tourMinutes) {
        // Otherwise the day would be open with no time to offer, and nothing would say why.
        context.addIssue({ code: 'custom', path: [closeField(day)], message: copy.settings.tourFits(form.tourMinutes, open, close) });
      }
    }
  })
  .transform((form): TourSettings => {
    const hours: TourSettings['hours'] = {};
    for (const day of WEEKDAYS) {
      const [open, close] = [form[openField(day)], form[closeField(day)]];
      hours[day] = open && close ? ({ open, close } satisfies OpeningHours) : null;
    }
    return {
      hours,
      tourMinutes: form.tourMinutes,
      bufferMinutes: form.bufferMinutes,
      capacity: form.capacity,
      leastNoticeHours: form.leastNoticeHours,
      horizonDays: form.horizonDays,
      closedDates: form.closedDates,
    };
  });

export type TourSettingsFormResult =
  | { ok: true; settings: TourSettings }
  /** The first message for each refused field, and what was posted (to show the form again as it was). */
  | { ok: false; errors: Partial<Record<TourSettingsField, string>>; values: TourSettingsForm };

const valuesOf = (form: FormData | Readonly<Record<string, unknown>>): TourSettingsForm =>
  Object.fromEntries(
    TOUR_SETTINGS_FIELDS.map((field) => [field, textOf(form instanceof FormData ? form.get(field) : form[field])]),
  ) as TourSettingsForm;

/** Reads the posted form into TourSettings, or says what each refused field needs. */
export function parseTourSettingsForm(form: FormData | Readonly<Record<string, unknown>>): TourSettingsFormResult {
  const values = valuesOf(form);
  const parsed = parseFields(tourSettingsFormSchema, values, copy.settings.unstorable);
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: Partial<Record<TourSettingsField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as TourSettingsField | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors, values };
}

/** TourSettings as the form shows them: a closed weekday's times blank, the closed dates one a line. */
export function formatTourSettingsForm(settings: TourSettings): TourSettingsForm {
  const form = {} as TourSettingsForm;
  for (const day of WEEKDAYS) {
    const hours = settings.hours[day];
    form[openField(day)] = hours?.open ?? '';
    form[closeField(day)] = hours?.close ?? '';
  }
  form.tourMinutes = String(settings.tourMinutes);
  form.bufferMinutes = String(settings.bufferMinutes);
  form.capacity = String(settings.capacity);
  form.leastNoticeHours = String(settings.leastNoticeHours);
  form.horizonDays = String(settings.horizonDays);
  form.closedDates = settings.closedDates.join('\n');
  return form;
}
