-- A post on a buyer's tour page (to book, move or cancel a tour by its link) is held to the limits the lead forms
-- are held to, counted in the same log by the same check (private.limit_reached, 20261124000000): a client may not
-- write to the database through the tour page faster than through the forms, and a flood of either counts for both.
-- 'admitted' (counted) or 'limited' (over the global cap or this client's limit: nothing counted, nothing done).
create function public.admit_tour_post(
  p_client_address text,
  p_client_limit integer,
  p_client_window_seconds integer,
  p_global_limit integer,
  p_global_window_seconds integer
) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_client_hash text := private.salted_hash(p_client_address);
begin
  if p_global_limit is not null and private.limit_reached(null, p_global_limit, p_global_window_seconds) then
    return 'limited';
  end if;
  if v_client_hash is not null and p_client_limit is not null and private.limit_reached(v_client_hash, p_client_limit, p_client_window_seconds) then
    return 'limited';
  end if;
  insert into private.submission_log (client_hash) values (v_client_hash);
  return 'admitted';
end;
$$;

revoke all on function public.admit_tour_post(text, integer, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.admit_tour_post(text, integer, integer, integer, integer) to service_role;
