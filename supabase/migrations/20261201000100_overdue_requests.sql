-- The broker form promises an answer within 24 hours. A request still pending 20 hours after it arrived is
-- overdue: the inbox marks it (the server compares created_at with the time, lib/leads/overdue.ts), and the
-- team is emailed about it once, through the outbox. The inbox also counts, per month, how many requests
-- arrived, how many were answered within the 24 hours, how many later, and how many still wait; for that a
-- request keeps when it was first answered.

-- ---------------------------------------------------------------------------------------------------------
-- When a request was first answered (approved or declined). Whatever answers it (decide_broker, or a status
-- changed by hand) stamps it, once: a later change of mind keeps the first answer's time.

alter table public.broker_requests add column decided_at timestamptz;

-- The requests answered before this column existed take the time of their first decision in their history.
update public.broker_requests r
set decided_at = (
  select min(a.at) from private.lead_activity a
  where a.lead_id = r.id and a.action in ('decision', 'status') and a.to_value in ('approved', 'declined')
)
where r.status <> 'pending';

-- An answer also puts the request's overdue reminder aside (defined below), so that the inbox no longer shows
-- it waiting. A worker holding it at that moment reports what it did; the worker sends nothing for a request
-- no longer pending when it claims the reminder.
create function private.stamp_broker_decision() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status = 'pending' and new.status <> 'pending' then
    if old.decided_at is null then
      new.decided_at := now();
    end if;
    update private.outbox o set status = 'dropped', last_error = 'answered'
    where o.id = private.notice_id(new.id, 'broker_overdue') and o.status in ('pending', 'failed');
  end if;
  return new;
end;
$$;

create trigger broker_requests_decided_at
before update of status on public.broker_requests
for each row execute function private.stamp_broker_decision();

-- ---------------------------------------------------------------------------------------------------------
-- The overdue notice. Where a broker request's email to the team joins the outbox (that is: mail is set up),
-- its overdue reminder joins too, in the same transaction, due 20 hours after the request arrived. It names
-- the request as both its lead (so erasure and retention, which delete a lead's notices, take it, and the
-- inbox shows it with the request's other notices) and its subject (so the worker learns from
-- private.overdue_notice, at delivery, whether the request still waits). Its created_at is when it falls
-- due: its day of retries counts from then, and the health check does not count it as waiting before.

create function private.overdue_notice(p_id uuid, p_now timestamptz) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'request_id', r.id, 'full_name', r.full_name, 'brokerage', r.brokerage, 'email', r.email,
    'created_at', r.created_at, 'pending', r.status = 'pending'
  )
  from public.broker_requests r
  where r.id = p_id
$$;

insert into private.notice_kinds (kind, about) values ('broker_overdue', 'private.overdue_notice(uuid, timestamptz)');

create function private.enqueue_overdue_notice() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_due timestamptz;
begin
  -- To the millisecond, as the inbox reads created_at: the mark and the reminder fall due at one moment.
  select date_trunc('milliseconds', r.created_at) + interval '20 hours' into v_due from public.broker_requests r where r.id = new.lead_id;
  if v_due is not null then
    insert into private.outbox (id, lead_id, form, kind, about_id, next_attempt_at, created_at)
    values (private.notice_id(new.lead_id, 'broker_overdue'), new.lead_id, 'broker', 'broker_overdue', new.lead_id, v_due, v_due)
    on conflict do nothing;
  end if;
  return null;
end;
$$;

create trigger outbox_broker_overdue
after insert on private.outbox
for each row when (new.kind = 'team_email' and new.form = 'broker' and new.lead_id is not null)
execute function private.enqueue_overdue_notice();

-- The health check, as 20261125000000_delivery_outbox.sql has it, but a notice begins to wait when it falls
-- due: an overdue reminder scheduled for tomorrow is not a notice stuck since yesterday.
create or replace function public.check_lead_store() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_oldest timestamptz;
begin
  insert into private.health_probe (checked_at) values (now())
  on conflict (id) do update set checked_at = excluded.checked_at;
  select min(o.created_at) into v_oldest from private.outbox o where o.status = 'pending' and o.created_at <= now();
  return jsonb_build_object(
    'oldest_pending_seconds', case when v_oldest is null then null else floor(extract(epoch from now() - v_oldest))::integer end,
    'failed_notices', (select count(*) from private.outbox o where o.status = 'failed')
  );
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The promise kept, month by month (the month a request arrived, in the team's time zone): how many arrived,
-- how many were answered within 24 hours, how many later (or at a time nobody recorded), how many still wait.
-- Newest month first.

create function public.broker_response_months(p_actor uuid, p_time_zone text) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.acting(p_actor, private.team());
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'month', month, 'arrived', arrived, 'within_day', within_day, 'later', later, 'waiting', waiting
    ) order by month desc), '[]'::jsonb)
    from (
      select to_char(r.created_at at time zone p_time_zone, 'YYYY-MM') as month,
        count(*)::integer as arrived,
        count(*) filter (where r.decided_at <= r.created_at + interval '24 hours')::integer as within_day,
        count(*) filter (where (r.decided_at is not null or r.status <> 'pending')
          and not coalesce(r.decided_at <= r.created_at + interval '24 hours', false))::integer as later,
        count(*) filter (where r.decided_at is null and r.status = 'pending')::integer as waiting
      from public.broker_requests r
      group by 1
    ) months
  );
end;
$$;

revoke all on function private.stamp_broker_decision(), private.overdue_notice(uuid, timestamptz), private.enqueue_overdue_notice() from public;
revoke all on function public.broker_response_months(uuid, text), public.check_lead_store() from public, anon, authenticated;
grant execute on function public.broker_response_months(uuid, text), public.check_lead_store() to service_role;
