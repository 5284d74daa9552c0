-- Floods: once submissions across every client pass the global cap, a new one
-- is not refused but asked to prove some work first (an ALTCHA challenge that
-- a visitor's browser solves unseen, and a bot must pay for). A proof is
-- spent when it lets a submission past the cap, so each serves once.
--
-- The function that stores a lead with its notices moves out of the data API,
-- and submit_lead() wraps it: a repeat is a duplicate whatever the cap, then
-- the cap asks for a proof, then the lead is stored within the per-client limit.

create table private.spent_challenges (
  id text primary key check (id ~ '^[0-9a-f]{64}$'),
  spent_at timestamptz not null default now()
);
create index spent_challenges_spent_at_idx on private.spent_challenges (spent_at);

alter function public.submit_lead(text, jsonb, text, text, integer, integer, integer, integer, text[]) rename to store_lead_with_notices;
alter function public.store_lead_with_notices(text, jsonb, text, text, integer, integer, integer, integer, text[]) set schema private;
revoke all on function private.store_lead_with_notices(text, jsonb, text, text, integer, integer, integer, integer, text[])
  from public, anon, authenticated, service_role;

-- Returns 'stored', 'duplicate', 'limited' (over the client's limit) or 'challenge' (over the global cap:
-- send again with a proof of work, p_challenge_id naming it).
create function public.submit_lead(
  p_form text,
  p_lead jsonb,
  p_submission_key text,
  p_client_address text,
  p_client_limit integer,
  p_client_window_seconds integer,
  p_global_limit integer,
  p_global_window_seconds integer,
  p_notices text[],
  p_challenge_id text
) returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.is_stored(p_form, p_submission_key) then
    return 'duplicate';
  end if;
  if p_global_limit is not null and private.limit_reached(null, p_global_limit, p_global_window_seconds) then
    if p_challenge_id is null then
      return 'challenge';
    end if;
    insert into private.spent_challenges (id) values (p_challenge_id) on conflict do nothing;
    if not found then
      -- A proof already spent: it buys nothing twice.
      return 'challenge';
    end if;
    delete from private.spent_challenges where spent_at < now() - interval '1 hour';
  end if;

  return private.store_lead_with_notices(
    p_form, p_lead, p_submission_key, p_client_address, p_client_limit, p_client_window_seconds,
    null, p_global_window_seconds, p_notices
  );
end;
$$;

revoke all on function public.submit_lead(text, jsonb, text, text, integer, integer, integer, integer, text[], text) from public, anon, authenticated;
grant execute on function public.submit_lead(text, jsonb, text, text, integer, integer, integer, integer, text[], text) to service_role;
