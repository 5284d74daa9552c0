import { endOtherSession, removePasskey, renameAccount, signOut, signOutEverywhere } from '@/lib/auth/actions';
import { teamTime } from '@/lib/admin/time';
import { accountPage as copy } from '@/lib/copy/account';
import type { AccountOverview, Actor } from '@/lib/auth/types';
import { PasskeyRegister } from './passkey-register';
import styles from './account-settings.module.scss';

interface AccountSettingsProps {
  actor: Actor;
  overview: AccountOverview;
  timeZone: string;
  /** What the last change did: a `saved` key of the content, or `refused`. */
  outcome: string | null;
}

/** One's own account: one's name, one's passkeys (the team's), and every place one is signed in, each to end. */
export function AccountSettings({ actor, overview, timeZone, outcome }: AccountSettingsProps) {
  const { account, passkeys, sessions } = overview;
  const said = outcome === 'refused' ? copy.refused : outcome ? copy.saved[outcome] : undefined;
  const team = account.role !== 'broker';
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.heading}>{copy.heading}</h1>
        <p className={styles.who}>
          {account.email} · {copy.roles[account.role]}
        </p>
      </header>
      <p className={styles.said} role="status" data-outcome={outcome === 'refused' || outcome === 'passkeyFailed' ? 'refused' : 'saved'}>
        {said ?? ''}
      </p>

      <section aria-labelledby="name-heading" className={styles.section}>
        <h2 id="name-heading" className={styles.visuallyHidden}>
          {copy.name}
        </h2>
        <form action={renameAccount} className={styles.inline}>
          <label htmlFor="account-name">{copy.name}</label>
          <input id="account-name" name="name" defaultValue={account.name} maxLength={80} required autoComplete="name" aria-describedby="account-name-hint" />
          <button type="submit">{copy.save}</button>
          <p id="account-name-hint" className={styles.hint}>
            {copy.nameHint}
          </p>
        </form>
      </section>

      {team ? (
        <section aria-labelledby="passkeys-heading" className={styles.section}>
          <h2 id="passkeys-heading">{copy.passkeys}</h2>
          <p className={styles.hint}>{copy.passkeysIntro}</p>
          {passkeys.length ? (
            <ul className={styles.list}>
              {passkeys.map((passkey) => (
                <li key={passkey.id}>
                  <span>
                    <strong>{passkey.label}</strong>
                    <span className={styles.quiet}>
                      {copy.passkeyAdded(teamTime(passkey.createdAt, timeZone))}
                      {passkey.lastUsedAt ? ` · ${copy.passkeyUsed(teamTime(passkey.lastUsedAt, timeZone))}` : ''}
                    </span>
                  </span>
                  <form action={removePasskey}>
                    <input type="hidden" name="passkey" value={passkey.id} />
                    <button type="submit" className={styles.secondary} aria-label={copy.removePasskeyOf(passkey.label)}>
                      {copy.removePasskey}
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.quiet}>{copy.noPasskeys}</p>
          )}
          <PasskeyRegister />
        </section>
      ) : null}

      <section aria-labelledby="sessions-heading" className={styles.section}>
        <h2 id="sessions-heading">{copy.sessions}</h2>
        <ul className={styles.list}>
          {sessions.map((session) => {
            const device = session.device ?? copy.unknownDevice;
            const here = session.id === actor.sessionId;
            return (
              <li key={session.id} data-current={here || undefined}>
                <span>
                  <strong>
                    {device}
                    {here ? ` · ${copy.thisDevice}` : ''}
                  </strong>
                  <span className={styles.quiet}>
                    {copy.since(teamTime(session.createdAt, timeZone))} · {copy.lastUsed(teamTime(session.lastUsedAt, timeZone))}
                  </span>
                </span>
                {here ? null : (
                  <form action={endOtherSession}>
                    <input type="hidden" name="session" value={session.id} />
                    <button type="submit" className={styles.secondary} aria-label={copy.endSessionOn(device)}>
                      {copy.endSession}
                    </button>
                  </form>
                )}
              </li>
            );
          })}
        </ul>
        <div className={styles.endAll}>
          <form action={signOut}>
            <input type="hidden" name="from" value="account" />
            <button type="submit" className={styles.secondary}>
              {copy.signOut}
            </button>
          </form>
          <form action={signOutEverywhere}>
            <input type="hidden" name="from" value="account" />
            <button type="submit">{copy.signOutEverywhere}</button>
          </form>
        </div>
      </section>
    </main>
  );
}
