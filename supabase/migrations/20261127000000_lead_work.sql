-- The inbox becomes where the sales team works each lead to its end: a
-- status, an owner, a follow-up date, notes, and a history of every change
-- (who, what, when); broker requests are approved or declined, and the broker
-- is told. Each lead also keeps where its visit came from (the utm_ parameters
-- and the referring site) and which privacy notice its form showed. A person
-- can be erased on request, leaving only the record that an erasure happened;
-- leads older than the retention period can be deleted.
--
-- Everything here goes through functions the server's key alone may call; the
-- public keys can still neither read nor write anything.

-- Where the visit came from, and the notice the form showed: optional, as typed fields are, never ''.
alter table public.prospect_inquiries
  add column utm_source text check (utm_source <> '' and char_length(utm_source) <= 200),
  add column utm_medium text check (utm_medium <> '' and char_length(utm_medium) <= 200),
  add column utm_campaign text check (utm_campaign <> '' and char_length(utm_campaign) <= 200),
  add column utm_term text check (utm_term <> '' and char_length(utm_term) <= 200),
  add column utm_content text check (utm_content <> '' and char_length(utm_content) <= 200),
  add column referrer text check (referrer <> '' and char_length(referrer) <= 200),
  add column privacy_notice text check (privacy_notice <> '' and char_length(privacy_notice) <= 64);
alter table public.broker_requests
  add column utm_source text check (utm_source <> '' and char_length(utm_source) <= 200),
  add column utm_medium text check (utm_medium <> '' and char_length(utm_medium) <= 200),
  add column utm_campaign text check (utm_campaign <> '' and char_length(utm_campaign) <= 200),
  add column utm_term text check (utm_term <> '' and char_length(utm_term) <= 200),
  add column utm_content text check (utm_content <> '' and char_length(utm_content) <= 200),
  add column referrer text check (referrer <> '' and char_length(referrer) <= 200),
  add column privacy_notice text check (privacy_notice <> '' and char_length(privacy_notice) <= 64);

-- The team's work on each lead. The statuses are the registry's (lib/leads/forms.ts), the first the default.
alter table public.prospect_inquiries
  add column status text not null default 'new' check (status in ('new', 'contacted', 'qualified', 'touring', 'closed', 'spam')),
  add column owner text check (owner <> '' and char_length(owner) <= 80),
  add column follow_up_on date;
alter table public.broker_requests
  add column status text not null default 'pending' check (status in ('pending', 'approved', 'declined')),
  add column owner text check (owner <> '' and char_length(owner) <= 80),
  add column follow_up_on date;
create index prospect_inquiries_status_idx on public.prospect_inquiries (status, created_at desc);
create index broker_requests_status_idx on public.broker_requests (status, created_at desc);
create index prospect_inquiries_email_idx on public.prospect_inquiries (lower(email));
create index broker_requests_email_idx on public.broker_requests (lower(email));

create table private.lead_notes (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null,
  created_at timestamptz not null default now(),
  author text not null check (author <> '' and char_length(author) <= 80),
  body text not null check (body <> '' and char_length(body) <= 4000)
);
create index lead_notes_lead_idx on private.lead_notes (lead_id, created_at);

-- Every change the team makes: what changed, from what, to what. A note's text stays in lead_notes.
create table private.lead_activity (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null,
  at timestamptz not null default now(),
  actor text not null check (actor <> '' and char_length(actor) <= 80),
  action text not null check (action in ('status', 'owner', 'follow_up_on', 'note', 'decision', 'resend')),
  from_value text,
  to_value text
);
create index lead_activity_lead_idx on private.lead_activity (lead_id, at);

-- That an erasure happened, when, by whom and how many leads went: never whose.
create table private.erasures (
  id uuid primary key default gen_random_uuid(),
  at timestamptz not null default now(),
  actor text not null check (actor <> '' and char_length(actor) <= 80),
  leads integer not null
);

-- The decision emails go through the outbox with the lead's other notices.
alter table private.outbox drop constraint outbox_kind_check;
alter table private.outbox add constraint outbox_kind_check
  check (kind in ('team_email', 'receipt', 'webhook', 'broker_approved', 'broker_declined'));
-- Which form a lead belongs to (ids are unique across both tables).
create function private.lead_form(p_id uuid) returns text
language sql stable
set search_path = ''
as $$
  select case
    when exists (select 1 from public.prospect_inquiries where id = p_id) then 'inquiry'
    when exists (select 1 from public.broker_requests where id = p_id) then 'broker'
  end
$$;

-- One page of a form's leads, newest first, filtered by status and owner and searched by name, email or
-- brokerage, with how many match in all.
create function public.inbox_leads(p_form text, p_status text, p_owner text, p_search text, p_offset integer, p_limit integer)
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

-- A lead with everything the team needs on its page: its form, its fields and work, its notes, its
-- history and where each of its notices stands.
create function public.inbox_lead(p_id uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_form text := private.lead_form(p_id);
begin
  if v_form is null then
    return null;
  end if;
  return jsonb_build_object(
    'form', v_form,
    'lead', private.lead_json(v_form, p_id),
    'notes', (select coalesce(jsonb_agg(jsonb_build_object('id', n.id, 'created_at', n.created_at, 'author', n.author, 'body', n.body)
      order by n.created_at, n.id), '[]'::jsonb) from private.lead_notes n where n.lead_id = p_id),
    'activity', (select coalesce(jsonb_agg(jsonb_build_object('at', a.at, 'actor', a.actor, 'action', a.action, 'from', a.from_value, 'to', a.to_value)
      order by a.at, a.id), '[]'::jsonb) from private.lead_activity a where a.lead_id = p_id)
  );
end;
$$;

-- Changes one piece of a lead's work (status, owner or follow-up date) and records who changed it from
-- what to what. False when nothing changed (no such lead, or the same value).
create function public.change_lead(p_id uuid, p_field text, p_value text, p_actor text) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
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
  insert into private.lead_activity (lead_id, actor, action, from_value, to_value) values (p_id, p_actor, p_field, v_before, p_value);
  return true;
end;
$$;

create function public.add_lead_note(p_id uuid, p_body text, p_actor text) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_note uuid;
begin
  if private.lead_form(p_id) is null then
    return false;
  end if;
  insert into private.lead_notes (lead_id, author, body) values (p_id, p_actor, p_body) returning id into v_note;
  insert into private.lead_activity (lead_id, actor, action, to_value) values (p_id, p_actor, 'note', v_note::text);
  return true;
end;
$$;

-- Approves or declines a broker request, records the decision and, when mail is on, queues the email
-- that tells the broker (once per decision).
create function public.decide_broker(p_id uuid, p_decision text, p_actor text, p_notify boolean) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before text;
  v_kind text := 'broker_' || p_decision;
begin
  if p_decision not in ('approved', 'declined') then
    raise exception 'unknown decision %', p_decision using errcode = '22023';
  end if;
  select status into v_before from public.broker_requests where id = p_id for update;
  if v_before is null or v_before = p_decision then
    return false;
  end if;
  update public.broker_requests set status = p_decision where id = p_id;
  insert into private.lead_activity (lead_id, actor, action, from_value, to_value) values (p_id, p_actor, 'decision', v_before, p_decision);
  if p_notify then
    insert into private.outbox (id, lead_id, form, kind) values (private.notice_id(p_id, v_kind), p_id, 'broker', v_kind)
    on conflict (lead_id, kind) do nothing;
  end if;
  return true;
end;
$$;

-- The team sends a failed notice again, now, with a fresh day of retries; the history says who did.
create function public.resend_notice(p_id uuid, p_now timestamptz, p_actor text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_lead uuid;
  v_kind text;
begin
  update private.outbox o
  set status = 'pending', next_attempt_at = p_now, attempts = 0, created_at = p_now, last_error = null, lease_until = null, lease_token = null
  where o.id = p_id and o.status = 'failed'
  returning o.lead_id, o.kind into v_lead, v_kind;
  if v_lead is null then
    return false;
  end if;
  insert into private.lead_activity (lead_id, actor, action, to_value) values (v_lead, p_actor, 'resend', v_kind);
  return true;
end;
$$;

-- Deletes leads, by id, with everything kept about them: notes, history, notices.
create function private.delete_leads(p_ids uuid[]) returns void
language sql
set search_path = ''
as $$
  delete from private.lead_notes where lead_id = any(p_ids);
  delete from private.lead_activity where lead_id = any(p_ids);
  delete from private.outbox where lead_id = any(p_ids);
  delete from public.prospect_inquiries where id = any(p_ids);
  delete from public.broker_requests where id = any(p_ids);
$$;

-- Erases a person: every lead with this address, in both forms, with its notes, history and notices, and
-- the receipt count kept for it, in one transaction. What stays is that it happened: when, by whom, how many.
create function public.erase_person(p_email text, p_actor text) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[];
begin
  select coalesce(array_agg(id), '{}') into v_ids from (
    select id from public.prospect_inquiries where lower(email) = lower(p_email)
    union all
    select id from public.broker_requests where lower(email) = lower(p_email)
  ) matching;
  perform private.delete_leads(v_ids);
  delete from private.receipt_log where recipient_hash = private.salted_hash(lower(p_email));
  insert into private.erasures (actor, leads) values (p_actor, cardinality(v_ids));
  return cardinality(v_ids);
end;
$$;

-- Deletes the leads older than p_days days, with their notes, history and notices. Returns how many.
create function public.apply_retention(p_days integer) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[];
begin
  if p_days is null or p_days < 1 then
    raise exception 'retention must be at least a day' using errcode = '22023';
  end if;
  select coalesce(array_agg(id), '{}') into v_ids from (
    select id from public.prospect_inquiries where created_at < now() - make_interval(days => p_days)
    union all
    select id from public.broker_requests where created_at < now() - make_interval(days => p_days)
  ) old;
  perform private.delete_leads(v_ids);
  return cardinality(v_ids);
end;
$$;

-- Leads by where they came from and the month they arrived (in the sales team's time zone), both forms.
create function public.leads_by_source(p_time_zone text) returns jsonb
language sql stable
security definer
set search_path = ''
as $$
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
  ) counted;
$$;

revoke all on function private.lead_form(uuid), private.delete_leads(uuid[]) from public;
revoke all on function public.inbox_leads(text, text, text, text, integer, integer), public.inbox_lead(uuid),
  public.change_lead(uuid, text, text, text), public.add_lead_note(uuid, text, text), public.decide_broker(uuid, text, text, boolean),
  public.resend_notice(uuid, timestamptz, text), public.erase_person(text, text), public.apply_retention(integer),
  public.leads_by_source(text)
  from public, anon, authenticated;
grant execute on function public.inbox_leads(text, text, text, text, integer, integer), public.inbox_lead(uuid),
  public.change_lead(uuid, text, text, text), public.add_lead_note(uuid, text, text), public.decide_broker(uuid, text, text, boolean),
  public.resend_notice(uuid, timestamptz, text), public.erase_person(text, text), public.apply_retention(integer),
  public.leads_by_source(text)
  to service_role;
