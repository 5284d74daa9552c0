/**
 * What the server keeps once per process: the lead store, the data-directory
 * locks, the parsed configuration. Next bundles the start-up hook, each route,
 * the proxy and the Server Actions apart, and each bundle gets its own copy of
 * every module, so a module-level variable would be one per bundle. These
 * live on the process's global object instead, under one key, in one map.
 */
const PROCESS_STATE = Symbol.for('aldercrest.processState');

type ProcessState = Map<string, unknown>;

function state(): ProcessState {
  const global = globalThis as typeof globalThis & { [PROCESS_STATE]?: ProcessState };
  global[PROCESS_STATE] ??= new Map();
  return global[PROCESS_STATE];
}

/** The process's one `name`, made by `create` on first use and kept. */
export function processOnce<T>(name: string, create: () => T): T {
  const slots = state();
  if (!slots.has(name)) slots.set(name, create());
  return slots.get(name) as T;
}

/**
 * Forgets everything kept for the process, so the next use makes it anew from
 * the environment it finds (tests only; it closes nothing: close what you opened).
 */
export function resetProcessState(): void {
  state().clear();
}

/**
 * Marks the start-up done (the configuration checked, the store open), and calls whatever waited for it. The
 * standalone server answers the pages and images written at build itself only from then on
 * (server/standalone-server.cjs reads the same keys, and leaves its callbacks under `startedWaiters`): a request
 * for one of them that comes before waits, as every other waits in Next, which waits for the start-up.
 */
export function markStarted(): void {
  const slots = state();
  slots.set('started', true);
  const waiting = (slots.get('startedWaiters') as (() => void)[] | undefined) ?? [];
  slots.delete('startedWaiters');
  for (const resume of waiting) resume();
}
