-- Delivery of every stored lead: the notices a lead must produce (an email to
-- the sales team, a receipt to the person, a signed webhook) are written in
-- the same transaction as the lead, and delivered by a worker in each server
-- process that claims due notices with a lease. Several instances on one
-- database share the work without sending a notice twice at once; a notice
-- whose instance died is claimed again once its lease runs out.
--
-- The notices hold no copy of the lead: the worker reads it when it sends, so
-- erasing a lead leaves nothing of it here.

create table private.outbox (
  -- Derived from the lead and the kind, so that a receiver can tell a redelivery from a new notice.
  id uuid primary key,
  lead_id uuid not null,
  form text not null check (form in ('inquiry', 'broker')),
  kind text not null check (kind in ('team_email', 'receipt', 'webhook')),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- Held by one worker until then; its token proves the worker's claim when it reports back.
  lease_until timestamptz,
  lease_token uuid,
  -- A category (connection, timeout, rejected, http_500, ...), never a message that could quote the lead.
  last_error text check (char_length(last_error) <= 64),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (lead_id, kind)
);
create index outbox_due_idx on private.outbox (next_attempt_at) where status = 'pending';
create index outbox_sent_mail_idx on private.outbox (sent_at) where kind <> 'webhook';

-- One row per receipt promised, by a salted hash of the address: at most one receipt per address a day.
create table private.receipt_log (
  recipient_hash text not null,
  created_at timestamptz not null default now()
);
create index receipt_log_recipient_idx on private.receipt_log (recipient_hash, created_at);

-- The notice's stable id: the same lead and kind always give the same id.
create function private.notice_id(p_lead_id uuid, p_kind text) returns uuid
language sql immutable
set search_path = ''
as $$ select md5(p_lead_id::text || '/' || p_kind)::uuid $$;

-- The lead a notice is about, as JSON, read from its form's table.
create function private.lead_json(p_form text, p_lead_id uuid) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_lead jsonb;
begin
  execute format('select to_jsonb(l) - ''submission_key'' from public.%I l where l.id = $1', private.lead_table(p_form))
    into v_lead using p_lead_id;
  return v_lead;
end;
$$;

-- The submission function now also records the notices the server wants for a stored lead. The
-- function that stores leads moves out of the data API's reach, so that no caller can store a lead
-- without saying which notices it needs; the new one wraps it, in the same transaction.
alter function public.submit_lead(text, jsonb, text, text, integer, integer, integer, integer) rename to store_lead;
alter function public.store_lead(text, jsonb, text, text, integer, integer, integer, integer) set schema private;
revoke all on function private.store_lead(text, jsonb, text, text, integer, integer, integer, integer) from public, anon, authenticated, service_role;

create function public.submit_lead(
  p_form text,
  p_lead jsonb,
  p_submission_key text,
  p_client_address text,
  p_client_limit integer,
  p_client_window_seconds integer,
  p_global_limit integer,
  p_global_window_seconds integer,
  p_notices text[]
) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_outcome text;
  v_lead_id uuid;
  v_recipient_hash text;
  v_kind text;
begin
  v_outcome := private.store_lead(
    p_form, p_lead, p_submission_key, p_client_address,
    p_client_limit, p_client_window_seconds, p_global_limit, p_global_window_seconds
  );
  if v_outcome <> 'stored' then
    return v_outcome;
  end if;
  execute format('select id from public.%I where submission_key = $1', private.lead_table(p_form))
    into v_lead_id using p_submission_key;

  foreach v_kind in array coalesce(p_notices, '{}') loop
    if v_kind = 'receipt' then
      -- One receipt per address a day, whichever form it is typed into: the forms must not become a
      -- way to send mail to strangers.
      v_recipient_hash := private.salted_hash(lower(p_lead ->> 'email'));
      perform pg_advisory_xact_lock(hashtext('submit_lead/receipt/' || v_recipient_hash));
      if exists (select 1 from private.receipt_log r where r.recipient_hash = v_recipient_hash and r.created_at > now() - interval '24 hours') then
        continue;
      end if;
      insert into private.receipt_log (recipient_hash) values (v_recipient_hash);
      delete from private.receipt_log where created_at < now() - interval '24 hours';
    end if;
    insert into private.outbox (id, lead_id, form, kind)
    values (private.notice_id(v_lead_id, v_kind), v_lead_id, p_form, v_kind);
  end loop;
  return 'stored';
end;
$$;

revoke all on function public.submit_lead(text, jsonb, text, text, integer, integer, integer, integer, text[]) from public, anon, authenticated;
grant execute on function public.submit_lead(text, jsonb, text, text, integer, integer, integer, integer, text[]) to service_role;

-- Claims up to p_limit due notices for one worker, for p_lease_seconds, and returns them with their
-- leads. Email (every kind but the webhook) is held to p_mail_per_hour across every instance: sent in
-- the last hour plus claimed now.
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
  -- Counting the hour's mail and claiming within it is one step across instances.
  perform pg_advisory_xact_lock(hashtext('claim_notices/mail'));
  select greatest(0, p_mail_per_hour - count(*)) into v_mail_room
  from private.outbox o
  where o.kind <> 'webhook'
    and (o.sent_at > p_now - interval '1 hour' or (o.status = 'pending' and o.lease_until > p_now));

  with mail as (
    -- The sales team's email goes first when the hour's mail is short.
    select o.id from private.outbox o
    where o.status = 'pending' and o.kind <> 'webhook'
      and o.next_attempt_at <= p_now and (o.lease_until is null or o.lease_until <= p_now)
    order by o.kind <> 'team_email', o.next_attempt_at, o.id
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
    returning o.id, o.lead_id, o.form, o.kind, o.attempts, o.created_at
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', c.id, 'lead_id', c.lead_id, 'form', c.form, 'kind', c.kind, 'attempt', c.attempts,
    'created_at', c.created_at, 'token', v_token, 'lead', private.lead_json(c.form, c.lead_id)
  )), '[]'::jsonb) into v_claimed
  from claimed c;
  return v_claimed;
end;
$$;

-- What a worker reports for a notice it holds: sent, to be retried at p_next_attempt_at, or failed for good.
-- A report from a worker whose lease was taken over by another is ignored.
create function public.complete_notice(p_id uuid, p_token uuid, p_outcome text, p_error text, p_next_attempt_at timestamptz, p_now timestamptz)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_outcome not in ('sent', 'retry', 'failed') then
    raise exception 'unknown outcome %', p_outcome using errcode = '22023';
  end if;
  update private.outbox o
  set status = case p_outcome when 'sent' then 'sent' when 'failed' then 'failed' else 'pending' end,
      sent_at = case when p_outcome = 'sent' then p_now else o.sent_at end,
      next_attempt_at = case when p_outcome = 'retry' then p_next_attempt_at else o.next_attempt_at end,
      last_error = case when p_outcome = 'sent' then null else left(p_error, 64) end,
      lease_until = null,
      lease_token = null
  where o.id = p_id and o.lease_token = p_token;
  return found;
end;
$$;

-- The delivery state of the given leads' notices, for the inbox.
create function public.lead_notices(p_lead_ids uuid[])
returns table (id uuid, lead_id uuid, kind text, status text, attempts integer, next_attempt_at timestamptz, last_error text, sent_at timestamptz)
language sql
security definer
set search_path = ''
as $$
  select o.id, o.lead_id, o.kind, o.status, o.attempts, o.next_attempt_at, o.last_error, o.sent_at
  from private.outbox o where o.lead_id = any(p_lead_ids)
  order by o.lead_id, o.kind;
$$;

-- The health check now also reports how long the oldest undelivered notice has waited.
drop function public.check_lead_store();
create function public.check_lead_store() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_oldest timestamptz;
begin
  insert into private.health_probe (checked_at) values (now())
  on conflict (id) do update set checked_at = excluded.checked_at;
  select min(o.created_at) into v_oldest from private.outbox o where o.status = 'pending';
  return jsonb_build_object(
    'oldest_pending_seconds', case when v_oldest is null then null else floor(extract(epoch from now() - v_oldest))::integer end,
    'failed_notices', (select count(*) from private.outbox o where o.status = 'failed')
  );
end;
$$;

revoke all on function public.claim_notices(timestamptz, integer, integer, integer) from public, anon, authenticated;
revoke all on function public.complete_notice(uuid, uuid, text, text, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.lead_notices(uuid[]) from public, anon, authenticated;
revoke all on function public.check_lead_store() from public, anon, authenticated;
revoke all on function private.notice_id(uuid, text) from public;
revoke all on function private.lead_json(text, uuid) from public;
grant execute on function public.claim_notices(timestamptz, integer, integer, integer) to service_role;
grant execute on function public.complete_notice(uuid, uuid, text, text, timestamptz, timestamptz) to service_role;
grant execute on function public.lead_notices(uuid[]) to service_role;
grant execute on function public.check_lead_store() to service_role;
