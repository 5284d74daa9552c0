import type { MessagePort } from 'node:worker_threads';

/** What the documents' thread's console was told, one report a call: its level and the kind of error it names, never its words. */
export interface ConsoleReport {
  report: { level: 'warn' | 'info'; error: string | null };
}

/** The name of the first error among what was passed, or the kind of error a message starts with. */
export function errorKind(said: unknown[]): string | null {
  const error = said.find((part): part is Error => part instanceof Error);
  if (error) return error.name;
  const text = said.find((part): part is string => typeof part === 'string');
  return (text && /^(\w*(?:Error|Exception))\b/.exec(text.slice(0, 200))?.[1]) ?? null;
}

const LEVELS = { error: 'warn', warn: 'warn', trace: 'warn', log: 'info', info: 'info', debug: 'info' } as const;
const METHODS = Object.keys(LEVELS) as (keyof typeof LEVELS)[];

/**
 * Replaces the console's methods so that each call is posted to `port` as one report (the server writes it as one
 * JSON line): React reports a component that throws on the console, a stack of a dozen lines and more with whatever
 * the error says of the document's data, none of which is to be written out. Returns what puts the console back.
 */
export function reportConsoleCalls(port: Pick<MessagePort, 'postMessage'>): () => void {
  const kept = Object.fromEntries(METHODS.map((method) => [method, console[method]]));
  for (const method of METHODS) {
    console[method] = (...said: unknown[]) => port.postMessage({ report: { level: LEVELS[method], error: errorKind(said) } } satisfies ConsoleReport);
  }
  return () => void Object.assign(console, kept);
}
