-- Retention (LEAD_RETENTION_DAYS) reaches what the portal keeps, as it reaches leads: what is older than the
-- period goes, counted from when it stopped mattering rather than when it began where the two differ.
--
-- - leads: from when they arrived (as before), and a registration that named a deleted inquiry as its
--   conflict forgets the id, as erasure does;
-- - a client registration: from when it ended (a registration's expiry, a declined one's decision; one never
--   decided, from when it was made), with the emails about it; one registered and still running stays, unless
--   its broker goes (below);
-- - downloads of the price list and brochure: from when they were made;
-- - a broker's acceptances of the terms: from when they were given, except each broker's latest, which is
--   what lets them into the portal;
-- - a broker whose access ended (revoked) that long ago: the account, with its sessions, passkeys, history,
--   downloads, acceptances and registrations.
--
-- The time is the app's (`p_at`), as every other function here takes it, so that tests can move it. The
-- answer counts each kind, for the server's log line; it names nobody.

drop function public.apply_retention(integer);

create function public.apply_retention(p_days integer, p_at timestamptz) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before timestamptz;
  v_ids uuid[];
  v_registrations uuid[];
  v_brokers uuid[];
  v_downloads integer;
  v_acceptances integer;
begin
  if p_days is null or p_days < 1 then
    raise exception 'retention must be at least a day' using errcode = '22023';
  end if;
  if p_at is null then
    raise exception 'retention needs the time' using errcode = '22023';
  end if;
  v_before := p_at - make_interval(days => p_days);

  select coalesce(array_agg(id), '{}') into v_ids from (
    select id from public.prospect_inquiries where created_at < v_before
    union all
    select id from public.broker_requests where created_at < v_before
  ) old;
  perform private.delete_leads(v_ids);
  update private.registrations r set conflict_inquiry_id = null where r.conflict_inquiry_id = any (v_ids);

  -- Brokers whose access ended before the period: revoked, and revoked last that long ago.
  select coalesce(array_agg(a.id), '{}') into v_brokers
  from private.accounts a
  where a.role = 'broker' and a.status = 'revoked'
    and coalesce((select max(e.at) from private.account_activity e where e.account_id = a.id and e.action = 'revoked'), a.created_at) < v_before;

  select coalesce(array_agg(r.id), '{}') into v_registrations
  from private.registrations r
  where r.broker_id = any (v_brokers)
    or (r.status = 'registered' and r.expires_at < v_before)
    or (r.status = 'declined' and coalesce(r.decided_at, r.created_at) < v_before)
    or (r.status = 'under_review' and r.created_at < v_before);
  delete from private.outbox o where o.about_id = any (v_registrations);
  delete from private.registrations r where r.id = any (v_registrations);

  delete from private.outbox o using private.sign_in_challenges c
  where o.about_id = c.id and c.account_id = any (v_brokers);
  delete from private.accounts a where a.id = any (v_brokers);

  delete from private.portal_downloads d where d.at < v_before;
  get diagnostics v_downloads = row_count;

  delete from private.terms_acceptances t
  where t.accepted_at < v_before
    and t.version < (select max(l.version) from private.terms_acceptances l where l.account_id = t.account_id);
  get diagnostics v_acceptances = row_count;

  return jsonb_build_object(
    'leads', cardinality(v_ids),
    'registrations', cardinality(v_registrations),
    'brokers', cardinality(v_brokers),
    'downloads', v_downloads,
    'acceptances', v_acceptances
  );
end;
$$;

revoke all on function public.apply_retention(integer, timestamptz) from public, anon, authenticated;
grant execute on function public.apply_retention(integer, timestamptz) to service_role;
