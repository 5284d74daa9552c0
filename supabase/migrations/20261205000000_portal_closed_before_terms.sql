-- The broker portal is closed to a broker until they have accepted the latest co-brokerage terms, and so until a
-- first version is published: no estate, price, document, registration or tour answers them before then (AC003).
-- The team sees the portal as it stands. Each function a broker reads or acts through is moved to the private
-- schema unchanged, behind a public one of the same name that asks first.

create function private.portal_open(p_actor uuid) returns void
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
  v_latest integer := (select max(v.number) from private.terms_versions v);
begin
  if v_actor.role = 'broker'
    and (v_latest is null or not exists (select 1 from private.terms_acceptances t where t.account_id = v_actor.id and t.version = v_latest)) then
    raise exception 'portal_closed' using errcode = 'AC003';
  end if;
end;
$$;

do $$
declare
  v_function text;
begin
  foreach v_function in array array[
    'estates_list(uuid, text)',
    'portal_record_download(uuid, text, timestamptz)',
    'register_buyer(uuid, text, text, text, text, timestamptz)',
    'broker_registrations(uuid)',
    'broker_registration(uuid, uuid)',
    'renew_registration(uuid, uuid, timestamptz)',
    'book_tour_for_registration(uuid, uuid, timestamptz, text, timestamptz)',
    'broker_tours(uuid)'
  ] loop
    execute format('alter function public.%s set schema private', v_function);
  end loop;
end
$$;

create function public.estates_list(p_actor uuid, p_status text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$ begin perform private.portal_open(p_actor); return private.estates_list(p_actor, p_status); end; $$;

create function public.portal_record_download(p_actor uuid, p_kind text, p_at timestamptz) returns void
language plpgsql security definer set search_path = ''
as $$ begin perform private.portal_open(p_actor); perform private.portal_record_download(p_actor, p_kind, p_at); end; $$;

create function public.register_buyer(p_actor uuid, p_full_name text, p_email text, p_phone text, p_note text, p_at timestamptz) returns jsonb
language plpgsql security definer set search_path = ''
as $$ begin perform private.portal_open(p_actor); return private.register_buyer(p_actor, p_full_name, p_email, p_phone, p_note, p_at); end; $$;

create function public.broker_registrations(p_actor uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$ begin perform private.portal_open(p_actor); return private.broker_registrations(p_actor); end; $$;

create function public.broker_registration(p_actor uuid, p_id uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$ begin perform private.portal_open(p_actor); return private.broker_registration(p_actor, p_id); end; $$;

create function public.renew_registration(p_actor uuid, p_id uuid, p_at timestamptz) returns text
language plpgsql security definer set search_path = ''
as $$ begin perform private.portal_open(p_actor); return private.renew_registration(p_actor, p_id, p_at); end; $$;

create function public.book_tour_for_registration(p_actor uuid, p_registration_id uuid, p_starts_at timestamptz, p_time_zone text, p_at timestamptz) returns jsonb
language plpgsql security definer set search_path = ''
as $$ begin perform private.portal_open(p_actor); return private.book_tour_for_registration(p_actor, p_registration_id, p_starts_at, p_time_zone, p_at); end; $$;

create function public.broker_tours(p_actor uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$ begin perform private.portal_open(p_actor); return private.broker_tours(p_actor); end; $$;

-- The server's key alone may call them (rls.test.ts holds every public function to it).
do $$
declare
  v_function text;
begin
  foreach v_function in array array[
    'private.portal_open(uuid)',
    'public.estates_list(uuid, text)',
    'public.portal_record_download(uuid, text, timestamptz)',
    'public.register_buyer(uuid, text, text, text, text, timestamptz)',
    'public.broker_registrations(uuid)',
    'public.broker_registration(uuid, uuid)',
    'public.renew_registration(uuid, uuid, timestamptz)',
    'public.book_tour_for_registration(uuid, uuid, timestamptz, text, timestamptz)',
    'public.broker_tours(uuid)'
  ] loop
    execute format('revoke all on function %s from public, anon, authenticated', v_function);
    execute format('grant execute on function %s to service_role', v_function);
  end loop;
end
$$;
