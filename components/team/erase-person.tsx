import { erasePerson } from '@/lib/admin/actions';
import { erasePage, leadPage } from '@/lib/copy/team';
import { Button } from '../shared/button';
import { FormField } from '../shared/form-field';
import { PageColumn } from '../shared/page-column';
import styles from './erase-person.module.scss';

/** The form that erases a person on request, and what the last erasure did. */
export function ErasePerson({ erased, refused }: { erased: number | null; refused: boolean }) {
  const status = erased !== null ? { tone: 'success' as const, text: erasePage.done(erased) } : refused ? { tone: 'error' as const, text: erasePage.refused } : null;
  return (
    <PageColumn back={{ href: '/admin', label: leadPage.back }} heading={erasePage.heading} intro={erasePage.intro} status={status} width="narrow">
      <form action={erasePerson} className={styles.form}>
        <FormField id="erase-email" label={erasePage.email}>
          {(control) => <input {...control} name="email" type="email" required maxLength={254} autoComplete="off" />}
        </FormField>
        <FormField id="erase-confirm" label={erasePage.confirm} layout="choice">
          {(control) => <input {...control} type="checkbox" name="confirm" value="yes" required />}
        </FormField>
        <Button kind="danger">{erasePage.submit}</Button>
      </form>
    </PageColumn>
  );
}
