import Image, { type StaticImageData } from 'next/image';
import { termsParagraphs } from '@/lib/admin/portal-forms';
import { teamTime } from '@/lib/admin/time';
import { estate, hero, inquiry } from '@/lib/copy/site';
import { portalPage } from '@/lib/copy/portal';
import { acceptTerms } from '@/lib/portal/actions';
import type { BoardLot, LotStanding, StoredHoldSettings } from '@/lib/holds/types';
import type { BrokerContact, CurrentTerms, Registration, RenewOutcome } from '@/lib/portal/types';
import { Button } from '../shared/button';
import { EmailAddress } from '../shared/email-address';
import { PageColumn } from '../shared/page-column';
import { Panel } from '../shared/panel';
import styles from './broker-portal.module.scss';
import { Availability, type HoldClient, type HoldReply } from './availability';
import { ClientRegistrations } from './client-registrations';

const copy = portalPage;

/**
 * The renders a broker may use, from the page's own content: each once, with the words the page gives it, at
 * the quality the page asks for it (the build encodes those addresses only): the hero and the estate at 70,
 * the slides behind the inquiry form at 55.
 */
const LIBRARY: { src: StaticImageData; alt: string; quality: number }[] = [
  ...[hero.image, estate.image].map((photo) => ({ src: photo.src, alt: photo.alt, quality: 70 })),
  ...inquiry.slides.map((photo) => ({ src: photo.src, alt: photo.alt, quality: 55 })),
];

/** A file name for a render's download: its own, without the build's hash. */
const fileName = (photo: StaticImageData) => `aldercrest-${photo.src.split('/').pop()!.replace(/\.[\w-]+\.(\w+)$/, '.$1')}`;

/** Plain text in paragraphs, as the team wrote it: never markup. */
function Paragraphs({ text }: { text: string }) {
  return (
    <div className={styles.terms}>
      {termsParagraphs(text).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/** Before anything else, on first sign-in and after each new version: the terms, and one button to accept them. */
export function TermsGate({ terms, stale, timeZone }: { terms: CurrentTerms; stale: boolean; timeZone: string }) {
  return (
    <PageColumn
      heading={copy.terms.heading}
      intro={<p>{terms.acceptedBefore ? copy.terms.changed : copy.terms.intro}</p>}
      status={stale ? { tone: 'error', text: copy.terms.stale } : null}
      width="medium"
    >
      <Panel id="terms-version" heading={copy.terms.version(terms.version, teamTime(terms.publishedAt, timeZone))}>
        <Paragraphs text={terms.body} />
        <form action={acceptTerms} className={styles.accept}>
          <input type="hidden" name="version" value={terms.version} />
          <Button>{copy.terms.accept}</Button>
        </form>
      </Panel>
    </PageColumn>
  );
}

/** Whom a broker calls: the member of the team who looks after them, else the team's address. */
function Contact({ contact, teamAddress }: { contact: BrokerContact | null; teamAddress: string | null }) {
  if (contact) {
    return (
      <>
        <p>{copy.contact.intro}</p>
        <p className={styles.contact}>
          <strong>{contact.name}</strong>
          <EmailAddress address={contact.email} />
          {contact.phone ? <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a> : null}
        </p>
      </>
    );
  }
  if (!teamAddress) return <p>{copy.contact.unknown}</p>;
  return (
    <p className={styles.contact}>
      {copy.contact.team} <EmailAddress address={teamAddress} />
    </p>
  );
}

interface BrokerPortalProps {
  name: string;
  lots: BoardLot[];
  standing: LotStanding | null;
  holdSettings: StoredHoldSettings;
  /** A broker's active registrations, to hold a lot for; null for a team member. */
  holdClients: HoldClient[] | null;
  holdReply: HoldReply | null;
  terms: CurrentTerms | null;
  contact: BrokerContact | null;
  teamAddress: string | null;
  timeZone: string;
  /** The broker's own registrations; null for a team member, who registers nobody. */
  registrations: Registration[] | null;
  /** What the last renewal came to, when the page was sent back after one. */
  renewal: RenewOutcome | null;
  /** The moment the page is made, in milliseconds: which registrations may be renewed, which have expired. */
  now: number;
}

/** The portal itself: availability and pricing, client registration, the renders, the terms accepted, and whom to call. */
export function BrokerPortal({ name, lots, standing, holdSettings, holdClients, holdReply, terms, contact, teamAddress, timeZone, registrations, renewal, now }: BrokerPortalProps) {
  return (
    <PageColumn heading={copy.heading} intro={<p>{copy.welcome(name)}</p>}>
      <div className={styles.sections}>
        <Availability lots={lots} standing={standing} timeZone={timeZone} settings={holdSettings} clients={holdClients} reply={holdReply} />

        <ClientRegistrations registrations={registrations} renewal={renewal} now={now} timeZone={timeZone} />

        <Panel id="documents" heading={copy.sections.documents} byline={copy.documents.intro}>
          <ul className={styles.links}>
            <li>
              <a href="/portal/price-list.pdf">{copy.documents.priceList}</a>
            </li>
            <li>
              <a href="/portal/brochure.pdf">{copy.documents.brochure}</a>
            </li>
          </ul>
        </Panel>

        <Panel id="images" heading={copy.sections.images} byline={copy.images.intro}>
          <ul className={styles.library}>
            {LIBRARY.map((photo) => (
              <li key={photo.src.src}>
                <figure>
                  {/* The widths and quality the home page asks for (100vw), which the build encoded: no other is made. */}
                  <Image src={photo.src} alt={photo.alt} sizes="(min-width: 40rem) 20rem, 100vw" quality={photo.quality} />
                  <figcaption>
                    <a href={photo.src.src} download={fileName(photo.src)}>
                      {copy.images.download(`${photo.src.width} × ${photo.src.height}`)}
                    </a>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Panel>

        {terms ? (
          <Panel
            id="terms"
            heading={copy.sections.terms}
            byline={terms.acceptedAt ? copy.terms.accepted(terms.version, teamTime(terms.acceptedAt, timeZone)) : copy.terms.version(terms.version, teamTime(terms.publishedAt, timeZone))}
          >
            <Paragraphs text={terms.body} />
          </Panel>
        ) : null}

        <Panel id="contact" heading={copy.sections.contact}>
          <Contact contact={contact} teamAddress={teamAddress} />
        </Panel>
      </div>
    </PageColumn>
  );
}
