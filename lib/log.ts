type LogValue = string | number | boolean | null | undefined;

/**
 * One JSON object per line, so a log shipper can index it. Callers pass only
 * operational facts (form, outcome, store, codes, durations): never a field a
 * visitor typed.
 */
export function logEvent(event: string, details: Record<string, LogValue> = {}, level: 'info' | 'warn' | 'error' = 'info'): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...details });
  if (level === 'info') console.log(line);
  else console.error(line);
}
