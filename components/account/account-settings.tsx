import { endOtherSession, removePasskey, renameAccount, setWeeklyFigures, signOut, signOutEverywhere } from '@/lib/auth/actions';
import { teamTime } from '@/lib/admin/time';
import { accountPage as copy } from '@/lib/copy/account';
import type { AccountOverview, Actor } from '@/lib/auth/types';
import { Button } from '../shared/button';
import { EmailAddress } from '../shared/email-address';
import { EmptyState } from '../shared/empty-state';
import { EventList } from '../shared/event-list';
import { FormField } from '../shared/form-field';
import { PageColumn } from '../shared/page-column';
import { Panel } from '../shared/panel';
import { PasskeyRegister } from './passkey-register';
import styles from './account-settings.module.scss';

interface AccountSettingsProps {
  actor: Actor;
  overview: AccountOverview;
  timeZone: string;
  /** What the last change did: a `saved` key of the content, or `refused`. */
  outcome: string | null;
  /** An owner's Monday email of the week's figures: whether they get it; null to anyone else. */
  weeklyFigures: boolean | null;
}

interface PostButtonProps {
  action: (form: FormData) => void | Promise<void>;
  /** The one field it posts: what to remove or end. */
  field: string;
  value: string;
  label: string;
  /** Read instead of `label` where the words alone do not say which one ("Sign out" … "on Chrome on Linux"). */
  fullLabel?: string;
}

/** One secondary button, as a plain form post of one field. */
function PostButton({ action, field, value, label, fullLabel }: PostButtonProps) {
  return (
    <form action={action} className={styles.end}>
      <input type="hidden" name={field} value={value} />
      <Button kind="secondary" aria-label={fullLabel}>
        {label}
      </Button>
    </form>
  );
}

/** One's own account: one's name, one's passkeys (the team's), and every place one is signed in, each to end. */
export function AccountSettings({ actor, overview, timeZone, outcome, weeklyFigures }: AccountSettingsProps) {
  const { account, passkeys, sessions } = overview;
  const said = outcome === 'refused' ? copy.refused : outcome ? copy.saved[outcome] : undefined;
  const refused = outcome === 'refused' || outcome === 'passkeyFailed';
  const team = account.role !== 'broker';
  return (
    <PageColumn
      heading={copy.heading}
      intro={
        <p>
          <EmailAddress address={account.email} link={false} /> · {copy.roles[account.role]}
        </p>
      }
      status={said ? { tone: refused ? 'error' : 'success', text: said } : null}
      width="medium"
    >
      <div className={styles.sections}>
        <Panel id="name" heading={copy.name}>
          <form action={renameAccount} className={styles.inline}>
            <FormField id="account-name" label={copy.name} labelHidden hint={copy.nameHint}>
              {(control) => <input {...control} name="name" defaultValue={account.name} maxLength={80} required autoComplete="name" />}
            </FormField>
            <Button>{copy.save}</Button>
          </form>
        </Panel>

        {team ? (
          <Panel id="passkeys" heading={copy.passkeys} byline={copy.passkeysIntro}>
            {passkeys.length ? (
              <EventList
                events={passkeys.map((passkey) => ({
                  key: passkey.id,
                  what: <strong>{passkey.label}</strong>,
                  byline: `${copy.passkeyAdded(teamTime(passkey.createdAt, timeZone))}${passkey.lastUsedAt ? ` · ${copy.passkeyUsed(teamTime(passkey.lastUsedAt, timeZone))}` : ''}`,
                  details: <PostButton action={removePasskey} field="passkey" value={passkey.id} label={copy.removePasskey} fullLabel={copy.removePasskeyOf(passkey.label)} />,
                }))}
              />
            ) : (
              <EmptyState>{copy.noPasskeys}</EmptyState>
            )}
            <PasskeyRegister />
          </Panel>
        ) : null}

        {weeklyFigures === null ? null : (
          <Panel id="weekly" sectionId="weekly" heading={copy.weekly.heading} byline={copy.weekly.intro(timeZone)}>
            <form action={setWeeklyFigures} className={styles.inline}>
              <p>{weeklyFigures ? copy.weekly.on : copy.weekly.off}</p>
              <input type="hidden" name="on" value={weeklyFigures ? 'false' : 'true'} />
              <Button kind={weeklyFigures ? 'secondary' : undefined}>{weeklyFigures ? copy.weekly.stop : copy.weekly.start}</Button>
            </form>
          </Panel>
        )}

        <Panel id="sessions" heading={copy.sessions}>
          <EventList
            events={sessions.map((session) => {
              const device = session.device ?? copy.unknownDevice;
              const here = session.id === actor.sessionId;
              return {
                key: session.id,
                what: <strong>{here ? `${device} · ${copy.thisDevice}` : device}</strong>,
                byline: `${copy.since(teamTime(session.createdAt, timeZone))} · ${copy.lastUsed(teamTime(session.lastUsedAt, timeZone))}`,
                details: here ? null : <PostButton action={endOtherSession} field="session" value={session.id} label={copy.endSession} fullLabel={copy.endSessionOn(device)} />,
              };
            })}
          />
          <div className={styles.endAll}>
            <PostButton action={signOut} field="from" value="account" label={copy.signOut} />
            <form action={signOutEverywhere}>
              <input type="hidden" name="from" value="account" />
              <Button>{copy.signOutEverywhere}</Button>
            </form>
          </div>
        </Panel>
      </div>
    </PageColumn>
  );
}
