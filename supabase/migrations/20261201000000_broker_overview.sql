-- The team's view of its brokers, at /admin/brokers: every broker account with what the team asks of it at a
-- glance. Whether they may sign in, since when, and when they last did; the terms they accepted last; what
-- they downloaded; how their registrations stand; and the broker request they were approved from, by which
-- the team ends their access or gives it back (public.broker_access) and opens the request's page.
--
-- As elsewhere, the acting account is checked (the team only; anyone else is refused with 42501), and only
-- the server's key may call it.

create function public.broker_overview(p_actor uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_latest_terms integer;
begin
  perform private.acting(p_actor, private.team());
  select max(v.number) into v_latest_terms from private.terms_versions v;
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', a.id, 'name', a.name, 'email', a.email, 'brokerage', a.brokerage,
      -- A broker's access is either open or ended: an account is revoked, never removed, as a broker.
      'status', case when a.status = 'active' then 'active' else 'revoked' end,
      -- When the access last began: the approval's invitation, or the access given back; an account made
      -- some other way began with the account.
      'access_since', coalesce(
        (select max(v.at) from private.account_activity v where v.account_id = a.id and v.action in ('invited', 'restored')),
        a.created_at),
      -- When it ended, while it is ended.
      'revoked_at', case when a.status <> 'active' then
        (select max(v.at) from private.account_activity v where v.account_id = a.id and v.action = 'revoked') end,
      'last_sign_in_at', a.last_sign_in_at,
      -- The newest version they accepted (null: none), and whether it is still the latest published.
      'terms', (select jsonb_build_object('version', t.version, 'accepted_at', t.accepted_at, 'current', t.version = v_latest_terms)
                from private.terms_acceptances t where t.account_id = a.id order by t.version desc limit 1),
      'downloads', (select count(*) from private.portal_downloads d where d.account_id = a.id),
      'recent_downloads', (select coalesce(jsonb_agg(jsonb_build_object('kind', x.kind, 'at', x.at) order by x.at desc, x.id desc), '[]'::jsonb)
                           from (select d.id, d.kind, d.at from private.portal_downloads d where d.account_id = a.id
                                 order by d.at desc, d.id desc limit 10) x),
      'registrations', (select jsonb_build_object(
                          'registered', count(*) filter (where r.status = 'registered'),
                          'under_review', count(*) filter (where r.status = 'under_review'),
                          'declined', count(*) filter (where r.status = 'declined'))
                        from private.registrations r where r.broker_id = a.id),
      -- The request they were approved from (null for an account made otherwise), and whether it is still
      -- kept: erasure and retention delete leads, and the account keeps the id.
      'lead_id', a.broker_request_id,
      'lead_kept', exists (select 1 from public.broker_requests b where b.id = a.broker_request_id)
    ) order by a.status <> 'active', lower(a.name), a.id), '[]'::jsonb)
    from private.accounts a
    where a.role = 'broker'
  );
end;
$$;

-- The server's key alone may call it (rls.test.ts holds every public function to it).
revoke all on function public.broker_overview(uuid) from public, anon, authenticated;
grant execute on function public.broker_overview(uuid) to service_role;
