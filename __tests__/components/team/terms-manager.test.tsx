/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { TermsManager } from '@/components/team/terms-manager';

// The form's Server Action needs the Next server (the end-to-end suite drives the real one).
jest.mock('@/lib/admin/portal-actions', () => ({ publishTerms: jest.fn() }));

const current = { version: 1, body: 'Commission: 2.5% of the sale price.', publishedAt: '2026-11-25T15:00:00.000Z', accepted: false, acceptedAt: null, acceptedBefore: false };

test('a version just published is said in the success colour, apart from the form’s own refusals', () => {
  render(
    <TermsManager
      current={current}
      versions={[{ version: 1, publishedAt: current.publishedAt, publishedBy: 'Julien Marchetti' }]}
      timeZone="America/New_York"
      published={1}
    />,
  );
  const [page, form] = screen.getAllByRole('status');
  expect(page).toHaveTextContent('Version 1 published. Brokers are asked to accept it.');
  expect(page).toHaveAttribute('data-tone', 'success');
  expect(form).toBeEmptyDOMElement();
  expect(form).toHaveAttribute('data-tone', 'error');
  expect(within(screen.getByRole('region', { name: 'Versions' })).getByRole('listitem')).toHaveTextContent('Version 1 (current)Published');
});

test('with no terms yet: the empty state, and the page says nothing', () => {
  render(<TermsManager current={null} versions={[]} timeZone="UTC" published={null} />);
  expect(screen.getByText('No terms are published yet. Brokers see the portal once the first version is.')).toBeInTheDocument();
  expect(screen.getAllByRole('status')[0]).toBeEmptyDOMElement();
});
