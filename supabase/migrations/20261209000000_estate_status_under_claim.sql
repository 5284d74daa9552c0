-- While a hold or reservation is on a lot, its status is the claim's to set (private.claim_estate_status): a hand
-- set status would be overwritten when the claim moves on or ends (a lot marked sold by hand came back available
-- when its hold was released). A change of status by hand is then refused (AC005, lib/portal/types.ts
-- PORTAL_REFUSALS); its other details, and its price, can still be changed.

create function private.refuse_status_under_claim(p_estate private.estates, p_status text, p_at timestamptz) returns void
language plpgsql stable
set search_path = ''
as $$
begin
  if p_status is distinct from p_estate.status
    and exists (select 1 from private.lot_claims c where c.estate_id = p_estate.id and private.claim_active(c, p_at)) then
    raise exception 'lot_claimed' using errcode = 'AC005';
  end if;
end;
$$;

revoke all on function private.refuse_status_under_claim(private.estates, text, timestamptz) from public;

create or replace function public.estate_update(
  p_actor uuid, p_id uuid, p_lot text, p_lot_acres numeric, p_home_sqft integer, p_bedrooms smallint, p_bathrooms numeric,
  p_status text, p_list_price bigint, p_at timestamptz
) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_before private.estates;
  v_after private.estates;
begin
  perform private.check_estate_status(p_status);
  select * into v_before from private.estates e where e.id = p_id for update;
  if v_before.id is null then
    return false;
  end if;
  perform private.refuse_status_under_claim(v_before, p_status, p_at);
  v_after := v_before;
  v_after.lot := btrim(p_lot);
  -- Rounded as the columns will round them, so that 1.2 and 1.20 are no change.
  v_after.lot_acres := round(p_lot_acres, 2);
  v_after.home_sqft := p_home_sqft;
  v_after.bedrooms := p_bedrooms;
  v_after.bathrooms := round(p_bathrooms, 1);
  v_after.status := p_status;
  v_after.list_price := p_list_price;
  if not private.record_estate_change(p_id, p_at, v_actor.id, private.estate_fields(v_before), private.estate_fields(v_after)) then
    return false;
  end if;
  update private.estates e
  set lot = v_after.lot, lot_acres = v_after.lot_acres, home_sqft = v_after.home_sqft, bedrooms = v_after.bedrooms,
    bathrooms = v_after.bathrooms, status = v_after.status, list_price = v_after.list_price, changed_at = p_at
  where e.id = p_id;
  return true;
end;
$$;

create or replace function public.estate_set_status(p_actor uuid, p_id uuid, p_status text, p_list_price bigint, p_at timestamptz) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor private.accounts := private.acting(p_actor, private.team());
  v_before private.estates;
  v_after private.estates;
begin
  perform private.check_estate_status(p_status);
  select * into v_before from private.estates e where e.id = p_id for update;
  if v_before.id is null then
    return false;
  end if;
  perform private.refuse_status_under_claim(v_before, p_status, p_at);
  v_after := v_before;
  v_after.status := p_status;
  v_after.list_price := p_list_price;
  if not private.record_estate_change(p_id, p_at, v_actor.id, private.estate_fields(v_before), private.estate_fields(v_after)) then
    return false;
  end if;
  update private.estates e set status = p_status, list_price = p_list_price, changed_at = p_at where e.id = p_id;
  return true;
end;
$$;
