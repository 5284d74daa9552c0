import 'server-only';
import type { ServerConfig } from '@/lib/config/server';
import { logEvent } from '@/lib/log';
import { isStoreError, type LeadStore } from '@/lib/store';
import type { ClaimedNotice, NoticeKind } from '@/lib/delivery/types';
import { signInLink } from '@/lib/auth/sign-in';
import { challengeSecrets } from '@/lib/auth/tokens';
import { readNoticeChallenge } from '@/lib/store/accounts';
import { readNoticeAssignment } from '@/lib/store/leads';
import { readNoticeRegistration } from '@/lib/store/registrations';
import { readNoticeWeekly } from '@/lib/store/insights';
import { readNoticeOverdue } from '@/lib/store/responses';
import { readNoticeTour } from '@/lib/store/tours';
import { tourOrganizer } from '@/lib/tours/invitation';
import { receiptTourToken, tourToken } from '@/lib/tours/links';
import type { TourNoticeKind } from '@/lib/tours/types';
import { readNoticeClaim } from '@/lib/holds/notice';
import { CLAIM_NOTICE_KINDS, type ClaimNoticeKind } from '@/lib/holds/types';
import { assignmentEmail, invitationEmail, overdueEmail, receiptEmail, registrationEmail, signInEmail, teamEmail, tourGuestEmail, tourHostEmail } from './emails';
import { DeliveryFailure, NotWorthSending } from './failure';
import { claimEmail } from './hold-emails';
import { weeklyFiguresEmail } from './weekly-email';
import { createSmtpMailer, type Mailer } from './mailer';
import { nextAttempt } from './schedule';
import { postWebhook, webhookPayload } from './webhook';

export type DeliveryConfig = Pick<ServerConfig, 'mail' | 'webhook' | 'timeZone' | 'tourLocation'>;

export interface DeliveryWorkerOptions {
  store: LeadStore;
  config: DeliveryConfig;
  /** Where links to the inbox and sign-in links point (the site's public address). */
  siteUrl: URL;
  /** The server's key, from which the codes and links of sign-in emails and invitations are derived (lib/auth/secret.ts). */
  authKey: Buffer;
  /** The clock, in milliseconds since the epoch. */
  now?: () => number;
  mailer?: Mailer;
  fetchImpl?: typeof fetch;
  /** Notices claimed at once. */
  batchSize?: number;
  /** How long a claim holds: longer than any one attempt can take (the relay's and the webhook's timeouts). */
  leaseSeconds?: number;
}

export interface DeliveryRound {
  sent: number;
  retried: number;
  failed: number;
  /** Put aside: a code used or expired before its email went. */
  dropped: number;
}

/** Which notices a stored lead must produce under this configuration. */
export function noticesFor(config: Pick<DeliveryConfig, 'mail' | 'webhook'>): NoticeKind[] {
  return [...(config.mail ? (['team_email', 'receipt'] as const) : []), ...(config.webhook ? (['webhook'] as const) : [])];
}

/** A Monday's email reads its figures this long before it fell due at 8:00: late on the Sunday that ends its week. */
const WEEK_ENDED_BEFORE_MS = 9 * 3_600_000;

const TOUR_KINDS: readonly NoticeKind[] = ['tour_booked', 'tour_moved', 'tour_cancelled', 'tour_reminder', 'tour_released'] satisfies TourNoticeKind[];
const isTourKind = (kind: NoticeKind): kind is TourNoticeKind => TOUR_KINDS.includes(kind);
const isClaimKind = (kind: NoticeKind): kind is ClaimNoticeKind => (CLAIM_NOTICE_KINDS as readonly NoticeKind[]).includes(kind);

/** The domain a stable Message-ID is written under: the sending address's. */
function messageIdDomain(config: DeliveryConfig): string {
  return config.mail?.from.address.split('@').at(-1) ?? 'localhost';
}

/**
 * Delivers the outbox: claims due notices under a lease, sends each, and
 * reports back, so that a notice is retried (15 s, doubling, at most an hour
 * apart) until it goes or a day has passed. Every attempt is one log line
 * with its kind, outcome, attempt and duration, never an address or content.
 */
export function createDeliveryWorker({
  store,
  config,
  siteUrl,
  authKey,
  now = Date.now,
  mailer = config.mail ? createSmtpMailer(config.mail.smtpUrl) : undefined,
  fetchImpl,
  batchSize = 10,
  leaseSeconds = 120,
}: DeliveryWorkerOptions) {
  async function deliver(notice: ClaimedNotice, at: Date): Promise<void> {
    if (notice.kind === 'sign_in_code' || notice.kind === 'invitation') return deliverToAccount(notice);
    if (notice.kind === 'registration_decided') return deliverRegistration(notice);
    if (notice.kind === 'broker_overdue') return deliverOverdue(notice, at);
    if (notice.kind === 'lead_assigned') return deliverAssignment(notice);
    if (isTourKind(notice.kind)) return deliverTour(notice, notice.kind);
    if (isClaimKind(notice.kind)) return deliverClaim(notice, notice.kind);
    if (notice.kind === 'weekly_figures') return deliverWeekly(notice);
    const { lead, form } = notice;
    if (!lead || !form) throw new DeliveryFailure('lead_gone', true);
    if (notice.kind === 'webhook') {
      if (!config.webhook) throw new DeliveryFailure('not_configured', true);
      await postWebhook(config.webhook, { id: notice.id, body: webhookPayload(form, lead, config.webhook.format), now: at }, { fetchImpl });
      return;
    }
    if (!config.mail || !mailer) throw new DeliveryFailure('not_configured', true);
    const messageId = `<${notice.id}@${messageIdDomain(config)}>`;
    if (notice.kind === 'team_email') {
      const inboxUrl = new URL(`/admin/leads/${lead.id}`, siteUrl).href;
      await mailer.send({
        ...teamEmail(form, lead, { timeZone: config.timeZone, inboxUrl }),
        from: config.mail.from,
        to: config.mail.teamTo[form],
        replyTo: { name: lead.full_name, address: lead.email },
        messageId,
      });
      return;
    }
    const about = notice.kind === 'receipt' ? form : notice.kind;
    // An approval carries the broker's invitation to the portal.
    const challenge = notice.kind === 'broker_approved' ? readNoticeChallenge(notice.about) : null;
    const invitation = challenge ? linkOf(challenge.challengeId) : undefined;
    // A prospect's receipt offers a private tour by their own link: the lead's live link if a try before this one
    // issued it (a retried receipt carries the same), else a new one. None when the lead went meanwhile.
    const tourUrl = notice.kind === 'receipt' && form === 'inquiry' ? await tourUrlFor(lead.id, at) : undefined;
    await mailer.send({ ...receiptEmail(about, lead.full_name, invitation, tourUrl), from: config.mail.from, to: [lead.email], messageId });
  }

  /** The page a tour link opens, /tour/<token>, its token derived from the link's id with the server's key. */
  const tourPageOf = (linkId: string) => new URL(`/tour/${tourToken(authKey, linkId)}`, siteUrl).href;

  async function tourUrlFor(leadId: string, at: Date): Promise<string | undefined> {
    const issued = await receiptTourToken(store, authKey, leadId, at);
    return issued ? new URL(`/tour/${issued.token}`, siteUrl).href : undefined;
  }

  /**
   * A tour's email, to the one recipient its notice names: whoever booked it (the buyer by their link, or the
   * broker for their client), with the way to move or cancel when a link booked it; or its host, or the sales team
   * (LEAD_NOTIFY_TO), with the way to the lead. Each carries the invitation: REQUEST for the tour as it stands, CANCEL once it is cancelled, and to a
   * host the team replaced (`tour_released`, naming who hosts it now). A notice overtaken by a later change (a
   * reminder of a moved or cancelled tour, a host since replaced, a replaced host made host again) is put aside.
   */
  async function deliverTour(notice: ClaimedNotice, kind: TourNoticeKind): Promise<void> {
    const about = readNoticeTour(notice.about);
    if (!about || !about.live) throw new NotWorthSending(about ? 'spent' : 'gone');
    if (!config.mail || !mailer) throw new DeliveryFailure('not_configured', true);
    const { recipient, linkId, ...rest } = about;
    const portalUrl = about.broker && about.tour.registrationId ? new URL(`/portal/registrations/${about.tour.registrationId}`, siteUrl).href : null;
    const tour = { ...rest, manageUrl: linkId ? tourPageOf(linkId) : null, portalUrl };
    const options = { organizer: tourOrganizer(config.mail.from), location: config.tourLocation, siteHost: siteUrl.hostname };
    const messageId = `<${notice.id}@${messageIdDomain(config)}>`;
    const inboxUrl = new URL(about.tour.leadId ? `/admin/leads/${about.tour.leadId}` : '/admin/tours', siteUrl).href;
    if (recipient === 'team') {
      await mailer.send({ ...tourHostEmail(kind, tour, { ...options, inboxUrl }), from: config.mail.from, to: config.mail.teamTo.inquiry, messageId });
      return;
    }
    if (recipient === 'host') {
      if (!about.host) throw new NotWorthSending('spent');
      await mailer.send({ ...tourHostEmail(kind, tour, { ...options, inboxUrl }), from: config.mail.from, to: [{ name: about.host.name, address: about.host.email }], messageId });
      return;
    }
    const guest = recipient === 'broker' ? about.broker : about.buyer;
    // A replaced host's notice has no guest's copy (the store queues it for the host alone).
    if (!guest || kind === 'tour_released') throw new NotWorthSending('gone');
    await mailer.send({ ...tourGuestEmail(kind, tour, options), from: config.mail.from, to: [{ name: guest.name, address: guest.email }], messageId });
  }

  /** A hold's or reservation's email, to its holder, the broker of its client, or the sales team; none once overtaken. */
  async function deliverClaim(notice: ClaimedNotice, kind: ClaimNoticeKind): Promise<void> {
    const about = readNoticeClaim(notice.about);
    if (!about || !about.live) throw new NotWorthSending(about ? 'spent' : 'gone');
    if (!config.mail || !mailer) throw new DeliveryFailure('not_configured', true);
    const to = about.recipient === 'team' ? config.mail.teamTo.inquiry : about.to ? [{ name: about.to.name, address: about.to.email }] : null;
    if (!to) throw new NotWorthSending('gone');
    const messageId = `<${notice.id}@${messageIdDomain(config)}>`;
    await mailer.send({ ...claimEmail(kind, about, { timeZone: config.timeZone, siteUrl }), from: config.mail.from, to, messageId });
  }

  /**
   * An owner's Monday email: the four weeks' figures read as their own, as of the Sunday evening before it fell due
   * (whenever a retry sends it), so that its last week is the one just ended. The next Monday's is scheduled by the
   * store when this one is done with (supabase/migrations/20261208000100_weekly_figures.sql).
   */
  async function deliverWeekly(notice: ClaimedNotice): Promise<void> {
    const about = readNoticeWeekly(notice.about);
    if (!about || !about.live) throw new NotWorthSending(about ? 'spent' : 'gone');
    if (!config.mail || !mailer) throw new DeliveryFailure('not_configured', true);
    const sundayEvening = new Date(notice.createdAt.getTime() - WEEK_ENDED_BEFORE_MS);
    // Only the panels the email reads.
    const owner = { id: about.accountId };
    const [leads, speed, tours, estate] = await Promise.all([
      store.leadInsights(owner, '4w', config.timeZone, sundayEvening),
      store.speedInsights(owner, '4w', config.timeZone, sundayEvening),
      store.tourInsights(owner, '4w', config.timeZone, sundayEvening),
      store.estateInsights(owner, '4w', config.timeZone, sundayEvening),
    ]);
    const insights = { leads, speed, tours, estate };
    const insightsUrl = new URL('/admin/insights?period=4w', siteUrl).href;
    await mailer.send({
      ...weeklyFiguresEmail(insights, { name: about.name, insightsUrl }),
      from: config.mail.from,
      to: [{ name: about.name, address: about.email }],
      messageId: `<${notice.id}@${messageIdDomain(config)}>`,
    });
  }

  const linkOf = (challengeId: string) => signInLink(siteUrl, challengeSecrets(authKey, challengeId).link);

  /** A code's email, or an invitation to the team: to the account's address, while it can still be used. */
  async function deliverToAccount(notice: ClaimedNotice): Promise<void> {
    const about = readNoticeChallenge(notice.about);
    if (!about || !about.live) throw new NotWorthSending(about ? 'spent' : 'gone');
    if (!config.mail || !mailer) throw new DeliveryFailure('not_configured', true);
    const body =
      notice.kind === 'sign_in_code'
        ? signInEmail(about.name, challengeSecrets(authKey, about.challengeId).code, linkOf(about.challengeId))
        : invitationEmail(about.name, linkOf(about.challengeId));
    await mailer.send({ ...body, from: config.mail.from, to: [{ name: about.name, address: about.email }], messageId: `<${notice.id}@${messageIdDomain(config)}>` });
  }

  /** The team's decision on a client registration, to its broker while their access lasts. */
  async function deliverRegistration(notice: ClaimedNotice): Promise<void> {
    const about = readNoticeRegistration(notice.about);
    if (!about || !about.live) throw new NotWorthSending(about ? 'spent' : 'gone');
    if (!config.mail || !mailer) throw new DeliveryFailure('not_configured', true);
    await mailer.send({
      ...registrationEmail(about, config.timeZone),
      from: config.mail.from,
      to: [{ name: about.name, address: about.email }],
      messageId: `<${notice.id}@${messageIdDomain(config)}>`,
    });
  }

  /**
   * A broker request still pending 20 hours after it arrived, to the team that reads the broker form's email.
   * One answered by now needs no reminder. Once: the lease keeps a second worker off it while it goes.
   */
  async function deliverOverdue(notice: ClaimedNotice, at: Date): Promise<void> {
    const about = readNoticeOverdue(notice.about);
    if (!about) throw new NotWorthSending('gone');
    if (!about.pending) throw new NotWorthSending('answered');
    if (!config.mail || !mailer) throw new DeliveryFailure('not_configured', true);
    const inboxUrl = new URL(`/admin/leads/${about.requestId}`, siteUrl).href;
    await mailer.send({
      ...overdueEmail(about, { timeZone: config.timeZone, inboxUrl, now: at }),
      from: config.mail.from,
      to: config.mail.teamTo.broker,
      messageId: `<${notice.id}@${messageIdDomain(config)}>`,
    });
  }

  /** A lead given to a member of the team by someone else, to them, while it is still theirs and they are on the team. */
  async function deliverAssignment(notice: ClaimedNotice): Promise<void> {
    const about = readNoticeAssignment(notice.about);
    if (!about || !about.live) throw new NotWorthSending(about ? 'spent' : 'gone');
    if (!config.mail || !mailer) throw new DeliveryFailure('not_configured', true);
    const inboxUrl = new URL(`/admin/leads/${about.leadId}`, siteUrl).href;
    await mailer.send({
      ...assignmentEmail(about, { timeZone: config.timeZone, inboxUrl }),
      from: config.mail.from,
      to: [{ name: about.name, address: about.email }],
      messageId: `<${notice.id}@${messageIdDomain(config)}>`,
    });
  }

  async function attempt(notice: ClaimedNotice): Promise<keyof DeliveryRound> {
    const started = performance.now();
    const at = new Date(now());
    let outcome: 'sent' | 'retry' | 'failed' | 'dropped' = 'sent';
    let error: string | null = null;
    let retryAt: Date | null = null;
    try {
      await deliver(notice, at);
    } catch (failure) {
      if (failure instanceof NotWorthSending) {
        outcome = 'dropped';
        error = failure.category;
      } else {
        // A fault of ours is named by its class alone (TypeError, ...): its message could quote the lead.
        const known = failure instanceof DeliveryFailure ? failure : new DeliveryFailure(`unexpected_${(failure as Error)?.name ?? 'error'}`.slice(0, 64));
        error = known.category;
        retryAt = known.permanent ? null : nextAttempt(notice.attempt, notice.createdAt, new Date(now()));
        outcome = retryAt ? 'retry' : 'failed';
      }
    }
    const durationMs = Math.round(performance.now() - started);
    logEvent(
      'delivery.attempt',
      { kind: notice.kind, form: notice.form ?? undefined, outcome, attempt: notice.attempt, durationMs, error: error ?? undefined },
      outcome === 'sent' || outcome === 'dropped' ? 'info' : outcome === 'retry' ? 'warn' : 'error',
    );
    await store.completeNotice({ id: notice.id, token: notice.token, outcome, error, nextAttemptAt: retryAt, now: new Date(now()) });
    return outcome === 'sent' ? 'sent' : outcome === 'retry' ? 'retried' : outcome === 'dropped' ? 'dropped' : 'failed';
  }

  /** Delivers every notice due now, a batch at a time, and says how it went. */
  async function runOnce(): Promise<DeliveryRound> {
    const round: DeliveryRound = { sent: 0, retried: 0, failed: 0, dropped: 0 };
    for (;;) {
      const claimed = await store.claimNotices({ now: new Date(now()), limit: batchSize, leaseSeconds, mailPerHour: config.mail?.maxPerHour ?? 0 });
      if (claimed.length === 0) return round;
      for (const result of await Promise.all(claimed.map(attempt))) round[result] += 1;
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;

  /** Runs a round now, or right after the one under way. A store that cannot be reached waits for the next tick. */
  function wake(): void {
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .catch((error: unknown) => {
        logEvent('delivery.unavailable', { reason: isStoreError(error) ? error.reason : 'unexpected', code: isStoreError(error) ? error.code : undefined }, 'error');
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    runOnce,
    wake,
    /** Wakes now and every `intervalMs`, without keeping the process alive for it. */
    start(intervalMs = 10_000) {
      wake();
      timer ??= setInterval(wake, intervalMs).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      mailer?.close();
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
