-- The team's figures (/admin/insights): a function per panel, each for a period the team picks, counted in weeks
-- from Monday (or, for the year, in months) in the site's time zone, as of the moment it is given. Only the team
-- may read them (private.acting); they name no buyer.

create index tours_created_idx on private.tours (created_at);
create index lot_claims_placed_idx on private.lot_claims (placed_at);

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

-- Which bucket of the period an instant falls in (its first day), for the unit the period counts in.
create function private.insight_bucket(p_period text, p_at timestamptz, p_time_zone text) returns date
language sql stable
set search_path = ''
as $$ select date_trunc(case when p_period = '12m' then 'month' else 'week' end, p_at at time zone p_time_zone)::date $$;

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

-- Every lead of both forms that arrived in [p_from, p_to), with where it came from and when it was first answered
-- (the team's first change of status, decision, note or email sent again).
create function private.insight_leads(p_from timestamptz, p_to timestamptz)
returns table (id uuid, form text, created_at timestamptz, source text, answered_at timestamptz)
language sql stable
set search_path = ''
as $$
  select l.id, l.form, l.created_at, coalesce(l.utm_source, 'direct'),
    (select min(a.at) from private.lead_activity a where a.lead_id = l.id and a.action in ('status', 'decision', 'note', 'resend'))
  from (
    select i.id, 'inquiry' as form, i.created_at, i.utm_source from public.prospect_inquiries i
    where i.created_at >= p_from and i.created_at < p_to
    union all
    select r.id, 'broker', r.created_at, r.utm_source from public.broker_requests r
    where r.created_at >= p_from and r.created_at < p_to
  ) l
$$;

-- Leads per bucket, by form and by source; and every source of the period, the most leads first.
create function public.insights_leads(p_actor uuid, p_period text, p_time_zone text, p_now timestamptz) returns jsonb
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
    with counted as (
      select private.insight_bucket(p_period, l.created_at, p_time_zone) as bucket, l.form, l.source, count(*)::integer as leads
      from private.insight_leads(v_from, v_to) l
      group by 1, 2, 3
    )
    select jsonb_build_object(
      'buckets', (
        select jsonb_agg(jsonb_build_object(
          'start', to_char(w.bucket_start, 'YYYY-MM-DD'),
          'inquiry', coalesce((select sum(c.leads) from counted c where c.bucket = w.bucket_start and c.form = 'inquiry'), 0),
          'broker', coalesce((select sum(c.leads) from counted c where c.bucket = w.bucket_start and c.form = 'broker'), 0),
          'bySource', coalesce((
            select jsonb_object_agg(s.source, s.leads)
            from (select c.source, sum(c.leads) as leads from counted c where c.bucket = w.bucket_start group by c.source) s
          ), '{}'::jsonb)
        ) order by w.bucket_start)
        from private.insight_window(p_period, p_now, p_time_zone) w
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
-- the hours to the first answer; and the promise to brokers per month of the period.
create function public.insights_speed(p_actor uuid, p_period text, p_time_zone text, p_now timestamptz) returns jsonb
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
  return jsonb_build_object(
    'buckets', (
      with timed as (
        select private.insight_bucket(p_period, l.created_at, p_time_zone) as bucket,
          extract(epoch from l.answered_at - l.created_at) / 3600 as hours
        from private.insight_leads(v_from, v_to) l
      ), per_bucket as (
        select t.bucket, count(*)::integer as arrived, count(t.hours)::integer as answered,
          percentile_cont(0.5) within group (order by t.hours) as median,
          percentile_cont(0.9) within group (order by t.hours) as p90
        from timed t group by t.bucket
      )
      select jsonb_agg(jsonb_build_object(
        'start', to_char(w.bucket_start, 'YYYY-MM-DD'),
        'arrived', coalesce(b.arrived, 0), 'answered', coalesce(b.answered, 0),
        'medianHours', round(b.median::numeric, 1), 'p90Hours', round(b.p90::numeric, 1)
      ) order by w.bucket_start)
      from private.insight_window(p_period, p_now, p_time_zone) w
      left join per_bucket b on b.bucket = w.bucket_start
    ),
    'promise', private.response_months(v_from, v_to, p_time_zone)
  );
end;
$$;

-- Of the inquiries that arrived in the period, how many reached each step on the way to a sale; and per source.
create function public.insights_funnel(p_actor uuid, p_period text, p_time_zone text, p_now timestamptz) returns jsonb
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
    with reached as (
      select coalesce(i.utm_source, 'direct') as source,
        exists (select 1 from private.tours t where t.lead_id = i.id) as tour_booked,
        exists (select 1 from private.tours t where t.lead_id = i.id and t.status = 'booked' and t.ends_at <= p_now) as toured,
        c.held, c.reserved, c.under_contract, c.sold
      from public.prospect_inquiries i
      cross join lateral (
        select count(*) > 0 as held,
          count(*) filter (where k.reserved_at <= p_now) > 0 as reserved,
          count(*) filter (where k.contract_at <= p_now) > 0 as under_contract,
          count(*) filter (where k.sold_at <= p_now) > 0 as sold
        from private.lot_claims k where k.lead_id = i.id and k.placed_at <= p_now
      ) c
      where i.created_at >= v_from and i.created_at < v_to
    ), per_source as (
      select r.source, jsonb_build_object(
          'inquiry', count(*), 'tour_booked', count(*) filter (where r.tour_booked),
          'toured', count(*) filter (where r.toured), 'hold', count(*) filter (where r.held),
          'reserved', count(*) filter (where r.reserved), 'under_contract', count(*) filter (where r.under_contract),
          'sold', count(*) filter (where r.sold)) as steps, count(*) as inquiries
      from reached r group by r.source
    )
    select jsonb_build_object(
      'steps', jsonb_build_object(
        'inquiry', count(*), 'tour_booked', count(*) filter (where r.tour_booked),
        'toured', count(*) filter (where r.toured), 'hold', count(*) filter (where r.held),
        'reserved', count(*) filter (where r.reserved), 'under_contract', count(*) filter (where r.under_contract),
        'sold', count(*) filter (where r.sold)),
      'bySource', coalesce((
        select jsonb_agg(jsonb_build_object('source', p.source, 'steps', p.steps) order by p.inquiries desc, p.source collate "C")
        from per_source p
      ), '[]'::jsonb)
    )
    from reached r
  );
end;
$$;

-- Tours booked (on the day they were booked) and cancelled (on the day they were) per bucket; and, of the tours
-- booked in the period and still on, the weekday and hour they start, in the site's zone.
create function public.insights_tours(p_actor uuid, p_period text, p_time_zone text, p_now timestamptz) returns jsonb
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
  return jsonb_build_object(
    'buckets', (
      select jsonb_agg(jsonb_build_object(
        'start', to_char(w.bucket_start, 'YYYY-MM-DD'),
        'booked', (select count(*) from private.tours t where t.created_at >= w.starts_at and t.created_at < w.ends_at),
        'cancelled', (select count(*) from private.tours t
          where t.status = 'cancelled' and t.changed_at >= w.starts_at and t.changed_at < w.ends_at)
      ) order by w.bucket_start)
      from private.insight_window(p_period, p_now, p_time_zone) w
    ),
    'when', (
      select coalesce(jsonb_agg(jsonb_build_object('weekday', d.weekday, 'hour', d.hour, 'tours', d.tours) order by d.weekday, d.hour), '[]'::jsonb)
      from (
        select extract(isodow from t.starts_at at time zone p_time_zone)::integer as weekday,
          extract(hour from t.starts_at at time zone p_time_zone)::integer as hour, count(*)::integer as tours
        from private.tours t
        where t.status = 'booked' and t.created_at >= v_from and t.created_at < v_to
        group by 1, 2
      ) d
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

-- A lot's standing at an instant: its claim's stage then, if one claimed it; else its status as set by then (the
-- last change before, or what the first change after found). None before the lot was added.
create function private.standing_at(p_estate private.estates, p_at timestamptz) returns text
language sql stable
set search_path = ''
as $$
  select case
    when p_estate.created_at > p_at then null
    when c.id is not null then
      case when c.sold_at <= p_at then 'sold' when c.contract_at <= p_at then 'under_contract'
        when c.reserved_at <= p_at then 'reserved' else 'on_hold' end
    else coalesce(
      (select ch.after ->> 'status' from private.estate_changes ch
        where ch.estate_id = p_estate.id and ch.at <= p_at and ch.after ? 'status'
        order by ch.at desc, ch.id desc limit 1),
      (select ch.before ->> 'status' from private.estate_changes ch
        where ch.estate_id = p_estate.id and ch.at > p_at and ch.before ? 'status'
        order by ch.at, ch.id limit 1),
      p_estate.status)
  end
  from (select 1) one
  left join private.lot_claims c on c.estate_id = p_estate.id and private.claim_active(c, p_at)
$$;

-- Lots and list value by standing now; lots by standing at the end of each bucket (now, for the last).
create function public.insights_estate(p_actor uuid, p_period text, p_time_zone text, p_now timestamptz) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.acting(p_actor, private.team());
  perform private.insight_period(p_period);
  return (
    with standings(standing) as (values ('available'), ('on_hold'), ('reserved'), ('under_contract'), ('sold')),
    stood as (
      select w.bucket_start, private.standing_at(e, least(w.ends_at - interval '1 microsecond', p_now)) as standing
      from private.insight_window(p_period, p_now, p_time_zone) w cross join private.estates e
    ), current as (
      select private.standing_at(e, p_now) as standing, e.list_price from private.estates e
    )
    select jsonb_build_object(
      'now', (
        select jsonb_object_agg(s.standing, jsonb_build_object(
          'lots', (select count(*) from current c where c.standing = s.standing),
          'listValue', (select coalesce(sum(c.list_price), 0) from current c where c.standing = s.standing)))
        from standings s
      ),
      'buckets', (
        select jsonb_agg(jsonb_build_object(
          'start', to_char(w.bucket_start, 'YYYY-MM-DD'),
          'lots', (select jsonb_object_agg(s.standing, (select count(*) from stood t where t.bucket_start = w.bucket_start and t.standing = s.standing)) from standings s)
        ) order by w.bucket_start)
        from private.insight_window(p_period, p_now, p_time_zone) w
      )
    )
  );
end;
$$;

revoke all on function private.insight_window(text, timestamptz, text), private.insight_bucket(text, timestamptz, text),
  private.insight_period(text), private.insight_leads(timestamptz, timestamptz), private.response_months(timestamptz, timestamptz, text),
  private.standing_at(private.estates, timestamptz) from public;
revoke all on function public.insights_window(uuid, text, text, timestamptz), public.insights_leads(uuid, text, text, timestamptz),
  public.insights_speed(uuid, text, text, timestamptz), public.insights_funnel(uuid, text, text, timestamptz),
  public.insights_tours(uuid, text, text, timestamptz), public.insights_brokers(uuid, text, text, timestamptz),
  public.insights_estate(uuid, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.insights_window(uuid, text, text, timestamptz), public.insights_leads(uuid, text, text, timestamptz),
  public.insights_speed(uuid, text, text, timestamptz), public.insights_funnel(uuid, text, text, timestamptz),
  public.insights_tours(uuid, text, text, timestamptz), public.insights_brokers(uuid, text, text, timestamptz),
  public.insights_estate(uuid, text, text, timestamptz) to service_role;
