// What a flood of inquiries left in the store, read the same way by the browser tests and the bench.

/**
 * SQL for the most inquiries stored within any one window of `$1` seconds among those whose address is like `$2`:
 * the global limit slides, so posts still in flight when a flood's clock stops, answered seconds later (a minute
 * later on a slow host), may be stored once the flood's first posts have left the window, and the flood's total
 * can pass the limit without any window holding more than it. One column, `most`.
 */
export const BUSIEST_WINDOW_SQL = `select coalesce(max(held), 0)::int as most from (
  select (select count(*) from prospect_inquiries other
          where other.email like $2 and other.created_at <= lead.created_at
            and other.created_at > lead.created_at - make_interval(secs => $1)) as held
  from prospect_inquiries lead where lead.email like $2) windows`;
