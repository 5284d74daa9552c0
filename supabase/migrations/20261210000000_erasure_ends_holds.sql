-- An erasure ends the holds still running for the person erased (a lead, a registered buyer, or a broker's clients
-- with the broker's account), at the time the team erased them, which the call now carries as every other change of
-- a claim does. Before, such a hold lost its person and kept the lot from every other buyer until it ran out.

drop function public.erase_person(uuid, text);

create function public.erase_person(p_actor uuid, p_email text, p_at timestamptz) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_ids uuid[];
begin
  if p_at is null then
    raise exception 'an erasure needs the time' using errcode = '22023';
  end if;
  select coalesce(array_agg(id), '{}') into v_ids from (
    select id from public.prospect_inquiries where lower(email) = lower(p_email)
    union all
    select id from public.broker_requests where lower(email) = lower(p_email)
  ) matching;
  -- The person's holds still running end, released, as their holder would release them: a hold for no one kept the
  -- lot from every other buyer until it ran out. Its emails waiting (the reminder, the word that it ended) no longer
  -- go, as none goes about a claim whose person is gone (private.claim_notice). Their reservations and sales stay,
  -- with amounts and dates, without them (private.forget_claim_person).
  with ended as (
    update private.lot_claims c
    set ended_at = greatest(p_at, c.placed_at), end_kind = 'released', claimed_until = greatest(p_at, c.placed_at), version = c.version + 1
    -- Only a hold that loses its person: one for a registration also carries the inquiry its buyer was matched to
    -- (place_hold), which may be of another address, and erasing that address leaves the buyer, and their hold.
    where c.stage = 'hold' and c.end_kind is null and c.claimed_until > p_at
      and (c.lead_id is not null or c.registration_id is not null)
      and (c.lead_id is null or c.lead_id = any (v_ids))
      and (c.registration_id is null
        or c.registration_id in (select r.id from private.registrations r where r.email_key = private.buyer_email(p_email)
          or r.broker_id in (select a.id from private.accounts a where a.email = lower(trim(p_email)) and a.role = 'broker')))
    returning c.id
  )
  update private.outbox o set status = 'dropped', last_error = 'claim_changed', lease_until = null, lease_token = null
  from private.claim_notices n
  where o.about_id = n.id and n.claim_id in (select id from ended) and o.status = 'pending';
  perform private.forget_tours(array(
    select t.id from private.tours t
    where t.lead_id = any (v_ids)
      or t.registration_id in (select r.id from private.registrations r where r.email_key = private.buyer_email(p_email))
      or t.broker_id in (select a.id from private.accounts a where a.email = lower(trim(p_email)) and a.role = 'broker')
  ));
  delete from private.tour_links l where l.lead_id = any (v_ids);
  perform private.delete_leads(v_ids);
  delete from private.receipt_log where recipient_hash = private.salted_hash(lower(p_email));
  delete from private.outbox o using private.sign_in_challenges c, private.accounts a
  where o.about_id = c.id and c.account_id = a.id and a.email = lower(trim(p_email)) and a.role = 'broker';
  -- The buyer's registrations, by any broker, with the emails about them.
  delete from private.outbox o using private.registrations r
  where o.about_id = r.id and (r.email_key = private.buyer_email(p_email)
    or r.broker_id in (select a.id from private.accounts a where a.email = lower(trim(p_email)) and a.role = 'broker'));
  delete from private.registrations r where r.email_key = private.buyer_email(p_email);
  update private.registrations r set conflict_inquiry_id = null where r.conflict_inquiry_id = any (v_ids);
  -- A broker's own registrations go with their account.
  delete from private.accounts a where a.email = lower(trim(p_email)) and a.role = 'broker';
  insert into private.erasures (actor, leads) values (v_actor.name, cardinality(v_ids));
  return cardinality(v_ids);
end;
$$;

revoke all on function public.erase_person(uuid, text, timestamptz) from public, anon, authenticated;
grant execute on function public.erase_person(uuid, text, timestamptz) to service_role;
