/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmButton } from '@/components/shared/confirm-button';

const removeMember = jest.fn();

function renderRemoval(more?: string) {
  return render(
    <ConfirmButton
      action={removeMember}
      fields={{ account: 'a1', confirm: 'yes' }}
      ask="Remove Julien Marchetti"
      warning="They are signed out everywhere at once."
      confirm="Remove Julien Marchetti now"
      more={more}
    />,
  );
}

test('the first press asks; the warning and the button that does it are folded away until then', async () => {
  renderRemoval();
  const details = screen.getByText('Remove Julien Marchetti', { exact: true }).closest('details')!;
  expect(details).not.toHaveAttribute('open');
  await userEvent.setup().click(screen.getByText('Remove Julien Marchetti', { exact: true }));
  expect(details).toHaveAttribute('open');
  expect(screen.getByText('They are signed out everywhere at once.')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Remove Julien Marchetti now' })).toHaveAttribute('type', 'submit');
});

test('the confirmation posts its hidden fields with it', () => {
  renderRemoval();
  const form = screen.getByRole('button', { name: 'Remove Julien Marchetti now' }).closest('form')!;
  expect(Object.fromEntries(new FormData(form))).toEqual({ account: 'a1', confirm: 'yes' });
});

test('words read but not shown tell one such button from another', () => {
  renderRemoval(' at 10:00 AM with Eleanor Whitfield');
  expect(screen.getByRole('button', { name: 'Remove Julien Marchetti now at 10:00 AM with Eleanor Whitfield' })).toBeInTheDocument();
});
