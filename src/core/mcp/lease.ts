import { utimesSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';

/**
 * The MCP server's sign of life, so the editor gets its share of the budget back when the server
 * has stopped (VS Code does not tell extensions). The editor names a file in the server's
 * environment; the server touches it when it starts, every LEASE_REFRESH_MS, and once more when it
 * exits. The editor keeps to its smaller share until the last touch is LEASE_STALE_MS old: by then,
 * every request the server sent has left the service's 60-second window.
 */
export const LEASE_VAR = 'TASK_PLATFORM_BUDGET_LEASE';
export const LEASE_REFRESH_MS = 20_000;
export const LEASE_STALE_MS = LEASE_REFRESH_MS + 60_000 + 5_000;

/**
 * Server side: writes `file` now, then touches it at every refresh and on exit; returns the stop
 * function. A touch never creates the file again: once the editor removed it, it stays removed.
 */
export function holdLease(file: string, refreshMs = LEASE_REFRESH_MS): () => void {
  try {
    writeFileSync(file, String(process.pid));
  } catch {
    // Best effort: without the file the editor keeps its smaller share until it gives up waiting.
  }
  const touch = (): void => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // Removed by the editor (its window closed), or never written.
    }
  };
  const timer = setInterval(touch, refreshMs);
  timer.unref();
  process.on('exit', touch);
  return () => {
    clearInterval(timer);
    process.off('exit', touch);
  };
}

/** Editor side: when the server last touched the lease (ms since the epoch), if it ever did. */
export async function lastTouch(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Whether the server may still have requests in the service's window. The time VS Code asked for
 * the server counts as a touch: the process may not have written the file yet.
 */
export function serverMayBeActive(
  touchedAt: number | undefined,
  resolvedAt: number,
  now: number,
  staleMs = LEASE_STALE_MS,
): boolean {
  return now - Math.max(touchedAt ?? 0, resolvedAt) < staleMs;
}
