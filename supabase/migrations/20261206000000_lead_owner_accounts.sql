-- A lead's owner is a member of the team, by account, where it was a name anyone could type. The inbox lists
-- the active owners and members to choose from; the store refuses anyone else. The one who is given a lead is
-- emailed about it through the outbox (unless they took it themselves), and the history says who gave it to
-- whom, by the names they had then.
--
-- The names written before: a name that is exactly the name of one active owner or member (and of no other) now
-- points at that account. Any other name (nobody's, or two people's) stays as it was written, in `legacy_owner`,
-- shown wherever the owner is until someone gives the lead to an account or to nobody. A lead has an account or a
-- legacy name as its owner, never both.

alter table public.prospect_inquiries rename column owner to legacy_owner;
alter table public.broker_requests rename column owner to legacy_owner;
alter table public.prospect_inquiries
  add column owner_id uuid references private.accounts (id) on delete set null,
  add constraint prospect_inquiries_one_owner check (owner_id is null or legacy_owner is null);
alter table public.broker_requests
  add column owner_id uuid references private.accounts (id) on delete set null,
  add constraint broker_requests_one_owner check (owner_id is null or legacy_owner is null);
create index prospect_inquiries_owner_idx on public.prospect_inquiries (owner_id, created_at desc) where owner_id is not null;
create index broker_requests_owner_idx on public.broker_requests (owner_id, created_at desc) where owner_id is not null;

do $$
declare
  v_table text;
begin
  foreach v_table in array array['prospect_inquiries', 'broker_requests'] loop
    execute format(
      'update public.%I l set owner_id = named.id, legacy_owner = null '
      'from (select a.name, min(a.id::text)::uuid as id from private.accounts a '
      '      where a.status = ''active'' and a.role = any (private.team()) group by a.name having count(*) = 1) named '
      'where named.name = l.legacy_owner',
      v_table);
  end loop;
end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Every reader of a lead sees its owner by name, as `owner`: the account's name as it is now, else the legacy
-- name; and `owner_id`, the account's id (null for a legacy name).

create function private.worked_lead(p_lead jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select (p_lead - 'submission_key' - 'legacy_owner') || jsonb_build_object(
    'owner', coalesce((select a.name from private.accounts a where a.id = (p_lead ->> 'owner_id')::uuid), p_lead ->> 'legacy_owner')
  )
$$;

create or replace function private.lead_json(p_form text, p_lead_id uuid) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_lead jsonb;
begin
  execute format('select private.worked_lead(to_jsonb(l)) from public.%I l where l.id = $1', private.lead_table(p_form))
    into v_lead using p_lead_id;
  return v_lead;
end;
$$;

-- The list filters by the owner's account (the inbox's "Mine" is the signed-in member's own).
drop function public.inbox_leads(uuid, text, text, text, text, integer, integer);
create function public.inbox_leads(p_actor uuid, p_form text, p_status text, p_owner uuid, p_search text, p_offset integer, p_limit integer)
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
  v_filter := '($1::text is null or l.status = $1) and ($2::uuid is null or l.owner_id = $2) and ($3::text is null or '
    || 'l.full_name ilike $3 or l.email ilike $3'
    || case when p_form = 'broker' then ' or l.brokerage ilike $3' else '' end || ')';
  execute format('select count(*) from public.%I l where ' || v_filter, v_table)
    into v_total using p_status, p_owner, v_pattern;
  execute format(
    'select coalesce(jsonb_agg(private.worked_lead(to_jsonb(page))), ''[]''::jsonb) from ('
    'select l.* from public.%I l where ' || v_filter || ' order by l.created_at desc, l.id desc offset $4 limit $5) page',
    v_table
  ) into v_leads using p_status, p_owner, v_pattern, greatest(p_offset, 0), least(greatest(p_limit, 0), 500);
  return jsonb_build_object('total', v_total, 'leads', v_leads);
end;
$$;

create or replace function public.export_leads(p_actor uuid, p_form text, p_offset integer, p_limit integer) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_leads jsonb;
begin
  perform private.acting(p_actor, private.team());
  execute format(
    'select coalesce(jsonb_agg(private.worked_lead(to_jsonb(page)) order by page.created_at, page.id), ''[]''::jsonb) from ('
    'select l.* from public.%I l order by l.created_at, l.id offset $1 limit $2) page',
    private.lead_table(p_form)
  ) into v_leads using greatest(p_offset, 0), least(greatest(p_limit, 0), 1000);
  return v_leads;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Giving a lead. change_lead takes the time and whether mail is set up: the owner's value is an account's id
-- (or null: nobody), an active owner or member, or refused (AC004, lib/leads/types.ts LEAD_REFUSALS); giving a
-- lead to the one it is with already changes nothing, whatever became of them. The history names who gave it,
-- whom it was with and whom it went to. Given to someone other than the one giving it, with mail set up, the
-- email telling them joins the outbox, about this history line, so that each giving is its own notice. An
-- earlier one not yet gone is put aside (`reassigned`): the lead has moved on since.

drop function public.change_lead(uuid, uuid, text, text);
create function public.change_lead(p_actor uuid, p_id uuid, p_field text, p_value text, p_notify boolean, p_now timestamptz) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_form text := private.lead_form(p_id);
  v_table text;
  v_before text;
  v_owner uuid;
  v_legacy text;
  v_new uuid;
  v_entry uuid;
begin
  if v_form is null then
    return false;
  end if;
  if p_field not in ('status', 'owner', 'follow_up_on') then
    raise exception 'unknown field %', p_field using errcode = '22023';
  end if;
  v_table := private.lead_table(v_form);
  if p_field <> 'owner' then
    execute format('select %I::text from public.%I where id = $1 for update', p_field, v_table) into v_before using p_id;
    if v_before is not distinct from p_value then
      return false;
    end if;
    execute format('update public.%I set %I = $2%s where id = $1', v_table, p_field,
      case when p_field = 'follow_up_on' then '::date' else '' end) using p_id, p_value;
    insert into private.lead_activity (lead_id, at, actor, action, from_value, to_value) values (p_id, p_now, v_actor.name, p_field, v_before, p_value);
    return true;
  end if;

  v_new := case when p_value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then p_value::uuid end;
  if p_value is not null and v_new is null then
    raise exception 'an owner is an account of the team' using errcode = 'AC004';
  end if;
  execute format('select owner_id, legacy_owner from public.%I where id = $1 for update', v_table) into v_owner, v_legacy using p_id;
  if v_owner is not distinct from v_new and v_legacy is null then
    return false;
  end if;
  if v_new is not null and not exists (
    select 1 from private.accounts a where a.id = v_new and a.status = 'active' and a.role = any (private.team())
  ) then
    raise exception 'an owner is an active member of the team' using errcode = 'AC004';
  end if;
  execute format('update public.%I set owner_id = $2, legacy_owner = null where id = $1', v_table) using p_id, v_new;
  insert into private.lead_activity (lead_id, at, actor, action, from_value, to_value)
  values (p_id, p_now, v_actor.name, 'owner',
    coalesce((select a.name from private.accounts a where a.id = v_owner), v_legacy),
    (select a.name from private.accounts a where a.id = v_new))
  returning id into v_entry;
  update private.outbox o set status = 'dropped', last_error = 'reassigned'
  where o.lead_id = p_id and o.kind = 'lead_assigned' and o.status in ('pending', 'failed');
  if p_notify and v_new is not null and v_new <> v_actor.id then
    insert into private.outbox (id, lead_id, form, kind, about_id, next_attempt_at, created_at)
    values (private.notice_id(v_entry, 'lead_assigned'), p_id, v_form, 'lead_assigned', v_entry, p_now, p_now);
  end if;
  return true;
end;
$$;

-- What the email to a lead's new owner needs, read as it goes: the lead in a few words, who gave it, and its owner
-- now (whom it goes to). Live while they are on the team and no later giving has overtaken this one (a worker may
-- hold the notice as the lead moves on). Null once the lead is gone or has nobody.
create function private.assignment_notice(p_id uuid, p_now timestamptz) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'lead_id', l.id, 'form', l.form, 'full_name', l.full_name, 'brokerage', l.brokerage, 'created_at', l.created_at,
    'given_by', g.actor, 'name', a.name, 'email', a.email,
    'live', a.status = 'active' and a.role = any (private.team()) and not exists (
      select 1 from private.lead_activity n where n.lead_id = g.lead_id and n.action = 'owner' and n.at > g.at
    )
  )
  from private.lead_activity g
  join (
    select i.id, 'inquiry' as form, i.full_name, null::text as brokerage, i.created_at, i.owner_id from public.prospect_inquiries i
    union all
    select r.id, 'broker', r.full_name, r.brokerage, r.created_at, r.owner_id from public.broker_requests r
  ) l on l.id = g.lead_id
  join private.accounts a on a.id = l.owner_id
  where g.id = p_id and g.action = 'owner'
$$;

insert into private.notice_kinds (kind, about) values ('lead_assigned', 'private.assignment_notice(uuid, timestamptz)');

-- ---------------------------------------------------------------------------------------------------------
-- The readers of the owner's name elsewhere, as they were, reading the account.

-- A broker's contact: the team member who owns the request they were approved from, else the latest with their address.
create or replace function public.portal_contact(p_actor uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
  v_owner uuid;
begin
  if v_actor.role <> 'broker' then
    return null;
  end if;
  if v_actor.broker_request_id is not null then
    select r.owner_id into v_owner from public.broker_requests r where r.id = v_actor.broker_request_id;
  else
    select r.owner_id into v_owner from public.broker_requests r
    where lower(r.email) = v_actor.email
    order by r.created_at desc, r.id desc
    limit 1;
  end if;
  return (
    select jsonb_build_object('name', a.name, 'email', a.email, 'phone', a.phone)
    from private.accounts a
    where a.id = v_owner and a.status = 'active' and a.role = any (private.team())
  );
end;
$$;

create or replace function public.registration_review(p_actor uuid, p_id uuid) returns jsonb
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
                  'created_at', i.created_at, 'status', i.status, 'owner', private.worked_lead(to_jsonb(i)) ->> 'owner')
                from public.prospect_inquiries i where i.id = v_registration.conflict_inquiry_id),
    'other', (select private.registration_team_json(r) from private.registrations r where r.id = v_registration.conflict_registration_id)
  );
end;
$$;

-- ---------------------------------------------------------------------------------------------------------

revoke all on function private.worked_lead(jsonb), private.assignment_notice(uuid, timestamptz) from public;

-- The server's key alone may call what this migration makes public (rls.test.ts holds every public function to it).
do $$
declare
  v_function text;
begin
  foreach v_function in array array[
    'public.inbox_leads(uuid, text, text, uuid, text, integer, integer)',
    'public.export_leads(uuid, text, integer, integer)',
    'public.change_lead(uuid, uuid, text, text, boolean, timestamptz)',
    'public.portal_contact(uuid)',
    'public.registration_review(uuid, uuid)'
  ] loop
    execute format('revoke all on function %s from public, anon, authenticated', v_function);
    execute format('grant execute on function %s to service_role', v_function);
  end loop;
end
$$;
