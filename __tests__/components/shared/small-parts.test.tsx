/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { Disclosure } from '@/components/shared/disclosure';
import { EmailAddress } from '@/components/shared/email-address';
import { EventList } from '@/components/shared/event-list';
import { Panel } from '@/components/shared/panel';
import { StatusPill } from '@/components/shared/status-pill';

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
