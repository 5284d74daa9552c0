-- Client registration, the broker's protection: a broker registers a buyer before a showing, and the
-- registration holds for 90 days. It is registered at once unless the buyer is already ours (a prospect
-- inquiry in the 180 days before) or another broker's (an active registration): then the team reviews it,
-- sees both sides, and decides; the broker is emailed the decision.
--
-- A buyer is known by their address and their telephone, each normalised by one function used for
-- registrations and inquiries alike. Time comes in from the server's clock (p_at), never now(), so that
-- the tests can set it.

-- ---------------------------------------------------------------------------------------------------------
-- Who a buyer is.

-- An address as a buyer key: trimmed and lower-cased; at gmail.com (and googlemail.com, the same mailboxes)
-- the dots of the local part and a +tag are dropped, as Gmail delivers all of them to one mailbox. Other
-- providers' dots and +tags are kept: elsewhere they may name different people.
create function private.buyer_email(p_email text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v_email text := lower(regexp_replace(coalesce(p_email, ''), '^\s+|\s+$', '', 'g'));
  v_local text := substring(v_email from '^(.*)@[^@]*$');
  v_domain text := substring(v_email from '@([^@]*)$');
begin
  if v_email = '' then
    return null;
  end if;
  if v_domain in ('gmail.com', 'googlemail.com') then
    return replace(split_part(v_local, '+', 1), '.', '') || '@gmail.com';
  end if;
  return v_email;
end;
$$;

-- A telephone number as it was typed, reduced to its digits (a leading + and any spaces, dots, dashes and
-- brackets dropped); null when it has none.
create function private.phone_digits(p_phone text) returns text
language sql immutable
set search_path = ''
as $$ select nullif(regexp_replace(coalesce(p_phone, ''), '[^0-9]', '', 'g'), '') $$;

-- A telephone number as a buyer key: its last 10 digits, so that +1 555 010 0123, 1-555-010-0123,
-- 001 555 010 0123 and (555) 010-0123 are one number, whatever the country code or trunk prefix written
-- before it (10 digits is a whole North American number, and the subscriber part of most others). Fewer
-- than 7 digits is no number to match anyone by: null.
create function private.buyer_phone(p_phone text) returns text
language sql immutable
set search_path = ''
as $$
  select case when char_length(d) >= 7 then right(d, 10) end
  from (select private.phone_digits(p_phone) as d) digits
$$;

-- No index of the inquiries by buyer key: an index expression runs as whoever writes the row, and service_role,
-- which may insert inquiries, may not run private functions. A registration reads the 180 days of inquiries by
-- their created_at index and keys each: a few thousand rows at the most.

-- ---------------------------------------------------------------------------------------------------------
-- Registrations.

create table private.registrations (
  id uuid primary key default gen_random_uuid(),
  broker_id uuid not null references private.accounts (id) on delete cascade,
  full_name text not null check (full_name <> '' and char_length(full_name) <= 120),
  email text not null check (char_length(email) between 3 and 254 and email like '%_@_%'),
  email_key text not null check (email_key = private.buyer_email(email)),
  phone text check (phone <> '' and char_length(phone) <= 40),
  phone_digits text check (phone_digits = private.phone_digits(phone)),
  phone_key text check (phone_key = private.buyer_phone(phone)),
  note text check (note <> '' and char_length(note) <= 2000),
  status text not null check (status in ('registered', 'under_review', 'declined')),
  created_at timestamptz not null,
  -- While registered: until when it protects the broker.
  expires_at timestamptz,
  -- Renewed once at most, by its broker, in its last 14 days.
  renewed_at timestamptz,
  -- Why it went to review: the inquiry (no key: erasing or retention deletes leads, and a lead gone leaves
  -- an id that names nobody) and the other broker's registration it met.
  conflict_inquiry_id uuid,
  conflict_registration_id uuid references private.registrations (id) on delete set null,
  decided_at timestamptz,
  decided_by text check (char_length(decided_by) <= 80),
  -- Why it was declined, shown to the broker.
  reason text check (reason <> '' and char_length(reason) <= 1000),
  check ((status = 'registered') = (expires_at is not null)),
  check (status <> 'declined' or reason is not null)
);
create index registrations_email_key_idx on private.registrations (email_key);
create index registrations_phone_key_idx on private.registrations (phone_key) where phone_key is not null;
create index registrations_broker_idx on private.registrations (broker_id, created_at desc);
create index registrations_status_idx on private.registrations (status, created_at desc);

-- What the broker sees of their own registration.
create function private.registration_json(p_registration private.registrations) returns jsonb
language sql immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_registration.id, 'full_name', p_registration.full_name, 'email', p_registration.email,
    'phone', p_registration.phone, 'note', p_registration.note, 'status', p_registration.status,
    'created_at', p_registration.created_at, 'expires_at', p_registration.expires_at,
    'renewed_at', p_registration.renewed_at, 'decided_at', p_registration.decided_at, 'reason', p_registration.reason
  )
$$;

-- What the team sees: the same, the keys it was matched by, whose it is, why it was reviewed, who decided.
create function private.registration_team_json(p_registration private.registrations) returns jsonb
language sql stable
set search_path = ''
as $$
  select private.registration_json(p_registration) || jsonb_build_object(
    'email_key', p_registration.email_key, 'phone_digits', p_registration.phone_digits, 'phone_key', p_registration.phone_key,
    'conflict_inquiry_id', p_registration.conflict_inquiry_id, 'conflict_registration_id', p_registration.conflict_registration_id,
    'decided_by', p_registration.decided_by,
    'broker', (select jsonb_build_object('id', a.id, 'name', a.name, 'email', a.email, 'brokerage', a.brokerage)
               from private.accounts a where a.id = p_registration.broker_id)
  )
$$;

-- A broker registers a buyer. Registered for 90 days at once, unless the buyer wrote to us in the 180 days
-- before (a prospect inquiry with the same address or telephone) or another broker holds an active
-- registration of them: then under review. The same broker registering a buyer they already hold (a
-- registration under review, or registered and not expired) gets that one back, unchanged, with created
-- false: a second registration would protect nothing more, and renewal is how a registration lasts longer.
--
-- Two registrations of one buyer never pass the check at once: each takes a transaction lock on the
-- buyer's address, then on their telephone (always in that order, each kind in a lock space of its own, so
-- that two registrations sharing only a telephone wait for each other and none can deadlock), and checks
-- only once it holds them; the one that waited then sees the other's registration, committed.
create function public.register_buyer(p_actor uuid, p_full_name text, p_email text, p_phone text, p_note text, p_at timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['broker']);
  v_email text := private.buyer_email(p_email);
  v_phone text := private.buyer_phone(p_phone);
  v_registration private.registrations;
  v_inquiry uuid;
  v_other uuid;
begin
  if v_email is null or v_email !~ '^[^@\s]+@[^@\s]+$' then
    raise exception 'a buyer needs an email address' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(291101, hashtext(v_email));
  if v_phone is not null then
    perform pg_advisory_xact_lock(291102, hashtext(v_phone));
  end if;

  select * into v_registration from private.registrations r
  where r.broker_id = v_actor.id and (r.email_key = v_email or r.phone_key = v_phone)
    and (r.status = 'under_review' or (r.status = 'registered' and r.expires_at > p_at))
  order by r.created_at desc
  limit 1;
  if v_registration.id is not null then
    return private.registration_json(v_registration) || jsonb_build_object('created', false);
  end if;

  select i.id into v_inquiry from public.prospect_inquiries i
  where (private.buyer_email(i.email) = v_email or private.buyer_phone(i.phone) = v_phone)
    and i.created_at > p_at - interval '180 days' and i.created_at <= p_at
  order by i.created_at desc
  limit 1;
  select r.id into v_other from private.registrations r
  where r.broker_id <> v_actor.id and r.status = 'registered' and r.expires_at > p_at
    and (r.email_key = v_email or r.phone_key = v_phone)
  order by r.created_at
  limit 1;

  insert into private.registrations (
    broker_id, full_name, email, email_key, phone, phone_digits, phone_key, note, status, created_at, expires_at,
    conflict_inquiry_id, conflict_registration_id
  ) values (
    v_actor.id, btrim(p_full_name), btrim(p_email), v_email, nullif(btrim(p_phone), ''), private.phone_digits(nullif(btrim(p_phone), '')), v_phone,
    nullif(btrim(p_note), ''),
    case when v_inquiry is null and v_other is null then 'registered' else 'under_review' end, p_at,
    case when v_inquiry is null and v_other is null then p_at + interval '90 days' end,
    v_inquiry, v_other
  ) returning * into v_registration;
  return private.registration_json(v_registration) || jsonb_build_object('created', true);
end;
$$;

-- The broker's own registrations, newest first.
create function public.broker_registrations(p_actor uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['broker']);
begin
  return (select coalesce(jsonb_agg(private.registration_json(r) order by r.created_at desc, r.id), '[]'::jsonb)
          from private.registrations r where r.broker_id = v_actor.id);
end;
$$;

-- One of the broker's own registrations; null for anyone else's (the app answers 404).
create function public.broker_registration(p_actor uuid, p_id uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['broker']);
begin
  return (select private.registration_json(r) from private.registrations r where r.id = p_id and r.broker_id = v_actor.id);
end;
$$;

-- The broker renews their registration: once, within its last 14 days, for 90 days from its old expiry.
-- Returns renewed, or why not: not_found (none of theirs), not_active (not registered, or expired),
-- renewed_before, too_early.
create function public.renew_registration(p_actor uuid, p_id uuid, p_at timestamptz) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['broker']);
  v_registration private.registrations;
begin
  select * into v_registration from private.registrations r where r.id = p_id and r.broker_id = v_actor.id for update;
  if v_registration.id is null then
    return 'not_found';
  end if;
  if v_registration.status <> 'registered' or v_registration.expires_at <= p_at then
    return 'not_active';
  end if;
  if v_registration.renewed_at is not null then
    return 'renewed_before';
  end if;
  if p_at < v_registration.expires_at - interval '14 days' then
    return 'too_early';
  end if;
  update private.registrations r set expires_at = r.expires_at + interval '90 days', renewed_at = p_at where r.id = p_id;
  return 'renewed';
end;
$$;

-- Every registration for the team, newest first, of one status or all.
create function public.team_registrations(p_actor uuid, p_status text) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.acting(p_actor, private.team());
  return (select coalesce(jsonb_agg(private.registration_team_json(r) order by r.created_at desc, r.id), '[]'::jsonb)
          from private.registrations r where p_status is null or r.status = p_status);
end;
$$;

-- A registration with both sides of its conflict, for the team's decision: the inquiry it met (while it
-- is kept) and the other broker's registration. Null when there is none with this id.
create function public.registration_review(p_actor uuid, p_id uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_registration private.registrations;
begin
  perform private.acting(p_actor, private.team());
  select * into v_registration from private.registrations r where r.id = p_id;
  if v_registration.id is null then
    return null;
  end if;
  return jsonb_build_object(
    'registration', private.registration_team_json(v_registration),
    'inquiry', (select jsonb_build_object('id', i.id, 'full_name', i.full_name, 'email', i.email, 'phone', i.phone,
                  'created_at', i.created_at, 'status', i.status, 'owner', i.owner)
                from public.prospect_inquiries i where i.id = v_registration.conflict_inquiry_id),
    'other', (select private.registration_team_json(r) from private.registrations r where r.id = v_registration.conflict_registration_id)
  );
end;
$$;

-- The registrations of a prospect inquiry's buyer (by address or telephone), for its page in the inbox.
create function public.inquiry_registrations(p_actor uuid, p_inquiry_id uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.acting(p_actor, private.team());
  return (
    select coalesce(jsonb_agg(private.registration_team_json(r) order by r.created_at desc, r.id), '[]'::jsonb)
    from private.registrations r, public.prospect_inquiries i
    where i.id = p_inquiry_id
      and (r.email_key = private.buyer_email(i.email) or r.phone_key = private.buyer_phone(i.phone) or r.conflict_inquiry_id = i.id)
  );
end;
$$;

-- The team decides a registration under review: registered (for 90 days from the decision) or declined,
-- with a reason the broker is shown. With `notify`, the email telling the broker joins the outbox. False
-- when there is no such registration, or it is not under review.
create function public.decide_registration(p_actor uuid, p_id uuid, p_decision text, p_reason text, p_notify boolean, p_at timestamptz)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_reason text := nullif(btrim(p_reason), '');
begin
  if p_decision not in ('registered', 'declined') then
    raise exception 'unknown decision %', p_decision using errcode = '22023';
  end if;
  if p_decision = 'declined' and v_reason is null then
    raise exception 'a declined registration needs a reason' using errcode = '22023';
  end if;
  update private.registrations r
  set status = p_decision,
      expires_at = case when p_decision = 'registered' then p_at + interval '90 days' end,
      reason = case when p_decision = 'declined' then v_reason end,
      decided_at = p_at,
      decided_by = left(v_actor.name, 80)
  where r.id = p_id and r.status = 'under_review';
  if not found then
    return false;
  end if;
  if p_notify then
    insert into private.outbox (id, about_id, kind, next_attempt_at, created_at)
    values (private.notice_id(p_id, 'registration_decided'), p_id, 'registration_decided', p_at, p_at)
    on conflict do nothing;
  end if;
  return true;
end;
$$;

-- What the email of a decision needs: the broker it goes to, the buyer, the decision and its reason or expiry.
-- Not worth sending once the broker's access has ended.
create function private.registration_notice(p_id uuid, p_now timestamptz) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'registration_id', r.id, 'status', r.status, 'buyer', r.full_name, 'reason', r.reason, 'expires_at', r.expires_at,
    'name', a.name, 'email', a.email, 'live', a.status = 'active' and r.status <> 'under_review'
  )
  from private.registrations r join private.accounts a on a.id = r.broker_id
  where r.id = p_id
$$;

insert into private.notice_kinds (kind, about) values ('registration_decided', 'private.registration_notice(uuid, timestamptz)');

-- ---------------------------------------------------------------------------------------------------------
-- Erasure, as accounts.sql has it, and now the registrations of the buyer with this address (normalised, as
-- registrations are matched), and the notices about the registrations of a broker of this address.

create or replace function public.erase_person(p_actor uuid, p_email text) returns integer
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
  -- The buyer's registrations, by any broker, with the emails about them.
  delete from private.outbox o using private.registrations r
  where o.about_id = r.id and (r.email_key = private.buyer_email(p_email)
    or r.broker_id in (select a.id from private.accounts a where a.email = lower(trim(p_email)) and a.role = 'broker'));
  delete from private.registrations r where r.email_key = private.buyer_email(p_email);
  update private.registrations r set conflict_inquiry_id = null where r.conflict_inquiry_id = any (v_ids);
  -- A broker's own registrations go with their account.
  delete from private.accounts a where a.email = lower(trim(p_email)) and a.role = 'broker';
  insert into private.erasures (actor, leads) values (v_actor.name, cardinality(v_ids));
  return cardinality(v_ids);
end;
$$;

-- ---------------------------------------------------------------------------------------------------------

revoke all on function
  private.buyer_email(text), private.phone_digits(text), private.buyer_phone(text),
  private.registration_json(private.registrations), private.registration_team_json(private.registrations),
  private.registration_notice(uuid, timestamptz)
  from public;

-- The server's key alone may call what this migration makes public (rls.test.ts holds every public function to it).
do $$
declare
  v_function text;
begin
  foreach v_function in array array[
    'public.register_buyer(uuid, text, text, text, text, timestamptz)',
    'public.broker_registrations(uuid)',
    'public.broker_registration(uuid, uuid)',
    'public.renew_registration(uuid, uuid, timestamptz)',
    'public.team_registrations(uuid, text)',
    'public.registration_review(uuid, uuid)',
    'public.inquiry_registrations(uuid, uuid)',
    'public.decide_registration(uuid, uuid, text, text, boolean, timestamptz)',
    'public.erase_person(uuid, text)'
  ] loop
    execute format('revoke all on function %s from public, anon, authenticated', v_function);
    execute format('grant execute on function %s to service_role', v_function);
  end loop;
end
$$;
