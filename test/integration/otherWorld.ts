// The sandbox of the other world (sandbox/README.md#worlds) for integration tests of several accounts.
// Bundled on its own (scripts/bundles.mjs), apart from the suites: helpers.ts `otherWorld()` loads it
// on first use, so a run that never asks neither loads nor starts it. Node's module cache makes it
// one instance for every suite of the run, although each suite is a bundle of its own.
import { startSandbox } from '../../sandbox/server';
import type { Sandbox } from '../../sandbox/server';

let started: Promise<Sandbox> | undefined;

/** Starts the other world's sandbox in this extension host on the first call; later calls share it. */
export function otherWorldSandbox(): Promise<Sandbox> {
  // No request limit, like the runner's first sandbox: the suites count requests instead.
  started ??= startSandbox({ seed: 'other', rateLimit: 0, quiet: true });
  return started;
}

/** Stops it if it was started (index.ts, once every suite has run). */
export async function stopOtherWorld(): Promise<void> {
  const sandbox = await started?.catch(() => undefined);
  started = undefined;
  await sandbox?.stop();
}
