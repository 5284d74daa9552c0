-- Retention no longer deletes what a hold still running names: the lead or the registration it is for, or the revoked
-- broker who placed it. Before, a lead older than the period lost its record while its hold ran on, and the lot was
-- kept for no one until the hold ran out. Such records go at the first run after the hold ends (as it runs out, is
-- released, or becomes a reservation, which keeps its amounts and dates without them: private.forget_claim_person).
-- The rest of the function is as the tours' migration left it.

create or replace function public.apply_retention(p_days integer, p_at timestamptz) returns jsonb
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
  v_tours integer;
begin
  if p_days is null or p_days < 1 then
    raise exception 'retention must be at least a day' using errcode = '22023';
  end if;
  if p_at is null then
    raise exception 'retention needs the time' using errcode = '22023';
  end if;
  v_before := p_at - make_interval(days => p_days);

  select coalesce(array_agg(id), '{}') into v_ids from (
    select i.id from public.prospect_inquiries i
    where i.created_at < v_before
      and not exists (select 1 from private.lot_claims c where c.lead_id = i.id and c.stage = 'hold' and c.end_kind is null and c.claimed_until > p_at)
    union all
    select id from public.broker_requests where created_at < v_before
  ) old;

  -- Brokers whose access ended before the period: revoked, and revoked last that long ago.
  select coalesce(array_agg(a.id), '{}') into v_brokers
  from private.accounts a
  where a.role = 'broker' and a.status = 'revoked'
    and coalesce((select max(e.at) from private.account_activity e where e.account_id = a.id and e.action = 'revoked'), a.created_at) < v_before
    and not exists (select 1 from private.lot_claims c where c.broker_id = a.id and c.stage = 'hold' and c.end_kind is null and c.claimed_until > p_at);

  select coalesce(array_agg(r.id), '{}') into v_registrations
  from private.registrations r
  where (r.broker_id = any (v_brokers)
      or (r.status = 'registered' and r.expires_at < v_before)
      or (r.status = 'declined' and coalesce(r.decided_at, r.created_at) < v_before)
      or (r.status = 'under_review' and r.created_at < v_before))
    and not exists (select 1 from private.lot_claims c where c.registration_id = r.id and c.stage = 'hold' and c.end_kind is null and c.claimed_until > p_at);

  v_tours := private.forget_tours(array(
    select t.id from private.tours t
    where t.lead_id = any (v_ids) or t.registration_id = any (v_registrations) or t.broker_id = any (v_brokers) or t.blocked_until < v_before
  ));
  delete from private.tour_links l where l.lead_id = any (v_ids) or l.expires_at < v_before;

  perform private.delete_leads(v_ids);
  update private.registrations r set conflict_inquiry_id = null where r.conflict_inquiry_id = any (v_ids);

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
    'acceptances', v_acceptances,
    'tours', v_tours
  );
end;
$$;
