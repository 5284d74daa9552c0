import { teamDate, teamTime } from '@/lib/admin/time';
import { claimWords } from '@/lib/copy/holds';
import { formatUsd } from '@/lib/copy/money';
import type { LotClaim } from '@/lib/holds/types';
import { EmailAddress } from '../shared/email-address';
import { Fact } from '../shared/fact';
import { StatusPill } from '../shared/status-pill';
import styles from './claim-facts.module.scss';

const words = claimWords;

/** A claim's stage and, once it has ended, how: the words, never colour alone. */
export function ClaimStatus({ claim }: { claim: LotClaim }) {
  const active = claim.state === 'active';
  return (
    <span className={styles.status}>
      <StatusPill tone={active ? (claim.stage === 'sold' ? 'quiet' : 'attention') : 'quiet'} status={active ? claim.stage : claim.state}>
        {words.stage(claim.stage)}
        {active ? '' : ` · ${words.ended(claim.state)}`}
      </StatusPill>
      {claim.depositOverdue ? (
        <StatusPill tone="negative" status="overdue">
          <strong>{words.overdue}</strong>
        </StatusPill>
      ) : null}
    </span>
  );
}

/**
 * Everything about a hold or reservation that the one reading may know: the team sees who placed it and for which
 * broker; a broker reads their own client's (`audience="broker"`), without the team's notes.
 */
export function ClaimFacts({ claim, timeZone, audience }: { claim: LotClaim; timeZone: string; audience: 'team' | 'broker' }) {
  const f = words.facts;
  const deposit = claim.deposit;
  return (
    <dl className={styles.facts}>
      <Fact label={f.lot}>{claim.lot}</Fact>
      <Fact label={f.buyer}>
        {claim.buyer ? (
          <>
            {claim.buyer.name}
            {audience === 'team' ? (
              <small>
                <EmailAddress address={claim.buyer.email} />
              </small>
            ) : null}
          </>
        ) : (
          words.erased
        )}
      </Fact>
      {audience === 'team' && claim.broker ? <Fact label={f.broker}>{`${claim.broker.name}${claim.broker.brokerage ? `, ${claim.broker.brokerage}` : ''}`}</Fact> : null}
      {audience === 'team' && claim.placedBy ? <Fact label={f.placedBy}>{claim.placedBy.name}</Fact> : null}
      <Fact label={f.placedAt}>
        <time dateTime={claim.placedAt}>{teamTime(claim.placedAt, timeZone)}</time>
      </Fact>
      {claim.stage === 'hold' ? (
        <Fact label={claim.state === 'active' || claim.state === 'expired' ? f.expiresAt : f.endedAt}>
          <time dateTime={claim.endedAt ?? claim.expiresAt}>{teamTime(claim.endedAt ?? claim.expiresAt, timeZone)}</time>
        </Fact>
      ) : null}
      {claim.extendedAt ? (
        <Fact label={f.extended} wide={audience === 'team'}>
          {audience === 'team' ? words.extendedWhy(teamTime(claim.extendedAt, timeZone), claim.extendReason) : teamTime(claim.extendedAt, timeZone)}
        </Fact>
      ) : null}
      {claim.reservedAt ? (
        <Fact label={f.reservedAt}>
          <time dateTime={claim.reservedAt}>{teamTime(claim.reservedAt, timeZone)}</time>
        </Fact>
      ) : null}
      {claim.contractAt ? (
        <Fact label={f.contractAt}>
          <time dateTime={claim.contractAt}>{teamTime(claim.contractAt, timeZone)}</time>
        </Fact>
      ) : null}
      {claim.soldAt ? (
        <Fact label={f.soldAt}>
          <time dateTime={claim.soldAt}>{teamTime(claim.soldAt, timeZone)}</time>
        </Fact>
      ) : null}
      {deposit ? (
        <>
          <Fact label={f.deposit}>{formatUsd(deposit.amount)}</Fact>
          <Fact label={f.due}>{teamDate(deposit.dueOn)}</Fact>
          <Fact label={f.received}>{deposit.receivedOn ? teamDate(deposit.receivedOn) : claim.depositOverdue ? words.overdue : words.notReceived}</Fact>
          {deposit.method ? <Fact label={f.method}>{deposit.method}</Fact> : null}
          {audience === 'team' && deposit.note ? (
            <Fact label={f.note} wide>
              {deposit.note}
            </Fact>
          ) : null}
        </>
      ) : null}
      {claim.state === 'cancelled' ? (
        <Fact label={f.cancelReason} wide>
          {claim.cancelReason ?? words.erased}
        </Fact>
      ) : null}
    </dl>
  );
}
