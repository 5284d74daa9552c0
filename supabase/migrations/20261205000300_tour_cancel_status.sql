-- A cancelled tour puts its lead back: until now a lead stayed touring after its only tour was cancelled. Cancelling
-- the last booked tour of a lead that is touring returns it to the status it had before it went touring (the history
-- line that moved it there says which; contacted when none does), with a history line of its own. A lead the team
-- has moved on since (closed, spam, ...) or with another tour still booked is left as it is.

create function private.untour_lead(p_tour private.tours, p_actor text, p_at timestamptz) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_status text;
  v_before text;
begin
  if p_tour.lead_id is null then
    return;
  end if;
  select i.status into v_status from public.prospect_inquiries i where i.id = p_tour.lead_id for update;
  if v_status is distinct from 'touring'
    or exists (select 1 from private.tours t where t.lead_id = p_tour.lead_id and t.status = 'booked' and t.id <> p_tour.id) then
    return;
  end if;
  select a.from_value into v_before from private.lead_activity a
  where a.lead_id = p_tour.lead_id and a.action = 'status' and a.to_value = 'touring'
  order by a.at desc, a.id desc
  limit 1;
  v_before := coalesce(nullif(v_before, 'touring'), 'contacted');
  update public.prospect_inquiries i set status = v_before where i.id = p_tour.lead_id;
  perform private.record_tour(p_tour.lead_id, p_at, p_actor, 'status', 'touring', v_before);
end;
$$;

-- As 20261202000000 wrote it, and then the lead put back.
create or replace function private.cancel_tour(p_tour private.tours, p_actor text, p_at timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_tour private.tours;
begin
  update private.tours t set status = 'cancelled', sequence = t.sequence + 1, changed_at = p_at where t.id = p_tour.id returning * into v_tour;
  perform private.record_tour(v_tour.lead_id, p_at, p_actor, 'tour_cancelled', to_char(v_tour.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), null);
  perform private.untour_lead(v_tour, p_actor, p_at);
  perform private.queue_tour_notice(v_tour, 'tour_cancelled', p_at, p_at);
  perform private.schedule_tour_reminder(v_tour, p_at);
  return jsonb_build_object('outcome', 'cancelled', 'tour', private.tour_json(v_tour));
end;
$$;

revoke all on function private.untour_lead(private.tours, text, timestamptz) from public;
