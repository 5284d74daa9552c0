-- A notice's tries are counted as they end, not as they begin: a try ends when its worker reports it, or when its
-- lease runs out unreported (its worker died). Until now a claim counted its try at once, so a notice on its first
-- try read as already tried once (the lead's page said "Retrying" of an email being sent for the first time).
-- The worker is still told which try it is making: the tries ended, plus this one.

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
    -- A lease still held here ran out unreported: that try has ended.
    update private.outbox o
    set attempts = o.attempts + case when o.lease_token is null then 0 else 1 end,
        lease_until = p_now + make_interval(secs => p_lease_seconds), lease_token = v_token
    where o.id in (select id from mail union all select id from hooks)
    returning o.id, o.lead_id, o.form, o.kind, o.attempts, o.created_at, o.about_id
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', c.id, 'lead_id', c.lead_id, 'form', c.form, 'kind', c.kind, 'attempt', c.attempts + 1,
    'created_at', c.created_at, 'token', v_token,
    'lead', case when c.lead_id is null then null else private.lead_json(c.form, c.lead_id) end,
    'about', private.notice_about(c.kind, c.about_id, p_now)
  )), '[]'::jsonb) into v_claimed
  from claimed c;
  return v_claimed;
end;
$$;

-- A worker's report ends its try, whatever the outcome.
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
      attempts = o.attempts + 1,
      sent_at = case when p_outcome = 'sent' then p_now else o.sent_at end,
      next_attempt_at = case when p_outcome = 'retry' then p_next_attempt_at else o.next_attempt_at end,
      last_error = case when p_outcome = 'sent' then null else left(p_error, 64) end,
      lease_until = null,
      lease_token = null
  where o.id = p_id and o.lease_token = p_token;
  return found;
end;
$$;

revoke all on function public.claim_notices(timestamptz, integer, integer, integer) from public, anon, authenticated;
revoke all on function public.complete_notice(uuid, uuid, text, text, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.claim_notices(timestamptz, integer, integer, integer) to service_role;
grant execute on function public.complete_notice(uuid, uuid, text, text, timestamptz, timestamptz) to service_role;
