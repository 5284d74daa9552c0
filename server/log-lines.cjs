// The server's log: one JSON object a line, never a key or anything a visitor typed. The lines the front door
// writes itself, and what makes every other line printed (Next's banner, a framework's warning, an error) one too.
'use strict';

/** @typedef {'info' | 'warn' | 'error'} Level */

/**
 * A path as a log may show it: a tour page's address is its key (lib/tours/links.ts), which stays out of the log.
 * @param {string} path
 */
const loggedPath = (path) => path.replace(/^\/tour\/(?!cancelled(?:\/|$))[^/]+/, '/tour/<token>').slice(0, 200);

/**
 * The one log line of a request the server refuses before Next sees it; no path when none could be read.
 * @param {{ status: number, reason: string, method?: string, path?: string }} refusal
 */
function logRefusal({ status, reason, method, path }) {
  const logged = path === undefined ? undefined : loggedPath(path);
  console.error(JSON.stringify({ time: new Date().toISOString(), level: 'warn', event: 'request.refused', status, reason, method, path: logged }));
}

/**
 * The one log line of a fault of the front door's own, named by its class alone.
 * @param {unknown} error
 * @param {{ method?: string, path: string }} request
 */
function logFailure(error, { method, path }) {
  const name = error instanceof Error ? error.name : 'Error';
  console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', event: 'request.failed', error: name, method, path: loggedPath(path) }));
}

/**
 * The one log line of a post whose client left while it waited its turn (server/post-queue.cjs): never handed on,
 * so nothing of it was stored, and nobody was told it had been.
 * @param {{ method?: string, path: string }} request
 */
function logAbandoned({ method, path }) {
  console.error(JSON.stringify({ time: new Date().toISOString(), level: 'warn', event: 'request.abandoned', method, path: loggedPath(path) }));
}

// Terminal colours and the like, which a log file has no use for.
const ESCAPES = /\u001B\[[0-9;]*[A-Za-z]/g;

/**
 * @param {unknown} value
 * @returns {value is Error & { code?: unknown, digest?: unknown }}
 */
const isError = (value) => value instanceof Error;

/**
 * What console.* was given, as one JSON line: a line that is one JSON object already passes as it is;
 * anything else becomes `server.message`, its text cut to its first line, an error reduced to its class,
 * code and digest, and where it was thrown.
 * @param {Level} level
 * @param {unknown[]} args
 * @returns {string}
 */
function oneJsonLine(level, args) {
  const [only] = args;
  if (args.length === 1 && typeof only === 'string' && /^\{.*\}$/.test(only) && !only.includes('\n')) {
    try {
      JSON.parse(only);
      return only;
    } catch {
      // not JSON after all: described below
    }
  }
  const text = args
    .filter((arg) => !isError(arg))
    .map((arg) => (typeof arg === 'string' ? arg : typeof arg))
    .join(' ')
    .replace(ESCAPES, '')
    .split('\n')[0]
    ?.trim()
    .slice(0, 300);
  const error = args.find(isError);
  const details = error
    ? {
        error: error.name,
        code: typeof error.code === 'string' ? error.code : undefined,
        digest: typeof error.digest === 'string' ? error.digest : undefined,
        at: /\((.*?:\d+:\d+)\)/.exec(error.stack ?? '')?.[1]?.replace(/^.*\/\.next\//, '.next/'),
      }
    : {};
  return JSON.stringify({ time: new Date().toISOString(), level, event: 'server.message', message: text || undefined, ...details });
}

/**
 * Has console.log, info, warn and error print one JSON line each (oneJsonLine). An error is then named by its class,
 * code and digest, never its message, which could quote a database's words or a visitor's.
 */
function printConsoleAsJsonLines() {
  /** @type {['log' | 'info' | 'warn' | 'error', Level][]} */
  const levels = [
    ['log', 'info'],
    ['info', 'info'],
    ['warn', 'warn'],
    ['error', 'error'],
  ];
  for (const [method, level] of levels) {
    const write = console[method].bind(console);
    console[method] = (...args) => write(oneJsonLine(level, args));
  }
}

module.exports = { loggedPath, logRefusal, logFailure, logAbandoned, oneJsonLine, printConsoleAsJsonLines };
