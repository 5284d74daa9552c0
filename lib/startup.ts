import 'server-only';
import { logEvent } from './log';
import { prepareStore } from './store';

/**
 * Validates the environment, chooses the lead store and opens it, before the
 * server answers anyone. A misconfiguration, or an embedded data directory
 * that is locked or not writable, stops the process with one line naming the
 * cause instead of surfacing later as a lost lead.
 */
export async function startServer(): Promise<void> {
  try {
    await prepareStore();
  } catch (error) {
    // These messages name a variable or a directory, never a value from the environment.
    const failure = error instanceof Error ? error : new Error(String(error));
    logEvent('startup.failed', { error: failure.name, message: failure.message }, 'error');
    process.exit(1);
  }
}
