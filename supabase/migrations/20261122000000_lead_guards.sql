-- Guards for the two public forms, kept in the database so that every app
-- instance shares them: each submission is stored at most once (by its
-- submission key), and only within the per-client and global limits.
-- Both stores call submit_lead(); nothing else writes leads.

alter table public.prospect_inquiries
  add column submission_key text check (submission_key ~ '^[A-Za-z0-9_-]{16,128}$');
alter table public.broker_requests
  add column submission_key text check (submission_key ~ '^[A-Za-z0-9_-]{16,128}$');
create unique index prospect_inquiries_submission_key_idx on public.prospect_inquiries (submission_key);
create unique index broker_requests_submission_key_idx on public.broker_requests (submission_key);

-- Out of the data API's reach: PostgREST serves the public schema only, and
-- no API role may use this one.
create schema if not exists private;
revoke all on schema private from public;

-- One row per stored submission, kept no longer than the longest window.
-- Visitors' addresses are never stored, only a salted hash of them.
create table private.submission_log (
  client_hash text,
  created_at timestamptz not null default now()
);
create index submission_log_created_at_idx on private.submission_log (created_at);
create index submission_log_client_idx on private.submission_log (client_hash, created_at);

create table private.settings (
  name text primary key,
  value text not null
);
insert into private.settings (name, value)
values ('client_hash_salt', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

-- Returns 'stored', 'duplicate' (this key was stored before: answered as a
-- success, and not counted again) or 'limited' (over a limit: nothing stored).
-- A null limit is no limit; a null address skips the per-client limit.
create function public.submit_lead(
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
  v_client_hash text;
  v_recent integer;
  v_stored uuid;
begin
  if p_form not in ('inquiry', 'broker') then
    raise exception 'unknown form %', p_form using errcode = '22023';
  end if;

  if p_form = 'inquiry' then
    perform 1 from public.prospect_inquiries where submission_key = p_submission_key;
  else
    perform 1 from public.broker_requests where submission_key = p_submission_key;
  end if;
  if found then
    return 'duplicate';
  end if;

  -- Advisory locks, held to the end of the transaction, make count-then-insert
  -- atomic across every connection and app instance.
  if p_global_limit is not null then
    perform pg_advisory_xact_lock(hashtext('submit_lead/global'));
    select count(*) into v_recent
    from private.submission_log
    where created_at > now() - make_interval(secs => p_global_window_seconds);
    if v_recent >= p_global_limit then
      return 'limited';
    end if;
  end if;

  if p_client_address is not null then
    select encode(sha256(convert_to(s.value || p_client_address, 'UTF8')), 'hex') into v_client_hash
    from private.settings s where s.name = 'client_hash_salt';
    if p_client_limit is not null then
      perform pg_advisory_xact_lock(hashtext('submit_lead/client/' || v_client_hash));
      select count(*) into v_recent
      from private.submission_log
      where client_hash = v_client_hash and created_at > now() - make_interval(secs => p_client_window_seconds);
      if v_recent >= p_client_limit then
        return 'limited';
      end if;
    end if;
  end if;

  if p_form = 'inquiry' then
    insert into public.prospect_inquiries (full_name, email, phone, message, submission_key)
    values (p_lead ->> 'full_name', p_lead ->> 'email', p_lead ->> 'phone', p_lead ->> 'message', p_submission_key)
    on conflict (submission_key) do nothing
    returning id into v_stored;
  else
    insert into public.broker_requests (full_name, email, brokerage, license_number, phone, message, submission_key)
    values (
      p_lead ->> 'full_name', p_lead ->> 'email', p_lead ->> 'brokerage',
      p_lead ->> 'license_number', p_lead ->> 'phone', p_lead ->> 'message', p_submission_key
    )
    on conflict (submission_key) do nothing
    returning id into v_stored;
  end if;
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

revoke all on function public.submit_lead(text, jsonb, text, text, integer, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.submit_lead(text, jsonb, text, text, integer, integer, integer, integer) to service_role;
