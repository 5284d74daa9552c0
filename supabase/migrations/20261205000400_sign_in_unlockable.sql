-- Signing in by email that no stranger can lock. Until now anyone who knew an address could keep its owner out for an
-- hour, again and again: five asks from other clients used up the address's limit, each new ask spent the codes and
-- links already sent, and five wrong codes spent the link of the email the owner was about to open as well as its code.
--
-- Both limits stay, and neither now shuts the person out, because the person always holds an email that works:
--   * a link dies only when it is used, expires (15 minutes) or its account ends, or when the person signs in (which
--     spends every code and link of the address); never because of a newer ask or wrong codes (256 bits: unguessable);
--   * a code still works only while it is the newest of its address, and five wrong tries still spend it;
--   * over the per-address limit, an ask is answered `recent` while the newest email of the address is still live (its
--     link signs in: nothing new is sent), and goes through as any other once it is not (expired or used).
-- So one address gets at most five codes in an hour, then one each time the last has expired: eight in any hour.

-- When a challenge's code stopped working: a newer code was asked for, or five wrong ones were tried. Its link lives on.
alter table private.sign_in_challenges add column code_spent_at timestamptz;

create or replace function public.auth_request_sign_in(
  p_email text,
  p_client_address text,
  p_challenge_id uuid,
  p_code_hash text,
  p_link_hash text,
  p_now timestamptz,
  p_per_address integer,
  p_per_client integer,
  p_window_seconds integer,
  p_notify boolean
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(trim(p_email));
  v_email_hash text := private.salted_hash(lower(trim(p_email)));
  v_client_hash text := private.salted_hash(p_client_address);
  v_since timestamptz := p_now - make_interval(secs => p_window_seconds);
  v_account private.accounts;
begin
  perform pg_advisory_xact_lock(hashtext('auth_request_sign_in/' || v_email_hash));
  if (select count(*) from private.sign_in_requests r where r.client_hash = v_client_hash and r.at > v_since) >= p_per_client then
    return jsonb_build_object('outcome', 'limited');
  end if;
  if (select count(*) from private.sign_in_requests r where r.email_hash = v_email_hash and r.at > v_since) >= p_per_address
    and exists (
      select 1 from private.sign_in_challenges c
      where c.email_hash = v_email_hash and c.purpose = 'sign_in' and c.used_at is null and c.expires_at > p_now
    ) then
    return jsonb_build_object('outcome', 'recent');
  end if;
  insert into private.sign_in_requests (email_hash, client_hash, at) values (v_email_hash, v_client_hash, p_now);
  delete from private.sign_in_requests r where r.at < p_now - interval '1 day';
  delete from private.sign_in_challenges c where c.expires_at < p_now - interval '1 day';

  select * into v_account from private.accounts a where a.email = v_email and a.status = 'active';
  -- Only the newest code works; the links of earlier emails do.
  update private.sign_in_challenges c set code_spent_at = p_now
  where c.email_hash = v_email_hash and c.purpose = 'sign_in' and c.used_at is null and c.code_spent_at is null;
  insert into private.sign_in_challenges (id, purpose, email_hash, account_id, code_hash, link_hash, created_at, expires_at)
  values (p_challenge_id, 'sign_in', v_email_hash, v_account.id, p_code_hash, p_link_hash, p_now, p_now + interval '15 minutes');
  if v_account.id is null then
    return jsonb_build_object('outcome', 'unknown');
  end if;
  if p_notify then
    insert into private.outbox (id, about_id, kind, next_attempt_at, created_at)
    values (private.notice_id(p_challenge_id, 'sign_in_code'), p_challenge_id, 'sign_in_code', p_now, p_now);
  end if;
  return jsonb_build_object('outcome', 'issued', 'name', v_account.name);
end;
$$;

-- Ends a challenge redeemed, and the account's sign-in: a session, the history line. Signing in by email spends every
-- code and link of the address still live, and their emails not yet sent.
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
  return jsonb_build_object('outcome', 'signed_in', 'account', private.account_json(v_account));
end;
$$;

-- Signs in with the code of the newest sign-in challenge of an address, while it is live (the only code that can be).
-- A wrong code counts against it; the fifth wrong one spends the code (its email's link still works). Returns
-- {outcome: signed_in, account} or {outcome: refused, reason}.
create or replace function public.auth_redeem_code(p_email text, p_code_hash text, p_now timestamptz, p_session_id text, p_secret_hash text, p_device text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_challenge private.sign_in_challenges;
  v_account private.accounts;
begin
  select * into v_challenge from private.sign_in_challenges c
  where c.email_hash = private.salted_hash(lower(trim(p_email))) and c.purpose = 'sign_in'
    and c.used_at is null and c.code_spent_at is null and c.expires_at > p_now and c.failed_tries < 5
  order by c.created_at desc
  limit 1
  for update;
  if v_challenge.id is null then
    return jsonb_build_object('outcome', 'refused', 'reason', 'no_live_code');
  end if;
  if v_challenge.code_hash <> p_code_hash then
    update private.sign_in_challenges c
    set failed_tries = c.failed_tries + 1, code_spent_at = case when c.failed_tries + 1 >= 5 then p_now end
    where c.id = v_challenge.id;
    select * into v_account from private.accounts a where a.id = v_challenge.account_id;
    if v_account.id is not null then
      perform private.record_account(v_account.id, p_now, v_account.name, 'code_failed', (v_challenge.failed_tries + 1)::text);
    end if;
    return jsonb_build_object('outcome', 'refused', 'reason', case when v_challenge.failed_tries + 1 >= 5 then 'exhausted' else 'wrong_code' end);
  end if;
  return private.redeem(v_challenge, p_now, p_session_id, p_secret_hash, p_device, 'code');
end;
$$;

-- Signs in with a link (a sign-in email's, or an invitation's), live whatever codes were tried. Only a POST reaches
-- this: the page a link opens asks for a press of its button, so that mail scanners opening links spend nothing.
create or replace function public.auth_redeem_link(p_link_hash text, p_now timestamptz, p_session_id text, p_secret_hash text, p_device text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_challenge private.sign_in_challenges;
begin
  select * into v_challenge from private.sign_in_challenges c where c.link_hash = p_link_hash for update;
  if v_challenge.id is null or v_challenge.used_at is not null or v_challenge.expires_at <= p_now then
    return jsonb_build_object('outcome', 'refused', 'reason', case when v_challenge.id is null then 'unknown_link' else 'dead_link' end);
  end if;
  return private.redeem(v_challenge, p_now, p_session_id, p_secret_hash, p_device, case v_challenge.purpose when 'invitation' then 'invitation' else 'link' end);
end;
$$;

-- Whether a link may still sign someone in, and what it is, for the page it opens; spends nothing.
create or replace function public.auth_link_state(p_link_hash text, p_now timestamptz) returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select jsonb_build_object('live', c.used_at is null and c.expires_at > p_now and a.status = 'active', 'purpose', c.purpose)
     from private.sign_in_challenges c join private.accounts a on a.id = c.account_id
     where c.link_hash = p_link_hash),
    jsonb_build_object('live', false, 'purpose', null)
  )
$$;
