/**
 * Runs `work` on every item, `width` of them at a time: a sweep of thousands of requests keeps the server and its
 * store busy at once, as clients do, rather than waiting on each answer in turn.
 */
export async function sweep<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
