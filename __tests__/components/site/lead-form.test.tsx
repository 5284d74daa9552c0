/**
 * @jest-environment jsdom
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LeadForm } from '@/components/site/lead-form';
import { broker, fieldErrors, inquiry } from '@/lib/copy/site';
import type { LeadField } from '@/lib/leads/forms';

type InquiryField = LeadField<'inquiry'>;
import type { LeadFormState } from '@/lib/leads/form-state';

/**
 * The component under test is the real form; only its Server Action is
 * replaced, because a Server Action needs the Next server (the end-to-end
 * suite drives the real one). This stand-in answers when the test says so,
 * which makes the submitting state observable.
 */
function controllableAction() {
  let answer: (state: LeadFormState<InquiryField>) => void = () => undefined;
  const received: FormData[] = [];
  const action = jest.fn((_state: LeadFormState<InquiryField>, data: FormData) => {
    received.push(data);
    return new Promise<LeadFormState<InquiryField>>((resolve) => (answer = resolve));
  });
  return { action, received, answer: (state: LeadFormState<InquiryField>) => act(async () => answer(state)) };
}

/** A field by its accessible name: the label without the decorative asterisk. */
const field = (name: string) => screen.getByRole('textbox', { name });

const typed = { full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '+1 555 0100', message: 'A private tour, please.' };

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  // user-event tracks what it typed and misses React's form reset, so each field is cleared through it first.
  for (const name of ['Full Name', 'Email Address', 'Phone', 'Message']) await user.clear(field(name));
  await user.type(field('Full Name'), typed.full_name);
  await user.type(field('Email Address'), typed.email);
  await user.type(field('Phone'), typed.phone);
  await user.type(field('Message'), typed.message);
  await user.click(screen.getByRole('button', { name: 'REQUEST INFORMATION' }));
}

function renderInquiryForm(action: ReturnType<typeof controllableAction>['action']) {
  return render(
    <>
      <h2 id="inquire-heading">{inquiry.heading}</h2>
      <LeadForm
        form="inquiry"
        action={action}
        copy={inquiry.form}
        fieldErrors={fieldErrors}
        privacyNotice="0123456789ab"
        consoleLabel="Inquiry submission failed"
        tone="dark"
        labelledBy="inquire-heading"
      />
    </>,
  );
}

beforeEach(() => {
  jest.useFakeTimers();
  // jsdom lays nothing out and cannot scroll; the browser tests check what comes into view.
  window.scrollBy = jest.fn();
  Element.prototype.scrollIntoView = jest.fn();
});
afterEach(() => jest.useRealTimers());

test('is named by its heading, so that a list of the page\'s forms tells them apart', () => {
  renderInquiryForm(jest.fn());
  expect(screen.getByRole('form', { name: inquiry.heading })).toBeInTheDocument();
});

test('shows SUBMITTING... on a disabled button while the action runs', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { action, received, answer } = controllableAction();
  renderInquiryForm(action);
  await fillAndSubmit(user);

  const button = screen.getByRole('button', { name: 'SUBMITTING...' });
  expect(button).toBeDisabled();
  expect(Object.fromEntries(received[0]!)).toEqual({ ...typed, website: '', privacy_notice: '0123456789ab', submission_key: expect.stringMatching(/^[0-9a-f]{32}$/) });

  await answer({ status: 'success', values: {}, errors: {}, answerId: 'a1' });
  expect(screen.getByRole('button', { name: 'REQUEST INFORMATION' })).toBeEnabled();
});

test('on success clears every field, announces the message, and returns to idle after five seconds', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { action, answer } = controllableAction();
  renderInquiryForm(action);
  await fillAndSubmit(user);
  await answer({ status: 'success', values: {}, errors: {}, answerId: 'a1' });

  expect(screen.getByRole('status')).toHaveTextContent(inquiry.form.success);
  expect(screen.getByRole('button', { name: 'REQUEST INFORMATION' })).toHaveFocus();
  for (const label of ['Full Name', 'Email Address', 'Phone', 'Message']) expect(field(label)).toHaveValue('');

  act(() => jest.advanceTimersByTime(4999));
  expect(screen.getByRole('status')).toHaveTextContent(inquiry.form.success);
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
});

test('on error keeps every typed value, logs to the console, and returns to idle after five seconds', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { action, answer } = controllableAction();
  renderInquiryForm(action);
  await fillAndSubmit(user);
  await answer({ status: 'error', values: typed, errors: {}, answerId: 'a1' });

  expect(screen.getByRole('status')).toHaveTextContent(inquiry.form.error);
  expect(field('Full Name')).toHaveValue(typed.full_name);
  expect(field('Email Address')).toHaveValue(typed.email);
  expect(field('Phone')).toHaveValue(typed.phone);
  expect(field('Message')).toHaveValue(typed.message);
  expect(consoleError).toHaveBeenCalledWith('Inquiry submission failed', expect.anything());

  act(() => jest.advanceTimersByTime(5000));
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
  expect(field('Full Name')).toHaveValue(typed.full_name);
  consoleError.mockRestore();
});

test('ties a refused field to its message and marks it invalid', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { action, answer } = controllableAction();
  renderInquiryForm(action);
  await fillAndSubmit(user);
  await answer({ status: 'error', values: { ...typed, email: 'jane@localhost' }, errors: { email: 'invalid_email' }, answerId: 'a1' });

  const email = field('Email Address');
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveAccessibleDescription(fieldErrors.invalid_email);
  expect(email).toHaveFocus();
  expect(field('Full Name')).not.toHaveAttribute('aria-invalid');
  expect(screen.getByRole('status')).toHaveTextContent(`${inquiry.form.error} ${inquiry.form.fieldProblem.one}`);
});

test('names several refused fields in the hint, and none when the fault was not a field', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { action, answer } = controllableAction();
  renderInquiryForm(action);
  await fillAndSubmit(user);
  await answer({ status: 'error', values: typed, errors: { full_name: 'too_long', email: 'invalid_email' }, answerId: 'a1' });
  expect(screen.getByRole('status')).toHaveTextContent(`${inquiry.form.error} ${inquiry.form.fieldProblem.many}`);
  expect(field('Full Name')).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'REQUEST INFORMATION' }));
  await answer({ status: 'error', values: typed, errors: {}, answerId: 'a2' });
  expect(screen.getByRole('status').textContent).toBe(inquiry.form.error);
  expect(screen.getByRole('button', { name: 'REQUEST INFORMATION' })).toHaveFocus();
});

test('leaves focus where the visitor took it while the form was sending', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { action, answer } = controllableAction();
  renderInquiryForm(action);
  const elsewhere = document.body.appendChild(document.createElement('input'));
  await fillAndSubmit(user);
  elsewhere.focus();
  await answer({ status: 'success', values: {}, errors: {}, answerId: 'a1' });
  expect(elsewhere).toHaveFocus();
  elsewhere.remove();
});

test('gives each answer its own five seconds', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { action, answer } = controllableAction();
  renderInquiryForm(action);
  await fillAndSubmit(user);
  await answer({ status: 'error', values: typed, errors: {}, answerId: 'a1' });
  act(() => jest.advanceTimersByTime(3000));

  await user.click(screen.getByRole('button', { name: 'REQUEST INFORMATION' }));
  await answer({ status: 'error', values: typed, errors: {}, answerId: 'a2' });
  act(() => jest.advanceTimersByTime(3000));
  expect(screen.getByRole('status')).toHaveTextContent(inquiry.form.error);
  act(() => jest.advanceTimersByTime(2000));
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
});

test('keeps the submission key for a retry after an error and renews it after a success', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { action, received, answer } = controllableAction();
  renderInquiryForm(action);
  await fillAndSubmit(user);
  await answer({ status: 'error', values: typed, errors: {}, answerId: 'a1' });
  await user.click(screen.getByRole('button', { name: 'REQUEST INFORMATION' }));
  await answer({ status: 'success', values: {}, errors: {}, answerId: 'a2' });
  await fillAndSubmit(user);
  await answer({ status: 'success', values: {}, errors: {}, answerId: 'a3' });

  const keys = received.map((data) => data.get('submission_key'));
  expect(keys).toHaveLength(3);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).not.toBe(keys[1]);
  expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
});

test('keeps the attempt’s key through a render that changes nothing of it (after hydration, the visit source renders the form again)', () => {
  const props = { form: 'inquiry', action: jest.fn(), copy: inquiry.form, fieldErrors, privacyNotice: '0123456789ab', tone: 'dark', labelledBy: 'inquire-heading' } as const;
  const { container, rerender } = render(<LeadForm {...props} />);
  const keyField = () => container.querySelector<HTMLInputElement>('input[name="submission_key"]')!.value;
  const key = keyField();
  expect(key).toMatch(/^[0-9a-f]{32}$/);
  rerender(<LeadForm {...props} consoleLabel="Inquiry submission failed" />);
  expect(keyField()).toBe(key);
});

test('hides the honeypot from people and assistive technology', () => {
  const { container } = renderInquiryForm(jest.fn());
  const trap = container.querySelector('input[name="website"]');
  expect(trap).not.toBeNull();
  expect(trap?.closest('[inert]')).not.toBeNull();
  expect(trap).toHaveAttribute('tabindex', '-1');
  // jsdom knows nothing of inert; the browser tests check that the accessibility tree leaves it out.
});

test('renders the broker form with its required fields, limits and button', () => {
  render(<LeadForm form="broker" action={jest.fn()} copy={broker.form} fieldErrors={fieldErrors} privacyNotice="0123456789ab" tone="light" labelledBy="broker-heading" />);
  for (const label of ['Full Name', 'Email', 'Brokerage Firm']) expect(field(label)).toBeRequired();
  for (const label of ['License Number', 'Phone', 'Message']) expect(field(label)).not.toBeRequired();
  expect(field('Email')).toHaveAttribute('type', 'email');
  expect(field('Phone')).toHaveAttribute('type', 'tel');
  expect(field('Brokerage Firm')).toHaveAttribute('maxlength', '160');
  expect(screen.getByRole('button', { name: 'REQUEST BROKER ACCESS' })).toBeEnabled();
  expect(screen.getByText('Brokerage Firm').parentElement).toHaveTextContent('Brokerage Firm *');
});

describe('where the visit came from', () => {
  // The other tests' renders remembered a visit from nowhere.
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    sessionStorage.clear();
    window.history.replaceState({}, '', '/');
  });

  test('the landing page’s utm_ parameters and the referring site go with the form, kept for the visit', async () => {
    window.history.replaceState({}, '', '/?utm_source=newsletter&utm_medium=email&utm_campaign=autumn&other=x');
    Object.defineProperty(document, 'referrer', { value: 'https://www.example-magazine.com/homes?id=4', configurable: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { action, received } = controllableAction();
    const { unmount } = renderInquiryForm(action);
    await fillAndSubmit(user);
    expect(Object.fromEntries(received[0]!)).toMatchObject({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'autumn',
      referrer: 'https://www.example-magazine.com',
    });
    expect(received[0]!.has('other')).toBe(false);
    unmount();

    // Later in the visit, on an address without parameters, the first page's are still the visit's.
    window.history.replaceState({}, '', '/#inquire');
    Object.defineProperty(document, 'referrer', { value: '', configurable: true });
    const second = controllableAction();
    renderInquiryForm(second.action);
    await fillAndSubmit(user);
    expect(second.received[0]!.get('utm_source')).toBe('newsletter');
  });
});
