import { tours as copy } from '@/lib/copy/tours';
import { TOUR_SETTINGS_FIELDS, type TourSettingsForm } from '@/lib/tours/forms';
import { formatTourSettingsForm, MAX_CLOSED_DATES, parseTourSettingsForm } from '@/lib/tours/settings';
import { DEFAULT_TOUR_SETTINGS, type TourSettings } from '@/lib/tours/types';

const defaults = () => formatTourSettingsForm(DEFAULT_TOUR_SETTINGS);
const parse = (changes: Partial<TourSettingsForm>) => parseTourSettingsForm({ ...defaults(), ...changes });
const refused = (changes: Partial<TourSettingsForm>) => {
  const result = parse(changes);
  if (result.ok) throw new Error(`accepted ${JSON.stringify(changes)}`);
  return result.errors;
};
const accepted = (changes: Partial<TourSettingsForm>): TourSettings => {
  const result = parse(changes);
  if (!result.ok) throw new Error(`refused ${JSON.stringify(result.errors)}`);
  return result.settings;
};

describe('the form and TourSettings', () => {
  test('the defaults go into the form and come back as they were, Sunday closed', () => {
    const form = defaults();
    expect(form).toMatchObject({ mondayOpen: '10:00', mondayClose: '17:00', sundayOpen: '', sundayClose: '', tourMinutes: '90', bufferMinutes: '30', capacity: '1', leastNoticeHours: '24', horizonDays: '30', closedDates: '' });
    expect(Object.keys(form).sort()).toEqual([...TOUR_SETTINGS_FIELDS].sort());
    expect(parseTourSettingsForm(form)).toEqual({ ok: true, settings: { ...DEFAULT_TOUR_SETTINGS, hours: { ...DEFAULT_TOUR_SETTINGS.hours, 7: null } } });
  });

  test('a posted FormData is read the same way, spaces trimmed', () => {
    const data = new FormData();
    for (const [field, value] of Object.entries({ ...defaults(), sundayOpen: ' 11:00', sundayClose: '15:30 ', capacity: ' 2 ' })) data.set(field, value);
    const result = parseTourSettingsForm(data);
    expect(result.ok && result.settings.hours[7]).toEqual({ open: '11:00', close: '15:30' });
    expect(result.ok && result.settings.capacity).toBe(2);
  });

  test('closed dates, one a line or separated by commas, come back sorted and once each', () => {
    expect(accepted({ closedDates: '2027-12-25, 2027-12-24\n2027-12-25\r\n2028-02-29' }).closedDates).toEqual(['2027-12-24', '2027-12-25', '2028-02-29']);
    expect(formatTourSettingsForm({ ...DEFAULT_TOUR_SETTINGS, closedDates: ['2027-12-24', '2027-12-25'] }).closedDates).toBe('2027-12-24\n2027-12-25');
  });
});

describe('each refusal is the field’s own', () => {
  test.each([
    ['tourMinutes', ['29', '241', '90.5', '-60', 'ninety', ''], ['30', '240'], copy.settings.tourMinutes],
    ['bufferMinutes', ['-1', '121', '1e2', ''], ['0', '120'], copy.settings.bufferMinutes],
    ['capacity', ['0', '11', '1.5', ''], ['1', '10'], copy.settings.capacity],
    ['leastNoticeHours', ['-1', '337', ''], ['0', '336'], copy.settings.leastNoticeHours],
    ['horizonDays', ['0', '181', ''], ['1', '180'], copy.settings.horizonDays],
  ] as const)('%s', (field, wrong, right, message) => {
    for (const value of wrong) expect(refused({ [field]: value })).toEqual({ [field]: message });
    // The longest tour needs hours of at least four hours; the defaults' seven are enough.
    for (const value of right) expect(accepted({ [field]: value })[field]).toBe(Number(value));
  });

  test('a missing number is refused as a blank one', () => {
    const form: Partial<TourSettingsForm> = defaults();
    delete form.capacity;
    const result = parseTourSettingsForm(form);
    expect(result).toMatchObject({ ok: false, errors: { capacity: copy.settings.capacity }, values: { capacity: '' } });
  });

  test('a time not written HH:MM', () => {
    for (const value of ['9:00', '24:00', '10:60', '10.00', '10:00:00', 'ten']) expect(refused({ tuesdayOpen: value })).toEqual({ tuesdayOpen: copy.settings.time });
  });

  test('one time of a weekday without the other', () => {
    expect(refused({ wednesdayClose: '' })).toEqual({ wednesdayClose: copy.settings.bothTimes('Wednesdays') });
    expect(refused({ sundayOpen: '10:00' })).toEqual({ sundayClose: copy.settings.bothTimes('Sundays') });
  });

  test('closing no later than opening', () => {
    expect(refused({ thursdayOpen: '17:00', thursdayClose: '10:00' })).toEqual({ thursdayClose: copy.settings.closeAfterOpen });
    expect(refused({ thursdayOpen: '10:00', thursdayClose: '10:00' })).toEqual({ thursdayClose: copy.settings.closeAfterOpen });
  });

  test('hours too short for one tour', () => {
    expect(refused({ fridayOpen: '10:00', fridayClose: '11:29' })).toEqual({ fridayClose: copy.settings.tourFits(90, '10:00', '11:29') });
    expect(accepted({ fridayOpen: '10:00', fridayClose: '11:30' }).hours[5]).toEqual({ open: '10:00', close: '11:30' });
  });

  test('a closed date that is not a date, named in the message', () => {
    expect(refused({ closedDates: '2027-12-25\n2027-02-30' })).toEqual({ closedDates: copy.settings.closedDate('2027-02-30') });
    expect(refused({ closedDates: '25/12/2027' })).toEqual({ closedDates: copy.settings.closedDate('25/12/2027') });
  });

  test(`at most ${MAX_CLOSED_DATES} closed dates`, () => {
    const day = (index: number) => new Date(Date.UTC(2027, 0, 1 + index)).toISOString().slice(0, 10);
    const dates = (count: number) => Array.from({ length: count }, (_, index) => day(index)).join('\n');
    expect(accepted({ closedDates: dates(366) }).closedDates).toHaveLength(366);
    expect(refused({ closedDates: dates(367) })).toEqual({ closedDates: copy.settings.closedDatesMany(367) });
  });

  test('every refused field at once, each with its message, and what was posted kept', () => {
    const result = parse({ mondayOpen: '25:00', capacity: '0', closedDates: 'soon' });
    expect(result).toEqual({
      ok: false,
      errors: { mondayOpen: copy.settings.time, capacity: copy.settings.capacity, closedDates: copy.settings.closedDate('soon') },
      values: { ...defaults(), mondayOpen: '25:00', capacity: '0', closedDates: 'soon' },
    });
  });
});
