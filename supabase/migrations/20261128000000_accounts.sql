-- One way to sign in, for the sales team (owners and members) and approved brokers: an email code or link,
-- or a passkey; sessions in the database, ended at once when a person signs out, is removed or revoked.
--
-- Nothing here stores a secret as it was sent: a session keeps the SHA-256 of its secret, a sign-in
-- challenge the keyed hashes of its code and link (the key is the server's, never the database's), an
-- address asking for a code only a salted hash. Every function the server calls on someone's behalf takes
-- the acting account and refuses (SQLSTATE 42501) what that account may not do, whatever reached it.

create table private.accounts (
  id uuid primary key default gen_random_uuid(),
  -- Lower-cased: one account per address, whatever its capitals.
  email text not null check (email = lower(email) and char_length(email) between 3 and 254 and email like '%_@_%'),
  name text not null check (name <> '' and char_length(name) <= 80),
  role text not null check (role in ('owner', 'member', 'broker')),
  status text not null default 'active' check (status in ('active', 'removed', 'revoked')),
  -- An owner named by ADMIN_EMAILS: may always sign in, and is neither removed nor demoted in the inbox.
  fixed boolean not null default false,
  phone text check (phone <> '' and char_length(phone) <= 40),
  brokerage text check (brokerage <> '' and char_length(brokerage) <= 160),
  -- The broker request a broker's access was approved from.
  broker_request_id uuid,
  created_at timestamptz not null default now(),
  joined_at timestamptz,
  last_sign_in_at timestamptz,
  check (role = 'broker' or brokerage is null),
  check (role <> 'broker' or not fixed)
);
create unique index accounts_email_idx on private.accounts (email);
create index accounts_broker_request_idx on private.accounts (broker_request_id) where broker_request_id is not null;

-- A code and a link sent by email (`sign_in`, 15 minutes), or a link alone (`invitation`, 7 days). Asked
-- for an address nobody may sign in with, a challenge is kept all the same, with no account: the request
-- does the same work whoever asks, and such a challenge can never be redeemed.
create table private.sign_in_challenges (
  id uuid primary key,
  purpose text not null check (purpose in ('sign_in', 'invitation')),
  email_hash text not null,
  account_id uuid references private.accounts (id) on delete cascade,
  code_hash text check (code_hash ~ '^[0-9a-f]{64}$'),
  link_hash text not null unique check (link_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  failed_tries integer not null default 0,
  used_at timestamptz,
  check (purpose = 'invitation' or code_hash is not null)
);
create index sign_in_challenges_email_idx on private.sign_in_challenges (email_hash, purpose, created_at desc);
create index sign_in_challenges_account_idx on private.sign_in_challenges (account_id);
create index sign_in_challenges_expires_idx on private.sign_in_challenges (expires_at);

-- Each request for a code, by salted hashes of the address and the client, for the limits; kept a day.
create table private.sign_in_requests (
  email_hash text not null,
  client_hash text not null,
  at timestamptz not null
);
create index sign_in_requests_email_idx on private.sign_in_requests (email_hash, at);
create index sign_in_requests_client_idx on private.sign_in_requests (client_hash, at);
create index sign_in_requests_at_idx on private.sign_in_requests (at);

-- The cookie carries `<id>.<secret>`; the database the id and the SHA-256 of the secret.
create table private.sessions (
  id text primary key check (id ~ '^[a-z2-7]{24}$'),
  secret_hash text not null check (secret_hash ~ '^[0-9a-f]{64}$'),
  account_id uuid not null references private.accounts (id) on delete cascade,
  created_at timestamptz not null,
  last_used_at timestamptz not null,
  -- Ends after this long without use, and at expires_at whatever happens (null: only when idle).
  idle_seconds integer not null check (idle_seconds > 0),
  expires_at timestamptz,
  -- "Chrome on Android": enough to tell one's own sessions apart, nothing that identifies a device.
  device text check (char_length(device) <= 80)
);
create index sessions_account_idx on private.sessions (account_id);

create table private.passkeys (
  -- The credential's id, base64url, as the authenticator gave it.
  id text primary key check (char_length(id) between 16 and 1366 and id ~ '^[A-Za-z0-9_-]+$'),
  account_id uuid not null references private.accounts (id) on delete cascade,
  public_key text not null check (public_key ~ '^[A-Za-z0-9_-]+$' and char_length(public_key) <= 2048),
  counter bigint not null default 0 check (counter >= 0),
  transports text[] not null default '{}',
  backed_up boolean not null default false,
  label text not null check (label <> '' and char_length(label) <= 80),
  created_at timestamptz not null,
  last_used_at timestamptz
);
create index passkeys_account_idx on private.passkeys (account_id);

-- The challenge of one passkey ceremony, spent when its answer comes back (or five minutes after).
create table private.passkey_ceremonies (
  id uuid primary key,
  purpose text not null check (purpose in ('register', 'sign_in')),
  account_id uuid references private.accounts (id) on delete cascade,
  challenge text not null check (challenge ~ '^[A-Za-z0-9_-]{16,128}$'),
  expires_at timestamptz not null,
  check (purpose = 'sign_in' or account_id is not null)
);
create index passkey_ceremonies_expires_idx on private.passkey_ceremonies (expires_at);

-- What happened to an account, and who did it: the inbox shows a team member's on the team page, a
-- broker's on the page of the request they were approved from.
create table private.account_activity (
  -- In the order things happened, even within one moment.
  id bigint generated always as identity primary key,
  account_id uuid not null references private.accounts (id) on delete cascade,
  at timestamptz not null,
  actor text not null check (actor <> '' and char_length(actor) <= 80),
  action text not null check (action in (
    'invited', 'signed_in', 'code_failed', 'passkey_added', 'passkey_removed', 'role', 'removed',
    'revoked', 'restored', 'signed_out_everywhere', 'renamed'
  )),
  detail text check (char_length(detail) <= 120)
);
create index account_activity_account_idx on private.account_activity (account_id, at);
create index account_activity_at_idx on private.account_activity (at);

-- The outbox also carries what is sent about an account rather than a lead: a sign-in code, an
-- invitation. Such a notice names the challenge it carries (`about_id`); the code and link are derived
-- from it and the server's key when the email is written, never stored. A notice that is no longer worth
-- sending (its code expired, or was used) is `dropped`, not failed.
alter table private.outbox alter column lead_id drop not null;
alter table private.outbox alter column form drop not null;
alter table private.outbox add column about_id uuid;
alter table private.outbox add constraint outbox_about_check check (lead_id is not null or about_id is not null);
-- The kinds of notice are rows rather than a list in a constraint, so that what comes next (a tour's
-- invitation, a registration's outcome) adds its kinds and says what they are about without redefining
-- anything here: `about` names the function that describes a notice's subject for the worker, given the
-- subject's id and the time (null for a lead's own notices, which carry the lead).
create table private.notice_kinds (
  kind text primary key check (kind ~ '^[a-z][a-z_]{1,39}$'),
  about regprocedure
);
alter table private.outbox drop constraint outbox_kind_check;
alter table private.outbox drop constraint outbox_status_check;
alter table private.outbox add constraint outbox_status_check check (status in ('pending', 'sent', 'failed', 'dropped'));
-- A lead's own notices stay one per kind; an approval carries its invitation, and a broker whose access
-- is restored is approved (and invited) again.
alter table private.outbox drop constraint outbox_lead_id_kind_key;
create unique index outbox_lead_kind_idx on private.outbox (lead_id, kind) where about_id is null;
create index outbox_about_idx on private.outbox (about_id) where about_id is not null;

-- ---------------------------------------------------------------------------------------------------------
-- Who is acting.

create function private.account_json(p_account private.accounts) returns jsonb
language sql immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_account.id, 'email', p_account.email, 'name', p_account.name, 'role', p_account.role,
    'phone', p_account.phone, 'brokerage', p_account.brokerage, 'fixed', p_account.fixed
  )
$$;

-- The acting account, when it is active and holds one of these roles; otherwise the call is refused.
create function private.acting(p_actor uuid, p_roles text[]) returns private.accounts
language plpgsql stable
set search_path = ''
as $$
declare
  v_account private.accounts;
begin
  select * into v_account from private.accounts a where a.id = p_actor and a.status = 'active';
  if v_account.id is null or not (v_account.role = any (p_roles)) then
    raise exception 'not permitted' using errcode = '42501';
  end if;
  return v_account;
end;
$$;

create function private.team() returns text[] language sql immutable set search_path = '' as $$ select array['owner', 'member'] $$;

create function private.record_account(p_account uuid, p_at timestamptz, p_actor text, p_action text, p_detail text default null)
returns void
language sql
set search_path = ''
as $$
  insert into private.account_activity (account_id, at, actor, action, detail) values (p_account, p_at, left(p_actor, 80), p_action, p_detail);
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Sessions: team members end after 12 hours without use and 7 days in all; brokers after 30 days without use.

create function private.open_session(p_account private.accounts, p_id text, p_secret_hash text, p_now timestamptz, p_device text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_team boolean := p_account.role <> 'broker';
begin
  insert into private.sessions (id, secret_hash, account_id, created_at, last_used_at, idle_seconds, expires_at, device)
  values (
    p_id, p_secret_hash, p_account.id, p_now, p_now,
    case when v_team then 12 * 3600 else 30 * 86400 end,
    case when v_team then p_now + interval '7 days' end,
    nullif(left(p_device, 80), '')
  );
  update private.accounts set last_sign_in_at = p_now, joined_at = coalesce(joined_at, p_now) where id = p_account.id;
  -- Ended sessions of anyone are forgotten as new ones begin.
  delete from private.sessions s
  where s.last_used_at < p_now - make_interval(secs => s.idle_seconds) or s.expires_at <= p_now;
end;
$$;

-- The session with this id, with its account, while it lives: its secret's hash is compared by the server,
-- in constant time. Its last use is moved on at most once a minute. An ended one is deleted.
create function public.auth_session(p_id text, p_now timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_session private.sessions;
  v_account private.accounts;
begin
  select * into v_session from private.sessions s where s.id = p_id;
  if v_session.id is null then
    return null;
  end if;
  select * into v_account from private.accounts a where a.id = v_session.account_id;
  if v_account.status <> 'active'
    or p_now >= v_session.last_used_at + make_interval(secs => v_session.idle_seconds)
    or p_now >= v_session.expires_at then
    delete from private.sessions s where s.id = p_id;
    return null;
  end if;
  if p_now - v_session.last_used_at > interval '1 minute' then
    update private.sessions s set last_used_at = p_now where s.id = p_id;
  end if;
  return jsonb_build_object('secret_hash', v_session.secret_hash, 'created_at', v_session.created_at, 'account', private.account_json(v_account));
end;
$$;

-- Sign out: this session ends.
create function public.auth_end_session(p_id text) returns boolean
language sql
security definer
set search_path = ''
as $$
  with ended as (delete from private.sessions s where s.id = p_id returning 1) select exists (select 1 from ended)
$$;

-- Sign out everywhere: every session of the acting account ends, this one too.
create function public.auth_end_all_sessions(p_actor uuid, p_now timestamptz) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
  v_ended integer;
begin
  delete from private.sessions s where s.account_id = v_actor.id;
  get diagnostics v_ended = row_count;
  perform private.record_account(v_actor.id, p_now, v_actor.name, 'signed_out_everywhere', v_ended::text);
  return v_ended;
end;
$$;

-- One of the acting account's own sessions ends (from its list on the account page).
create function public.auth_end_own_session(p_actor uuid, p_id text) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
begin
  delete from private.sessions s where s.id = p_id and s.account_id = v_actor.id;
  return found;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Codes and links.

-- Asks for a sign-in code for an address. Within the limits, a challenge is kept whoever asks; when the
-- address is an active account's, its email joins the outbox (with mail configured) and earlier codes
-- of that address are spent. Returns {outcome: issued | unknown | limited}, and the name to greet.
create function public.auth_request_sign_in(
  p_email text,
  p_client_address text,
  p_challenge_id uuid,
  p_code_hash text,
  p_link_hash text,
  p_now timestamptz,
  p_per_address integer,
  p_per_client integer,
  p_window_seconds integer,
  p_notify boolean
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(trim(p_email));
  v_email_hash text := private.salted_hash(lower(trim(p_email)));
  v_client_hash text := private.salted_hash(p_client_address);
  v_since timestamptz := p_now - make_interval(secs => p_window_seconds);
  v_account private.accounts;
begin
  perform pg_advisory_xact_lock(hashtext('auth_request_sign_in/' || v_email_hash));
  if (select count(*) from private.sign_in_requests r where r.email_hash = v_email_hash and r.at > v_since) >= p_per_address
    or (select count(*) from private.sign_in_requests r where r.client_hash = v_client_hash and r.at > v_since) >= p_per_client then
    return jsonb_build_object('outcome', 'limited');
  end if;
  insert into private.sign_in_requests (email_hash, client_hash, at) values (v_email_hash, v_client_hash, p_now);
  delete from private.sign_in_requests r where r.at < p_now - interval '1 day';
  delete from private.sign_in_challenges c where c.expires_at < p_now - interval '1 day';

  select * into v_account from private.accounts a where a.email = v_email and a.status = 'active';
  update private.sign_in_challenges c set used_at = p_now
  where c.email_hash = v_email_hash and c.purpose = 'sign_in' and c.used_at is null;
  insert into private.sign_in_challenges (id, purpose, email_hash, account_id, code_hash, link_hash, created_at, expires_at)
  values (p_challenge_id, 'sign_in', v_email_hash, v_account.id, p_code_hash, p_link_hash, p_now, p_now + interval '15 minutes');
  if v_account.id is null then
    return jsonb_build_object('outcome', 'unknown');
  end if;
  if p_notify then
    insert into private.outbox (id, about_id, kind, next_attempt_at, created_at)
    values (private.notice_id(p_challenge_id, 'sign_in_code'), p_challenge_id, 'sign_in_code', p_now, p_now);
  end if;
  return jsonb_build_object('outcome', 'issued', 'name', v_account.name);
end;
$$;

-- Ends a challenge redeemed, and the account's sign-in: a session, the history line.
create function private.redeem(p_challenge private.sign_in_challenges, p_now timestamptz, p_session_id text, p_secret_hash text, p_device text, p_method text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_account private.accounts;
begin
  select * into v_account from private.accounts a where a.id = p_challenge.account_id and a.status = 'active';
  if v_account.id is null then
    return jsonb_build_object('outcome', 'refused', 'reason', 'no_account');
  end if;
  update private.sign_in_challenges c set used_at = p_now where c.id = p_challenge.id;
  -- The email of a code used already need not go any more.
  update private.outbox o set status = 'dropped', lease_until = null, lease_token = null
  where o.about_id = p_challenge.id and o.status = 'pending' and p_challenge.purpose = 'sign_in';
  perform private.open_session(v_account, p_session_id, p_secret_hash, p_now, p_device);
  perform private.record_account(v_account.id, p_now, v_account.name, 'signed_in', p_method);
  return jsonb_build_object('outcome', 'signed_in', 'account', private.account_json(v_account));
end;
$$;

-- Signs in with the code of the newest live sign-in challenge of an address. A wrong code counts against
-- it; the fifth wrong one kills it. Returns {outcome: signed_in, account} or {outcome: refused, reason}.
create function public.auth_redeem_code(p_email text, p_code_hash text, p_now timestamptz, p_session_id text, p_secret_hash text, p_device text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_challenge private.sign_in_challenges;
  v_account private.accounts;
begin
  select * into v_challenge from private.sign_in_challenges c
  where c.email_hash = private.salted_hash(lower(trim(p_email))) and c.purpose = 'sign_in'
    and c.used_at is null and c.expires_at > p_now and c.failed_tries < 5
  order by c.created_at desc
  limit 1
  for update;
  if v_challenge.id is null then
    return jsonb_build_object('outcome', 'refused', 'reason', 'no_live_code');
  end if;
  if v_challenge.code_hash <> p_code_hash then
    update private.sign_in_challenges c set failed_tries = c.failed_tries + 1 where c.id = v_challenge.id;
    select * into v_account from private.accounts a where a.id = v_challenge.account_id;
    if v_account.id is not null then
      perform private.record_account(v_account.id, p_now, v_account.name, 'code_failed', (v_challenge.failed_tries + 1)::text);
    end if;
    return jsonb_build_object('outcome', 'refused', 'reason', case when v_challenge.failed_tries + 1 >= 5 then 'exhausted' else 'wrong_code' end);
  end if;
  return private.redeem(v_challenge, p_now, p_session_id, p_secret_hash, p_device, 'code');
end;
$$;

-- Signs in with a link (a sign-in email's, or an invitation's). Only a POST reaches this: the page a link
-- opens asks for a press of its button, so that mail scanners opening links spend nothing.
create function public.auth_redeem_link(p_link_hash text, p_now timestamptz, p_session_id text, p_secret_hash text, p_device text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_challenge private.sign_in_challenges;
begin
  select * into v_challenge from private.sign_in_challenges c where c.link_hash = p_link_hash for update;
  if v_challenge.id is null or v_challenge.used_at is not null or v_challenge.expires_at <= p_now or v_challenge.failed_tries >= 5 then
    return jsonb_build_object('outcome', 'refused', 'reason', case when v_challenge.id is null then 'unknown_link' else 'dead_link' end);
  end if;
  return private.redeem(v_challenge, p_now, p_session_id, p_secret_hash, p_device, case v_challenge.purpose when 'invitation' then 'invitation' else 'link' end);
end;
$$;

-- Whether a link may still sign someone in, and what it is, for the page it opens; spends nothing.
create function public.auth_link_state(p_link_hash text, p_now timestamptz) returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select jsonb_build_object('live', c.used_at is null and c.expires_at > p_now and c.failed_tries < 5 and a.status = 'active', 'purpose', c.purpose)
     from private.sign_in_challenges c join private.accounts a on a.id = c.account_id
     where c.link_hash = p_link_hash),
    jsonb_build_object('live', false, 'purpose', null)
  )
$$;

-- An invitation: a link valid 7 days for this account, earlier ones spent, its email queued as `p_kind`.
create function private.invite(p_account private.accounts, p_challenge_id uuid, p_link_hash text, p_now timestamptz, p_kind text, p_lead uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  update private.sign_in_challenges c set used_at = p_now
  where c.account_id = p_account.id and c.purpose = 'invitation' and c.used_at is null;
  insert into private.sign_in_challenges (id, purpose, email_hash, account_id, link_hash, created_at, expires_at)
  values (p_challenge_id, 'invitation', private.salted_hash(p_account.email), p_account.id, p_link_hash, p_now, p_now + interval '7 days');
  if p_kind is not null then
    insert into private.outbox (id, lead_id, form, about_id, kind, next_attempt_at, created_at)
    values (private.notice_id(p_challenge_id, p_kind), p_lead, case when p_lead is null then null else 'broker' end, p_challenge_id, p_kind, p_now, p_now);
  end if;
end;
$$;

-- What a notice about a challenge needs to be written: who it goes to, and whether it is still worth sending.
create function private.challenge_json(p_challenge_id uuid, p_now timestamptz) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'challenge_id', c.id, 'purpose', c.purpose, 'expires_at', c.expires_at,
    'live', c.used_at is null and c.expires_at > p_now and a.status = 'active',
    'name', a.name, 'email', a.email, 'role', a.role
  )
  from private.sign_in_challenges c join private.accounts a on a.id = c.account_id
  where c.id = p_challenge_id
$$;

insert into private.notice_kinds (kind, about) values
  ('team_email', null), ('receipt', null), ('webhook', null), ('broker_declined', null),
  ('broker_approved', 'private.challenge_json(uuid, timestamptz)'),
  ('sign_in_code', 'private.challenge_json(uuid, timestamptz)'),
  ('invitation', 'private.challenge_json(uuid, timestamptz)');
alter table private.outbox add constraint outbox_kind_fkey foreign key (kind) references private.notice_kinds (kind);

-- What a notice is about, as its kind's function describes it; null when the kind names none, or the subject is gone.
create function private.notice_about(p_kind text, p_about uuid, p_now timestamptz) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_function regprocedure;
  v_about jsonb;
begin
  select k.about into v_function from private.notice_kinds k where k.kind = p_kind;
  if v_function is null or p_about is null then
    return null;
  end if;
  execute format('select %s($1, $2)', v_function::regproc) into v_about using p_about, p_now;
  return v_about;
end;
$$;

-- The history of a lead takes what later work records on it (a tour booked, a registration matched) without
-- a list to redefine: an action is a word.
alter table private.lead_activity drop constraint lead_activity_action_check;
alter table private.lead_activity add constraint lead_activity_action_check check (action ~ '^[a-z][a-z_]{1,39}$');

-- ---------------------------------------------------------------------------------------------------------
-- Passkeys.

create function public.passkey_open_ceremony(p_id uuid, p_purpose text, p_actor uuid, p_challenge text, p_now timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_purpose = 'register' then
    perform private.acting(p_actor, private.team());
  elsif p_actor is not null then
    raise exception 'a sign-in ceremony has no account' using errcode = '22023';
  end if;
  delete from private.passkey_ceremonies c where c.expires_at < p_now;
  insert into private.passkey_ceremonies (id, purpose, account_id, challenge, expires_at)
  values (p_id, p_purpose, p_actor, p_challenge, p_now + interval '5 minutes');
end;
$$;

-- The challenge of a ceremony, spent in the taking; null once spent or past its five minutes, or when it
-- was another account's.
create function public.passkey_take_ceremony(p_id uuid, p_purpose text, p_actor uuid, p_now timestamptz) returns text
language sql
security definer
set search_path = ''
as $$
  with taken as (
    delete from private.passkey_ceremonies c
    where c.id = p_id and c.purpose = p_purpose and c.account_id is not distinct from p_actor
    returning c.challenge, c.expires_at
  )
  select challenge from taken where expires_at > p_now
$$;

create function public.passkey_add(
  p_actor uuid, p_id text, p_public_key text, p_counter bigint, p_transports text[], p_backed_up boolean, p_label text, p_now timestamptz
) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
begin
  insert into private.passkeys (id, account_id, public_key, counter, transports, backed_up, label, created_at)
  values (p_id, v_actor.id, p_public_key, p_counter, coalesce(p_transports, '{}'), p_backed_up, p_label, p_now)
  on conflict (id) do nothing;
  if not found then
    return false;
  end if;
  perform private.record_account(v_actor.id, p_now, v_actor.name, 'passkey_added', p_label);
  return true;
end;
$$;

create function public.passkey_remove(p_actor uuid, p_id text, p_now timestamptz) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_label text;
begin
  delete from private.passkeys k where k.id = p_id and k.account_id = v_actor.id returning k.label into v_label;
  if v_label is null then
    return false;
  end if;
  perform private.record_account(v_actor.id, p_now, v_actor.name, 'passkey_removed', v_label);
  return true;
end;
$$;

-- A passkey that may sign someone in: its key and counter, while its account is an active team member's.
create function public.passkey_for_sign_in(p_id text) returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('id', k.id, 'public_key', k.public_key, 'counter', k.counter, 'transports', to_jsonb(k.transports))
  from private.passkeys k join private.accounts a on a.id = k.account_id
  where k.id = p_id and a.status = 'active' and a.role = any (private.team())
$$;

-- Signs in with a passkey whose answer the server has verified: its counter moves on, a session begins.
-- Refused when the counter went backwards since it was read (an answer replayed or a cloned key).
create function public.passkey_sign_in(p_id text, p_counter bigint, p_now timestamptz, p_session_id text, p_secret_hash text, p_device text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_key private.passkeys;
  v_account private.accounts;
begin
  select * into v_key from private.passkeys k where k.id = p_id for update;
  select * into v_account from private.accounts a where a.id = v_key.account_id and a.status = 'active' and a.role = any (private.team());
  if v_key.id is null or v_account.id is null then
    return jsonb_build_object('outcome', 'refused', 'reason', 'no_account');
  end if;
  if p_counter <> 0 and p_counter <= v_key.counter then
    return jsonb_build_object('outcome', 'refused', 'reason', 'counter');
  end if;
  update private.passkeys k set counter = p_counter, last_used_at = p_now where k.id = p_id;
  perform private.open_session(v_account, p_session_id, p_secret_hash, p_now, p_device);
  perform private.record_account(v_account.id, p_now, v_account.name, 'signed_in', 'passkey');
  return jsonb_build_object('outcome', 'signed_in', 'account', private.account_json(v_account));
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- One's own account: passkeys, sessions, name.

create function public.account_overview(p_actor uuid, p_now timestamptz) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
begin
  return jsonb_build_object(
    'account', private.account_json(v_actor),
    'passkeys', (select coalesce(jsonb_agg(jsonb_build_object('id', k.id, 'label', k.label, 'created_at', k.created_at, 'last_used_at', k.last_used_at, 'backed_up', k.backed_up)
      order by k.created_at), '[]'::jsonb) from private.passkeys k where k.account_id = v_actor.id),
    'sessions', (select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'device', s.device, 'created_at', s.created_at, 'last_used_at', s.last_used_at)
      order by s.last_used_at desc), '[]'::jsonb)
      from private.sessions s
      where s.account_id = v_actor.id and p_now < s.last_used_at + make_interval(secs => s.idle_seconds) and (s.expires_at is null or p_now < s.expires_at))
  );
end;
$$;

create function public.account_rename(p_actor uuid, p_name text, p_now timestamptz) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
begin
  if v_actor.name = p_name then
    return false;
  end if;
  update private.accounts a set name = p_name where a.id = v_actor.id;
  perform private.record_account(v_actor.id, p_now, p_name, 'renamed', v_actor.name);
  return true;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The team, managed by its owners.

-- Makes each of these addresses an active, fixed owner (creating the account, named after its address,
-- until they give their name); owners no longer listed become ordinary owners.
create function public.team_ensure_owners(p_emails text[], p_now timestamptz) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text;
begin
  update private.accounts a set fixed = false where a.fixed and not (a.email = any (p_emails));
  foreach v_email in array coalesce(p_emails, '{}') loop
    -- Named after the address (ava.laurent@ is Ava Laurent) until they give their name on their account page.
    insert into private.accounts (email, name, role, fixed, created_at)
    values (v_email, left(initcap(trim(regexp_replace(split_part(v_email, '@', 1), '[._+-]+', ' ', 'g'))), 80), 'owner', true, p_now)
    on conflict (email) do update set role = 'owner', status = 'active', fixed = true, brokerage = null, broker_request_id = null;
  end loop;
end;
$$;

create function public.team_overview(p_actor uuid, p_now timestamptz) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
begin
  return jsonb_build_object(
    'members', (select coalesce(jsonb_agg(private.account_json(a) || jsonb_build_object(
        'joined_at', a.joined_at, 'last_sign_in_at', a.last_sign_in_at, 'created_at', a.created_at,
        'passkeys', (select count(*) from private.passkeys k where k.account_id = a.id),
        'invited_until', (select max(c.expires_at) from private.sign_in_challenges c
          where c.account_id = a.id and c.purpose = 'invitation' and c.used_at is null and c.expires_at > p_now))
      order by a.role <> 'owner', lower(a.name)), '[]'::jsonb)
      from private.accounts a where a.role = any (private.team()) and a.status = 'active'),
    'activity', (select coalesce(jsonb_agg(jsonb_build_object('at', x.at, 'actor', x.actor, 'action', x.action, 'detail', x.detail, 'account', x.name)
      order by x.at desc), '[]'::jsonb)
      from (select v.at, v.actor, v.action, v.detail, a.name from private.account_activity v join private.accounts a on a.id = v.account_id
            where a.role = any (private.team()) order by v.at desc, v.id desc limit 100) x)
  );
end;
$$;

-- An owner invites someone to the team: their account, and an invitation (emailed with mail configured).
-- Returns invited, or member (already on the team), or taken (a broker's address).
create function public.team_invite(
  p_actor uuid, p_name text, p_email text, p_role text, p_phone text, p_challenge_id uuid, p_link_hash text, p_now timestamptz, p_notify boolean
) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner']);
  v_account private.accounts;
begin
  if p_role not in ('owner', 'member') then
    raise exception 'unknown role %', p_role using errcode = '22023';
  end if;
  select * into v_account from private.accounts a where a.email = lower(trim(p_email)) for update;
  if v_account.id is not null and v_account.role = 'broker' and v_account.status = 'active' then
    return 'taken';
  end if;
  if v_account.id is not null and v_account.status = 'active' then
    return 'member';
  end if;
  if v_account.id is null then
    insert into private.accounts (email, name, role, phone, created_at)
    values (lower(trim(p_email)), p_name, p_role, nullif(p_phone, ''), p_now)
    returning * into v_account;
  else
    -- Someone removed (or a broker whose access ended) is invited back to the team afresh.
    update private.accounts a set name = p_name, role = p_role, status = 'active', phone = nullif(p_phone, ''),
      brokerage = null, broker_request_id = null, joined_at = null
    where a.id = v_account.id returning * into v_account;
  end if;
  perform private.invite(v_account, p_challenge_id, p_link_hash, p_now, case when p_notify then 'invitation' end, null);
  perform private.record_account(v_account.id, p_now, v_actor.name, 'invited', p_role);
  return 'invited';
end;
$$;

-- Whether the team keeps an owner other than this account.
create function private.another_owner(p_account uuid) returns boolean
language sql stable
set search_path = ''
as $$ select exists (select 1 from private.accounts a where a.role = 'owner' and a.status = 'active' and a.id <> p_account) $$;

-- An owner changes a member's role. Refused for an owner ADMIN_EMAILS names, and for the last owner.
create function public.team_change_role(p_actor uuid, p_account uuid, p_role text, p_now timestamptz) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner']);
  v_account private.accounts;
begin
  if p_role not in ('owner', 'member') then
    raise exception 'unknown role %', p_role using errcode = '22023';
  end if;
  select * into v_account from private.accounts a where a.id = p_account and a.status = 'active' and a.role = any (private.team()) for update;
  if v_account.id is null or v_account.role = p_role or v_account.fixed or (v_account.role = 'owner' and not private.another_owner(v_account.id)) then
    return false;
  end if;
  update private.accounts a set role = p_role where a.id = v_account.id;
  perform private.record_account(v_account.id, p_now, v_actor.name, 'role', v_account.role || '>' || p_role);
  return true;
end;
$$;

-- An owner removes someone from the team: their sessions end at once, their passkeys and links with them.
create function public.team_remove(p_actor uuid, p_account uuid, p_now timestamptz) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner']);
  v_account private.accounts;
begin
  select * into v_account from private.accounts a where a.id = p_account and a.status = 'active' and a.role = any (private.team()) for update;
  if v_account.id is null or v_account.fixed or (v_account.role = 'owner' and not private.another_owner(v_account.id)) then
    return false;
  end if;
  update private.accounts a set status = 'removed' where a.id = v_account.id;
  delete from private.sessions s where s.account_id = v_account.id;
  delete from private.passkeys k where k.account_id = v_account.id;
  update private.sign_in_challenges c set used_at = p_now where c.account_id = v_account.id and c.used_at is null;
  perform private.record_account(v_account.id, p_now, v_actor.name, 'removed');
  return true;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The inbox, now on behalf of a team member: each function takes the acting account, refuses anyone who
-- is not an active team member, and writes their name in the history. They replace those that took a
-- name from the caller.

drop function public.inbox_leads(text, text, text, text, integer, integer);
drop function public.inbox_lead(uuid);
drop function public.change_lead(uuid, text, text, text);
drop function public.add_lead_note(uuid, text, text);
drop function public.decide_broker(uuid, text, text, boolean);
drop function public.resend_notice(uuid, timestamptz, text);
drop function public.erase_person(text, text);
drop function public.leads_by_source(text);
drop function public.lead_notices(uuid[]);

create function public.inbox_leads(p_actor uuid, p_form text, p_status text, p_owner text, p_search text, p_offset integer, p_limit integer)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_table text := private.lead_table(p_form);
  v_filter text;
  v_pattern text;
  v_total integer;
  v_leads jsonb;
begin
  perform private.acting(p_actor, private.team());
  v_pattern := case when p_search is null or p_search = '' then null
    else '%' || replace(replace(replace(p_search, '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
  v_filter := '($1::text is null or l.status = $1) and ($2::text is null or l.owner = $2) and ($3::text is null or '
    || 'l.full_name ilike $3 or l.email ilike $3'
    || case when p_form = 'broker' then ' or l.brokerage ilike $3' else '' end || ')';
  execute format('select count(*) from public.%I l where ' || v_filter, v_table)
    into v_total using p_status, p_owner, v_pattern;
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(page) - ''submission_key''), ''[]''::jsonb) from ('
    'select l.* from public.%I l where ' || v_filter || ' order by l.created_at desc, l.id desc offset $4 limit $5) page',
    v_table
  ) into v_leads using p_status, p_owner, v_pattern, greatest(p_offset, 0), least(greatest(p_limit, 0), 500);
  return jsonb_build_object('total', v_total, 'leads', v_leads);
end;
$$;

-- Every lead of a form, oldest first, a page at a time (the CSV download).
create function public.export_leads(p_actor uuid, p_form text, p_offset integer, p_limit integer) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_leads jsonb;
begin
  perform private.acting(p_actor, private.team());
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(page) - ''submission_key'' order by page.created_at, page.id), ''[]''::jsonb) from ('
    'select l.* from public.%I l order by l.created_at, l.id offset $1 limit $2) page',
    private.lead_table(p_form)
  ) into v_leads using greatest(p_offset, 0), least(greatest(p_limit, 0), 1000);
  return v_leads;
end;
$$;

-- A lead with everything the team needs on its page; for a broker request, the access it gave and what
-- happened to it.
create function public.inbox_lead(p_actor uuid, p_id uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_form text;
  v_account private.accounts;
begin
  perform private.acting(p_actor, private.team());
  v_form := private.lead_form(p_id);
  if v_form is null then
    return null;
  end if;
  if v_form = 'broker' then
    select * into v_account from private.accounts a where a.broker_request_id = p_id and a.role = 'broker';
  end if;
  return jsonb_build_object(
    'form', v_form,
    'lead', private.lead_json(v_form, p_id),
    'notes', (select coalesce(jsonb_agg(jsonb_build_object('id', n.id, 'created_at', n.created_at, 'author', n.author, 'body', n.body)
      order by n.created_at, n.id), '[]'::jsonb) from private.lead_notes n where n.lead_id = p_id),
    'activity', (select coalesce(jsonb_agg(jsonb_build_object('at', a.at, 'actor', a.actor, 'action', a.action, 'from', a.from_value, 'to', a.to_value)
      order by a.at, a.id), '[]'::jsonb) from private.lead_activity a where a.lead_id = p_id),
    'access', case when v_account.id is null then null else jsonb_build_object(
      'status', v_account.status, 'joined_at', v_account.joined_at, 'last_sign_in_at', v_account.last_sign_in_at,
      'activity', (select coalesce(jsonb_agg(jsonb_build_object('at', v.at, 'actor', v.actor, 'action', v.action, 'detail', v.detail)
        order by v.at, v.id), '[]'::jsonb) from private.account_activity v where v.account_id = v_account.id)
    ) end
  );
end;
$$;

create function public.change_lead(p_actor uuid, p_id uuid, p_field text, p_value text) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_form text := private.lead_form(p_id);
  v_before text;
begin
  if v_form is null then
    return false;
  end if;
  if p_field not in ('status', 'owner', 'follow_up_on') then
    raise exception 'unknown field %', p_field using errcode = '22023';
  end if;
  execute format('select %I::text from public.%I where id = $1 for update', p_field, private.lead_table(v_form)) into v_before using p_id;
  if v_before is not distinct from p_value then
    return false;
  end if;
  execute format('update public.%I set %I = $2%s where id = $1', private.lead_table(v_form), p_field,
    case when p_field = 'follow_up_on' then '::date' else '' end) using p_id, p_value;
  insert into private.lead_activity (lead_id, actor, action, from_value, to_value) values (p_id, v_actor.name, p_field, v_before, p_value);
  return true;
end;
$$;

create function public.add_lead_note(p_actor uuid, p_id uuid, p_body text) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_note uuid;
begin
  if private.lead_form(p_id) is null then
    return false;
  end if;
  insert into private.lead_notes (lead_id, author, body) values (p_id, v_actor.name, p_body) returning id into v_note;
  insert into private.lead_activity (lead_id, actor, action, to_value) values (p_id, v_actor.name, 'note', v_note::text);
  return true;
end;
$$;

-- Approves or declines a broker request. Approval gives the broker an account (or gives an ended one back)
-- and an invitation, carried by the approval email; declining ends any access they had. With `notify`,
-- the broker's email joins the outbox.
create function public.decide_broker(
  p_actor uuid, p_id uuid, p_decision text, p_notify boolean, p_challenge_id uuid, p_link_hash text, p_now timestamptz
) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_lead public.broker_requests;
  v_kind text := 'broker_' || p_decision;
  v_account private.accounts;
begin
  if p_decision not in ('approved', 'declined') then
    raise exception 'unknown decision %', p_decision using errcode = '22023';
  end if;
  select * into v_lead from public.broker_requests where id = p_id for update;
  if v_lead.id is null or v_lead.status = p_decision then
    return false;
  end if;
  update public.broker_requests set status = p_decision where id = p_id;
  insert into private.lead_activity (lead_id, actor, action, from_value, to_value) values (p_id, v_actor.name, 'decision', v_lead.status, p_decision);
  select * into v_account from private.accounts a where a.email = lower(v_lead.email) for update;

  if p_decision = 'declined' then
    if v_account.id is not null and v_account.role = 'broker' and v_account.status = 'active' then
      update private.accounts a set status = 'revoked' where a.id = v_account.id;
      delete from private.sessions s where s.account_id = v_account.id;
      update private.sign_in_challenges c set used_at = p_now where c.account_id = v_account.id and c.used_at is null;
      perform private.record_account(v_account.id, p_now, v_actor.name, 'revoked');
    end if;
    if p_notify then
      insert into private.outbox (id, lead_id, form, kind, next_attempt_at, created_at)
      values (private.notice_id(p_id, v_kind), p_id, 'broker', v_kind, p_now, p_now)
      on conflict do nothing;
    end if;
    return true;
  end if;

  if v_account.id is not null and v_account.role <> 'broker' and v_account.status = 'active' then
    -- A team member's own address: they see the portal already, and keep their account as it is.
    if p_notify then
      insert into private.outbox (id, lead_id, form, kind, next_attempt_at, created_at)
      values (private.notice_id(p_id, v_kind), p_id, 'broker', v_kind, p_now, p_now)
      on conflict do nothing;
    end if;
    return true;
  end if;
  if v_account.id is null then
    insert into private.accounts (email, name, role, phone, brokerage, broker_request_id, created_at)
    values (lower(v_lead.email), left(v_lead.full_name, 80), 'broker', v_lead.phone, v_lead.brokerage, v_lead.id, p_now)
    returning * into v_account;
  else
    update private.accounts a set name = left(v_lead.full_name, 80), role = 'broker', status = 'active', fixed = false,
      phone = v_lead.phone, brokerage = v_lead.brokerage, broker_request_id = v_lead.id
    where a.id = v_account.id returning * into v_account;
  end if;
  perform private.invite(v_account, p_challenge_id, p_link_hash, p_now, case when p_notify then v_kind end, p_id);
  perform private.record_account(v_account.id, p_now, v_actor.name, 'invited', 'broker');
  return true;
end;
$$;

-- The team ends a broker's access (their sessions end at once), or gives it back with a new invitation.
create function public.broker_access(p_actor uuid, p_id uuid, p_change text, p_notify boolean, p_challenge_id uuid, p_link_hash text, p_now timestamptz)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_account private.accounts;
begin
  if p_change not in ('revoke', 'restore') then
    raise exception 'unknown change %', p_change using errcode = '22023';
  end if;
  select * into v_account from private.accounts a where a.broker_request_id = p_id and a.role = 'broker' for update;
  if v_account.id is null or (p_change = 'revoke') <> (v_account.status = 'active') then
    return false;
  end if;
  if p_change = 'revoke' then
    update private.accounts a set status = 'revoked' where a.id = v_account.id;
    delete from private.sessions s where s.account_id = v_account.id;
    update private.sign_in_challenges c set used_at = p_now where c.account_id = v_account.id and c.used_at is null;
    perform private.record_account(v_account.id, p_now, v_actor.name, 'revoked');
  else
    update private.accounts a set status = 'active' where a.id = v_account.id returning * into v_account;
    perform private.invite(v_account, p_challenge_id, p_link_hash, p_now, case when p_notify then 'broker_approved' end, p_id);
    perform private.record_account(v_account.id, p_now, v_actor.name, 'restored');
  end if;
  return true;
end;
$$;

create function public.resend_notice(p_actor uuid, p_id uuid, p_now timestamptz)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_lead uuid;
  v_kind text;
begin
  update private.outbox o
  set status = 'pending', next_attempt_at = p_now, attempts = 0, created_at = p_now, last_error = null, lease_until = null, lease_token = null
  where o.id = p_id and o.status = 'failed' and o.lead_id is not null
  returning o.lead_id, o.kind into v_lead, v_kind;
  if v_lead is null then
    return false;
  end if;
  insert into private.lead_activity (lead_id, actor, action, to_value) values (v_lead, v_actor.name, 'resend', v_kind);
  return true;
end;
$$;

create function public.lead_notices(p_actor uuid, p_lead_ids uuid[]) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.acting(p_actor, private.team());
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', o.id, 'lead_id', o.lead_id, 'kind', o.kind, 'status', o.status, 'attempts', o.attempts,
      'next_attempt_at', o.next_attempt_at, 'last_error', o.last_error, 'sent_at', o.sent_at
    ) order by o.lead_id, o.kind, o.created_at), '[]'::jsonb)
    from private.outbox o where o.lead_id = any (p_lead_ids)
  );
end;
$$;

-- Erases a person: every lead with this address, in both forms, with its notes, history and notices, the
-- receipt count kept for it, and a broker account of that address with everything kept about it.
create function public.erase_person(p_actor uuid, p_email text) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_ids uuid[];
begin
  select coalesce(array_agg(id), '{}') into v_ids from (
    select id from public.prospect_inquiries where lower(email) = lower(p_email)
    union all
    select id from public.broker_requests where lower(email) = lower(p_email)
  ) matching;
  perform private.delete_leads(v_ids);
  delete from private.receipt_log where recipient_hash = private.salted_hash(lower(p_email));
  delete from private.outbox o using private.sign_in_challenges c, private.accounts a
  where o.about_id = c.id and c.account_id = a.id and a.email = lower(trim(p_email)) and a.role = 'broker';
  delete from private.accounts a where a.email = lower(trim(p_email)) and a.role = 'broker';
  insert into private.erasures (actor, leads) values (v_actor.name, cardinality(v_ids));
  return cardinality(v_ids);
end;
$$;

create function public.leads_by_source(p_actor uuid, p_time_zone text) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.acting(p_actor, private.team());
  return (
    select coalesce(jsonb_agg(jsonb_build_object('month', month, 'form', form, 'source', source, 'leads', leads)
      order by month desc, leads desc, form, source), '[]'::jsonb)
    from (
      select to_char(created_at at time zone p_time_zone, 'YYYY-MM') as month, form,
        coalesce(utm_source, referrer, 'direct') as source, count(*)::integer as leads
      from (
        select created_at, 'inquiry' as form, utm_source, referrer from public.prospect_inquiries
        union all
        select created_at, 'broker' as form, utm_source, referrer from public.broker_requests
      ) every_lead
      group by 1, 2, 3
    ) counted
  );
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Delivery: notices about an account carry their challenge; codes go before anything else.

drop function public.claim_notices(timestamptz, integer, integer, integer);
create function public.claim_notices(p_now timestamptz, p_limit integer, p_lease_seconds integer, p_mail_per_hour integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_mail_room integer;
  v_token uuid := gen_random_uuid();
  v_claimed jsonb;
begin
  perform pg_advisory_xact_lock(hashtext('claim_notices/mail'));
  select greatest(0, p_mail_per_hour - count(*)) into v_mail_room
  from private.outbox o
  where o.kind <> 'webhook'
    and (o.sent_at > p_now - interval '1 hour' or (o.status = 'pending' and o.lease_until > p_now));

  with mail as (
    -- A sign-in code is waited for at a screen; then the sales team's email, when the hour's mail is short.
    select o.id from private.outbox o
    where o.status = 'pending' and o.kind <> 'webhook'
      and o.next_attempt_at <= p_now and (o.lease_until is null or o.lease_until <= p_now)
    order by o.kind <> 'sign_in_code', o.kind <> 'team_email', o.next_attempt_at, o.id
    limit least(p_limit, v_mail_room)
    for update skip locked
  ),
  hooks as (
    select o.id from private.outbox o
    where o.status = 'pending' and o.kind = 'webhook'
      and o.next_attempt_at <= p_now and (o.lease_until is null or o.lease_until <= p_now)
    order by o.next_attempt_at, o.id
    limit p_limit
    for update skip locked
  ),
  claimed as (
    update private.outbox o
    set lease_until = p_now + make_interval(secs => p_lease_seconds), lease_token = v_token, attempts = o.attempts + 1
    where o.id in (select id from mail union all select id from hooks)
    returning o.id, o.lead_id, o.form, o.kind, o.attempts, o.created_at, o.about_id
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', c.id, 'lead_id', c.lead_id, 'form', c.form, 'kind', c.kind, 'attempt', c.attempts,
    'created_at', c.created_at, 'token', v_token,
    'lead', case when c.lead_id is null then null else private.lead_json(c.form, c.lead_id) end,
    'about', private.notice_about(c.kind, c.about_id, p_now)
  )), '[]'::jsonb) into v_claimed
  from claimed c;
  return v_claimed;
end;
$$;

drop function public.complete_notice(uuid, uuid, text, text, timestamptz, timestamptz);
create function public.complete_notice(p_id uuid, p_token uuid, p_outcome text, p_error text, p_next_attempt_at timestamptz, p_now timestamptz)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_outcome not in ('sent', 'retry', 'failed', 'dropped') then
    raise exception 'unknown outcome %', p_outcome using errcode = '22023';
  end if;
  update private.outbox o
  set status = case p_outcome when 'retry' then 'pending' else p_outcome end,
      sent_at = case when p_outcome = 'sent' then p_now else o.sent_at end,
      next_attempt_at = case when p_outcome = 'retry' then p_next_attempt_at else o.next_attempt_at end,
      last_error = case when p_outcome = 'sent' then null else left(p_error, 64) end,
      lease_until = null,
      lease_token = null
  where o.id = p_id and o.lease_token = p_token;
  return found;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------

revoke all on function
  private.account_json(private.accounts), private.acting(uuid, text[]), private.team(),
  private.record_account(uuid, timestamptz, text, text, text), private.open_session(private.accounts, text, text, timestamptz, text),
  private.redeem(private.sign_in_challenges, timestamptz, text, text, text, text),
  private.invite(private.accounts, uuid, text, timestamptz, text, uuid), private.challenge_json(uuid, timestamptz),
  private.notice_about(text, uuid, timestamptz),
  private.another_owner(uuid)
  from public;

-- The server's key alone may call what this migration makes public (rls.test.ts holds every public function to it).
do $$
declare
  v_function text;
begin
  foreach v_function in array array[
    'public.auth_session(text, timestamptz)',
    'public.auth_end_session(text)',
    'public.auth_end_all_sessions(uuid, timestamptz)',
    'public.auth_end_own_session(uuid, text)',
    'public.auth_request_sign_in(text, text, uuid, text, text, timestamptz, integer, integer, integer, boolean)',
    'public.auth_redeem_code(text, text, timestamptz, text, text, text)',
    'public.auth_redeem_link(text, timestamptz, text, text, text)',
    'public.auth_link_state(text, timestamptz)',
    'public.passkey_open_ceremony(uuid, text, uuid, text, timestamptz)',
    'public.passkey_take_ceremony(uuid, text, uuid, timestamptz)',
    'public.passkey_add(uuid, text, text, bigint, text[], boolean, text, timestamptz)',
    'public.passkey_remove(uuid, text, timestamptz)',
    'public.passkey_for_sign_in(text)',
    'public.passkey_sign_in(text, bigint, timestamptz, text, text, text)',
    'public.account_overview(uuid, timestamptz)',
    'public.account_rename(uuid, text, timestamptz)',
    'public.team_ensure_owners(text[], timestamptz)',
    'public.team_overview(uuid, timestamptz)',
    'public.team_invite(uuid, text, text, text, text, uuid, text, timestamptz, boolean)',
    'public.team_change_role(uuid, uuid, text, timestamptz)',
    'public.team_remove(uuid, uuid, timestamptz)',
    'public.inbox_leads(uuid, text, text, text, text, integer, integer)',
    'public.export_leads(uuid, text, integer, integer)',
    'public.inbox_lead(uuid, uuid)',
    'public.change_lead(uuid, uuid, text, text)',
    'public.add_lead_note(uuid, uuid, text)',
    'public.decide_broker(uuid, uuid, text, boolean, uuid, text, timestamptz)',
    'public.broker_access(uuid, uuid, text, boolean, uuid, text, timestamptz)',
    'public.resend_notice(uuid, uuid, timestamptz)',
    'public.lead_notices(uuid, uuid[])',
    'public.erase_person(uuid, text)',
    'public.leads_by_source(uuid, text)',
    'public.claim_notices(timestamptz, integer, integer, integer)',
    'public.complete_notice(uuid, uuid, text, text, timestamptz, timestamptz)'
  ] loop
    execute format('revoke all on function %s from public, anon, authenticated', v_function);
    execute format('grant execute on function %s to service_role', v_function);
  end loop;
end
$$;
