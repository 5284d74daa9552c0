/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { PrivacyNotice } from '@/components/site/privacy-notice';
import { privacy } from '@/lib/copy/privacy';

const notice = (retentionDays: number | null) =>
  render(<PrivacyNotice operator="Aldercrest Estates LLC" contact={null} retentionDays={retentionDays} databaseHost={null} relayHost={null} webhookHost={null} />);

describe('the privacy notice on what the broker portal keeps', () => {
  test('says what the portal keeps of brokers and of the buyers they register', () => {
    notice(null);
    const section = screen.getByRole('region', { name: privacy.sections.portal.heading });
    for (const paragraph of privacy.sections.portal.body) expect(section).toHaveTextContent(paragraph);
    expect(screen.getByText(privacy.sections.kept.portalUntilAsked)).toBeInTheDocument();
    expect(screen.getByText(/every registration of you as a broker's client/)).toBeInTheDocument();
  });

  test('with a retention period, says when registrations, downloads and a broker’s account go', () => {
    notice(730);
    const kept = screen.getByRole('region', { name: privacy.sections.kept.heading });
    expect(kept).toHaveTextContent('A client registration is deleted 730 days after it ends (or, if the sales team never decided on it, 730 days after it was made), a record of a download 730 days after the download');
    expect(kept).not.toHaveTextContent('{days}');
    expect(kept).not.toHaveTextContent(privacy.sections.kept.portalUntilAsked);
  });
});
