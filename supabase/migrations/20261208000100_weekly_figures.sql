-- The week's figures by email: an owner may ask, on their account page, for the team's figures of the week just
-- ended every Monday at 8:00 in the site's time zone. Each Monday's email is a notice of the outbox (kind
-- weekly_figures, about the owner's account), due at that moment; when it has gone (or been put aside, or has
-- failed for good), the next Monday's joins the outbox in the same transaction. Its id is the account's and the
-- Monday's, so a second try to schedule the same Monday changes nothing and its Message-ID stays the same.
-- Asking no longer (or no longer being an owner) puts the waiting one aside.

create table private.weekly_figures (
  account_id uuid primary key references private.accounts (id) on delete cascade,
  -- The zone its Mondays are counted in: the site's, as the server had it when the owner asked.
  time_zone text not null check (char_length(time_zone) between 1 and 64),
  asked_at timestamptz not null
);

-- The first Monday at 8:00 in p_time_zone strictly after p_after: counted on the zone's clock, so that a Monday
-- after a change to or from daylight time is still at 8:00 there.
create function private.next_monday_eight(p_after timestamptz, p_time_zone text) returns timestamptz
language sql stable
set search_path = ''
as $$
  select (case when monday.at_eight > monday.local_after then monday.at_eight else monday.at_eight + interval '7 days' end) at time zone p_time_zone
  from (
    select date_trunc('week', p_after at time zone p_time_zone) + interval '8 hours' as at_eight, p_after at time zone p_time_zone as local_after
  ) monday
$$;

-- The next Monday's notice for an owner who still asks for it, after p_after; nothing when they no longer do, or
-- when it is already there.
create function private.schedule_weekly_figures(p_account uuid, p_after timestamptz) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_zone text;
  v_due timestamptz;
begin
  select w.time_zone into v_zone
  from private.weekly_figures w join private.accounts a on a.id = w.account_id
  where w.account_id = p_account and a.role = 'owner' and a.status = 'active';
  if v_zone is null then
    return;
  end if;
  v_due := private.next_monday_eight(p_after, v_zone);
  insert into private.outbox (id, about_id, kind, next_attempt_at, created_at)
  values (private.notice_id(p_account, 'weekly_figures/' || to_char(v_due at time zone v_zone, 'YYYY-MM-DD')), p_account, 'weekly_figures', v_due, v_due)
  on conflict do nothing;
end;
$$;

-- What a Monday's email is about, read when it is delivered: whose, and whether they still ask for it.
create function private.weekly_figures_notice(p_id uuid, p_now timestamptz) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'account_id', a.id, 'name', a.name, 'email', a.email,
    'live', a.role = 'owner' and a.status = 'active' and exists (select 1 from private.weekly_figures w where w.account_id = a.id)
  )
  from private.accounts a
  where a.id = p_id
$$;

insert into private.notice_kinds (kind, about) values ('weekly_figures', 'private.weekly_figures_notice(uuid, timestamptz)');

-- When a Monday's email is done with (sent, put aside, or failed for good), the next Monday's is due.
create function private.requeue_weekly_figures() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform private.schedule_weekly_figures(new.about_id, greatest(new.next_attempt_at, new.created_at));
  return null;
end;
$$;

create trigger outbox_weekly_figures
after update of status on private.outbox
for each row when (new.kind = 'weekly_figures' and old.status = 'pending' and new.status <> 'pending')
execute function private.requeue_weekly_figures();

-- An owner's own choice: p_on true asks for the Monday email (the next Monday's joins the outbox), false stops it
-- (the waiting one is put aside), null only reads. Answers whether they now get it.
create function public.weekly_figures_setting(p_actor uuid, p_on boolean, p_time_zone text, p_now timestamptz) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.acting(p_actor, array['owner']);
  if p_on then
    -- An unknown zone is refused here (22023), not on a Monday.
    perform p_now at time zone p_time_zone;
    insert into private.weekly_figures (account_id, time_zone, asked_at) values (p_actor, p_time_zone, p_now)
    on conflict (account_id) do update set time_zone = excluded.time_zone;
    perform private.schedule_weekly_figures(p_actor, p_now);
  elsif p_on is not null then
    -- The setting goes first, so that putting the waiting email aside schedules no other.
    delete from private.weekly_figures w where w.account_id = p_actor;
    update private.outbox o set status = 'dropped', last_error = 'turned_off'
    where o.about_id = p_actor and o.kind = 'weekly_figures' and o.status in ('pending', 'failed');
  end if;
  return exists (select 1 from private.weekly_figures w where w.account_id = p_actor);
end;
$$;

revoke all on function private.next_monday_eight(timestamptz, text), private.schedule_weekly_figures(uuid, timestamptz),
  private.weekly_figures_notice(uuid, timestamptz), private.requeue_weekly_figures() from public;
revoke all on function public.weekly_figures_setting(uuid, boolean, text, timestamptz) from public, anon, authenticated;
grant execute on function public.weekly_figures_setting(uuid, boolean, text, timestamptz) to service_role;
