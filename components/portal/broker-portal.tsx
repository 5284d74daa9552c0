import Image, { type StaticImageData } from 'next/image';
import { termsParagraphs } from '@/lib/admin/portal-forms';
import { teamTime } from '@/lib/admin/time';
import { estate, hero, inquiry } from '@/lib/copy/site';
import { portalPage } from '@/lib/copy/portal';
import { acceptTerms } from '@/lib/portal/actions';
import { ESTATE_STATUSES, type BrokerContact, type CurrentTerms, type Estate, type EstateStatus, type Registration, type RenewOutcome } from '@/lib/portal/types';
import styles from './broker-portal.module.scss';
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

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Plain text in paragraphs, as the team wrote it: never markup. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {termsParagraphs(text).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </>
  );
}

/** Before anything else, on first sign-in and after each new version: the terms, and one button to accept them. */
export function TermsGate({ terms, stale, timeZone }: { terms: CurrentTerms; stale: boolean; timeZone: string }) {
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{copy.terms.heading}</h1>
      <p className={styles.intro}>{terms.acceptedBefore ? copy.terms.changed : copy.terms.intro}</p>
      {stale ? (
        <p className={styles.said} data-outcome="refused" role="status">
          {copy.terms.stale}
        </p>
      ) : null}
      <section className={styles.card} aria-labelledby="terms-version">
        <h2 id="terms-version" className={styles.meta}>
          {copy.terms.version(terms.version, teamTime(terms.publishedAt, timeZone))}
        </h2>
        <div className={styles.terms}>
          <Paragraphs text={terms.body} />
        </div>
        <form action={acceptTerms}>
          <input type="hidden" name="version" value={terms.version} />
          <button type="submit" className={styles.button}>
            {copy.terms.accept}
          </button>
        </form>
      </section>
    </main>
  );
}

interface BrokerPortalProps {
  name: string;
  estates: Estate[];
  status: EstateStatus | null;
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
export function BrokerPortal({ name, estates, status, terms, contact, teamAddress, timeZone, registrations, renewal, now }: BrokerPortalProps) {
  const columns = copy.availability.columns;
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{copy.heading}</h1>
      <p className={styles.intro}>{copy.welcome(name)}</p>

      <section className={styles.section} aria-labelledby="availability">
        <h2 id="availability">{copy.sections.availability}</h2>
        <p className={styles.lead}>{copy.availability.intro}</p>
        <nav className={styles.filters} aria-label={copy.availability.filterLabel}>
          <ul>
            {[null, ...ESTATE_STATUSES].map((option) => (
              <li key={option ?? 'all'}>
                <a href={option ? `/portal?status=${option}#availability` : '/portal#availability'} aria-current={option === status ? 'page' : undefined}>
                  {option ? copy.availability.status[option] : copy.availability.all}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {estates.length === 0 ? (
          <p className={styles.empty}>{status ? copy.availability.emptyFiltered : copy.availability.empty}</p>
        ) : (
          <table className={styles.estates}>
            <thead>
              <tr>
                {Object.values(columns).map((label) => (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {estates.map((row) => (
                <tr key={row.id} data-status={row.status}>
                  <th scope="row" data-label={columns.lot}>
                    {row.lot}
                  </th>
                  <td data-label={columns.acres}>{copy.availability.acres(row.lotAcres)}</td>
                  <td data-label={columns.sqft}>{copy.availability.sqft(row.homeSqft)}</td>
                  <td data-label={columns.bedrooms}>{row.bedrooms}</td>
                  <td data-label={columns.bathrooms}>{row.bathrooms}</td>
                  <td data-label={columns.status}>
                    <span className={styles.status} data-status={row.status}>
                      {copy.availability.status[row.status]}
                    </span>
                  </td>
                  <td data-label={columns.price}>{row.listPrice === null ? copy.availability.priceOnRequest : dollars.format(row.listPrice)}</td>
                  <td data-label={columns.changed}>{teamTime(row.changedAt, timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <ClientRegistrations registrations={registrations} renewal={renewal} now={now} timeZone={timeZone} />

      <section className={styles.section} aria-labelledby="documents">
        <h2 id="documents">{copy.sections.documents}</h2>
        <p className={styles.lead}>{copy.documents.intro}</p>
        <ul className={styles.documents}>
          <li>
            <a href="/portal/price-list.pdf">{copy.documents.priceList}</a>
          </li>
          <li>
            <a href="/portal/brochure.pdf">{copy.documents.brochure}</a>
          </li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="images">
        <h2 id="images">{copy.sections.images}</h2>
        <p className={styles.lead}>{copy.images.intro}</p>
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
      </section>

      {terms ? (
        <section className={styles.section} aria-labelledby="terms">
          <h2 id="terms">{copy.sections.terms}</h2>
          <p className={styles.meta}>
            {terms.acceptedAt ? copy.terms.accepted(terms.version, teamTime(terms.acceptedAt, timeZone)) : copy.terms.version(terms.version, teamTime(terms.publishedAt, timeZone))}
          </p>
          <div className={styles.terms}>
            <Paragraphs text={terms.body} />
          </div>
        </section>
      ) : null}

      <section className={styles.section} aria-labelledby="contact">
        <h2 id="contact">{copy.sections.contact}</h2>
        {contact ? (
          <>
            <p>{copy.contact.intro}</p>
            <p className={styles.contact}>
              <strong>{contact.name}</strong>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
              {contact.phone ? <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a> : null}
            </p>
          </>
        ) : teamAddress ? (
          <p className={styles.contact}>
            {copy.contact.team} <a href={`mailto:${teamAddress}`}>{teamAddress}</a>
          </p>
        ) : (
          <p>{copy.contact.unknown}</p>
        )}
      </section>
    </main>
  );
}
