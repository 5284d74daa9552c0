-- Holds and reservations. A broker holds an available lot for one of their active client registrations, or the team
-- for a lead or a registration; a hold ends by itself after the hours the team sets (72 by default), and a broker
-- holds at most so many lots at once (2). The team turns a hold into a reservation with its deposit, which moves on to
-- under contract and sold, or is cancelled and frees the lot. Every step goes into the lead's history and the emails
-- into the outbox.
--
-- One active claim per lot, whatever arrives at once: each claim covers the lot from when it was placed until its
-- hold runs out (or for good, once reserved; until the moment it was released or cancelled), and an exclusion
-- constraint keeps two claims' spans on one lot from overlapping. As with tours' seats, lot and span are one numeric
-- range (the lot's key × 10^10 plus epoch seconds), so that the core GiST operator class does it with no extension.
-- What is held is decided as of the moment asked (p_at): a hold that has run out holds nothing, whether or not any
-- job has run since.
--
-- Refusals the app shows are outcomes, not errors; out-of-range values raise 22023, the wrong account 42501.

-- ---------------------------------------------------------------------------------------------------------
-- Settings: one row, absent until first saved (the defaults, lib/holds/types.ts DEFAULT_HOLD_SETTINGS, are then in force).

create table private.hold_settings (
  id boolean primary key default true check (id),
  hold_hours integer not null check (hold_hours between 1 and 720),
  broker_limit integer not null check (broker_limit between 1 and 50),
  changed_at timestamptz not null,
  changed_by text not null check (changed_by <> '' and char_length(changed_by) <= 80)
);

create function private.current_hold_settings() returns private.hold_settings
language sql stable
set search_path = ''
as $$
  select coalesce((select s from private.hold_settings s where s.id), row(true, 72, 2, null, null)::private.hold_settings)
$$;

create function private.hold_settings_json() returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('holdHours', s.hold_hours, 'brokerLimit', s.broker_limit, 'changedAt', s.changed_at, 'changedBy', s.changed_by)
  from private.current_hold_settings() s
$$;

create function public.save_hold_settings(p_actor uuid, p_hold_hours integer, p_broker_limit integer, p_at timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
begin
  if p_hold_hours is null or p_hold_hours not between 1 and 720 or p_broker_limit is null or p_broker_limit not between 1 and 50 then
    raise exception 'hold settings out of range' using errcode = '22023';
  end if;
  insert into private.hold_settings (id, hold_hours, broker_limit, changed_at, changed_by)
  values (true, p_hold_hours, p_broker_limit, p_at, left(v_actor.name, 80))
  on conflict (id) do update set hold_hours = excluded.hold_hours, broker_limit = excluded.broker_limit,
    changed_at = excluded.changed_at, changed_by = excluded.changed_by;
  return private.hold_settings_json();
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The estates gain their shape on the site plan (lib/holds/site-plan.ts names the shapes; one estate per shape) and
-- a small number that keys their claims' spans.

alter table private.estates add column plan_shape text unique check (plan_shape ~ '^[a-z][a-z0-9-]{0,39}$');
alter table private.estates add column claim_key integer generated always as identity;
alter table private.estates add constraint estates_claim_key_key unique (claim_key);

-- The team links an estate to a shape of the plan, or unlinks it (null); `taken` when another estate has that shape.
create function public.set_estate_shape(p_actor uuid, p_estate uuid, p_shape text, p_at timestamptz) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
begin
  if p_shape is not null and p_shape !~ '^[a-z][a-z0-9-]{0,39}$' then
    raise exception 'not a shape of the plan' using errcode = '22023';
  end if;
  if exists (select 1 from private.estates e where e.plan_shape = p_shape and e.id <> p_estate) then
    return 'taken';
  end if;
  begin
    update private.estates e set plan_shape = p_shape where e.id = p_estate;
  exception when unique_violation then
    return 'taken';
  end;
  return case when found then 'done' else 'not_found' end;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Claims.

create function private.claim_span(p_key integer, p_from timestamptz, p_until timestamptz) returns numrange
language sql immutable
set search_path = ''
as $$
  select numrange(p_key * 10000000000::numeric + extract(epoch from p_from), p_key * 10000000000::numeric + extract(epoch from p_until), '[)')
$$;

create table private.lot_claims (
  id uuid primary key default gen_random_uuid(),
  estate_id uuid not null references private.estates (id) on delete cascade,
  claim_key integer not null,
  stage text not null check (stage in ('hold', 'reserved', 'under_contract', 'sold')),
  placed_at timestamptz not null check (placed_at > '2000-01-01' and placed_at < '2199-01-01'),
  -- When the hold runs out (extended once at most).
  expires_at timestamptz not null,
  -- Until when it claims the lot: the hold's expiry, the end of the calendar once reserved, or the moment it was
  -- released or cancelled.
  claimed_until timestamptz not null check (claimed_until <= '2200-01-01'),
  extended_at timestamptz,
  extend_reason text check (extend_reason <> '' and char_length(extend_reason) <= 500),
  ended_at timestamptz,
  end_kind text check (end_kind in ('released', 'cancelled')),
  cancel_reason text check (cancel_reason <> '' and char_length(cancel_reason) <= 500),
  reserved_at timestamptz,
  contract_at timestamptz,
  sold_at timestamptz,
  -- Who placed it, the broker whose client it is for, and the client: a registration, or a lead (an inquiry). When
  -- the person is erased, or their records run out, the claim stays with its amounts and dates, without them.
  placed_by uuid references private.accounts (id) on delete set null,
  broker_id uuid references private.accounts (id) on delete set null,
  registration_id uuid references private.registrations (id) on delete set null,
  lead_id uuid references public.prospect_inquiries (id) on delete set null,
  -- The deposit, in US dollars; due on a day in the site's zone (overdue from the start of the next day there).
  deposit_amount numeric(14, 2) check (deposit_amount > 0 and deposit_amount < 1000000000000),
  deposit_due_on date,
  deposit_due_at timestamptz,
  deposit_received_on date,
  deposit_method text check (deposit_method <> '' and char_length(deposit_method) <= 200),
  deposit_note text check (deposit_note <> '' and char_length(deposit_note) <= 2000),
  -- Raised by every change, so that an email queued before it can tell it was overtaken.
  version integer not null default 0,
  span numrange generated always as (private.claim_span(claim_key, placed_at, claimed_until)) stored,
  check (claimed_until >= placed_at and expires_at > placed_at),
  check ((ended_at is null) = (end_kind is null)),
  check (stage = 'hold' or (reserved_at is not null and deposit_amount is not null and deposit_due_on is not null and deposit_due_at is not null)),
  constraint lot_claims_one_per_lot exclude using gist (span with &&)
);
create index lot_claims_estate_idx on private.lot_claims (estate_id, placed_at desc);
create index lot_claims_broker_idx on private.lot_claims (broker_id) where broker_id is not null;
create index lot_claims_registration_idx on private.lot_claims (registration_id) where registration_id is not null;
create index lot_claims_lead_idx on private.lot_claims (lead_id) where lead_id is not null;

-- Once the person a claim was for is gone, the words written about them go too; amounts and dates stay.
create function private.forget_claim_person() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (old.lead_id is not null or old.registration_id is not null) and new.lead_id is null and new.registration_id is null then
    new.deposit_note := null;
    new.deposit_method := null;
    new.extend_reason := null;
    new.cancel_reason := null;
  end if;
  return new;
end;
$$;
create trigger lot_claims_forget_person before update of lead_id, registration_id on private.lot_claims
for each row execute function private.forget_claim_person();

-- A reservation's records outlive a change of mind about the estate: an estate with one is not deleted.
create function private.keep_reserved_estate() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from private.lot_claims c where c.estate_id = old.id and c.stage <> 'hold') then
    raise exception 'estate_sold' using errcode = 'AC001';
  end if;
  return old;
end;
$$;
create trigger estates_keep_reserved before delete on private.estates for each row execute function private.keep_reserved_estate();

create function private.claim_state(p_claim private.lot_claims, p_at timestamptz) returns text
language sql immutable
set search_path = ''
as $$
  select case
    when p_claim.end_kind is not null then p_claim.end_kind
    when p_claim.stage = 'hold' and p_claim.expires_at <= p_at then 'expired'
    else 'active'
  end
$$;

create function private.claim_active(p_claim private.lot_claims, p_at timestamptz) returns boolean
language sql immutable
set search_path = ''
as $$ select p_claim.placed_at <= p_at and p_at < p_claim.claimed_until $$;

create function private.claim_person(p_account uuid) returns jsonb
language sql stable
set search_path = ''
as $$ select jsonb_build_object('id', a.id, 'name', a.name, 'email', a.email, 'brokerage', a.brokerage) from private.accounts a where a.id = p_account $$;

create function private.claim_json(p_claim private.lot_claims, p_at timestamptz) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_claim.id, 'estateId', p_claim.estate_id, 'lot', (select e.lot from private.estates e where e.id = p_claim.estate_id),
    'stage', p_claim.stage, 'state', private.claim_state(p_claim, p_at),
    'placedAt', p_claim.placed_at, 'expiresAt', p_claim.expires_at, 'extendedAt', p_claim.extended_at, 'extendReason', p_claim.extend_reason,
    'endedAt', p_claim.ended_at, 'cancelReason', p_claim.cancel_reason,
    'reservedAt', p_claim.reserved_at, 'contractAt', p_claim.contract_at, 'soldAt', p_claim.sold_at,
    'placedBy', private.claim_person(p_claim.placed_by), 'broker', private.claim_person(p_claim.broker_id),
    'registrationId', p_claim.registration_id, 'leadId', p_claim.lead_id,
    'buyer', coalesce(
      (select jsonb_build_object('name', r.full_name, 'email', r.email) from private.registrations r where r.id = p_claim.registration_id),
      (select jsonb_build_object('name', i.full_name, 'email', i.email) from public.prospect_inquiries i where i.id = p_claim.lead_id)
    ),
    'deposit', case when p_claim.deposit_amount is not null then jsonb_build_object(
      'amount', p_claim.deposit_amount, 'dueOn', to_char(p_claim.deposit_due_on, 'YYYY-MM-DD'),
      'receivedOn', to_char(p_claim.deposit_received_on, 'YYYY-MM-DD'), 'method', p_claim.deposit_method, 'note', p_claim.deposit_note
    ) end,
    'depositOverdue', p_claim.stage in ('reserved', 'under_contract') and p_claim.end_kind is null
      and p_claim.deposit_received_on is null and p_claim.deposit_due_at <= p_at
  )
$$;

-- A line in the lead's history (none when the claim is for nobody the inbox keeps).
create function private.record_claim(p_claim private.lot_claims, p_at timestamptz, p_actor text, p_action text, p_detail text) returns void
language sql
set search_path = ''
as $$
  insert into private.lead_activity (lead_id, at, actor, action, from_value, to_value)
  select p_claim.lead_id, p_at, left(coalesce(nullif(btrim(p_actor), ''), 'Team'), 80), p_action,
    (select e.lot from private.estates e where e.id = p_claim.estate_id), p_detail
  where p_claim.lead_id is not null
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The emails: each the claim as of which change (its version), of which kind, to whom; the outbox row's id is this row's.

create table private.claim_notices (
  id uuid primary key default gen_random_uuid(),
  claim_id uuid not null references private.lot_claims (id) on delete cascade,
  kind text not null check (kind in ('hold_reminder', 'hold_ended', 'reservation_step', 'deposit_overdue')),
  recipient text not null check (recipient in ('holder', 'team', 'broker')),
  step text check (step in ('reserved', 'under_contract', 'sold', 'cancelled')),
  version integer not null,
  check ((kind = 'reservation_step') = (step is not null))
);
create index claim_notices_claim_idx on private.claim_notices (claim_id);

create function private.queue_claim_notice(p_claim private.lot_claims, p_kind text, p_recipient text, p_step text, p_due timestamptz, p_at timestamptz)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
begin
  insert into private.claim_notices (claim_id, kind, recipient, step, version)
  values (p_claim.id, p_kind, p_recipient, p_step, p_claim.version)
  returning id into v_id;
  insert into private.outbox (id, about_id, kind, next_attempt_at, created_at) values (v_id, v_id, p_kind, p_due, p_at);
end;
$$;

-- A hold's emails as it now stands: any still waiting dropped; the reminder 24 hours before it runs out (none when
-- that moment has passed) and the word that it ended, to its holder and the team, at its end.
create function private.schedule_hold_notices(p_claim private.lot_claims, p_at timestamptz) returns void
language plpgsql
set search_path = ''
as $$
begin
  update private.outbox o set status = 'dropped', last_error = 'claim_changed', lease_until = null, lease_token = null
  from private.claim_notices n
  where o.about_id = n.id and n.claim_id = p_claim.id and n.kind in ('hold_reminder', 'hold_ended') and o.status = 'pending';
  if p_claim.stage <> 'hold' then
    return;
  end if;
  if p_claim.end_kind is not null then
    perform private.queue_claim_notice(p_claim, 'hold_ended', 'holder', null, p_at, p_at);
    perform private.queue_claim_notice(p_claim, 'hold_ended', 'team', null, p_at, p_at);
    return;
  end if;
  if p_claim.expires_at - interval '24 hours' > p_at then
    perform private.queue_claim_notice(p_claim, 'hold_reminder', 'holder', null, p_claim.expires_at - interval '24 hours', p_at);
  end if;
  perform private.queue_claim_notice(p_claim, 'hold_ended', 'holder', null, p_claim.expires_at, p_at);
  perform private.queue_claim_notice(p_claim, 'hold_ended', 'team', null, p_claim.expires_at, p_at);
end;
$$;

-- A reservation's deposit email to the team, once, when it falls due unpaid; any waiting dropped first.
create function private.schedule_deposit_notice(p_claim private.lot_claims, p_at timestamptz) returns void
language plpgsql
set search_path = ''
as $$
begin
  update private.outbox o set status = 'dropped', last_error = 'claim_changed', lease_until = null, lease_token = null
  from private.claim_notices n
  where o.about_id = n.id and n.claim_id = p_claim.id and n.kind = 'deposit_overdue' and o.status = 'pending';
  if p_claim.stage in ('reserved', 'under_contract') and p_claim.end_kind is null and p_claim.deposit_received_on is null then
    perform private.queue_claim_notice(p_claim, 'deposit_overdue', 'team', null, greatest(p_claim.deposit_due_at, p_at), p_at);
  end if;
end;
$$;

-- What a claim's email is about, for the worker (lib/holds/types.ts NoticeClaim), and whether it is still worth sending.
create function private.claim_notice(p_id uuid, p_now timestamptz) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'claim', private.claim_json(c, p_now),
    'recipient', n.recipient,
    'to', (select jsonb_build_object('name', a.name, 'email', a.email) from private.accounts a
           where a.status = 'active' and a.id = case n.recipient when 'holder' then c.placed_by when 'broker' then c.broker_id end),
    'step', n.step,
    'live', (c.lead_id is not null or c.registration_id is not null) and case n.kind
      when 'hold_reminder' then n.version = c.version and c.stage = 'hold' and c.end_kind is null and c.expires_at > p_now
      when 'hold_ended' then n.version = c.version and c.stage = 'hold' and (c.end_kind is not null or c.expires_at <= p_now)
      when 'deposit_overdue' then n.version = c.version and c.stage in ('reserved', 'under_contract') and c.end_kind is null
        and c.deposit_received_on is null and c.deposit_due_at <= p_now
      else c.broker_id is not null
    end
  )
  from private.claim_notices n join private.lot_claims c on c.id = n.claim_id
  where n.id = p_id
$$;

insert into private.notice_kinds (kind, about) values
  ('hold_reminder', 'private.claim_notice(uuid, timestamptz)'),
  ('hold_ended', 'private.claim_notice(uuid, timestamptz)'),
  ('reservation_step', 'private.claim_notice(uuid, timestamptz)'),
  ('deposit_overdue', 'private.claim_notice(uuid, timestamptz)');

-- ---------------------------------------------------------------------------------------------------------
-- Reading.

-- Every estate with its shape, what it shows as of p_at, and its active claim where the account may see it: the team
-- every one, a broker only their own (others' holds show `on_hold`, never who or for whom). With the settings.
create function public.lot_board(p_actor uuid, p_at timestamptz) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
begin
  return jsonb_build_object(
    'settings', private.hold_settings_json(),
    'lots', (
      select coalesce(jsonb_agg(private.estate_json(e) || jsonb_build_object(
          'shape', e.plan_shape,
          'standing', case when c.id is null then e.status when c.stage = 'hold' then 'on_hold' else c.stage end,
          'claim', case when c.id is not null and (v_actor.role <> 'broker' or c.broker_id = v_actor.id) then private.claim_json(c, p_at) end
        )
        order by lower(substring(e.lot from '^\D*')) collate "C", substring(e.lot from '\d+')::numeric nulls first, e.lot collate "C"), '[]'::jsonb)
      from private.estates e
      left join private.lot_claims c on c.estate_id = e.id and private.claim_active(c, p_at)
    )
  );
end;
$$;

-- Claims, newest first, of one estate, registration or lead (whichever is named): the team's any, a broker's their own.
create function public.lot_claims(p_actor uuid, p_estate uuid, p_registration uuid, p_lead uuid, p_at timestamptz) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
begin
  return (
    select coalesce(jsonb_agg(private.claim_json(c, p_at) order by c.placed_at desc, c.id), '[]'::jsonb)
    from private.lot_claims c
    where (p_estate is null or c.estate_id = p_estate)
      and (p_registration is null or c.registration_id = p_registration)
      and (p_lead is null or c.lead_id = p_lead)
      and (p_estate is not null or p_registration is not null or p_lead is not null)
      and (v_actor.role <> 'broker' or c.broker_id = v_actor.id)
  );
end;
$$;

-- The reservations whose deposit is unpaid past its due day, soonest due first; the team's.
create function public.deposits_overdue(p_actor uuid, p_at timestamptz) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
begin
  return (
    select coalesce(jsonb_agg(private.claim_json(c, p_at) order by c.deposit_due_at, c.id), '[]'::jsonb)
    from private.lot_claims c
    where c.stage in ('reserved', 'under_contract') and c.end_kind is null and c.deposit_received_on is null and c.deposit_due_at <= p_at
  );
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Holds.

-- A hold on an estate for a registration (a broker's own, active; or the team's for any active one) or a lead (the
-- team's). Answers {outcome: held, claim} | taken | not_available | not_yours | limit | not_found.
create function public.place_hold(p_actor uuid, p_estate uuid, p_registration uuid, p_lead uuid, p_at timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
  v_settings private.hold_settings := private.current_hold_settings();
  v_registration private.registrations;
  v_estate private.estates;
  v_claim private.lot_claims;
  v_lead uuid;
  v_broker uuid;
begin
  if (p_registration is null) = (p_lead is null) then
    raise exception 'a hold is for one registration or one lead' using errcode = '22023';
  end if;
  if v_actor.role = 'broker' then
    if p_registration is null then
      return jsonb_build_object('outcome', 'not_yours');
    end if;
    -- One broker's holds take turns, so that two asked at once cannot both pass the limit.
    perform 1 from private.accounts a where a.id = v_actor.id for update;
  end if;
  if p_registration is not null then
    select * into v_registration from private.registrations r
    where r.id = p_registration and r.status = 'registered' and r.expires_at > p_at
      and (v_actor.role <> 'broker' or r.broker_id = v_actor.id);
    if v_registration.id is null then
      return jsonb_build_object('outcome', 'not_yours');
    end if;
    v_broker := v_registration.broker_id;
    v_lead := (select i.id from public.prospect_inquiries i where i.id = v_registration.conflict_inquiry_id);
  else
    v_lead := (select i.id from public.prospect_inquiries i where i.id = p_lead);
    if v_lead is null then
      return jsonb_build_object('outcome', 'not_found');
    end if;
  end if;
  if v_actor.role = 'broker' and (
    select count(*) from private.lot_claims c where c.broker_id = v_actor.id and c.stage = 'hold' and private.claim_active(c, p_at)
  ) >= v_settings.broker_limit then
    return jsonb_build_object('outcome', 'limit');
  end if;

  -- Holds on one lot take turns (the row lock), and the constraint is what refuses the second.
  select * into v_estate from private.estates e where e.id = p_estate for update;
  if v_estate.id is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  if v_estate.status <> 'available' then
    return jsonb_build_object('outcome', 'not_available');
  end if;
  begin
    insert into private.lot_claims (estate_id, claim_key, stage, placed_at, expires_at, claimed_until, placed_by, broker_id, registration_id, lead_id)
    values (v_estate.id, v_estate.claim_key, 'hold', p_at, p_at + make_interval(hours => v_settings.hold_hours),
      p_at + make_interval(hours => v_settings.hold_hours), v_actor.id, v_broker, v_registration.id, v_lead)
    returning * into v_claim;
  exception when exclusion_violation then
    return jsonb_build_object('outcome', 'taken');
  end;
  perform private.record_claim(v_claim, p_at, v_actor.name, 'hold_placed', to_char(v_claim.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
  perform private.schedule_hold_notices(v_claim, p_at);
  return jsonb_build_object('outcome', 'held', 'claim', private.claim_json(v_claim, p_at));
end;
$$;

-- The claim the account may change, locked: the team's any, a broker only what they placed or is for their client.
create function private.changeable_claim(p_actor private.accounts, p_claim uuid) returns private.lot_claims
language sql
set search_path = ''
as $$
  select c.* from private.lot_claims c
  where c.id = p_claim and (p_actor.role <> 'broker' or c.placed_by = p_actor.id or c.broker_id = p_actor.id)
  for update
$$;

create function private.claim_outcome(p_outcome text, p_claim private.lot_claims, p_at timestamptz) returns jsonb
language sql stable
set search_path = ''
as $$
  select case when p_outcome = 'done' then jsonb_build_object('outcome', 'done', 'claim', private.claim_json(p_claim, p_at))
    else jsonb_build_object('outcome', p_outcome) end
$$;

-- Its holder (or the team) releases a hold still running.
create function public.release_hold(p_actor uuid, p_claim uuid, p_at timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
  v_claim private.lot_claims := private.changeable_claim(v_actor, p_claim);
begin
  if v_claim.id is null then
    return private.claim_outcome('not_found', v_claim, p_at);
  end if;
  if v_claim.stage <> 'hold' then
    return private.claim_outcome('not_a_hold', v_claim, p_at);
  end if;
  if private.claim_state(v_claim, p_at) <> 'active' then
    return private.claim_outcome('ended', v_claim, p_at);
  end if;
  update private.lot_claims c set ended_at = p_at, end_kind = 'released', claimed_until = p_at, version = c.version + 1
  where c.id = v_claim.id returning * into v_claim;
  perform private.record_claim(v_claim, p_at, v_actor.name, 'hold_released', null);
  perform private.schedule_hold_notices(v_claim, p_at);
  return private.claim_outcome('done', v_claim, p_at);
end;
$$;

-- The team extends a running hold once, by the hours in force, with a reason.
create function public.extend_hold(p_actor uuid, p_claim uuid, p_reason text, p_at timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_claim private.lot_claims := private.changeable_claim(v_actor, p_claim);
  v_until timestamptz;
begin
  if p_reason is null or btrim(p_reason) = '' or char_length(p_reason) > 500 then
    raise exception 'an extension needs a reason of at most 500 characters' using errcode = '22023';
  end if;
  if v_claim.id is null then
    return private.claim_outcome('not_found', v_claim, p_at);
  end if;
  if v_claim.stage <> 'hold' then
    return private.claim_outcome('not_a_hold', v_claim, p_at);
  end if;
  if private.claim_state(v_claim, p_at) <> 'active' then
    return private.claim_outcome('ended', v_claim, p_at);
  end if;
  if v_claim.extended_at is not null then
    return private.claim_outcome('extended_before', v_claim, p_at);
  end if;
  v_until := v_claim.expires_at + make_interval(hours => (private.current_hold_settings()).hold_hours);
  update private.lot_claims c set expires_at = v_until, claimed_until = v_until, extended_at = p_at, extend_reason = btrim(p_reason),
    version = c.version + 1
  where c.id = v_claim.id returning * into v_claim;
  perform private.record_claim(v_claim, p_at, v_actor.name, 'hold_extended', to_char(v_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
  perform private.schedule_hold_notices(v_claim, p_at);
  return private.claim_outcome('done', v_claim, p_at);
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Reservations.

-- A deposit's fields, checked: an amount, a due day not before today in the site's zone, a received day not after it.
create function private.check_deposit(p_amount numeric, p_due_on date, p_received_on date, p_method text, p_note text, p_time_zone text, p_at timestamptz, p_new boolean)
returns void
language plpgsql stable
set search_path = ''
as $$
declare
  v_today date := (p_at at time zone p_time_zone)::date;
begin
  if p_amount is null or p_amount <= 0 or p_amount >= 1000000000000 or p_amount <> round(p_amount, 2) then
    raise exception 'a deposit is an amount of dollars' using errcode = '22023';
  end if;
  if p_due_on is null or (p_new and p_due_on < v_today) then
    raise exception 'a deposit is due on a day not yet past' using errcode = '22023';
  end if;
  if p_received_on is not null and p_received_on > v_today then
    raise exception 'a deposit is received on a day already come' using errcode = '22023';
  end if;
  if char_length(p_method) > 200 or char_length(p_note) > 2000 then
    raise exception 'deposit text too long' using errcode = '22023';
  end if;
end;
$$;

-- Sets an estate's status as its claim moves, the change recorded with who made it.
create function private.claim_estate_status(p_claim private.lot_claims, p_status text, p_actor private.accounts, p_at timestamptz) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_before private.estates;
begin
  select * into v_before from private.estates e where e.id = p_claim.estate_id for update;
  if v_before.status is distinct from p_status then
    update private.estates e set status = p_status, changed_at = p_at where e.id = p_claim.estate_id;
    perform private.record_estate_change(v_before.id, p_at, p_actor.id, jsonb_build_object('status', v_before.status), jsonb_build_object('status', p_status));
  end if;
end;
$$;

-- The team turns a running hold into a reservation with its deposit; the estate shows Reserved.
create function public.reserve_lot(
  p_actor uuid, p_claim uuid, p_amount numeric, p_due_on date, p_received_on date, p_method text, p_note text, p_time_zone text, p_at timestamptz
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_claim private.lot_claims := private.changeable_claim(v_actor, p_claim);
begin
  perform private.check_deposit(p_amount, p_due_on, p_received_on, p_method, p_note, p_time_zone, p_at, true);
  if v_claim.id is null then
    return private.claim_outcome('not_found', v_claim, p_at);
  end if;
  if v_claim.stage <> 'hold' then
    return private.claim_outcome('not_a_hold', v_claim, p_at);
  end if;
  if private.claim_state(v_claim, p_at) <> 'active' then
    return private.claim_outcome('ended', v_claim, p_at);
  end if;
  update private.lot_claims c set stage = 'reserved', reserved_at = p_at, claimed_until = '2200-01-01',
    deposit_amount = p_amount, deposit_due_on = p_due_on, deposit_due_at = ((p_due_on + 1)::timestamp at time zone p_time_zone),
    deposit_received_on = p_received_on, deposit_method = nullif(btrim(p_method), ''), deposit_note = nullif(btrim(p_note), ''),
    version = c.version + 1
  where c.id = v_claim.id returning * into v_claim;
  perform private.claim_estate_status(v_claim, 'reserved', v_actor, p_at);
  perform private.record_claim(v_claim, p_at, v_actor.name, 'reserved', p_amount::text);
  perform private.schedule_hold_notices(v_claim, p_at);
  perform private.schedule_deposit_notice(v_claim, p_at);
  if v_claim.broker_id is not null then
    perform private.queue_claim_notice(v_claim, 'reservation_step', 'broker', 'reserved', p_at, p_at);
  end if;
  return private.claim_outcome('done', v_claim, p_at);
end;
$$;

-- The team records the deposit as it now stands (received, a new due day, how it was paid).
create function public.update_deposit(
  p_actor uuid, p_claim uuid, p_amount numeric, p_due_on date, p_received_on date, p_method text, p_note text, p_time_zone text, p_at timestamptz
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_claim private.lot_claims := private.changeable_claim(v_actor, p_claim);
  v_before private.lot_claims := v_claim;
begin
  if v_claim.id is null then
    return private.claim_outcome('not_found', v_claim, p_at);
  end if;
  if v_claim.stage = 'hold' then
    return private.claim_outcome('not_allowed', v_claim, p_at);
  end if;
  if v_claim.end_kind is not null then
    return private.claim_outcome('ended', v_claim, p_at);
  end if;
  -- A due day already set may stay as it was, past or not; a new one may not be in the past.
  perform private.check_deposit(p_amount, p_due_on, p_received_on, p_method, p_note, p_time_zone, p_at, p_due_on is distinct from v_claim.deposit_due_on);
  update private.lot_claims c set deposit_amount = p_amount, deposit_due_on = p_due_on,
    deposit_due_at = ((p_due_on + 1)::timestamp at time zone p_time_zone), deposit_received_on = p_received_on,
    deposit_method = nullif(btrim(p_method), ''), deposit_note = nullif(btrim(p_note), ''), version = c.version + 1
  where c.id = v_claim.id returning * into v_claim;
  if v_before.deposit_received_on is null and v_claim.deposit_received_on is not null then
    perform private.record_claim(v_claim, p_at, v_actor.name, 'deposit_received', to_char(v_claim.deposit_received_on, 'YYYY-MM-DD'));
  elsif v_before.deposit_amount is distinct from v_claim.deposit_amount or v_before.deposit_due_on is distinct from v_claim.deposit_due_on then
    perform private.record_claim(v_claim, p_at, v_actor.name, 'deposit_changed', p_amount::text);
  end if;
  perform private.schedule_deposit_notice(v_claim, p_at);
  return private.claim_outcome('done', v_claim, p_at);
end;
$$;

-- The team moves a reservation one step on: reserved → under contract → sold.
create function public.advance_reservation(p_actor uuid, p_claim uuid, p_stage text, p_at timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_claim private.lot_claims := private.changeable_claim(v_actor, p_claim);
begin
  if p_stage is null or p_stage not in ('under_contract', 'sold') then
    raise exception 'a reservation moves on to under_contract or sold' using errcode = '22023';
  end if;
  if v_claim.id is null then
    return private.claim_outcome('not_found', v_claim, p_at);
  end if;
  if v_claim.end_kind is not null then
    return private.claim_outcome('ended', v_claim, p_at);
  end if;
  if v_claim.stage <> (case p_stage when 'under_contract' then 'reserved' else 'under_contract' end) then
    return private.claim_outcome('not_allowed', v_claim, p_at);
  end if;
  update private.lot_claims c set stage = p_stage,
    contract_at = case when p_stage = 'under_contract' then p_at else c.contract_at end,
    sold_at = case when p_stage = 'sold' then p_at else c.sold_at end,
    version = c.version + 1
  where c.id = v_claim.id returning * into v_claim;
  perform private.claim_estate_status(v_claim, p_stage, v_actor, p_at);
  perform private.record_claim(v_claim, p_at, v_actor.name, p_stage, null);
  perform private.schedule_deposit_notice(v_claim, p_at);
  if v_claim.broker_id is not null then
    perform private.queue_claim_notice(v_claim, 'reservation_step', 'broker', p_stage, p_at, p_at);
  end if;
  return private.claim_outcome('done', v_claim, p_at);
end;
$$;

-- The team cancels a reservation not yet sold, with a reason; the lot is available again.
create function public.cancel_reservation(p_actor uuid, p_claim uuid, p_reason text, p_at timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_claim private.lot_claims := private.changeable_claim(v_actor, p_claim);
begin
  if p_reason is null or btrim(p_reason) = '' or char_length(p_reason) > 500 then
    raise exception 'a cancellation needs a reason of at most 500 characters' using errcode = '22023';
  end if;
  if v_claim.id is null then
    return private.claim_outcome('not_found', v_claim, p_at);
  end if;
  if v_claim.end_kind is not null then
    return private.claim_outcome('ended', v_claim, p_at);
  end if;
  if v_claim.stage not in ('reserved', 'under_contract') then
    return private.claim_outcome('not_allowed', v_claim, p_at);
  end if;
  update private.lot_claims c set ended_at = p_at, end_kind = 'cancelled', cancel_reason = btrim(p_reason), claimed_until = greatest(p_at, c.placed_at),
    version = c.version + 1
  where c.id = v_claim.id returning * into v_claim;
  perform private.claim_estate_status(v_claim, 'available', v_actor, p_at);
  perform private.record_claim(v_claim, p_at, v_actor.name, 'reservation_cancelled', null);
  perform private.schedule_deposit_notice(v_claim, p_at);
  if v_claim.broker_id is not null then
    perform private.queue_claim_notice(v_claim, 'reservation_step', 'broker', 'cancelled', p_at, p_at);
  end if;
  return private.claim_outcome('done', v_claim, p_at);
end;
$$;

-- ---------------------------------------------------------------------------------------------------------

revoke all on function
  private.current_hold_settings(), private.hold_settings_json(), private.claim_span(integer, timestamptz, timestamptz),
  private.forget_claim_person(), private.keep_reserved_estate(),
  private.claim_state(private.lot_claims, timestamptz), private.claim_active(private.lot_claims, timestamptz), private.claim_person(uuid),
  private.claim_json(private.lot_claims, timestamptz), private.record_claim(private.lot_claims, timestamptz, text, text, text),
  private.queue_claim_notice(private.lot_claims, text, text, text, timestamptz, timestamptz),
  private.schedule_hold_notices(private.lot_claims, timestamptz), private.schedule_deposit_notice(private.lot_claims, timestamptz),
  private.claim_notice(uuid, timestamptz), private.changeable_claim(private.accounts, uuid),
  private.claim_outcome(text, private.lot_claims, timestamptz),
  private.check_deposit(numeric, date, date, text, text, text, timestamptz, boolean),
  private.claim_estate_status(private.lot_claims, text, private.accounts, timestamptz)
  from public;

-- The server's key alone may call what this migration makes public (rls.test.ts holds every public function to it).
do $$
declare
  v_function text;
begin
  foreach v_function in array array[
    'public.save_hold_settings(uuid, integer, integer, timestamptz)',
    'public.set_estate_shape(uuid, uuid, text, timestamptz)',
    'public.lot_board(uuid, timestamptz)',
    'public.lot_claims(uuid, uuid, uuid, uuid, timestamptz)',
    'public.deposits_overdue(uuid, timestamptz)',
    'public.place_hold(uuid, uuid, uuid, uuid, timestamptz)',
    'public.release_hold(uuid, uuid, timestamptz)',
    'public.extend_hold(uuid, uuid, text, timestamptz)',
    'public.reserve_lot(uuid, uuid, numeric, date, date, text, text, text, timestamptz)',
    'public.update_deposit(uuid, uuid, numeric, date, date, text, text, text, timestamptz)',
    'public.advance_reservation(uuid, uuid, text, timestamptz)',
    'public.cancel_reservation(uuid, uuid, text, timestamptz)'
  ] loop
    execute format('revoke all on function %s from public, anon, authenticated', v_function);
    execute format('grant execute on function %s to service_role', v_function);
  end loop;
end
$$;
