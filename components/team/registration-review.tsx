import type { ReactNode } from 'react';
import { teamTime } from '@/lib/admin/time';
import { inbox } from '@/lib/copy/team';
import { registrationsPage as copy } from '@/lib/copy/team-brokers';
import type { RegistrationReview as Review, TeamRegistration } from '@/lib/portal/types';
import { RegistrationDecisionForm } from './registration-decision-form';
import { RegistrationStatusBadge, teamDay } from './registrations-list';
import styles from '../shared/registrations.module.scss';

interface RegistrationReviewProps {
  review: Review;
  timeZone: string;
  now: Date;
  /** The sentence to show at the top: a decision saved, or one someone made first. */
  said: { text: string; outcome: 'saved' | 'refused' } | null;
}

const labels = copy.review.labels;

/** A fact, or a word that there is none. */
const orNone = (value: string | null) => value ?? copy.review.none;

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? styles.wide : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Who registered the buyer, and the buyer as the broker gave them. */
function RegistrationFacts({ registration, timeZone, now, buyer = true }: { registration: TeamRegistration; timeZone: string; now: Date; buyer?: boolean }) {
  return (
    <dl className={styles.facts}>
      <Fact label={labels.broker}>{registration.broker.name}</Fact>
      <Fact label={labels.brokerage}>{registration.broker.brokerage ?? copy.noBrokerage}</Fact>
      <Fact label={labels.brokerEmail}>
        <a href={`mailto:${registration.broker.email}`}>{registration.broker.email}</a>
      </Fact>
      <Fact label={labels.status}>
        <RegistrationStatusBadge registration={registration} now={now} />
      </Fact>
      {buyer ? (
        <>
          <Fact label={labels.buyer}>{registration.fullName}</Fact>
          <Fact label={labels.email}>
            <a href={`mailto:${registration.email}`}>{registration.email}</a>
          </Fact>
          <Fact label={labels.phone}>{registration.phone ? <a href={`tel:${registration.phone.replace(/[^\d+]/g, '')}`}>{registration.phone}</a> : copy.review.none}</Fact>
        </>
      ) : null}
      <Fact label={labels.registeredAt}>
        <time dateTime={registration.createdAt}>{teamTime(registration.createdAt, timeZone)}</time>
      </Fact>
      {registration.expiresAt ? (
        <Fact label={labels.expiresAt}>
          <time dateTime={registration.expiresAt}>{teamDay(registration.expiresAt, timeZone)}</time>
        </Fact>
      ) : null}
      {registration.renewedAt ? (
        <Fact label={labels.renewedAt}>
          <time dateTime={registration.renewedAt}>{teamTime(registration.renewedAt, timeZone)}</time>
        </Fact>
      ) : null}
      {buyer ? (
        <Fact label={labels.note} wide>
          {orNone(registration.note)}
        </Fact>
      ) : null}
    </dl>
  );
}

/** The decision made, who made it and when; or that none was needed. */
function Decided({ registration, timeZone, now }: { registration: TeamRegistration; timeZone: string; now: Date }) {
  const by = registration.decidedBy ?? copy.decided.formerMember;
  const at = registration.decidedAt ? teamTime(registration.decidedAt, timeZone) : null;
  const line =
    registration.status === 'declined'
      ? copy.decided.declined(by, at ?? '')
      : at
        ? copy.decided.registered(by, at)
        : copy.decided.registeredAtOnce(teamTime(registration.createdAt, timeZone));
  const expiry = registration.expiresAt
    ? (Date.parse(registration.expiresAt) > now.getTime() ? copy.decided.until : copy.decided.ended)(teamDay(registration.expiresAt, timeZone))
    : null;
  return (
    <div className={styles.decided}>
      <p>{line}</p>
      {expiry ? <p>{expiry}</p> : null}
      {registration.status === 'declined' && registration.reason ? (
        <>
          <p className={styles.reasonLabel}>{copy.decided.reason}</p>
          <p className={styles.reason}>{registration.reason}</p>
        </>
      ) : null}
    </div>
  );
}

/** One registration and what it conflicts with, side by side, and the team's decision on it. */
export function RegistrationReview({ review, timeZone, now, said }: RegistrationReviewProps) {
  const { registration, inquiry, other } = review;
  const conflicted = registration.conflictInquiryId !== null || registration.conflictRegistrationId !== null || inquiry || other;
  return (
    <main className={styles.page}>
      <p>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain link, as everywhere in the inbox: no client router code for it */}
        <a className={styles.back} href="/admin/registrations">
          ← {copy.review.back}
        </a>
      </p>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{copy.review.eyebrow}</p>
        <h1 className={styles.name}>{registration.fullName}</h1>
        <p className={styles.byline}>
          <RegistrationStatusBadge registration={registration} now={now} />
          {copy.review.byline(registration.broker.name, teamTime(registration.createdAt, timeZone))}
        </p>
      </header>
      <p className={styles.said} role="status" data-outcome={said?.outcome ?? 'saved'}>
        {said?.text ?? ''}
      </p>

      <div className={styles.sides}>
        <section className={styles.side} aria-labelledby="this-heading">
          <h2 id="this-heading" className={styles.sideHeading}>
            {copy.review.this}
          </h2>
          <section className={styles.card} aria-labelledby="mine-heading">
            <h3 id="mine-heading">{copy.review.mine(registration.broker.name)}</h3>
            <RegistrationFacts registration={registration} timeZone={timeZone} now={now} />
          </section>
        </section>

        <section className={styles.side} aria-labelledby="conflicts-heading">
          <h2 id="conflicts-heading" className={styles.sideHeading}>
            {copy.review.conflicts}
          </h2>
          {!conflicted ? (
            <div className={styles.card}>
              <p>{copy.review.noConflict}</p>
            </div>
          ) : null}
          {inquiry ? (
            <section className={styles.card} aria-labelledby="inquiry-heading">
              <h3 id="inquiry-heading">{copy.review.inquiry.heading}</h3>
              <dl className={styles.facts}>
                <Fact label={labels.buyer}>{inquiry.fullName}</Fact>
                <Fact label={labels.email}>
                  <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a>
                </Fact>
                <Fact label={labels.phone}>{orNone(inquiry.phone)}</Fact>
                <Fact label={labels.received}>
                  <time dateTime={inquiry.createdAt}>{teamTime(inquiry.createdAt, timeZone)}</time>
                </Fact>
                <Fact label={labels.status}>{inbox.statuses[inquiry.status] ?? inquiry.status}</Fact>
                <Fact label={labels.owner}>{inquiry.owner ?? copy.review.nobody}</Fact>
              </dl>
              <p className={styles.open}>
                <a href={`/admin/leads/${inquiry.id}`}>{copy.review.inquiry.open} →</a>
              </p>
            </section>
          ) : registration.conflictInquiryId ? (
            <div className={styles.card}>
              <p>{copy.review.inquiryGone}</p>
            </div>
          ) : null}
          {other ? (
            <section className={styles.card} aria-labelledby="other-heading">
              <h3 id="other-heading">{copy.review.other.heading}</h3>
              <RegistrationFacts registration={other} timeZone={timeZone} now={now} buyer={false} />
              <p className={styles.open}>
                <a href={`/admin/registrations/${other.id}`}>{copy.review.other.open} →</a>
              </p>
            </section>
          ) : registration.conflictRegistrationId ? (
            <div className={styles.card}>
              <p>{copy.review.otherGone}</p>
            </div>
          ) : null}
        </section>
      </div>

      <section className={styles.decision} aria-labelledby="decision-heading">
        <h2 id="decision-heading">{copy.decision.heading}</h2>
        {registration.status === 'under_review' ? (
          <RegistrationDecisionForm id={registration.id} />
        ) : (
          <Decided registration={registration} timeZone={timeZone} now={now} />
        )}
      </section>
    </main>
  );
}
