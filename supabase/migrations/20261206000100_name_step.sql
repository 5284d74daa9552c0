-- An owner ADMIN_EMAILS names is made with a name guessed from their address: ava.laurent@ reads as Ava Laurent, but
-- owner@, sales@ or jsmith@ give "Owner", "Sales" and "Jsmith" in emails and histories. Such an account is now asked,
-- at its first sign-in, what to call its person: the guess filled in, saved as it is or changed, or the question put
-- aside ("Not now"), which keeps the guess. Either answer, or a change of name on the account page, ends the asking.
--
-- Everyone else was named by a person: an invited member by the owner who invited them, a broker in their own request.
-- Of the accounts already here, only the owners ADMIN_EMAILS made are asked, and only those that have never signed in
-- and whose name is still the guess: whoever has signed in saw their name in the header and could change it.

alter table private.accounts add column ask_name boolean not null default false;

-- The name an address suggests: its part before the @, its dots, dashes, underscores and pluses as spaces, capitalized.
create function private.name_from_address(p_email text) returns text
language sql immutable
set search_path = ''
as $$
  select left(initcap(trim(regexp_replace(split_part(p_email, '@', 1), '[._+-]+', ' ', 'g'))), 80)
$$;
revoke all on function private.name_from_address(text) from public;

update private.accounts a set ask_name = true
where a.fixed and a.status = 'active' and a.last_sign_in_at is null and a.name = private.name_from_address(a.email)
  and not exists (select 1 from private.account_activity v where v.account_id = a.id and v.action = 'renamed');

-- `named`: the person gave their name (or kept the guess) when first asked; its detail, the guess it replaced.
alter table private.account_activity drop constraint account_activity_action_check;
alter table private.account_activity add constraint account_activity_action_check check (action in (
  'invited', 'signed_in', 'code_failed', 'passkey_added', 'passkey_removed', 'role', 'removed',
  'revoked', 'restored', 'signed_out_everywhere', 'renamed', 'named'
));

-- As 20261128000000 wrote it, an owner made here is asked their name at their first sign-in.
create or replace function public.team_ensure_owners(p_emails text[], p_now timestamptz) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text;
begin
  update private.accounts a set fixed = false where a.fixed and not (a.email = any (p_emails));
  foreach v_email in array coalesce(p_emails, '{}') loop
    insert into private.accounts (email, name, role, fixed, created_at, ask_name)
    values (v_email, private.name_from_address(v_email), 'owner', true, p_now, true)
    on conflict (email) do update set role = 'owner', status = 'active', fixed = true, brokerage = null, broker_request_id = null;
  end loop;
end;
$$;

-- As 20261205000400 wrote it; a sign-in also says whether to ask the person their name.
create or replace function private.redeem(p_challenge private.sign_in_challenges, p_now timestamptz, p_session_id text, p_secret_hash text, p_device text, p_method text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_account private.accounts;
begin
  select * into v_account from private.accounts a where a.id = p_challenge.account_id and a.status = 'active';
  if v_account.id is null then
    return jsonb_build_object('outcome', 'refused', 'reason', 'no_account');
  end if;
  with spent as (
    update private.sign_in_challenges c set used_at = p_now
    where c.used_at is null
      and (c.id = p_challenge.id or (p_challenge.purpose = 'sign_in' and c.purpose = 'sign_in' and c.email_hash = p_challenge.email_hash))
    returning c.id
  )
  update private.outbox o set status = 'dropped', lease_until = null, lease_token = null
  from spent
  where o.about_id = spent.id and o.kind = 'sign_in_code' and o.status = 'pending';
  perform private.open_session(v_account, p_session_id, p_secret_hash, p_now, p_device);
  perform private.record_account(v_account.id, p_now, v_account.name, 'signed_in', p_method);
  return jsonb_build_object('outcome', 'signed_in', 'account', private.account_json(v_account), 'ask_name', v_account.ask_name);
end;
$$;

-- As 20261128000000 wrote it; a sign-in also says whether to ask the person their name.
create or replace function public.passkey_sign_in(p_id text, p_counter bigint, p_now timestamptz, p_session_id text, p_secret_hash text, p_device text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_key private.passkeys;
  v_account private.accounts;
begin
  select * into v_key from private.passkeys k where k.id = p_id for update;
  select * into v_account from private.accounts a where a.id = v_key.account_id and a.status = 'active' and a.role = any (private.team());
  if v_key.id is null or v_account.id is null then
    return jsonb_build_object('outcome', 'refused', 'reason', 'no_account');
  end if;
  if p_counter <> 0 and p_counter <= v_key.counter then
    return jsonb_build_object('outcome', 'refused', 'reason', 'counter');
  end if;
  update private.passkeys k set counter = p_counter, last_used_at = p_now where k.id = p_id;
  perform private.open_session(v_account, p_session_id, p_secret_hash, p_now, p_device);
  perform private.record_account(v_account.id, p_now, v_account.name, 'signed_in', 'passkey');
  return jsonb_build_object('outcome', 'signed_in', 'account', private.account_json(v_account), 'ask_name', v_account.ask_name);
end;
$$;

-- As 20261128000000 wrote it; a name changed on the account page is an answer too.
create or replace function public.account_rename(p_actor uuid, p_name text, p_now timestamptz) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
begin
  if v_actor.name = p_name then
    return false;
  end if;
  update private.accounts a set name = p_name, ask_name = false where a.id = v_actor.id;
  perform private.record_account(v_actor.id, p_now, p_name, 'renamed', v_actor.name);
  return true;
end;
$$;

-- The name the acting account is still to be asked about (its guess), or null once answered.
create function public.account_name_question(p_actor uuid) returns text
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
begin
  return case when v_actor.ask_name then v_actor.name end;
end;
$$;

-- The answer to the question: this name, the guess or another, recorded as given (`named`, with the guess it replaced
-- when it differs). Asked no longer, it is a change of name as on the account page. Returns whether anything changed.
create function public.account_confirm_name(p_actor uuid, p_name text, p_now timestamptz) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
begin
  if not v_actor.ask_name then
    return public.account_rename(p_actor, p_name, p_now);
  end if;
  update private.accounts a set name = p_name, ask_name = false where a.id = v_actor.id;
  perform private.record_account(v_actor.id, p_now, p_name, 'named', nullif(v_actor.name, p_name));
  return true;
end;
$$;

-- "Not now": the guess stays, and is asked about no more. Returns whether the question was still open.
create function public.account_keep_name(p_actor uuid) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, array['owner', 'member', 'broker']);
begin
  update private.accounts a set ask_name = false where a.id = v_actor.id and a.ask_name;
  return found;
end;
$$;

revoke all on function public.account_name_question(uuid), public.account_confirm_name(uuid, text, timestamptz), public.account_keep_name(uuid)
  from public, anon, authenticated;
grant execute on function public.account_name_question(uuid), public.account_confirm_name(uuid, text, timestamptz), public.account_keep_name(uuid)
  to service_role;
