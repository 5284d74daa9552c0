-- A host the team replaces is told: until now the new host was sent the invitation and the one replaced heard
-- nothing, the tour still in their calendar and their day. They are now sent a notice of their own, 'tour_released',
-- whose invitation withdraws the tour from their calendar (METHOD:CANCEL, the tour's UID), naming who hosts it now.
-- Only a host whose calendar holds the tour is told: one whose last notice of it that went (or is going as the change
-- is made) was not a withdrawal. A host replaced before their invitation went never heard of it, and their
-- invitation is put aside as before.

alter table private.tour_notices drop constraint tour_notices_kind_check;
alter table private.tour_notices add constraint tour_notices_kind_check
  check (kind in ('tour_booked', 'tour_moved', 'tour_cancelled', 'tour_reminder', 'tour_released'));

-- One email about a tour to one recipient, joining the outbox due at p_due: the one place a tour notice is queued.
-- A host's names the host it is for.
create function private.queue_tour_notice_to(p_tour private.tours, p_kind text, p_recipient text, p_host_id uuid, p_due timestamptz, p_at timestamptz) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
begin
  insert into private.tour_notices (tour_id, kind, recipient, host_id, sequence) values (p_tour.id, p_kind, p_recipient, p_host_id, p_tour.sequence)
  returning id into v_id;
  insert into private.outbox (id, about_id, kind, next_attempt_at, created_at) values (v_id, v_id, p_kind, p_due, p_at);
end;
$$;

-- Queues one email of this kind about the tour as it is now to each of its recipients (as 20261202000000 wrote
-- it): the broker who booked it (else the buyer), and its host when it has one; due at p_due.
create or replace function private.queue_tour_notice(p_tour private.tours, p_kind text, p_due timestamptz, p_at timestamptz) returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.queue_tour_notice_to(p_tour, p_kind, case when p_tour.broker_id is null then 'buyer' else 'broker' end, null, p_due, p_at);
  if p_tour.host_id is not null then
    perform private.queue_tour_notice_to(p_tour, p_kind, 'host', p_tour.host_id, p_due, p_at);
  end if;
end;
$$;

revoke all on function private.queue_tour_notice_to(private.tours, text, text, uuid, timestamptz, timestamptz) from public;

-- The team assigns a tour's host (a team member), or none. The new host is sent the invitation and joins the
-- reminder; the host replaced, if their invitation went, is sent the tour's withdrawal. The tour's sequence is
-- unchanged (its time is). False when there is no such booked tour.
create or replace function public.assign_tour_host(p_actor uuid, p_tour_id uuid, p_host_id uuid, p_at timestamptz) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_before private.tours;
  v_tour private.tours;
  v_last_told text;
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
  -- What the host replaced was last sent of this tour (or is being sent now): unless it was a withdrawal, the tour
  -- is in their calendar.
  select n.kind into v_last_told from private.tour_notices n join private.outbox o on o.about_id = n.id
  where n.tour_id = v_tour.id and n.recipient = 'host' and n.host_id = v_before.host_id
    and (o.status = 'sent' or (o.status = 'pending' and o.lease_until > p_at))
  order by o.created_at desc, n.kind = 'tour_released' desc
  limit 1;
  -- (None was told of a tour that had no host: v_last_told is then null, and so is the comparison.)
  if v_tour.starts_at > p_at and v_last_told <> 'tour_released' then
    perform private.queue_tour_notice_to(v_tour, 'tour_released', 'host', v_before.host_id, p_at, p_at);
  end if;
  if p_host_id is not null and v_tour.starts_at > p_at then
    perform private.queue_tour_notice_to(v_tour, 'tour_booked', 'host', p_host_id, p_at, p_at);
  end if;
  perform private.schedule_tour_reminder(v_tour, p_at);
  return true;
end;
$$;

-- What a tour notice is about, for the worker (as 20261202000000 wrote it), with the released host's notice: its
-- `host` is the host it goes to (the one replaced), `hostNow` whoever hosts the tour now (or null), and it is worth
-- sending while the tour has not begun and they have not been made its host again. And no host's notice, of any
-- kind, goes to a member no longer on the team (removed or revoked since it was queued): until now it did.
create or replace function private.tour_notice(p_id uuid, p_now timestamptz) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'tour', private.tour_json(t), 'timeZone', t.time_zone,
    'buyer', (select jsonb_build_object('name', b ->> 'name', 'email', b ->> 'email') from private.tour_buyer(t) b),
    'host', (select jsonb_build_object('name', a.name, 'email', a.email) from private.accounts a
      where a.id = case when n.kind = 'tour_released' then n.host_id else t.host_id end),
    'hostNow', (select jsonb_build_object('name', a.name, 'email', a.email) from private.accounts a where a.id = t.host_id),
    'broker', (select jsonb_build_object('name', a.name, 'email', a.email) from private.accounts a where a.id = t.broker_id),
    'linkId', t.link_id, 'recipient', n.recipient, 'noticeSequence', n.sequence,
    'live', case
      when n.kind = 'tour_released' then t.host_id is distinct from n.host_id and t.starts_at > p_now
      else n.sequence = t.sequence
        and (n.kind = 'tour_cancelled' or t.status = 'booked')
        and (n.kind <> 'tour_reminder' or t.starts_at > p_now)
        and (n.recipient <> 'host' or t.host_id = n.host_id)
    end
      -- A host's notice names the buyer and how to reach them: it goes only to a member still on the team.
      and (n.recipient <> 'host' or exists (select 1 from private.accounts a where a.id = n.host_id and a.status = 'active'))
  )
  from private.tour_notices n join private.tours t on t.id = n.tour_id
  where n.id = p_id
$$;

insert into private.notice_kinds (kind, about) values ('tour_released', 'private.tour_notice(uuid, timestamptz)');
