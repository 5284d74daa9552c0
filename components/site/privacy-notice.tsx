import { privacy } from '@/lib/copy/privacy';
import { site } from '@/lib/copy/site';
import { fill, PRIVACY_NOTICE_VERSION } from '@/lib/privacy';
import { Monogram } from '../shared/monogram';
import styles from './privacy-notice.module.scss';

interface PrivacyNoticeProps {
  operator: string;
  contact: string | null;
  retentionDays: number | null;
  /** Who else holds or carries a lead, by host name, as the server is configured. */
  databaseHost: string | null;
  relayHost: string | null;
  webhookHost: string | null;
}

/** What the site keeps of a visitor, why, for how long, who else sees it, and how to have it erased. */
export function PrivacyNotice({ operator, contact, retentionDays, databaseHost, relayHost, webhookHost }: PrivacyNoticeProps) {
  const { sections } = privacy;
  const recipients = [
    sections.recipients.team,
    databaseHost ? fill(sections.recipients.database, { host: databaseHost }) : sections.recipients.ownServer,
    ...(relayHost ? [fill(sections.recipients.relay, { host: relayHost })] : []),
    ...(webhookHost ? [fill(sections.recipients.webhook, { host: webhookHost })] : []),
  ];
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain link keeps next/link's client code off every page */}
        <a className={styles.home} href="/">
          <Monogram className={styles.mark} />
          <span>{site.name}</span>
        </a>
      </header>
      <main className={styles.main}>
        <p className={styles.eyebrow}>{privacy.title}</p>
        <h1 className={styles.title}>{privacy.heading}</h1>
        <p className={styles.lead}>{fill(privacy.intro, { operator })}</p>

        <section aria-labelledby="collected">
          <h2 id="collected">{sections.collected.heading}</h2>
          {sections.collected.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        <section aria-labelledby="portal">
          <h2 id="portal">{sections.portal.heading}</h2>
          {sections.portal.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        <section aria-labelledby="why">
          <h2 id="why">{sections.why.heading}</h2>
          {sections.why.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        <section aria-labelledby="kept">
          <h2 id="kept">{sections.kept.heading}</h2>
          <p>{retentionDays ? fill(sections.kept.forDays, { days: retentionDays }) : sections.kept.untilAsked}</p>
          <p>{retentionDays ? fill(sections.kept.portalForDays, { days: retentionDays }) : sections.kept.portalUntilAsked}</p>
        </section>
        <section aria-labelledby="recipients">
          <h2 id="recipients">{sections.recipients.heading}</h2>
          <ul>
            {recipients.map((recipient) => (
              <li key={recipient}>{recipient}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="rights">
          <h2 id="rights">{sections.rights.heading}</h2>
          <p>{contact ? fill(sections.rights.write, { contact }) : sections.rights.writeThroughForm}</p>
          <p>{sections.rights.erasure}</p>
        </section>
        <p className={styles.version}>{fill(privacy.version, { version: PRIVACY_NOTICE_VERSION })}</p>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- as above */}
        <a className={styles.back} href="/">
          {privacy.home}
        </a>
      </main>
    </div>
  );
}
