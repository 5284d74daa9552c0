import type { ReactNode } from 'react';
import { teamDay, teamTime } from '@/lib/admin/time';
import { inbox } from '@/lib/copy/team';
import { registrationsPage as copy } from '@/lib/copy/team-brokers';
import type { RegistrationReview as Review, TeamRegistration } from '@/lib/portal/types';
import { Columns } from '../shared/columns';
import { EmailAddress } from '../shared/email-address';
import { EmptyState } from '../shared/empty-state';
import { PageColumn } from '../shared/page-column';
import { Panel } from '../shared/panel';
import type { StatusMessage } from '../shared/status-sentence';
import { RegistrationDecisionForm } from './registration-decision-form';
import { RegistrationStatusBadge } from './registrations-list';
import styles from './registration-review.module.scss';
import { Fact } from '../shared/fact';

interface RegistrationReviewProps {
  review: Review;
  timeZone: string;
  now: Date;
  /** The sentence to show at the top: a decision saved, or one someone made first. */
  said: StatusMessage | null;
  /** The buyer's holds and reservations, and the way to hold a lot for them (components/holds/buyer-holds.tsx). */
  holds?: ReactNode;
}

const labels = copy.review.labels;

/** A fact, or a word that there is none. */
const orNone = (value: string | null) => value ?? copy.review.none;


/** Who registered the buyer, and the buyer as the broker gave them. */
function RegistrationFacts({ registration, timeZone, now, buyer = true }: { registration: TeamRegistration; timeZone: string; now: Date; buyer?: boolean }) {
  return (
    <dl className={styles.facts}>
      <Fact label={labels.broker}>{registration.broker.name}</Fact>
      <Fact label={labels.brokerage}>{registration.broker.brokerage ?? copy.noBrokerage}</Fact>
      <Fact label={labels.brokerEmail}>
        <EmailAddress address={registration.broker.email} />
      </Fact>
      <Fact label={labels.status}>
        <RegistrationStatusBadge registration={registration} now={now} />
      </Fact>
      {buyer ? (
        <>
          <Fact label={labels.buyer}>{registration.fullName}</Fact>
          <Fact label={labels.email}>
            <EmailAddress address={registration.email} />
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

/** The inquiry the registration meets: the buyer as they wrote to us, and where the lead stands. */
function InquiryFacts({ inquiry, timeZone }: { inquiry: NonNullable<Review['inquiry']>; timeZone: string }) {
  return (
    <dl className={styles.facts}>
      <Fact label={labels.buyer}>{inquiry.fullName}</Fact>
      <Fact label={labels.email}>
        <EmailAddress address={inquiry.email} />
      </Fact>
      <Fact label={labels.phone}>{orNone(inquiry.phone)}</Fact>
      <Fact label={labels.received}>
        <time dateTime={inquiry.createdAt}>{teamTime(inquiry.createdAt, timeZone)}</time>
      </Fact>
      <Fact label={labels.status}>{inbox.statuses[inquiry.status] ?? inquiry.status}</Fact>
      <Fact label={labels.owner}>{inquiry.owner ?? copy.review.nobody}</Fact>
    </dl>
  );
}

/** The way on to what a panel shows. */
function OpenLink({ href, children }: { href: string; children: string }) {
  return (
    <p className={styles.open}>
      <a href={href}>{children} →</a>
    </p>
  );
}

/** One side of the comparison: a small heading over its panels. */
function Side({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className={styles.side} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.sideHeading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** What the registration meets: the inquiry and the other broker's registration, each or the word that it has gone. */
function Conflicts({ review, timeZone, now }: { review: Review; timeZone: string; now: Date }) {
  const { registration, inquiry, other } = review;
  if (registration.conflictInquiryId === null && registration.conflictRegistrationId === null && !inquiry && !other) {
    return <EmptyState>{copy.review.noConflict}</EmptyState>;
  }
  return (
    <>
      {inquiry ? (
        <Panel id="inquiry" heading={copy.review.inquiry.heading} level={3}>
          <InquiryFacts inquiry={inquiry} timeZone={timeZone} />
          <OpenLink href={`/admin/leads/${inquiry.id}`}>{copy.review.inquiry.open}</OpenLink>
        </Panel>
      ) : registration.conflictInquiryId ? (
        <EmptyState>{copy.review.inquiryGone}</EmptyState>
      ) : null}
      {other ? (
        <Panel id="other" heading={copy.review.other.heading} level={3}>
          <RegistrationFacts registration={other} timeZone={timeZone} now={now} buyer={false} />
          <OpenLink href={`/admin/registrations/${other.id}`}>{copy.review.other.open}</OpenLink>
        </Panel>
      ) : registration.conflictRegistrationId ? (
        <EmptyState>{copy.review.otherGone}</EmptyState>
      ) : null}
    </>
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
        <dl className={styles.facts}>
          <Fact label={copy.decided.reason} wide>
            {registration.reason}
          </Fact>
        </dl>
      ) : null}
    </div>
  );
}

/** One registration and what it conflicts with, side by side, and the team's decision on it. */
export function RegistrationReview({ review, timeZone, now, said, holds = null }: RegistrationReviewProps) {
  const { registration } = review;
  return (
    <PageColumn
      back={{ href: '/admin/registrations', label: copy.review.back }}
      eyebrow={copy.review.eyebrow}
      heading={registration.fullName}
      intro={
        <p>
          <RegistrationStatusBadge registration={registration} now={now} /> {copy.review.byline(registration.broker.name, teamTime(registration.createdAt, timeZone))}
        </p>
      }
      status={said}
    >
      <Columns
        even
        main={
          <Side id="this" heading={copy.review.this}>
            <Panel id="mine" heading={copy.review.mine(registration.broker.name)} level={3}>
              <RegistrationFacts registration={registration} timeZone={timeZone} now={now} />
            </Panel>
          </Side>
        }
        side={
          <Side id="conflicts" heading={copy.review.conflicts}>
            <Conflicts review={review} timeZone={timeZone} now={now} />
          </Side>
        }
      />
      <div className={styles.decision}>
        <Panel id="decision" heading={copy.decision.heading}>
          {registration.status === 'under_review' ? (
            <RegistrationDecisionForm id={registration.id} />
          ) : (
            <Decided registration={registration} timeZone={timeZone} now={now} />
          )}
        </Panel>
      </div>
      {holds ? <div className={styles.decision}>{holds}</div> : null}
    </PageColumn>
  );
}
