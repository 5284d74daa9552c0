-- Private tours. A buyer books one from the link in their inquiry's receipt (/tour/<token>); a broker books one
-- from the portal for a client with an active registration. The team sets when tours run (settings, closed
-- dates), sees an agenda of booked tours and assigns each a host. Every booking, move and cancellation emails
-- through the outbox, and a reminder goes 24 hours before a tour.
--
-- No time is ever booked beyond its capacity, whatever arrives at once: each booked tour holds one of the
-- `capacity` seats for its span (start to end plus buffer), and an exclusion constraint keeps two booked tours
-- of one seat from overlapping. A booking tries seat 1, 2, … in turn, each insert in a subtransaction; a seat
-- another session is taking at that moment makes the insert wait for it, then fail (23P01) if it committed, and
-- the next seat is tried. There is no read before the write for two sessions to both pass. (Seatings take turns
-- under a transaction-scoped advisory lock, so that two sessions inserting clashing holds at the same instant do
-- not each wait for the other; the constraint is still what refuses the second: see private.seat_tour.)
--
-- The constraint needs no extension: seat and span are one numeric range, the span's epoch seconds shifted by
-- seat × 10^10 (about 317 years a seat), so that spans of different seats never overlap and the core GiST
-- range operator class does the rest.
--
-- Times come in from the server's clock (p_at, p_now), never now(), so that the tests can set it.

-- ---------------------------------------------------------------------------------------------------------
-- Settings. One row (absent until first saved: the defaults, lib/tours/types.ts DEFAULT_TOUR_SETTINGS, are
-- then in force), and the closed dates. Tours keep the length and buffer they were booked with, so a change
-- applies to new bookings only.

-- Opening hours: an object of ISO weekdays ("1" Monday … "7" Sunday), each null (closed) or {open, close} as
-- HH:MM with open before close.
create function private.valid_tour_hours(p_hours jsonb) returns boolean
language sql immutable
set search_path = ''
as $$
  select jsonb_typeof(p_hours) = 'object' and not exists (
    select 1 from jsonb_each(p_hours) d(day, value)
    where d.day !~ '^[1-7]$'
      or (jsonb_typeof(d.value) <> 'null' and not (
        jsonb_typeof(d.value) = 'object'
        and coalesce(d.value ->> 'open', '') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
        and coalesce(d.value ->> 'close', '') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$'
        and d.value ->> 'open' < d.value ->> 'close'
        and (select count(*) from jsonb_object_keys(d.value)) = 2
      ))
  )
$$;

create table private.tour_settings (
  id boolean primary key default true check (id),
  hours jsonb not null check (private.valid_tour_hours(hours)),
  tour_minutes integer not null check (tour_minutes between 15 and 480),
  buffer_minutes integer not null check (buffer_minutes between 0 and 240),
  capacity integer not null check (capacity between 1 and 20),
  least_notice_hours integer not null check (least_notice_hours between 0 and 720),
  horizon_days integer not null check (horizon_days between 1 and 365),
  changed_at timestamptz not null,
  changed_by text not null check (changed_by <> '' and char_length(changed_by) <= 80)
);

create table private.tour_closed_dates (
  day date primary key
);

-- The settings in force: the saved row, or the defaults.
create function private.current_tour_settings() returns private.tour_settings
language sql stable
set search_path = ''
as $$
  select coalesce(
    (select s from private.tour_settings s where s.id),
    row(true, jsonb_build_object(
      '1', jsonb_build_object('open', '10:00', 'close', '17:00'), '2', jsonb_build_object('open', '10:00', 'close', '17:00'),
      '3', jsonb_build_object('open', '10:00', 'close', '17:00'), '4', jsonb_build_object('open', '10:00', 'close', '17:00'),
      '5', jsonb_build_object('open', '10:00', 'close', '17:00'), '6', jsonb_build_object('open', '10:00', 'close', '17:00')
    ), 90, 30, 1, 24, 30, null, null)::private.tour_settings
  )
$$;

create function private.tour_settings_json() returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'hours', s.hours, 'tourMinutes', s.tour_minutes, 'bufferMinutes', s.buffer_minutes, 'capacity', s.capacity,
    'leastNoticeHours', s.least_notice_hours, 'horizonDays', s.horizon_days,
    'closedDates', coalesce((select jsonb_agg(to_char(c.day, 'YYYY-MM-DD') order by c.day) from private.tour_closed_dates c), '[]'::jsonb),
    'changedAt', s.changed_at, 'changedBy', s.changed_by
  )
  from private.current_tour_settings() s
$$;

-- The settings, for the booking page (no account) and the team.
create function public.tour_settings() returns jsonb
language sql stable
security definer
set search_path = ''
as $$ select private.tour_settings_json() $$;

-- The team saves the settings: every field, and the closed dates as the whole list (YYYY-MM-DD).
create function public.save_tour_settings(p_actor uuid, p_settings jsonb, p_at timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_hours jsonb := p_settings -> 'hours';
begin
  if v_hours is null or not private.valid_tour_hours(v_hours) then
    raise exception 'opening hours must be HH:MM, open before close, per weekday 1-7' using errcode = '22023';
  end if;
  if jsonb_typeof(p_settings -> 'closedDates') is distinct from 'array' then
    raise exception 'closed dates must be a list' using errcode = '22023';
  end if;
  begin
    insert into private.tour_settings (id, hours, tour_minutes, buffer_minutes, capacity, least_notice_hours, horizon_days, changed_at, changed_by)
    values (true, (select coalesce(jsonb_object_agg(d.day, d.value), '{}'::jsonb) from jsonb_each(v_hours) d(day, value) where jsonb_typeof(d.value) <> 'null'),
      (p_settings ->> 'tourMinutes')::integer, (p_settings ->> 'bufferMinutes')::integer, (p_settings ->> 'capacity')::integer,
      (p_settings ->> 'leastNoticeHours')::integer, (p_settings ->> 'horizonDays')::integer, p_at, left(v_actor.name, 80))
    on conflict (id) do update set
      hours = excluded.hours, tour_minutes = excluded.tour_minutes, buffer_minutes = excluded.buffer_minutes,
      capacity = excluded.capacity, least_notice_hours = excluded.least_notice_hours, horizon_days = excluded.horizon_days,
      changed_at = excluded.changed_at, changed_by = excluded.changed_by;
    delete from private.tour_closed_dates;
    insert into private.tour_closed_dates (day)
    select distinct to_date(d, 'YYYY-MM-DD') from jsonb_array_elements_text(p_settings -> 'closedDates') d
    where d ~ '^\d{4}-\d{2}-\d{2}$';
    if (select count(*) from jsonb_array_elements_text(p_settings -> 'closedDates') d where d !~ '^\d{4}-\d{2}-\d{2}$') > 0 then
      raise exception 'closed dates must be YYYY-MM-DD' using errcode = '22023';
    end if;
  exception
    when check_violation or not_null_violation or invalid_text_representation or numeric_value_out_of_range or datetime_field_overflow then
      raise exception 'tour settings out of range' using errcode = '22023';
  end;
  return private.tour_settings_json();
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Tour links. The receipt of an inquiry carries /tour/<token>: the token is derived from the link's id with the
-- server's key when the email is written (lib/tours/links.ts), never stored; the store keeps its SHA-256 hash.
-- A link lasts 30 days (720 hours) from issue, and is dead before then once its lead is gone or its tour was cancelled.

create table private.tour_links (
  id uuid primary key,
  lead_id uuid not null references public.prospect_inquiries (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  issued_at timestamptz not null,
  expires_at timestamptz not null,
  check (expires_at = issued_at + interval '720 hours')
);
create index tour_links_lead_idx on private.tour_links (lead_id, issued_at desc);

-- ---------------------------------------------------------------------------------------------------------
-- Tours.

-- A tour's hold on one seat as one range (see the top of this file).
create function private.tour_hold(p_seat integer, p_starts_at timestamptz, p_blocked_until timestamptz) returns numrange
language sql immutable
set search_path = ''
as $$
  select numrange(p_seat * 10000000000::numeric + extract(epoch from p_starts_at), p_seat * 10000000000::numeric + extract(epoch from p_blocked_until), '[)')
$$;

create table private.tours (
  id uuid primary key default gen_random_uuid(),
  -- The buyer's inquiry (booked by its link, or the inquiry a broker's registration met).
  lead_id uuid references public.prospect_inquiries (id) on delete cascade,
  link_id uuid references private.tour_links (id) on delete set null,
  -- Booked by a broker for their registered client.
  registration_id uuid references private.registrations (id) on delete cascade,
  broker_id uuid references private.accounts (id) on delete cascade,
  host_id uuid references private.accounts (id) on delete set null,
  starts_at timestamptz not null check (starts_at > '2000-01-01' and starts_at < '2200-01-01'),
  ends_at timestamptz not null,
  blocked_until timestamptz not null,
  -- The zone it was booked in: the one its emails show it in.
  time_zone text not null check (char_length(time_zone) between 1 and 64),
  status text not null check (status in ('booked', 'cancelled')),
  sequence integer not null default 0,
  seat integer not null check (seat between 1 and 20),
  created_at timestamptz not null,
  changed_at timestamptz not null,
  hold numrange generated always as (private.tour_hold(seat, starts_at, blocked_until)) stored,
  check (ends_at > starts_at and blocked_until >= ends_at),
  check (lead_id is not null or registration_id is not null),
  check ((registration_id is null) = (broker_id is null)),
  constraint tours_capacity exclude using gist (hold with &&) where (status = 'booked')
);
create index tours_starts_idx on private.tours (starts_at);
create index tours_lead_idx on private.tours (lead_id) where lead_id is not null;
create index tours_link_idx on private.tours (link_id) where link_id is not null;
create index tours_registration_idx on private.tours (registration_id) where registration_id is not null;
create index tours_broker_idx on private.tours (broker_id) where broker_id is not null;

-- Each email about a tour: the tour as of which change (its sequence) and whom it goes to. The outbox notice's
-- id and subject are this row's id.
create table private.tour_notices (
  id uuid primary key default gen_random_uuid(),
  tour_id uuid not null references private.tours (id) on delete cascade,
  kind text not null check (kind in ('tour_booked', 'tour_moved', 'tour_cancelled', 'tour_reminder')),
  recipient text not null check (recipient in ('buyer', 'broker', 'host')),
  -- A host's notice: which host it was for (a notice for a host since replaced is not sent).
  host_id uuid,
  sequence integer not null,
  check ((recipient = 'host') = (host_id is not null))
);
create index tour_notices_tour_idx on private.tour_notices (tour_id);

create function private.tour_json(p_tour private.tours) returns jsonb
language sql immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_tour.id, 'leadId', p_tour.lead_id, 'startsAt', p_tour.starts_at, 'endsAt', p_tour.ends_at, 'status', p_tour.status,
    'sequence', p_tour.sequence, 'hostId', p_tour.host_id, 'brokerId', p_tour.broker_id, 'registrationId', p_tour.registration_id,
    'createdAt', p_tour.created_at
  )
$$;

-- Who the tour is for: the registration's buyer when a broker booked it, else the inquiry's.
create function private.tour_buyer(p_tour private.tours) returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(
    (select jsonb_build_object('name', r.full_name, 'email', r.email, 'phone', r.phone) from private.registrations r where r.id = p_tour.registration_id),
    (select jsonb_build_object('name', i.full_name, 'email', i.email, 'phone', i.phone) from public.prospect_inquiries i where i.id = p_tour.lead_id)
  )
$$;

create function private.tour_person(p_account uuid) returns jsonb
language sql stable
set search_path = ''
as $$ select jsonb_build_object('id', a.id, 'name', a.name, 'email', a.email, 'brokerage', a.brokerage) from private.accounts a where a.id = p_account $$;

-- A link that still opens: within its 30 days, or with its tour booked and not yet over (a tour booked late
-- in a link's life can be moved or cancelled from its emails until it has happened); its lead kept, its tour
-- not cancelled.
create function private.live_link(p_token_hash text, p_at timestamptz) returns private.tour_links
language sql stable
set search_path = ''
as $$
  select l.* from private.tour_links l
  where l.token_hash = p_token_hash
    and (l.expires_at > p_at or exists (select 1 from private.tours t where t.link_id = l.id and t.status = 'booked' and t.ends_at > p_at))
    and exists (select 1 from public.prospect_inquiries i where i.id = l.lead_id)
    and not exists (select 1 from private.tours t where t.link_id = l.id and t.status = 'cancelled')
$$;

-- Whether a tour may start then, under the settings in force: at least the least notice after p_at, no later than
-- the horizon (calendar days in the site's zone), on a whole minute, on a day not closed, within that weekday's hours in the site's zone.
create function private.tour_time_allowed(p_settings private.tour_settings, p_starts_at timestamptz, p_minutes integer, p_time_zone text, p_at timestamptz)
returns boolean
language plpgsql stable
set search_path = ''
as $$
declare
  v_local timestamp := p_starts_at at time zone p_time_zone;
  v_end timestamp := (p_starts_at + make_interval(mins => p_minutes)) at time zone p_time_zone;
  v_hours jsonb := p_settings.hours -> extract(isodow from v_local)::integer::text;
begin
  if p_starts_at is null or p_starts_at < p_at + make_interval(hours => p_settings.least_notice_hours)
     -- So many calendar days ahead at the same wall-clock time, as lib/tours/slots.ts counts them across a
     -- daylight-saving change.
     or p_starts_at > ((p_at at time zone p_time_zone) + make_interval(days => p_settings.horizon_days)) at time zone p_time_zone
     or date_trunc('minute', p_starts_at) <> p_starts_at then
    return false;
  end if;
  if exists (select 1 from private.tour_closed_dates c where c.day = v_local::date) then
    return false;
  end if;
  if v_hours is null or jsonb_typeof(v_hours) <> 'object' then
    return false;
  end if;
  return to_char(v_local, 'HH24:MI') >= v_hours ->> 'open'
    and (v_end::date = v_local::date and to_char(v_end, 'HH24:MI') <= v_hours ->> 'close'
         or v_hours ->> 'close' = '24:00' and v_end = (v_local::date + 1)::timestamp);
end;
$$;

-- Puts a tour on the first free seat (inserting it, or moving it when p_tour_id is given); null when every seat
-- is held at that time. Each try is a subtransaction: a seat another session is taking makes it wait, then fail.
create function private.seat_tour(p_tour_id uuid, p_row private.tours, p_capacity integer) returns private.tours
language plpgsql
set search_path = ''
as $$
declare
  v_tour private.tours;
  v_seat integer := 1;
  v_deadlocks integer := 0;
begin
  -- Seatings take turns, site-wide, until their transaction ends. The constraint alone keeps any time within its
  -- capacity; taking turns keeps two sessions from each finding the other's uncommitted hold and waiting on it (a
  -- deadlock PostgreSQL breaks by failing one, which the fresh-clone tests once saw reach the caller).
  perform pg_advisory_xact_lock(hashtext('private.seat_tour'));
  while v_seat <= p_capacity loop
    begin
      if p_tour_id is null then
        insert into private.tours (lead_id, link_id, registration_id, broker_id, host_id, starts_at, ends_at, blocked_until, time_zone, status, sequence, seat, created_at, changed_at)
        values (p_row.lead_id, p_row.link_id, p_row.registration_id, p_row.broker_id, p_row.host_id, p_row.starts_at, p_row.ends_at, p_row.blocked_until,
          p_row.time_zone, 'booked', 0, v_seat, p_row.created_at, p_row.changed_at)
        returning * into v_tour;
      else
        update private.tours t set starts_at = p_row.starts_at, ends_at = p_row.ends_at, blocked_until = p_row.blocked_until, seat = v_seat,
          time_zone = p_row.time_zone, sequence = t.sequence + 1, changed_at = p_row.changed_at
        where t.id = p_tour_id
        returning * into v_tour;
      end if;
      return v_tour;
    exception
      when exclusion_violation then
        -- That seat is held then; the next one.
        v_seat := v_seat + 1;
        v_deadlocks := 0;
      when deadlock_detected then
        -- Two sessions inserting clashing holds at once each find the other's and wait for it: PostgreSQL ends the
        -- wait of one. Its try is undone (releasing the other) and made again, now waiting for the other's outcome.
        v_deadlocks := v_deadlocks + 1;
        if v_deadlocks > 5 then
          raise;
        end if;
    end;
  end loop;
  return null;
end;
$$;

-- Queues one email of this kind about the tour as it is now to each of its recipients: the broker who booked it
-- (else the buyer), and its host when it has one; due at p_due.
create function private.queue_tour_notice(p_tour private.tours, p_kind text, p_due timestamptz, p_at timestamptz) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  v_recipient text;
begin
  foreach v_recipient in array array[case when p_tour.broker_id is null then 'buyer' else 'broker' end, case when p_tour.host_id is not null then 'host' end] loop
    continue when v_recipient is null;
    insert into private.tour_notices (tour_id, kind, recipient, host_id, sequence)
    values (p_tour.id, p_kind, v_recipient, case when v_recipient = 'host' then p_tour.host_id end, p_tour.sequence)
    returning id into v_id;
    insert into private.outbox (id, about_id, kind, next_attempt_at, created_at) values (v_id, v_id, p_kind, p_due, p_at);
  end loop;
end;
$$;

-- The reminder 24 hours before: any still waiting is dropped, and a booked tour gets one for its start as it now
-- is (none when that moment has already passed).
create function private.schedule_tour_reminder(p_tour private.tours, p_at timestamptz) returns void
language plpgsql
set search_path = ''
as $$
begin
  update private.outbox o set status = 'dropped', last_error = 'tour_changed', lease_until = null, lease_token = null
  from private.tour_notices n
  where o.about_id = n.id and n.tour_id = p_tour.id and n.kind = 'tour_reminder' and o.status = 'pending';
  if p_tour.status = 'booked' and p_tour.starts_at - interval '24 hours' > p_at then
    perform private.queue_tour_notice(p_tour, 'tour_reminder', p_tour.starts_at - interval '24 hours', p_at);
  end if;
end;
$$;

-- A line in the lead's history.
create function private.record_tour(p_lead uuid, p_at timestamptz, p_actor text, p_action text, p_from text, p_to text) returns void
language sql
set search_path = ''
as $$
  insert into private.lead_activity (lead_id, at, actor, action, from_value, to_value)
  select p_lead, p_at, left(coalesce(nullif(btrim(p_actor), ''), 'Buyer'), 80), p_action, p_from, p_to
  where p_lead is not null
$$;

-- A booking's common part, once who may book is settled: checks the time, seats the tour, moves the lead to
-- touring with a history line, queues the emails. Answers {outcome: booked, tour} | full | invalid.
create function private.book_tour(p_row private.tours, p_actor text, p_at timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_settings private.tour_settings := private.current_tour_settings();
  v_row private.tours := p_row;
  v_tour private.tours;
  v_status text;
begin
  if not private.tour_time_allowed(v_settings, p_row.starts_at, v_settings.tour_minutes, p_row.time_zone, p_at) then
    return jsonb_build_object('outcome', 'invalid');
  end if;
  v_row.ends_at := p_row.starts_at + make_interval(mins => v_settings.tour_minutes);
  v_row.blocked_until := v_row.ends_at + make_interval(mins => v_settings.buffer_minutes);
  v_row.created_at := p_at;
  v_row.changed_at := p_at;
  v_tour := private.seat_tour(null, v_row, v_settings.capacity);
  if v_tour.id is null then
    return jsonb_build_object('outcome', 'full');
  end if;

  if v_tour.lead_id is not null then
    select i.status into v_status from public.prospect_inquiries i where i.id = v_tour.lead_id for update;
    if v_status in ('new', 'contacted', 'qualified') then
      update public.prospect_inquiries i set status = 'touring' where i.id = v_tour.lead_id;
      perform private.record_tour(v_tour.lead_id, p_at, p_actor, 'status', v_status, 'touring');
    end if;
    perform private.record_tour(v_tour.lead_id, p_at, p_actor, 'tour_booked', null, to_char(v_tour.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  end if;
  perform private.queue_tour_notice(v_tour, 'tour_booked', p_at, p_at);
  perform private.schedule_tour_reminder(v_tour, p_at);
  return jsonb_build_object('outcome', 'booked', 'tour', private.tour_json(v_tour));
end;
$$;

-- The buyer books by their link. Also dead (the link is not live) and exists (the link's tour, booked and still
-- to come: move it instead). The link's row is locked first, so that one link books once however often it is sent.
create function public.book_tour_by_link(p_token_hash text, p_starts_at timestamptz, p_time_zone text, p_at timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_link private.tour_links := private.live_link(p_token_hash, p_at);
  v_tour private.tours;
  v_row private.tours;
begin
  if v_link.id is null then
    return jsonb_build_object('outcome', 'dead');
  end if;
  perform 1 from private.tour_links l where l.id = v_link.id for update;
  -- Whoever cancels the link's tour holds this lock too: live now, it stays live until this booking commits.
  if (private.live_link(p_token_hash, p_at)).id is null then
    return jsonb_build_object('outcome', 'dead');
  end if;
  select * into v_tour from private.tours t where t.link_id = v_link.id and t.status = 'booked' and t.starts_at > p_at order by t.starts_at limit 1;
  if v_tour.id is not null then
    return jsonb_build_object('outcome', 'exists', 'tour', private.tour_json(v_tour));
  end if;
  v_row.lead_id := v_link.lead_id;
  v_row.link_id := v_link.id;
  v_row.starts_at := p_starts_at;
  v_row.time_zone := p_time_zone;
  return private.book_tour(v_row, (select i.full_name from public.prospect_inquiries i where i.id = v_link.lead_id), p_at);
end;
$$;

-- A broker books for a registration of theirs that is active (registered, not expired); anyone else's, or one
-- not active, is refused (42501). The tour is on the inquiry the registration met, when there was one and it is kept.
create function public.book_tour_for_registration(p_actor uuid, p_registration_id uuid, p_starts_at timestamptz, p_time_zone text, p_at timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['broker']);
  v_registration private.registrations;
  v_tour private.tours;
  v_row private.tours;
begin
  select * into v_registration from private.registrations r
  where r.id = p_registration_id and r.broker_id = v_actor.id and r.status = 'registered' and r.expires_at > p_at
  for update;
  if v_registration.id is null then
    raise exception 'not an active registration of this broker' using errcode = '42501';
  end if;
  select * into v_tour from private.tours t where t.registration_id = v_registration.id and t.status = 'booked' and t.starts_at > p_at order by t.starts_at limit 1;
  if v_tour.id is not null then
    return jsonb_build_object('outcome', 'exists', 'tour', private.tour_json(v_tour));
  end if;
  v_row.lead_id := (select i.id from public.prospect_inquiries i where i.id = v_registration.conflict_inquiry_id);
  v_row.registration_id := v_registration.id;
  v_row.broker_id := v_actor.id;
  v_row.starts_at := p_starts_at;
  v_row.time_zone := p_time_zone;
  return private.book_tour(v_row, v_actor.name, p_at);
end;
$$;

-- Moves a tour (locked by the caller) to another time: the same length and buffer it was booked with, the
-- capacity and allowed times in force now; sequence raised, emails queued, the reminder rescheduled.
create function private.move_tour(p_tour private.tours, p_starts_at timestamptz, p_time_zone text, p_actor text, p_at timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_settings private.tour_settings := private.current_tour_settings();
  v_row private.tours := p_tour;
  v_tour private.tours;
begin
  if not private.tour_time_allowed(v_settings, p_starts_at, (extract(epoch from p_tour.ends_at - p_tour.starts_at) / 60)::integer, p_time_zone, p_at) then
    return jsonb_build_object('outcome', 'invalid', 'tour', private.tour_json(p_tour));
  end if;
  v_row.starts_at := p_starts_at;
  v_row.ends_at := p_starts_at + (p_tour.ends_at - p_tour.starts_at);
  v_row.blocked_until := p_starts_at + (p_tour.blocked_until - p_tour.starts_at);
  v_row.time_zone := p_time_zone;
  v_row.changed_at := p_at;
  v_tour := private.seat_tour(p_tour.id, v_row, v_settings.capacity);
  if v_tour.id is null then
    return jsonb_build_object('outcome', 'full', 'tour', private.tour_json(p_tour));
  end if;
  perform private.record_tour(v_tour.lead_id, p_at, p_actor, 'tour_moved',
    to_char(p_tour.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char(v_tour.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  perform private.queue_tour_notice(v_tour, 'tour_moved', p_at, p_at);
  perform private.schedule_tour_reminder(v_tour, p_at);
  return jsonb_build_object('outcome', 'moved', 'tour', private.tour_json(v_tour));
end;
$$;

create function private.cancel_tour(p_tour private.tours, p_actor text, p_at timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_tour private.tours;
begin
  update private.tours t set status = 'cancelled', sequence = t.sequence + 1, changed_at = p_at where t.id = p_tour.id returning * into v_tour;
  perform private.record_tour(v_tour.lead_id, p_at, p_actor, 'tour_cancelled', to_char(v_tour.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), null);
  perform private.queue_tour_notice(v_tour, 'tour_cancelled', p_at, p_at);
  perform private.schedule_tour_reminder(v_tour, p_at);
  return jsonb_build_object('outcome', 'cancelled', 'tour', private.tour_json(v_tour));
end;
$$;

-- The tour an actor may change: the team any, a broker their own; locked, after its link (so that a booking by
-- the link, which holds the link, never sees its tour cancelled half-way). Null when there is none such, booked
-- and not yet started.
create function private.changeable_tour(p_actor private.accounts, p_tour_id uuid, p_at timestamptz) returns private.tours
language plpgsql
set search_path = ''
as $$
declare
  v_tour private.tours;
begin
  perform 1 from private.tour_links l where l.id = (select t.link_id from private.tours t where t.id = p_tour_id) for update;
  select t.* into v_tour from private.tours t
  where t.id = p_tour_id and t.status = 'booked' and t.starts_at > p_at
    and (p_actor.role = any (private.team()) or t.broker_id = p_actor.id)
  for update;
  return v_tour;
end;
$$;

-- The link's tour, booked and still to come, locked after its link (the order every change of a tour takes); null
-- when the link is dead or has none.
create function private.link_tour(p_token_hash text, p_at timestamptz) returns private.tours
language plpgsql
set search_path = ''
as $$
declare
  v_link uuid := (private.live_link(p_token_hash, p_at)).id;
  v_tour private.tours;
begin
  perform 1 from private.tour_links l where l.id = v_link for update;
  select t.* into v_tour from private.tours t
  where t.link_id = (private.live_link(p_token_hash, p_at)).id and t.status = 'booked' and t.starts_at > p_at
  order by t.starts_at
  limit 1
  for update;
  return v_tour;
end;
$$;

-- Move or cancel by the buyer's link: {outcome: moved | cancelled | full | invalid | dead | not_found, tour}.
create function public.move_tour_by_link(p_token_hash text, p_starts_at timestamptz, p_time_zone text, p_at timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tour private.tours;
begin
  if (private.live_link(p_token_hash, p_at)).id is null then
    return jsonb_build_object('outcome', 'dead');
  end if;
  v_tour := private.link_tour(p_token_hash, p_at);
  if v_tour.id is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  return private.move_tour(v_tour, p_starts_at, p_time_zone, private.tour_buyer(v_tour) ->> 'name', p_at);
end;
$$;

create function public.cancel_tour_by_link(p_token_hash text, p_at timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tour private.tours;
begin
  if (private.live_link(p_token_hash, p_at)).id is null then
    return jsonb_build_object('outcome', 'dead');
  end if;
  v_tour := private.link_tour(p_token_hash, p_at);
  if v_tour.id is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  return private.cancel_tour(v_tour, private.tour_buyer(v_tour) ->> 'name', p_at);
end;
$$;

-- Move or cancel by an account: the team any tour, a broker their own.
create function public.move_tour(p_actor uuid, p_tour_id uuid, p_starts_at timestamptz, p_time_zone text, p_at timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team() || array['broker']);
  v_tour private.tours := private.changeable_tour(v_actor, p_tour_id, p_at);
begin
  if v_tour.id is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  return private.move_tour(v_tour, p_starts_at, p_time_zone, v_actor.name, p_at);
end;
$$;

create function public.cancel_tour(p_actor uuid, p_tour_id uuid, p_at timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team() || array['broker']);
  v_tour private.tours := private.changeable_tour(v_actor, p_tour_id, p_at);
begin
  if v_tour.id is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  return private.cancel_tour(v_tour, v_actor.name, p_at);
end;
$$;

-- The team assigns a tour's host (a team member), or none. The new host is sent the invitation and joins the
-- reminder; the tour's sequence is unchanged (its time is). False when there is no such booked tour.
create function public.assign_tour_host(p_actor uuid, p_tour_id uuid, p_host_id uuid, p_at timestamptz) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_before private.tours;
  v_tour private.tours;
  v_notice uuid;
begin
  if p_host_id is not null and not exists (select 1 from private.accounts a where a.id = p_host_id and a.status = 'active' and a.role = any (private.team())) then
    raise exception 'a host is an active team member' using errcode = '22023';
  end if;
  select * into v_before from private.tours t where t.id = p_tour_id and t.status = 'booked' for update;
  if v_before.id is null then
    return false;
  end if;
  if v_before.host_id is not distinct from p_host_id then
    return true;
  end if;
  update private.tours t set host_id = p_host_id, changed_at = p_at where t.id = p_tour_id returning * into v_tour;
  perform private.record_tour(v_tour.lead_id, p_at, v_actor.name, 'tour_host',
    (select a.name from private.accounts a where a.id = v_before.host_id), (select a.name from private.accounts a where a.id = p_host_id));
  if p_host_id is not null and v_tour.starts_at > p_at then
    insert into private.tour_notices (tour_id, kind, recipient, host_id, sequence) values (v_tour.id, 'tour_booked', 'host', p_host_id, v_tour.sequence)
    returning id into v_notice;
    insert into private.outbox (id, about_id, kind, next_attempt_at, created_at) values (v_notice, v_notice, 'tour_booked', p_at, p_at);
  end if;
  perform private.schedule_tour_reminder(v_tour, p_at);
  return true;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Issuing and reading links.

-- The delivery worker issues the link for an inquiry's receipt: the lead's link still live if it has one (a
-- retried receipt carries the same), else a new one with the id and token hash given, for 30 days. The worker
-- then derives the token from the id answered. Null when the lead is gone.
create function public.issue_tour_link(p_id uuid, p_lead_id uuid, p_token_hash text, p_at timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_link private.tour_links;
begin
  perform 1 from public.prospect_inquiries i where i.id = p_lead_id for update;
  if not found then
    return null;
  end if;
  select l.* into v_link from private.tour_links l
  where l.lead_id = p_lead_id and l.issued_at <= p_at and l.expires_at > p_at
    and not exists (select 1 from private.tours t where t.link_id = l.id and t.status = 'cancelled')
  order by l.issued_at desc
  limit 1;
  if v_link.id is null then
    insert into private.tour_links (id, lead_id, token_hash, issued_at, expires_at) values (p_id, p_lead_id, p_token_hash, p_at, p_at + interval '720 hours')
    returning * into v_link;
  end if;
  return jsonb_build_object('id', v_link.id, 'leadId', v_link.lead_id, 'issuedAt', v_link.issued_at, 'expiresAt', v_link.expires_at);
end;
$$;

-- What the booking page shows for a token: the live link, its buyer's name, its tour still to come (or null)
-- and that tour's host's name once the team assigns one (else null); null when the link is dead.
create function public.tour_link(p_token_hash text, p_at timestamptz) returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', l.id, 'leadId', l.lead_id, 'issuedAt', l.issued_at, 'expiresAt', l.expires_at,
    'buyerName', (select i.full_name from public.prospect_inquiries i where i.id = l.lead_id),
    -- Its tour until it is over, as long as the link itself opens (private.live_link).
    'tour', (select private.tour_json(t) from private.tours t where t.link_id = l.id and t.status = 'booked' and t.ends_at > p_at order by t.starts_at limit 1),
    -- The same tour's host, by name alone (never their address).
    'hostName', (
      select a.name
      from (select t.host_id from private.tours t where t.link_id = l.id and t.status = 'booked' and t.ends_at > p_at order by t.starts_at limit 1) h
      join private.accounts a on a.id = h.host_id
    )
  )
  from private.live_link(p_token_hash, p_at) l
  where l.id is not null
$$;

-- The calendar's booked spans that overlap [p_from, p_to), for working out open times.
create function public.tour_spans(p_from timestamptz, p_to timestamptz) returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('startsAt', t.starts_at, 'blockedUntil', t.blocked_until) order by t.starts_at, t.id), '[]'::jsonb)
  from private.tours t
  where t.status = 'booked' and t.starts_at < p_to and t.blocked_until > p_from
$$;

create function private.agenda_json(p_tour private.tours) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'tour', private.tour_json(p_tour), 'timeZone', p_tour.time_zone, 'buyer', private.tour_buyer(p_tour),
    'host', private.tour_person(p_tour.host_id), 'broker', private.tour_person(p_tour.broker_id)
  )
$$;

-- The team's agenda: booked tours starting in [p_from, p_to), in order, with buyer, host and broker.
create function public.tour_agenda(p_actor uuid, p_from timestamptz, p_to timestamptz) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.acting(p_actor, private.team());
  return (select coalesce(jsonb_agg(private.agenda_json(t) order by t.starts_at, t.id), '[]'::jsonb)
          from private.tours t where t.status = 'booked' and t.starts_at >= p_from and t.starts_at < p_to);
end;
$$;

-- A broker's tours for their registrations, booked and cancelled, the latest start first.
create function public.broker_tours(p_actor uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['broker']);
begin
  return (select coalesce(jsonb_agg(private.agenda_json(t) order by t.starts_at desc, t.id), '[]'::jsonb)
          from private.tours t where t.broker_id = v_actor.id);
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The emails. What a tour notice is about, for the worker: the tour as it is now (lib/tours/types.ts TourNotice,
-- but manageUrl, which the worker makes from linkId and the server's key), whom this one goes to, and whether it
-- is still worth sending: not once the tour changed after it was queued, and a reminder only for a booked tour
-- not yet started.
create function private.tour_notice(p_id uuid, p_now timestamptz) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'tour', private.tour_json(t), 'timeZone', t.time_zone,
    'buyer', (select jsonb_build_object('name', b ->> 'name', 'email', b ->> 'email') from private.tour_buyer(t) b),
    'host', (select jsonb_build_object('name', a.name, 'email', a.email) from private.accounts a where a.id = t.host_id),
    'broker', (select jsonb_build_object('name', a.name, 'email', a.email) from private.accounts a where a.id = t.broker_id),
    'linkId', t.link_id, 'recipient', n.recipient, 'noticeSequence', n.sequence,
    'live', n.sequence = t.sequence
      and (n.kind = 'tour_cancelled' or t.status = 'booked')
      and (n.kind <> 'tour_reminder' or t.starts_at > p_now)
      and (n.recipient <> 'host' or t.host_id = n.host_id)
  )
  from private.tour_notices n join private.tours t on t.id = n.tour_id
  where n.id = p_id
$$;

insert into private.notice_kinds (kind, about) values
  ('tour_booked', 'private.tour_notice(uuid, timestamptz)'),
  ('tour_moved', 'private.tour_notice(uuid, timestamptz)'),
  ('tour_cancelled', 'private.tour_notice(uuid, timestamptz)'),
  ('tour_reminder', 'private.tour_notice(uuid, timestamptz)');

-- Forgets tours with their emails (the outbox rows; their notice rows and the tours go with the tours).
create function private.forget_tours(p_ids uuid[]) returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  delete from private.outbox o using private.tour_notices n where o.about_id = n.id and n.tour_id = any (p_ids);
  delete from private.tours t where t.id = any (p_ids);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Erasure, as registrations.sql has it, and now the tours of the person (as a buyer: of their inquiries and of
-- their registrations; as a broker: those they booked), with their emails; their tour links go with their inquiries.

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
  perform private.forget_tours(array(
    select t.id from private.tours t
    where t.lead_id = any (v_ids)
      or t.registration_id in (select r.id from private.registrations r where r.email_key = private.buyer_email(p_email))
      or t.broker_id in (select a.id from private.accounts a where a.email = lower(trim(p_email)) and a.role = 'broker')
  ));
  delete from private.tour_links l where l.lead_id = any (v_ids);
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
-- Retention, as portal_retention.sql has it, and now tours: those of the leads and registrations it deletes, and
-- any that ended (its span, buffer included) before the period, each with its emails; and tour links that
-- expired before the period. The answer counts the tours.

create or replace function public.apply_retention(p_days integer, p_at timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before timestamptz;
  v_ids uuid[];
  v_registrations uuid[];
  v_brokers uuid[];
  v_downloads integer;
  v_acceptances integer;
  v_tours integer;
begin
  if p_days is null or p_days < 1 then
    raise exception 'retention must be at least a day' using errcode = '22023';
  end if;
  if p_at is null then
    raise exception 'retention needs the time' using errcode = '22023';
  end if;
  v_before := p_at - make_interval(days => p_days);

  select coalesce(array_agg(id), '{}') into v_ids from (
    select id from public.prospect_inquiries where created_at < v_before
    union all
    select id from public.broker_requests where created_at < v_before
  ) old;

  -- Brokers whose access ended before the period: revoked, and revoked last that long ago.
  select coalesce(array_agg(a.id), '{}') into v_brokers
  from private.accounts a
  where a.role = 'broker' and a.status = 'revoked'
    and coalesce((select max(e.at) from private.account_activity e where e.account_id = a.id and e.action = 'revoked'), a.created_at) < v_before;

  select coalesce(array_agg(r.id), '{}') into v_registrations
  from private.registrations r
  where r.broker_id = any (v_brokers)
    or (r.status = 'registered' and r.expires_at < v_before)
    or (r.status = 'declined' and coalesce(r.decided_at, r.created_at) < v_before)
    or (r.status = 'under_review' and r.created_at < v_before);

  v_tours := private.forget_tours(array(
    select t.id from private.tours t
    where t.lead_id = any (v_ids) or t.registration_id = any (v_registrations) or t.broker_id = any (v_brokers) or t.blocked_until < v_before
  ));
  delete from private.tour_links l where l.lead_id = any (v_ids) or l.expires_at < v_before;

  perform private.delete_leads(v_ids);
  update private.registrations r set conflict_inquiry_id = null where r.conflict_inquiry_id = any (v_ids);

  delete from private.outbox o where o.about_id = any (v_registrations);
  delete from private.registrations r where r.id = any (v_registrations);

  delete from private.outbox o using private.sign_in_challenges c
  where o.about_id = c.id and c.account_id = any (v_brokers);
  delete from private.accounts a where a.id = any (v_brokers);

  delete from private.portal_downloads d where d.at < v_before;
  get diagnostics v_downloads = row_count;

  delete from private.terms_acceptances t
  where t.accepted_at < v_before
    and t.version < (select max(l.version) from private.terms_acceptances l where l.account_id = t.account_id);
  get diagnostics v_acceptances = row_count;

  return jsonb_build_object(
    'leads', cardinality(v_ids),
    'registrations', cardinality(v_registrations),
    'brokers', cardinality(v_brokers),
    'downloads', v_downloads,
    'acceptances', v_acceptances,
    'tours', v_tours
  );
end;
$$;

-- ---------------------------------------------------------------------------------------------------------

revoke all on function
  private.valid_tour_hours(jsonb), private.current_tour_settings(), private.tour_settings_json(),
  private.tour_hold(integer, timestamptz, timestamptz), private.tour_json(private.tours), private.tour_buyer(private.tours),
  private.tour_person(uuid), private.live_link(text, timestamptz),
  private.tour_time_allowed(private.tour_settings, timestamptz, integer, text, timestamptz),
  private.seat_tour(uuid, private.tours, integer), private.queue_tour_notice(private.tours, text, timestamptz, timestamptz),
  private.schedule_tour_reminder(private.tours, timestamptz), private.record_tour(uuid, timestamptz, text, text, text, text),
  private.book_tour(private.tours, text, timestamptz), private.move_tour(private.tours, timestamptz, text, text, timestamptz),
  private.cancel_tour(private.tours, text, timestamptz), private.changeable_tour(private.accounts, uuid, timestamptz),
  private.link_tour(text, timestamptz), private.agenda_json(private.tours), private.tour_notice(uuid, timestamptz),
  private.forget_tours(uuid[])
  from public;

-- The server's key alone may call what this migration makes public (rls.test.ts holds every public function to it).
do $$
declare
  v_function text;
begin
  foreach v_function in array array[
    'public.tour_settings()',
    'public.save_tour_settings(uuid, jsonb, timestamptz)',
    'public.book_tour_by_link(text, timestamptz, text, timestamptz)',
    'public.book_tour_for_registration(uuid, uuid, timestamptz, text, timestamptz)',
    'public.move_tour_by_link(text, timestamptz, text, timestamptz)',
    'public.cancel_tour_by_link(text, timestamptz)',
    'public.move_tour(uuid, uuid, timestamptz, text, timestamptz)',
    'public.cancel_tour(uuid, uuid, timestamptz)',
    'public.assign_tour_host(uuid, uuid, uuid, timestamptz)',
    'public.issue_tour_link(uuid, uuid, text, timestamptz)',
    'public.tour_link(text, timestamptz)',
    'public.tour_spans(timestamptz, timestamptz)',
    'public.tour_agenda(uuid, timestamptz, timestamptz)',
    'public.broker_tours(uuid)',
    'public.erase_person(uuid, text)',
    'public.apply_retention(integer, timestamptz)'
  ] loop
    execute format('revoke all on function %s from public, anon, authenticated', v_function);
    execute format('grant execute on function %s to service_role', v_function);
  end loop;
end
$$;
