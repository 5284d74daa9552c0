/** The middle value (the mean of the two middle values for an even count). */
export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The value below which `share` (0 to 1) of the values lie, by the nearest-rank method. */
export function percentile(values, share) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
}

/** Median, smallest and largest of one figure across runs. */
export function spread(values) {
  const finite = values.filter((value) => Number.isFinite(value));
  return { median: median(finite), min: finite.length ? Math.min(...finite) : NaN, max: finite.length ? Math.max(...finite) : NaN, runs: finite.length };
}

/** The spread of each numeric field across runs that share a shape; text fields keep their most frequent value. */
export function spreadOfRuns(runs) {
  const result = {};
  for (const key of Object.keys(runs[0] ?? {})) {
    const values = runs.map((run) => run[key]);
    if (values.every((value) => typeof value === 'number')) {
      result[key] = spread(values);
    } else {
      const counts = new Map();
      for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
      result[key] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    }
  }
  return result;
}
