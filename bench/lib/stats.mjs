/** The middle value (the mean of the two middle values for an even count). */
export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Median of each numeric field across runs that share a shape. */
export function medianOfRuns(runs) {
  const result = {};
  for (const key of Object.keys(runs[0] ?? {})) result[key] = median(runs.map((run) => run[key]));
  return result;
}
