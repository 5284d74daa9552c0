-- The team's figures (/admin/insights): a function per panel, each for a period the team picks, counted in weeks
-- from Monday (or, for the year, in months) in the site's time zone, as of the moment it is given. Only the team
-- may read them (private.acting); they name no buyer. The page asks for every panel at once: each panel's scan
-- runs in its own process, without parallel workers, which would only contend with the other panels for the cores;
-- and without JIT compilation, which the per-bucket subqueries' estimates invite and which costs far more (about
-- 300 ms a call) than the few milliseconds of work it would speed up.

create index tours_created_idx on private.tours (created_at);
create index lot_claims_placed_idx on private.lot_claims (placed_at);
create index lead_activity_at_idx on private.lead_activity (at);

-- The period's buckets: their first days (local dates, oldest first), their instants, and the period's bounds.
-- The last bucket is the one that holds p_now.
create function private.insight_window(p_period text, p_now timestamptz, p_time_zone text)
returns table (bucket_start date, starts_at timestamptz, ends_at timestamptz)
language sql stable
set search_path = ''
as $$
  with settings as (
    select case when p_period = '12m' then 'month' else 'week' end as unit,
      case p_period when '4w' then 4 when '13w' then 13 when '26w' then 26 when '12m' then 12 end as count
  ), local_buckets as (
    select (date_trunc(s.unit, p_now at time zone p_time_zone) - (n || ' ' || s.unit)::interval) as local_start,
      (date_trunc(s.unit, p_now at time zone p_time_zone) - ((n - 1) || ' ' || s.unit)::interval) as local_end
    from settings s, generate_series(0, s.count - 1) as n
  )
  select local_start::date, local_start at time zone p_time_zone, local_end at time zone p_time_zone
  from local_buckets
  order by local_start
$$;

-- The period's buckets as arrays for `width_bucket`: their first instants (oldest first) and their first days; an
-- instant of the period falls in bucket width_bucket(instant, starts), a binary search rather than a conversion to
-- local time per row.
create function private.insight_span(p_period text, p_now timestamptz, p_time_zone text,
  out starts timestamptz[], out days date[], out period_from timestamptz, out period_to timestamptz)
language sql stable
set search_path = ''
as $$
  select array_agg(w.starts_at order by w.starts_at), array_agg(w.bucket_start order by w.bucket_start), min(w.starts_at), max(w.ends_at)
  from private.insight_window(p_period, p_now, p_time_zone) w
$$;

create function private.insight_period(p_period text) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  if p_period is null or p_period not in ('4w', '13w', '26w', '12m') then
    raise exception 'unknown period' using errcode = '22023';
  end if;
  return p_period;
end;
$$;

create function public.insights_window(p_actor uuid, p_period text, p_time_zone text, p_now timestamptz) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.acting(p_actor, private.team());
  perform private.insight_period(p_period);
  return (
    select jsonb_build_object(
      'period', p_period,
      'bucket', case when p_period = '12m' then 'month' else 'week' end,
      'from', min(w.starts_at), 'to', max(w.ends_at),
      'starts', jsonb_agg(to_char(w.bucket_start, 'YYYY-MM-DD') order by w.bucket_start))
    from private.insight_window(p_period, p_now, p_time_zone) w
  );
end;
$$;

-- Every lead of both forms, with where it came from; a view, so that the period's bounds reach each table's index.
create view private.insight_leads as
  select i.id, 'inquiry' as form, i.created_at, coalesce(i.utm_source, 'direct') as source from public.prospect_inquiries i
  union all
  select r.id, 'broker', r.created_at, coalesce(r.utm_source, 'direct') from public.broker_requests r;

-- Leads per bucket, by form and by source; and every source of the period, the most leads first.
create function public.insights_leads(p_actor uuid, p_period text, p_time_zone text, p_now timestamptz) returns jsonb
language plpgsql stable
security definer
set search_path = ''
set max_parallel_workers_per_gather = 0
set jit = off
as $$
declare
  v_span record;
begin
  perform private.acting(p_actor, private.team());
  perform private.insight_period(p_period);
  v_span := private.insight_span(p_period, p_now, p_time_zone);
  return (
    with counted as (
      select width_bucket(l.created_at, v_span.starts) as bucket, l.form, l.source, count(*)::integer as leads
      from private.insight_leads l
      where l.created_at >= v_span.period_from and l.created_at < v_span.period_to
      group by 1, 2, 3
    )
    select jsonb_build_object(
      'buckets', (
        select jsonb_agg(jsonb_build_object(
          'start', to_char(v_span.days[b], 'YYYY-MM-DD'),
          'inquiry', coalesce((select sum(c.leads) from counted c where c.bucket = b and c.form = 'inquiry'), 0),
          'broker', coalesce((select sum(c.leads) from counted c where c.bucket = b and c.form = 'broker'), 0),
          'bySource', coalesce((
            select jsonb_object_agg(s.source, s.leads)
            from (select c.source, sum(c.leads) as leads from counted c where c.bucket = b group by c.source) s
          ), '{}'::jsonb)
        ) order by b)
        from generate_subscripts(v_span.days, 1) as b
      ),
      'sources', coalesce((
        select jsonb_agg(s.source order by s.leads desc, s.source collate "C")
        from (select c.source, sum(c.leads) as leads from counted c group by c.source) s
      ), '[]'::jsonb)
    )
  );
end;
$$;

-- The 24-hour promise to brokers per month a request arrived in [p_from, p_to), newest first (as the inbox shows it).
create function private.response_months(p_from timestamptz, p_to timestamptz, p_time_zone text) returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'month', month, 'arrived', arrived, 'within_day', within_day, 'later', later, 'waiting', waiting
  ) order by month desc), '[]'::jsonb)
  from (
    select to_char(r.created_at at time zone p_time_zone, 'YYYY-MM') as month,
      count(*)::integer as arrived,
      count(*) filter (where r.decided_at <= r.created_at + interval '24 hours')::integer as within_day,
      count(*) filter (where (r.decided_at is not null or r.status <> 'pending')
        and not coalesce(r.decided_at <= r.created_at + interval '24 hours', false))::integer as later,
      count(*) filter (where r.decided_at is null and r.status = 'pending')::integer as waiting
    from public.broker_requests r
    where r.created_at >= p_from and r.created_at < p_to
    group by 1
  ) months
$$;

create or replace function public.broker_response_months(p_actor uuid, p_time_zone text) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.acting(p_actor, private.team());
  return private.response_months('-infinity', 'infinity', p_time_zone);
end;
$$;

-- Per bucket, of the leads that arrived in it: how many, how many answered, and the median and 90th percentile of
-- the hours to the first answer (the team's first change of status, decision, note or email sent again); and the
-- promise to brokers per month of the period.
create function public.insights_speed(p_actor uuid, p_period text, p_time_zone text, p_now timestamptz) returns jsonb
language plpgsql stable
security definer
set search_path = ''
set max_parallel_workers_per_gather = 0
set jit = off
as $$
declare
  v_span record;
begin
  perform private.acting(p_actor, private.team());
  perform private.insight_period(p_period);
  v_span := private.insight_span(p_period, p_now, p_time_zone);
  return jsonb_build_object(
    'buckets', (
      -- A lead is answered after it arrives: only the period's activity can be a first answer to its leads.
      with answered as (
        select a.lead_id, min(a.at) as at from private.lead_activity a
        where a.action in ('status', 'decision', 'note', 'resend') and a.at >= v_span.period_from
        group by a.lead_id
      ), per_bucket as (
        select width_bucket(l.created_at, v_span.starts) as bucket, count(*)::integer as arrived, count(a.at)::integer as answered,
          percentile_cont(array[0.5, 0.9]) within group (order by extract(epoch from a.at - l.created_at) / 3600) as hours
        from private.insight_leads l left join answered a on a.lead_id = l.id
        where l.created_at >= v_span.period_from and l.created_at < v_span.period_to
        group by 1
      )
      select jsonb_agg(jsonb_build_object(
        'start', to_char(v_span.days[b], 'YYYY-MM-DD'),
        'arrived', coalesce(p.arrived, 0), 'answered', coalesce(p.answered, 0),
        'medianHours', round(p.hours[1]::numeric, 1), 'p90Hours', round(p.hours[2]::numeric, 1)
      ) order by b)
      from generate_subscripts(v_span.days, 1) as b
      left join per_bucket p on p.bucket = b
    ),
    'promise', private.response_months(v_span.period_from, v_span.period_to, p_time_zone)
  );
end;
$$;

-- Of the inquiries that arrived in the period, how many reached each step on the way to a sale; and per source. The
-- tours and claims are gathered by lead in one pass each and matched to the inquiries by hash, rather than looked
-- up for every inquiry (on the embedded store each lookup costs a file system call).
create function public.insights_funnel(p_actor uuid, p_period text, p_time_zone text, p_now timestamptz) returns jsonb
language plpgsql stable
security definer
set search_path = ''
set max_parallel_workers_per_gather = 0
set jit = off
as $$
declare
  v_span record;
begin
  perform private.acting(p_actor, private.team());
  perform private.insight_period(p_period);
  v_span := private.insight_span(p_period, p_now, p_time_zone);
  return (
    with inquiries as (
      select i.id, coalesce(i.utm_source, 'direct') as source from public.prospect_inquiries i
      where i.created_at >= v_span.period_from and i.created_at < v_span.period_to
    ), toured as (
      select t.lead_id, bool_or(t.status = 'booked' and t.ends_at <= p_now) as took_place from private.tours t
      where t.lead_id is not null
      group by t.lead_id
    ), claimed as (
      select k.lead_id, bool_or(k.reserved_at <= p_now) as reserved, bool_or(k.contract_at <= p_now) as under_contract,
        bool_or(k.sold_at <= p_now) as sold
      from private.lot_claims k
      where k.placed_at <= p_now and k.lead_id is not null
      group by k.lead_id
    ), per_source as (
      -- Each inquiry is counted once, by source; the period's steps are the sources' sums.
      select i.source, count(*)::integer as inquiry, count(t.lead_id)::integer as tour_booked,
        count(*) filter (where t.took_place)::integer as toured, count(c.lead_id)::integer as hold,
        count(*) filter (where c.reserved)::integer as reserved, count(*) filter (where c.under_contract)::integer as under_contract,
        count(*) filter (where c.sold)::integer as sold
      from inquiries i
      left join toured t on t.lead_id = i.id
      left join claimed c on c.lead_id = i.id
      group by i.source
    )
    select jsonb_build_object(
      'steps', jsonb_build_object(
        'inquiry', coalesce(sum(p.inquiry), 0), 'tour_booked', coalesce(sum(p.tour_booked), 0), 'toured', coalesce(sum(p.toured), 0),
        'hold', coalesce(sum(p.hold), 0), 'reserved', coalesce(sum(p.reserved), 0),
        'under_contract', coalesce(sum(p.under_contract), 0), 'sold', coalesce(sum(p.sold), 0)),
      'bySource', coalesce(jsonb_agg(jsonb_build_object('source', p.source, 'steps', jsonb_build_object(
          'inquiry', p.inquiry, 'tour_booked', p.tour_booked, 'toured', p.toured, 'hold', p.hold, 'reserved', p.reserved,
          'under_contract', p.under_contract, 'sold', p.sold)) order by p.inquiry desc, p.source collate "C"), '[]'::jsonb)
    )
    from per_source p
  );
end;
$$;

-- Tours booked (on the day they were booked) and cancelled (on the day they were) per bucket; and, of the tours
-- booked in the period and still on, the weekday and hour they start, in the site's zone.
create function public.insights_tours(p_actor uuid, p_period text, p_time_zone text, p_now timestamptz) returns jsonb
language plpgsql stable
security definer
set search_path = ''
set max_parallel_workers_per_gather = 0
set jit = off
as $$
declare
  v_span record;
begin
  perform private.acting(p_actor, private.team());
  perform private.insight_period(p_period);
  v_span := private.insight_span(p_period, p_now, p_time_zone);
  return (
    -- Each count is made once, then read per bucket.
    with booked as materialized (
      select width_bucket(t.created_at, v_span.starts) as bucket, count(*)::integer as tours from private.tours t
      where t.created_at >= v_span.period_from and t.created_at < v_span.period_to
      group by 1
    ), cancelled as materialized (
      select width_bucket(t.changed_at, v_span.starts) as bucket, count(*)::integer as tours from private.tours t
      where t.status = 'cancelled' and t.changed_at >= v_span.period_from and t.changed_at < v_span.period_to
      group by 1
    ), starting as materialized (
      -- Counted by the quarter hour they start in first (every zone's offset is whole quarters), so that only a few
      -- hundred instants are turned into the zone's time.
      select date_bin('15 minutes', t.starts_at, timestamptz '2000-01-01 00:00Z') as quarter, count(*)::integer as tours from private.tours t
      where t.status = 'booked' and t.created_at >= v_span.period_from and t.created_at < v_span.period_to
      group by 1
    )
    select jsonb_build_object(
      'buckets', (
        select jsonb_agg(jsonb_build_object(
          'start', to_char(v_span.days[b], 'YYYY-MM-DD'),
          'booked', coalesce((select k.tours from booked k where k.bucket = b), 0),
          'cancelled', coalesce((select c.tours from cancelled c where c.bucket = b), 0)
        ) order by b)
        from generate_subscripts(v_span.days, 1) as b
      ),
      'when', (
        select coalesce(jsonb_agg(jsonb_build_object('weekday', d.weekday, 'hour', d.hour, 'tours', d.tours) order by d.weekday, d.hour), '[]'::jsonb)
        from (
          select extract(isodow from s.quarter at time zone p_time_zone)::integer as weekday,
            extract(hour from s.quarter at time zone p_time_zone)::integer as hour, sum(s.tours)::integer as tours
          from starting s
          group by 1, 2
        ) d
      )
    )
  );
end;
$$;

-- Per broker account: registrations, tours, holds and reservations they made in the period, and their last sign-in.
create function public.insights_brokers(p_actor uuid, p_period text, p_time_zone text, p_now timestamptz) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_from timestamptz;
  v_to timestamptz;
begin
  perform private.acting(p_actor, private.team());
  perform private.insight_period(p_period);
  select min(w.starts_at), max(w.ends_at) into v_from, v_to from private.insight_window(p_period, p_now, p_time_zone) w;
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', a.id, 'name', a.name, 'brokerage', a.brokerage,
      'registrations', (select count(*) from private.registrations r where r.broker_id = a.id and r.created_at >= v_from and r.created_at < v_to),
      'tours', (select count(*) from private.tours t where t.broker_id = a.id and t.created_at >= v_from and t.created_at < v_to),
      'holds', (select count(*) from private.lot_claims c where c.broker_id = a.id and c.placed_at >= v_from and c.placed_at < v_to),
      'reservations', (select count(*) from private.lot_claims c where c.broker_id = a.id and c.reserved_at >= v_from and c.reserved_at < v_to),
      'lastSignInAt', a.last_sign_in_at
    ) order by a.name collate "C", a.id), '[]'::jsonb)
    from private.accounts a
    where a.role = 'broker' and a.status = 'active'
  );
end;
$$;

-- Each lot's standing at each of the given instants: its claim's stage then, if one claimed it; else its status as
-- set by then (the last change before, or what the first change after found). None before the lot was added. The
-- lots, their claims and their changes are few: each is read once and matched to the instants in memory, which
-- on the embedded store costs far less than a lookup per lot and instant.
create function private.standings_at(p_instants timestamptz[])
returns table (instant integer, estate_id uuid, list_price bigint, standing text)
language sql stable
set search_path = ''
as $$
  with instants as (
    select i.at, i.instant::integer as instant from unnest(p_instants) with ordinality as i(at, instant)
  ), changes as materialized (
    select ch.estate_id, ch.at, ch.id, ch.before ? 'status' as set_before, ch.before ->> 'status' as before_status,
      ch.after ? 'status' as set_after, ch.after ->> 'status' as after_status
    from private.estate_changes ch
    where ch.before ? 'status' or ch.after ? 'status'
  ), last_set as (
    select distinct on (i.instant, c.estate_id) i.instant, c.estate_id, c.after_status as status
    from instants i join changes c on c.set_after and c.at <= i.at
    order by i.instant, c.estate_id, c.at desc, c.id desc
  ), next_found as (
    select distinct on (i.instant, c.estate_id) i.instant, c.estate_id, c.before_status as status
    from instants i join changes c on c.set_before and c.at > i.at
    order by i.instant, c.estate_id, c.at, c.id
  ), claimed as (
    select distinct on (i.instant, k.estate_id) i.instant, k.estate_id,
      case when k.sold_at <= i.at then 'sold' when k.contract_at <= i.at then 'under_contract'
        when k.reserved_at <= i.at then 'reserved' else 'on_hold' end as stage
    from instants i join private.lot_claims k on k.placed_at <= i.at and i.at < k.claimed_until
    order by i.instant, k.estate_id, k.placed_at desc
  )
  select i.instant, e.id, e.list_price, case
    when e.created_at > i.at then null
    when c.stage is not null then c.stage
    else coalesce(l.status, r.status, e.status)
  end
  from instants i
  cross join private.estates e
  left join claimed c on c.instant = i.instant and c.estate_id = e.id
  left join last_set l on l.instant = i.instant and l.estate_id = e.id
  left join next_found r on r.instant = i.instant and r.estate_id = e.id
$$;

-- Lots and list value by standing now; lots by standing at the end of each bucket (now, for the last).
create function public.insights_estate(p_actor uuid, p_period text, p_time_zone text, p_now timestamptz) returns jsonb
language plpgsql stable
security definer
set search_path = ''
set max_parallel_workers_per_gather = 0
set jit = off
as $$
declare
  v_ends timestamptz[];
begin
  perform private.acting(p_actor, private.team());
  perform private.insight_period(p_period);
  -- The first instant is now; then the last instant of each bucket, oldest first.
  select array_prepend(p_now, array_agg(least(w.ends_at - interval '1 microsecond', p_now) order by w.starts_at)) into v_ends
  from private.insight_window(p_period, p_now, p_time_zone) w;
  return (
    with standings(standing) as (values ('available'), ('on_hold'), ('reserved'), ('under_contract'), ('sold')),
    stood as (select * from private.standings_at(v_ends))
    select jsonb_build_object(
      'now', (
        select jsonb_object_agg(s.standing, jsonb_build_object(
          'lots', (select count(*) from stood t where t.instant = 1 and t.standing = s.standing),
          'listValue', (select coalesce(sum(t.list_price), 0) from stood t where t.instant = 1 and t.standing = s.standing)))
        from standings s
      ),
      'buckets', (
        select jsonb_agg(jsonb_build_object(
          'start', to_char(w.bucket_start, 'YYYY-MM-DD'),
          'lots', (select jsonb_object_agg(s.standing, (select count(*) from stood t where t.instant = w.instant and t.standing = s.standing)) from standings s)
        ) order by w.instant)
        from (select x.bucket_start, 1 + row_number() over (order by x.starts_at) as instant from private.insight_window(p_period, p_now, p_time_zone) x) w
      )
    )
  );
end;
$$;

revoke all on private.insight_leads from public, anon, authenticated;
revoke all on function private.insight_window(text, timestamptz, text), private.insight_span(text, timestamptz, text),
  private.insight_period(text), private.response_months(timestamptz, timestamptz, text),
  private.standings_at(timestamptz[]) from public;
revoke all on function public.insights_window(uuid, text, text, timestamptz), public.insights_leads(uuid, text, text, timestamptz),
  public.insights_speed(uuid, text, text, timestamptz), public.insights_funnel(uuid, text, text, timestamptz),
  public.insights_tours(uuid, text, text, timestamptz), public.insights_brokers(uuid, text, text, timestamptz),
  public.insights_estate(uuid, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.insights_window(uuid, text, text, timestamptz), public.insights_leads(uuid, text, text, timestamptz),
  public.insights_speed(uuid, text, text, timestamptz), public.insights_funnel(uuid, text, text, timestamptz),
  public.insights_tours(uuid, text, text, timestamptz), public.insights_brokers(uuid, text, text, timestamptz),
  public.insights_estate(uuid, text, text, timestamptz) to service_role;
