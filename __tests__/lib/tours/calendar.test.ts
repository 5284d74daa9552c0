import { dayIn, dayPicker, formatMonthLabel } from '@/lib/tours/calendar';
import type { OpenDay } from '@/lib/tours/slots';

const open = (date: string, times = 2): OpenDay => ({
  date,
  times: Array.from({ length: times }, (_, index) => ({ startsAt: `${date}T1${index}:00:00.000Z`, endsAt: `${date}T1${index}:59:00.000Z`, placesLeft: 1 })),
});

describe('the tour page\'s calendar of open days', () => {
  const days = [open('2026-12-03', 3), open('2026-12-04'), open('2026-12-31', 1), open('2027-01-05'), open('2027-03-01')];

  test('the first open day is chosen when none is asked for, or the one asked for is not open', () => {
    expect(dayPicker(days, undefined)!.chosen!.date).toBe('2026-12-03');
    expect(dayPicker(days, '2026-12-05')!.chosen!.date).toBe('2026-12-03');
    expect(dayPicker(days, 'December 4')!.chosen!.date).toBe('2026-12-03');
    expect(dayPicker(days, '2027-01-05')!.chosen!.date).toBe('2027-01-05');
  });

  test('the chosen day\'s month in weeks from Monday, each date with its open times, blanks around it', () => {
    const picker = dayPicker(days, '2026-12-04')!;
    expect(picker.month).toBe('2026-12');
    // 1 December 2026 is a Tuesday; 31 December a Thursday.
    expect(picker.weeks[0]![0]).toBeNull();
    expect(picker.weeks[0]![1]).toEqual({ date: '2026-12-01', day: 1, times: 0, chosen: false });
    expect(picker.weeks[0]![3]).toEqual({ date: '2026-12-03', day: 3, times: 3, chosen: false });
    expect(picker.weeks[0]![4]).toEqual({ date: '2026-12-04', day: 4, times: 2, chosen: true });
    expect(picker.weeks).toHaveLength(5);
    expect(picker.weeks.every((week) => week.length === 7)).toBe(true);
    expect(picker.weeks[4]!.slice(3)).toEqual([{ date: '2026-12-31', day: 31, times: 1, chosen: false }, null, null, null]);
  });

  test('the ways to the nearest months with open days, at their first open day; none past either end', () => {
    expect(dayPicker(days, '2026-12-03')).toMatchObject({ previous: null, next: '2027-01-05' });
    expect(dayPicker(days, '2027-01-05')).toMatchObject({ previous: '2026-12-03', next: '2027-03-01' });
    expect(dayPicker(days, '2027-03-01')).toMatchObject({ previous: '2027-01-05', next: null });
  });

  test('no open day, no calendar', () => {
    expect(dayPicker([], undefined)).toBeNull();
  });

  test('a month as its heading reads', () => {
    expect(formatMonthLabel('2026-12')).toBe('December 2026');
  });
});

test('an instant falls on the day of its own zone: late evening in New York is already tomorrow in UTC', () => {
  expect(dayIn('2026-12-03T03:30:00.000Z', 'America/New_York')).toBe('2026-12-02');
  expect(dayIn(new Date('2026-12-03T03:30:00.000Z'), 'UTC')).toBe('2026-12-03');
  expect(dayIn('2026-12-02T23:30:00-05:00', 'Europe/London')).toBe('2026-12-03');
});
