'use client';

import { useActionState, useRef } from 'react';
import { saveTourSettingsForm } from '@/lib/admin/tour-actions';
import { toursAdmin as copy } from '@/lib/copy/team';
import { closeField, initialTourSettingsState, openField, WEEKDAYS, type TourSettingsField, type TourSettingsForm as Fields, type TourSettingsFormState } from '@/lib/tours/forms';
import { Button } from '../shared/button';
import { FieldGroup } from '../shared/field-group';
import { FormField } from '../shared/form-field';
import { KeptTextarea } from '../shared/kept-textarea';
import { StatusSentence } from '../shared/status-sentence';
import { useAnswerFocus } from '../shared/use-answer-focus';
import styles from './tour-settings-form.module.scss';

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
  const id = (name: TourSettingsField) => `tour-settings-${name}`;

  // A time of a day's row: its label ("Monday opens") read; the row's and the column's names shown instead, or on a
  // narrow form, where the times stand one under the other, its column's name beside it.
  const time = (name: TourSettingsField, label: string, head: string) => (
    <div className={styles.time} data-head={head}>
      <FormField id={id(name)} label={label} labelHidden error={state.errors[name]}>
        {(control) => <input {...control} name={name} type="time" step={60} defaultValue={value(name)} />}
      </FormField>
    </div>
  );

  return (
    <form key={state.answerId} ref={form} action={action} className={styles.form} aria-busy={pending} aria-labelledby="tour-settings-heading">
      {/* First, so that a refusal is read before the fields it names. */}
      <StatusSentence tone={state.outcome === 'saved' ? 'success' : 'error'}>{state.outcome ? copy.settings.answers[state.outcome] : null}</StatusSentence>
      <FieldGroup id="tour-settings-hours" legend={copy.settings.hoursHeading} hint={copy.settings.hoursHint(zone)}>
        <div className={`${styles.dayRow} ${styles.heads}`} aria-hidden="true">
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
              {time(openField(day), copy.settings.openLabel(name), copy.settings.open)}
              {time(closeField(day), copy.settings.closeLabel(name), copy.settings.close)}
            </div>
          );
        })}
      </FieldGroup>
      <FieldGroup id="tour-settings-rules" legend={copy.settings.rulesHeading} className={styles.rules}>
        {NUMBERS.map((name) => (
          <FormField key={name} id={id(name)} label={copy.settings.fields[name]} error={state.errors[name]}>
            {(control) => <input {...control} name={name} inputMode="numeric" autoComplete="off" maxLength={4} defaultValue={value(name)} />}
          </FormField>
        ))}
        <FormField id={id('closedDates')} label={copy.settings.fields.closedDates} hint={copy.settings.closedDatesHint} error={state.errors.closedDates} wide>
          {(control) => <KeptTextarea {...control} name="closedDates" rows={4} defaultValue={value('closedDates')} />}
        </FormField>
      </FieldGroup>
      <p className={styles.note}>{copy.settings.newOnly}</p>
      <Button disabled={pending}>{pending ? copy.settings.submitting : copy.settings.submit}</Button>
    </form>
  );
}
