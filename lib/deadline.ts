/**
 * `work`, or the error `expired` makes once `ms` have passed without it settling; the timer is cleared either
 * way. The work itself goes on: this bounds how long its caller waits, not what it does.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, expired: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(expired()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
