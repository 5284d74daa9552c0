-- The sales team hears of every booking, move and cancellation at once: until now a tour reached nobody on the team
-- until someone assigned it a host on the agenda. Each such change now also queues a notice to the team (the worker
-- sends it to LEAD_NOTIFY_TO) with the invitation, host or not; the host, once there is one, is sent theirs as before.
-- The team's notice is overtaken by a later change as the buyer's is; reminders stay the buyer's and the host's.

alter table private.tour_notices drop constraint tour_notices_recipient_check;
alter table private.tour_notices add constraint tour_notices_recipient_check check (recipient in ('buyer', 'broker', 'host', 'team'));

-- Queues one email of this kind about the tour as it is now to each of its recipients (as 20261203000000 wrote it),
-- and to the team for a booking, a move or a cancellation; due at p_due.
create or replace function private.queue_tour_notice(p_tour private.tours, p_kind text, p_due timestamptz, p_at timestamptz) returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.queue_tour_notice_to(p_tour, p_kind, case when p_tour.broker_id is null then 'buyer' else 'broker' end, null, p_due, p_at);
  if p_tour.host_id is not null then
    perform private.queue_tour_notice_to(p_tour, p_kind, 'host', p_tour.host_id, p_due, p_at);
  end if;
  if p_kind in ('tour_booked', 'tour_moved', 'tour_cancelled') then
    perform private.queue_tour_notice_to(p_tour, p_kind, 'team', null, p_due, p_at);
  end if;
end;
$$;
