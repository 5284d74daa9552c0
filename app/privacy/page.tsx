import type { Metadata } from 'next';
import { PrivacyNotice } from '@/components/site/privacy-notice';
import { serverConfig } from '@/lib/config/server';
import { privacy } from '@/lib/copy/privacy';
import { site } from '@/lib/copy/site';

// It names what the server is configured with (the period leads are kept, the mail relay, the webhook), so
// it is rendered for each request: a page read rarely, and never on the way to a lead.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: privacy.title, alternates: { canonical: '/privacy' } };

const hostOf = (url: string) => new URL(url).hostname;

export default function PrivacyPage() {
  const config = serverConfig();
  return (
    <PrivacyNotice
      operator={config.privacy.operator ?? site.name}
      contact={config.privacy.contact}
      retentionDays={config.retentionDays}
      databaseHost={config.store.kind === 'supabase' ? hostOf(config.store.url) : null}
      relayHost={config.mail ? hostOf(config.mail.smtpUrl) : null}
      webhookHost={config.webhook ? hostOf(config.webhook.url) : null}
    />
  );
}
