-- The broker portal: the estates for sale (kept by the team, seen by approved brokers), the co-brokerage
-- terms a broker accepts, the downloads of the price list and brochure, and the team member a broker
-- deals with.
--
-- As with accounts, every function takes the acting account and refuses (SQLSTATE 42501) what it may not
-- do, and takes the time from the server's clock (p_at) rather than now(). Two refusals the app shows
-- are raised with codes of their own, so that it can tell them from any other failure by the code alone:
--   AC001 (estate_sold)   a sold estate cannot be deleted;
--   AC002 (terms_stale)   only the latest version of the terms can be accepted.

-- ---------------------------------------------------------------------------------------------------------
-- Estates.

create table private.estates (
  id uuid primary key default gen_random_uuid(),
  -- A lot's name or number as the site shows it: "Lot 7", "The Orchard".
  lot text not null unique check (lot = btrim(lot) and lot <> '' and char_length(lot) <= 60),
  lot_acres numeric(5, 2) not null check (lot_acres > 0),
  home_sqft integer not null check (home_sqft > 0),
  bedrooms smallint not null check (bedrooms >= 0),
  bathrooms numeric(3, 1) not null check (bathrooms >= 0),
  status text not null default 'available' check (status in ('available', 'reserved', 'under_contract', 'sold')),
  -- Whole dollars; null: "Price on request".
  list_price bigint check (list_price > 0),
  changed_at timestamptz not null,
  created_at timestamptz not null
);

-- Every change to an estate: what its fields were before and after (only those that changed; the whole
-- estate when it was created, or deleted), when, and who made it. Kept when the estate is deleted, and
-- when its author's account is (the change stays, without them).
create table private.estate_changes (
  id bigint generated always as identity primary key,
  estate_id uuid not null,
  at timestamptz not null,
  actor_id uuid references private.accounts (id) on delete set null,
  before jsonb,
  after jsonb,
  check (before is not null or after is not null)
);
create index estate_changes_estate_idx on private.estate_changes (estate_id, at, id);
create index estate_changes_actor_idx on private.estate_changes (actor_id);

-- An estate's own fields, as a change records them.
create function private.estate_fields(p_estate private.estates) returns jsonb
language sql immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'lot', p_estate.lot, 'lot_acres', p_estate.lot_acres, 'home_sqft', p_estate.home_sqft, 'bedrooms', p_estate.bedrooms,
    'bathrooms', p_estate.bathrooms, 'status', p_estate.status, 'list_price', p_estate.list_price
  )
$$;

create function private.estate_json(p_estate private.estates) returns jsonb
language sql immutable
set search_path = ''
as $$
  select private.estate_fields(p_estate) || jsonb_build_object('id', p_estate.id, 'changed_at', p_estate.changed_at, 'created_at', p_estate.created_at)
$$;

-- Records a change from one state of an estate to another (null: none), keeping only the fields that
-- differ; false, and nothing recorded, when none does.
create function private.record_estate_change(p_estate uuid, p_at timestamptz, p_actor uuid, p_before jsonb, p_after jsonb)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  v_before jsonb := p_before;
  v_after jsonb := p_after;
begin
  if p_before is not null and p_after is not null then
    select jsonb_object_agg(b.key, b.value) into v_before from jsonb_each(p_before) b where b.value is distinct from p_after -> b.key;
    select jsonb_object_agg(a.key, a.value) into v_after from jsonb_each(p_after) a where a.value is distinct from p_before -> a.key;
    if v_before is null and v_after is null then
      return false;
    end if;
  end if;
  insert into private.estate_changes (estate_id, at, actor_id, before, after) values (p_estate, p_at, p_actor, v_before, v_after);
  return true;
end;
$$;

create function private.check_estate_status(p_status text) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if p_status is null or p_status not in ('available', 'reserved', 'under_contract', 'sold') then
    raise exception 'unknown estate status %', p_status using errcode = '22023';
  end if;
end;
$$;

-- The estates, by lot ("Lot 2" before "Lot 10"), for brokers and the team; of one status when named.
create function public.estates_list(p_actor uuid, p_status text) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.acting(p_actor, array['owner', 'member', 'broker']);
  if p_status is not null then
    perform private.check_estate_status(p_status);
  end if;
  return (
    select coalesce(jsonb_agg(private.estate_json(e)
      order by lower(substring(e.lot from '^\D*')) collate "C", substring(e.lot from '\d+')::numeric nulls first, e.lot collate "C"), '[]'::jsonb)
    from private.estates e
    where p_status is null or e.status = p_status
  );
end;
$$;

-- A new estate; the estate as stored. A lot already listed is refused by its unique key (23505).
create function public.estate_create(
  p_actor uuid, p_lot text, p_lot_acres numeric, p_home_sqft integer, p_bedrooms smallint, p_bathrooms numeric,
  p_status text, p_list_price bigint, p_at timestamptz
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_estate private.estates;
begin
  perform private.check_estate_status(p_status);
  insert into private.estates (lot, lot_acres, home_sqft, bedrooms, bathrooms, status, list_price, changed_at, created_at)
  values (btrim(p_lot), p_lot_acres, p_home_sqft, p_bedrooms, p_bathrooms, p_status, p_list_price, p_at, p_at)
  returning * into v_estate;
  perform private.record_estate_change(v_estate.id, p_at, v_actor.id, null, private.estate_fields(v_estate));
  return private.estate_json(v_estate);
end;
$$;

-- Changes every field of an estate; false when there is no such estate, or nothing changed.
create function public.estate_update(
  p_actor uuid, p_id uuid, p_lot text, p_lot_acres numeric, p_home_sqft integer, p_bedrooms smallint, p_bathrooms numeric,
  p_status text, p_list_price bigint, p_at timestamptz
) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_before private.estates;
  v_after private.estates;
begin
  perform private.check_estate_status(p_status);
  select * into v_before from private.estates e where e.id = p_id for update;
  if v_before.id is null then
    return false;
  end if;
  v_after := v_before;
  v_after.lot := btrim(p_lot);
  -- Rounded as the columns will round them, so that 1.2 and 1.20 are no change.
  v_after.lot_acres := round(p_lot_acres, 2);
  v_after.home_sqft := p_home_sqft;
  v_after.bedrooms := p_bedrooms;
  v_after.bathrooms := round(p_bathrooms, 1);
  v_after.status := p_status;
  v_after.list_price := p_list_price;
  if not private.record_estate_change(p_id, p_at, v_actor.id, private.estate_fields(v_before), private.estate_fields(v_after)) then
    return false;
  end if;
  update private.estates e
  set lot = v_after.lot, lot_acres = v_after.lot_acres, home_sqft = v_after.home_sqft, bedrooms = v_after.bedrooms,
    bathrooms = v_after.bathrooms, status = v_after.status, list_price = v_after.list_price, changed_at = p_at
  where e.id = p_id;
  return true;
end;
$$;

-- Sets an estate's status and price (null: on request); false when there is no such estate, or nothing changed.
create function public.estate_set_status(p_actor uuid, p_id uuid, p_status text, p_list_price bigint, p_at timestamptz) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_before private.estates;
  v_after private.estates;
begin
  perform private.check_estate_status(p_status);
  select * into v_before from private.estates e where e.id = p_id for update;
  if v_before.id is null then
    return false;
  end if;
  v_after := v_before;
  v_after.status := p_status;
  v_after.list_price := p_list_price;
  if not private.record_estate_change(p_id, p_at, v_actor.id, private.estate_fields(v_before), private.estate_fields(v_after)) then
    return false;
  end if;
  update private.estates e set status = p_status, list_price = p_list_price, changed_at = p_at where e.id = p_id;
  return true;
end;
$$;

-- Deletes an estate, its history kept; false when there is none. A sold estate stays (AC001).
create function public.estate_delete(p_actor uuid, p_id uuid, p_at timestamptz) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_estate private.estates;
begin
  select * into v_estate from private.estates e where e.id = p_id for update;
  if v_estate.id is null then
    return false;
  end if;
  if v_estate.status = 'sold' then
    raise exception 'estate_sold' using errcode = 'AC001';
  end if;
  delete from private.estates e where e.id = p_id;
  perform private.record_estate_change(p_id, p_at, v_actor.id, private.estate_fields(v_estate), null);
  return true;
end;
$$;

-- The history of an estate, oldest first: when, who (null once their account is gone), before and after.
create function public.estate_history(p_actor uuid, p_id uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.acting(p_actor, private.team());
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'at', c.at, 'actor_id', c.actor_id, 'actor', a.name, 'before', c.before, 'after', c.after
    ) order by c.at, c.id), '[]'::jsonb)
    from private.estate_changes c left join private.accounts a on a.id = c.actor_id
    where c.estate_id = p_id
  );
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Co-brokerage terms: versions numbered 1, 2, 3…, each accepted by a broker in turn. Only the latest
-- counts: a new version leaves every broker to accept again.

create table private.terms_versions (
  number integer primary key check (number > 0),
  -- Plain text, paragraphs apart by blank lines; nothing that looks like markup.
  body text not null check (char_length(body) between 1 and 20000 and body ~ '\S' and body !~ '<\s*/?\s*[A-Za-z!?]'),
  published_at timestamptz not null,
  published_by uuid references private.accounts (id) on delete set null
);

create table private.terms_acceptances (
  account_id uuid not null references private.accounts (id) on delete cascade,
  version integer not null references private.terms_versions (number),
  accepted_at timestamptz not null,
  primary key (account_id, version)
);

-- Publishes a new version of the terms (its line endings made \n); its number.
create function public.terms_publish(p_actor uuid, p_body text, p_at timestamptz) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_number integer;
begin
  -- One publication at a time, so that numbers follow each other without a gap.
  perform pg_advisory_xact_lock(hashtext('terms_publish'));
  select coalesce(max(v.number), 0) + 1 into v_number from private.terms_versions v;
  insert into private.terms_versions (number, body, published_at, published_by)
  values (v_number, replace(replace(p_body, E'\r\n', E'\n'), E'\r', E'\n'), p_at, v_actor.id);
  return v_number;
end;
$$;

-- The latest terms, and whether the acting account has accepted them (the team has, always); null while
-- none are published.
create function public.terms_current(p_actor uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
  v_terms private.terms_versions;
  v_accepted_at timestamptz;
begin
  select * into v_terms from private.terms_versions v order by v.number desc limit 1;
  if v_terms.number is null then
    return null;
  end if;
  select t.accepted_at into v_accepted_at from private.terms_acceptances t where t.account_id = v_actor.id and t.version = v_terms.number;
  return jsonb_build_object(
    'version', v_terms.number, 'body', v_terms.body, 'published_at', v_terms.published_at,
    'accepted', v_actor.role <> 'broker' or v_accepted_at is not null, 'accepted_at', v_accepted_at,
    -- An earlier version accepted: the broker is told the terms have changed, not shown them as new.
    'accepted_before', exists (select 1 from private.terms_acceptances t where t.account_id = v_actor.id and t.version < v_terms.number)
  );
end;
$$;

-- A broker accepts version p_version; false when they had already. Any version but the latest is refused (AC002).
create function public.terms_accept(p_actor uuid, p_version integer, p_at timestamptz) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['broker']);
begin
  -- Waits for a publication under way, so that a version is never accepted as a newer one appears.
  perform pg_advisory_xact_lock(hashtext('terms_publish'));
  if p_version is null or p_version is distinct from (select max(v.number) from private.terms_versions v) then
    raise exception 'terms_stale' using errcode = 'AC002';
  end if;
  insert into private.terms_acceptances (account_id, version, accepted_at) values (v_actor.id, p_version, p_at)
  on conflict do nothing;
  return found;
end;
$$;

-- The versions a broker has accepted, newest first.
create function public.terms_acceptances(p_actor uuid, p_broker uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.acting(p_actor, private.team());
  return (
    select coalesce(jsonb_agg(jsonb_build_object('version', t.version, 'accepted_at', t.accepted_at) order by t.version desc), '[]'::jsonb)
    from private.terms_acceptances t where t.account_id = p_broker
  );
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Downloads of the portal's documents.

create table private.portal_downloads (
  id bigint generated always as identity primary key,
  account_id uuid not null references private.accounts (id) on delete cascade,
  kind text not null check (kind in ('price_list', 'brochure')),
  at timestamptz not null
);
create index portal_downloads_account_idx on private.portal_downloads (account_id, at desc);
create index portal_downloads_at_idx on private.portal_downloads (at desc);

-- The acting account downloaded a document.
create function public.portal_record_download(p_actor uuid, p_kind text, p_at timestamptz) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
begin
  insert into private.portal_downloads (account_id, kind, at) values (v_actor.id, p_kind, p_at);
end;
$$;

-- The newest downloads (of one account when named), newest first, with whose they were.
create function public.portal_downloads(p_actor uuid, p_account uuid, p_limit integer) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.acting(p_actor, private.team());
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'account_id', x.account_id, 'name', x.name, 'email', x.email, 'brokerage', x.brokerage, 'role', x.role, 'kind', x.kind, 'at', x.at
    ) order by x.at desc, x.id desc), '[]'::jsonb)
    from (
      select d.id, d.account_id, a.name, a.email, a.brokerage, a.role, d.kind, d.at
      from private.portal_downloads d join private.accounts a on a.id = d.account_id
      where p_account is null or d.account_id = p_account
      order by d.at desc, d.id desc
      limit least(greatest(coalesce(p_limit, 100), 0), 1000)
    ) x
  );
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- A broker's contact: the team member who owns their broker request (its `owner`, a team member's name),
-- the request they were approved from or else the latest with their address; null when nobody does.

create function public.portal_contact(p_actor uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
  v_owner text;
begin
  if v_actor.role <> 'broker' then
    return null;
  end if;
  if v_actor.broker_request_id is not null then
    select r.owner into v_owner from public.broker_requests r where r.id = v_actor.broker_request_id;
  else
    select r.owner into v_owner from public.broker_requests r
    where lower(r.email) = v_actor.email
    order by r.created_at desc, r.id desc
    limit 1;
  end if;
  if v_owner is null then
    return null;
  end if;
  return (
    select jsonb_build_object('name', a.name, 'email', a.email, 'phone', a.phone)
    from private.accounts a
    where a.name = v_owner and a.status = 'active' and a.role = any (private.team())
    order by a.role <> 'owner', a.created_at, a.id
    limit 1
  );
end;
$$;

-- ---------------------------------------------------------------------------------------------------------

revoke all on function
  private.estate_fields(private.estates), private.estate_json(private.estates),
  private.record_estate_change(uuid, timestamptz, uuid, jsonb, jsonb), private.check_estate_status(text)
  from public;

-- The server's key alone may call what this migration makes public (rls.test.ts holds every public function to it).
do $$
declare
  v_function text;
begin
  foreach v_function in array array[
    'public.estates_list(uuid, text)',
    'public.estate_create(uuid, text, numeric, integer, smallint, numeric, text, bigint, timestamptz)',
    'public.estate_update(uuid, uuid, text, numeric, integer, smallint, numeric, text, bigint, timestamptz)',
    'public.estate_set_status(uuid, uuid, text, bigint, timestamptz)',
    'public.estate_delete(uuid, uuid, timestamptz)',
    'public.estate_history(uuid, uuid)',
    'public.terms_publish(uuid, text, timestamptz)',
    'public.terms_current(uuid)',
    'public.terms_accept(uuid, integer, timestamptz)',
    'public.terms_acceptances(uuid, uuid)',
    'public.portal_record_download(uuid, text, timestamptz)',
    'public.portal_downloads(uuid, uuid, integer)',
    'public.portal_contact(uuid)'
  ] loop
    execute format('revoke all on function %s from public, anon, authenticated', v_function);
    execute format('grant execute on function %s to service_role', v_function);
  end loop;
end
$$;
