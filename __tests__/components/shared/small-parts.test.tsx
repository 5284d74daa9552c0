/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { Columns } from '@/components/shared/columns';
import { FieldGroup } from '@/components/shared/field-group';
import { Disclosure } from '@/components/shared/disclosure';
import { EmailAddress } from '@/components/shared/email-address';
import { EventList } from '@/components/shared/event-list';
import { Panel } from '@/components/shared/panel';
import { StatusPill } from '@/components/shared/status-pill';
import { ViewLinks } from '@/components/shared/view-links';

test('an address may break after its @ and before the dots of its name and its domain, never inside a word; it reads and links whole', () => {
  render(<EmailAddress address="james.harrington@gmail.com" />);
  const link = screen.getByRole('link');
  expect(link.textContent).toBe('james.harrington@gmail.com');
  expect(link).toHaveAttribute('href', 'mailto:james.harrington@gmail.com');
  // The domain whole on the next line where it fits there, broken before its own dots only where it does not.
  expect(link.innerHTML).toBe('james<wbr>.harrington@<wbr><span class="domain">gmail<wbr>.com</span>');
});

test('an address as text only', () => {
  const { container } = render(<EmailAddress address="ava@aldercrest.example" link={false} />);
  expect(screen.queryByRole('link')).toBeNull();
  expect(container.textContent).toBe('ava@aldercrest.example');
});

test('a pill carries its tone and its status', () => {
  render(
    <StatusPill tone="attention" status="under_contract">
      Under contract
    </StatusPill>,
  );
  const pill = screen.getByText('Under contract');
  expect(pill).toHaveAttribute('data-tone', 'attention');
  expect(pill).toHaveAttribute('data-status', 'under_contract');
});

test('a panel is a region named by its heading', () => {
  render(
    <Panel id="team-activity" heading="Recent activity" byline="Last 30 days">
      <p>Nothing yet.</p>
    </Panel>,
  );
  const region = screen.getByRole('region', { name: 'Recent activity' });
  expect(region).toHaveTextContent('Recent activityLast 30 daysNothing yet.');
});

test('a panel among others under a heading of their own has a third-level heading, and is still a region', () => {
  render(
    <Panel id="mine" heading="Marcus Hale registered them" level={3}>
      <p>Facts</p>
    </Panel>,
  );
  expect(screen.getByRole('region', { name: 'Marcus Hale registered them' })).toContainElement(screen.getByRole('heading', { level: 3 }));
});

test('two columns, even when asked to be', () => {
  const { container, rerender } = render(<Columns main="This registration" side="What it meets" />);
  expect(container.firstElementChild).not.toHaveAttribute('data-even');
  rerender(<Columns main="This registration" side="What it meets" even />);
  expect(container.firstElementChild).toHaveAttribute('data-even');
});

test('events read what, then who and when, each an item of an ordered list', () => {
  render(
    <EventList
      events={[
        { key: '1', what: 'Julien Marchetti: Removed from the team', byline: 'Ava Laurent · Nov 25' },
        { key: '2', what: 'Version 1' },
      ]}
    />,
  );
  const items = screen.getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual(['Julien Marchetti: Removed from the teamAva Laurent · Nov 25', 'Version 1']);
  expect(items[0]!.parentElement!.tagName).toBe('OL');
});

test('a disclosure is folded until asked, unless it opens with something to say', () => {
  const { rerender } = render(<Disclosure summary="Edit its details">A form</Disclosure>);
  const details = screen.getByText('Edit its details').closest('details')!;
  expect(details).not.toHaveAttribute('open');
  rerender(
    <Disclosure summary="Edit its details" open>
      A form
    </Disclosure>,
  );
  expect(details).toHaveAttribute('open');
});

test('a group of fields is named by its legend and described by its hint, and marked invalid when told', () => {
  const { rerender } = render(
    <FieldGroup id="hours" legend="Opening hours" hint="Leave both times blank to close that day.">
      <input aria-label="Monday opens" />
    </FieldGroup>,
  );
  const group = screen.getByRole('group', { name: 'Opening hours' });
  expect(group).toHaveAccessibleDescription('Leave both times blank to close that day.');
  expect(group).toContainElement(screen.getByLabelText('Monday opens'));
  expect(group).not.toHaveAttribute('aria-invalid');
  rerender(
    <FieldGroup id="hours" legend="Opening hours" invalid>
      <input aria-label="Monday opens" />
    </FieldGroup>,
  );
  expect(group).toHaveAttribute('aria-invalid', 'true');
  expect(group).not.toHaveAttribute('aria-describedby');
});

test('the views of a list are plain links, the one shown marked, a count beside a label', () => {
  render(
    <ViewLinks
      label="Show"
      links={[
        { href: '/admin/registrations', label: 'All', current: false },
        { href: '/admin/registrations?status=under_review', label: 'Under review', current: true, count: 0 },
      ]}
    />,
  );
  const views = screen.getByRole('navigation', { name: 'Show' });
  expect(screen.getByRole('link', { name: 'All' })).not.toHaveAttribute('aria-current');
  expect(views.querySelector('[aria-current="page"]')).toHaveTextContent('Under review0');
});
