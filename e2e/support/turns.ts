import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, type TestInfo } from '@playwright/test';

// A test tagged @alone measures how the server holds up under load (a flood, a hundred posts at once): it waits until
// no other worker is running a test, and none starts until it is done. Every other test takes a turn beside the others.
// The turns are files in a folder of this run's (the workers' parent is the runner), each named by its worker's process.

const TURNS = path.join(tmpdir(), 'aldercrest-e2e-turns', String(process.ppid));
const ALONE = path.join(TURNS, 'alone');
const MINE = path.join(TURNS, `test-${process.pid}`);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** The tests running now in other workers that are still alive. */
const othersRunning = () => readdirSync(TURNS).filter((name) => name.startsWith('test-') && name !== `test-${process.pid}` && alive(Number(name.slice(5))));
/** The process of the worker whose test is alone now, if any. */
const aloneHolder = () => {
  try {
    return Number(readFileSync(ALONE, 'utf8'));
  } catch {
    return NaN;
  }
};
/** A turn is polled for: another worker's test ends in its own time. */
const shortly = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Waits for this test's turn, calling `waiting` at each look so that the time waited is given back as it passes. */
async function takeTurn(alone: boolean, waiting: () => void): Promise<() => void> {
  mkdirSync(TURNS, { recursive: true });
  for (;;) {
    const holder = aloneHolder();
    if (!Number.isNaN(holder) && !alive(holder)) rmSync(ALONE, { force: true });
    if (alone) {
      try {
        writeFileSync(ALONE, String(process.pid), { flag: 'wx' });
        while (othersRunning().length > 0) {
          await shortly();
          waiting();
        }
        return () => rmSync(ALONE, { force: true });
      } catch {
        // Another worker's test is alone: wait for it.
      }
    } else if (!existsSync(ALONE)) {
      writeFileSync(MINE, '');
      if (!existsSync(ALONE)) return () => rmSync(MINE, { force: true });
      rmSync(MINE, { force: true });
    }
    await shortly();
    waiting();
  }
}

const uncounted = new WeakMap<TestInfo, { ms: number; own: number }>();

/**
 * Gives a test `ms` beyond the time it has, and beyond any it sets itself later (`test.setTimeout` in its body): time
 * spent before it on what is no part of it, a turn waited for or a server started for the tests after it too.
 */
export function notCounted(testInfo: TestInfo, ms: number) {
  let time = uncounted.get(testInfo);
  if (!time) {
    const set = testInfo.setTimeout.bind(testInfo);
    const given = { ms: 0, own: testInfo.timeout };
    testInfo.setTimeout = (timeout) => {
      given.own = timeout;
      set(timeout && timeout + given.ms);
    };
    uncounted.set(testInfo, given);
    time = given;
  }
  time.ms += ms;
  testInfo.setTimeout(time.own);
}

/** Playwright's test, each test in its turn. */
export const test = base.extend<{ turn: void }>({
  turn: [
    async ({}, use, testInfo) => {
      // A flood alone takes longer than a test's own time: what is waited is given back as it passes, not once at
      // the end, when the test would already have run out of time waiting.
      let counted = Date.now();
      const waiting = () => {
        const now = Date.now();
        notCounted(testInfo, now - counted);
        counted = now;
      };
      const release = await takeTurn(testInfo.tags.includes('@alone'), waiting);
      waiting();
      try {
        await use();
      } finally {
        release();
      }
    },
    { auto: true },
  ],
});
