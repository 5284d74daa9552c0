// The process-wide store lives on globalThis under this symbol (lib/store/index.ts).
const STORE = Symbol.for('aldercrest.leadStore');

/**
 * Runs `work` with no store chosen yet, so that the code under test chooses
 * one from the environment it finds; the store chosen before is put back
 * afterwards. (jest.isolateModules gives fresh modules, not a fresh global.)
 */
export async function withStoreFromEnvironment(work: () => Promise<void>): Promise<void> {
  const processWide = globalThis as Record<symbol, unknown>;
  const previous = processWide[STORE];
  delete processWide[STORE];
  try {
    await work();
  } finally {
    if (previous === undefined) delete processWide[STORE];
    else processWide[STORE] = previous;
  }
}
