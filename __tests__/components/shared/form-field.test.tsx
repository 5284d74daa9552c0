/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { FormField } from '@/components/shared/form-field';

test('the label names the control, and the error then the hint describe it', () => {
  render(
    <FormField id="estate-price" label="Price (US dollars)" hint="Whole dollars." error="Price: whole dollars only.">
      {(control) => <input {...control} name="listPrice" />}
    </FormField>,
  );
  const price = screen.getByRole('textbox', { name: 'Price (US dollars)' });
  expect(price).toHaveAttribute('aria-describedby', 'estate-price-error estate-price-hint');
  expect(price).toHaveAccessibleDescription('Price: whole dollars only. Whole dollars.');
  expect(price).toHaveAttribute('aria-invalid', 'true');
});

test('without an error it is not invalid, and only its hint describes it', () => {
  render(
    <FormField id="invite-phone" label="Phone" hint="Shown to brokers whose contact they are.">
      {(control) => <input {...control} name="phone" type="tel" />}
    </FormField>,
  );
  const phone = screen.getByRole('textbox', { name: 'Phone' });
  expect(phone).not.toHaveAttribute('aria-invalid');
  expect(phone).toHaveAccessibleDescription('Shown to brokers whose contact they are.');
});

test('marked invalid by a refusal said elsewhere, it is described by that refusal first', () => {
  render(
    <>
      <p id="create-new-said">Please check the entries:</p>
      <FormField id="create-new-lotAcres" label="Lot size (acres)" hint="0.01 to 999." invalid describedBy="create-new-said">
        {(control) => <input {...control} name="lotAcres" />}
      </FormField>
    </>,
  );
  const acres = screen.getByRole('textbox', { name: 'Lot size (acres)' });
  expect(acres).toHaveAttribute('aria-invalid', 'true');
  expect(acres).toHaveAccessibleDescription('Please check the entries: 0.01 to 999.');
});

test('a plain field has no description at all', () => {
  render(<FormField id="erase-email" label="Email address">{(control) => <input {...control} type="email" />}</FormField>);
  expect(screen.getByRole('textbox', { name: 'Email address' })).not.toHaveAttribute('aria-describedby');
});

test('a choice puts its box before its label, and the label still names it', () => {
  render(
    <FormField id="erase-confirm" label="I understand that this cannot be undone" layout="choice">
      {(control) => <input {...control} type="checkbox" name="confirm" value="yes" />}
    </FormField>,
  );
  const box = screen.getByRole('checkbox', { name: 'I understand that this cannot be undone' });
  expect(box.nextElementSibling?.tagName).toBe('LABEL');
});

test('a select keeps the field’s class, which holds it at least as wide as its longest choice', () => {
  render(
    <FormField id="status-1-status" label="Status">
      {(control) => (
        <select {...control} defaultValue="under_contract">
          <option value="available">Available</option>
          <option value="under_contract">Under contract</option>
        </select>
      )}
    </FormField>,
  );
  const select = screen.getByRole('combobox', { name: 'Status' });
  expect(select).toHaveValue('under_contract');
  expect(select).toHaveClass('control');
});
