-- submit_lead() stores whichever fields the server sends that are columns of
-- the form's table, so a field added to a form (lib/leads/forms.ts) needs only
-- a migration that adds its column, never a change here. The server sends
-- exactly the registry's fields, validated; the database still holds every
-- column to its NOT NULL and CHECK constraints.
--
-- check_lead_store() is the health check: it takes a write, so a database that
-- can answer but not store shows as unhealthy.

-- Which table holds a form's leads: the one place the database names them by form.
create function private.lead_table(p_form text) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  if p_form = 'inquiry' then
    return 'prospect_inquiries';
  elsif p_form = 'broker' then
    return 'broker_requests';
  end if;
  raise exception 'unknown form %', p_form using errcode = '22023';
end;
$$;

-- Inserts a lead under its submission key and returns its id, or null when that key was stored already.
-- Its fields are the keys it carries that are columns of the table, less those the database fills itself.
create function private.insert_lead(p_form text, p_lead jsonb, p_submission_key text) returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_table text := private.lead_table(p_form);
  v_columns text;
  v_stored uuid;
begin
  select string_agg(quote_ident(a.attname), ', ' order by a.attnum) into v_columns
  from pg_catalog.pg_attribute a
  where a.attrelid = format('public.%I', v_table)::regclass
    and a.attnum > 0 and not a.attisdropped
    and p_lead ? a.attname
    and a.attname not in ('id', 'created_at', 'submission_key');
  if v_columns is null then
    raise exception 'a lead for % carries no field of %', p_form, v_table using errcode = '22023';
  end if;
  execute format(
    'insert into public.%1$I (%2$s, submission_key) select %2$s, $2 from pg_catalog.jsonb_populate_record(null::public.%1$I, $1) '
    'on conflict (submission_key) do nothing returning id',
    v_table, v_columns
  ) into v_stored using p_lead, p_submission_key;
  return v_stored;
end;
$$;

-- A value as the database counts it without keeping it: salted, hashed (client addresses, recipients).
create function private.salted_hash(p_value text) returns text
language sql stable
set search_path = ''
as $$
  select encode(sha256(convert_to(s.value || p_value, 'UTF8')), 'hex') from private.settings s where s.name = 'client_hash_salt'
$$;

-- Whether a form's table holds this submission key already.
create function private.is_stored(p_form text, p_submission_key text) returns boolean
language plpgsql stable
set search_path = ''
as $$
declare
  v_exists boolean;
begin
  execute format('select exists (select 1 from public.%I where submission_key = $1)', private.lead_table(p_form))
    into v_exists using p_submission_key;
  return v_exists;
end;
$$;

-- Whether the submissions of the window reach the limit: one client's (by hash), or everyone's (null).
-- The advisory lock it takes is held to the end of the transaction, which makes counting and then
-- storing one step across every connection and app instance.
create function private.limit_reached(p_client_hash text, p_limit integer, p_window_seconds integer) returns boolean
language plpgsql
set search_path = ''
as $$
declare
  v_recent integer;
begin
  perform pg_advisory_xact_lock(hashtext('submit_lead/' || coalesce('client/' || p_client_hash, 'global')));
  select count(*) into v_recent
  from private.submission_log
  where (p_client_hash is null or client_hash = p_client_hash)
    and created_at > now() - make_interval(secs => p_window_seconds);
  return v_recent >= p_limit;
end;
$$;

revoke all on function private.lead_table(text), private.insert_lead(text, jsonb, text),
  private.salted_hash(text), private.is_stored(text, text), private.limit_reached(text, integer, integer) from public;

create or replace function public.submit_lead(
  p_form text,
  p_lead jsonb,
  p_submission_key text,
  p_client_address text,
  p_client_limit integer,
  p_client_window_seconds integer,
  p_global_limit integer,
  p_global_window_seconds integer
) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_client_hash text := private.salted_hash(p_client_address);
  v_stored uuid;
begin
  if private.is_stored(p_form, p_submission_key) then
    return 'duplicate';
  end if;
  if p_global_limit is not null and private.limit_reached(null, p_global_limit, p_global_window_seconds) then
    return 'limited';
  end if;
  if v_client_hash is not null and p_client_limit is not null and private.limit_reached(v_client_hash, p_client_limit, p_client_window_seconds) then
    return 'limited';
  end if;

  v_stored := private.insert_lead(p_form, p_lead, p_submission_key);
  -- Another transaction stored the same key first.
  if v_stored is null then
    return 'duplicate';
  end if;

  insert into private.submission_log (client_hash) values (v_client_hash);
  delete from private.submission_log
  where created_at < now() - make_interval(secs => greatest(coalesce(p_client_window_seconds, 0), coalesce(p_global_window_seconds, 0), 60));
  return 'stored';
end;
$$;

-- One row, rewritten by each health check: proof that the database takes a write.
create table private.health_probe (
  id boolean primary key default true check (id),
  checked_at timestamptz not null
);

create function public.check_lead_store() returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.health_probe (checked_at) values (now())
  on conflict (id) do update set checked_at = excluded.checked_at;
  return 'ok';
end;
$$;

revoke all on function public.check_lead_store() from public, anon, authenticated;
grant execute on function public.check_lead_store() to service_role;
