'use client';

import { useActionState, useRef } from 'react';
import { saveTourSettingsForm } from '@/lib/admin/tour-actions';
import { toursAdmin as copy } from '@/lib/copy/team';
import { initialTourSettingsState, type TourSettingsFormState } from '@/lib/tours/forms';
import { closeField, openField, WEEKDAYS, type TourSettingsField, type TourSettingsForm as Fields } from '@/lib/tours/settings';
import { useAnswerFocus } from '../shared/use-answer-focus';
import styles from './tours-admin.module.scss';

const NUMBERS = ['tourMinutes', 'bufferMinutes', 'capacity', 'leastNoticeHours', 'horizonDays'] as const;

/**
 * The tour settings: each weekday's hours in the site's zone, the numbers, the closed dates. A refusal marks each
 * field with its own message and keeps every entry as typed; saved, the page says so.
 */
export function TourSettingsForm({ current, zone }: { current: Fields; zone: string }) {
  const [state, action, pending] = useActionState<TourSettingsFormState, FormData>(saveTourSettingsForm, initialTourSettingsState);
  const form = useRef<HTMLFormElement>(null);
  useAnswerFocus(form, state.answerId || null);
  const value = (name: TourSettingsField) => state.values[name] ?? current[name];
  const error = (name: TourSettingsField) => state.errors[name];
  const errorId = (name: TourSettingsField) => `tour-settings-${name}-error`;
  const describedBy = (name: TourSettingsField, hint?: string) => [error(name) ? errorId(name) : null, hint].filter(Boolean).join(' ') || undefined;
  const message = (name: TourSettingsField) =>
    error(name) ? (
      <p id={errorId(name)} className={styles.error}>
        {error(name)}
      </p>
    ) : null;

  const time = (name: TourSettingsField, label: string) => (
    <div className={styles.time}>
      <label htmlFor={`tour-settings-${name}`} className={styles.visuallyHidden}>
        {label}
      </label>
      <input
        id={`tour-settings-${name}`}
        name={name}
        type="time"
        step={60}
        defaultValue={value(name)}
        aria-invalid={error(name) ? true : undefined}
        aria-describedby={describedBy(name)}
      />
      {message(name)}
    </div>
  );

  return (
    <form key={state.answerId} ref={form} action={action} className={styles.settings} aria-busy={pending} aria-labelledby="tour-settings-heading">
      {/* First, so that a refusal is read before the fields it names. */}
      <div className={styles.answer} role="status" aria-live="polite" data-outcome={state.outcome === 'saved' ? 'saved' : 'refused'}>
        {state.outcome ? <p>{copy.settings.answers[state.outcome]}</p> : null}
      </div>
      <fieldset className={styles.hours}>
        <legend>{copy.settings.hoursHeading}</legend>
        <p className={styles.hint}>{copy.settings.hoursHint(zone)}</p>
        <div className={styles.hoursGrid}>
          <div className={styles.dayRow} aria-hidden="true">
            <span className={styles.corner} />
            <span className={styles.columnHead}>{copy.settings.open}</span>
            <span className={styles.columnHead}>{copy.settings.close}</span>
          </div>
          {WEEKDAYS.map((day) => {
            const name = copy.settings.dayNames[day];
            return (
              <div key={day} className={styles.dayRow} role="group" aria-label={name}>
                <span className={styles.dayName} aria-hidden="true">
                  {name}
                </span>
                {time(openField(day), copy.settings.openLabel(name))}
                {time(closeField(day), copy.settings.closeLabel(name))}
              </div>
            );
          })}
        </div>
      </fieldset>
      <fieldset className={styles.rules}>
        <legend>{copy.settings.rulesHeading}</legend>
        {NUMBERS.map((name) => (
          <div key={name} className={styles.field}>
            <label htmlFor={`tour-settings-${name}`}>{copy.settings.fields[name]}</label>
            <input
              id={`tour-settings-${name}`}
              name={name}
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              defaultValue={value(name)}
              aria-invalid={error(name) ? true : undefined}
              aria-describedby={describedBy(name)}
            />
            {message(name)}
          </div>
        ))}
        <div className={`${styles.field} ${styles.wide}`}>
          <label htmlFor="tour-settings-closedDates">{copy.settings.fields.closedDates}</label>
          <textarea
            id="tour-settings-closedDates"
            name="closedDates"
            rows={4}
            defaultValue={value('closedDates')}
            aria-invalid={error('closedDates') ? true : undefined}
            aria-describedby={describedBy('closedDates', 'tour-settings-closedDates-hint')}
          />
          <p id="tour-settings-closedDates-hint" className={styles.hint}>
            {copy.settings.closedDatesHint}
          </p>
          {message('closedDates')}
        </div>
      </fieldset>
      <p className={styles.newOnly}>{copy.settings.newOnly}</p>
      <div className={styles.submit}>
        <button type="submit" disabled={pending}>
          {pending ? copy.settings.submitting : copy.settings.submit}
        </button>
      </div>
    </form>
  );
}
