import * as assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { HOST_BOUNDS } from './hostBounds';

/**
 * Whether the extension host stays usable during a whole operation: the longest stretch its event
 * loop was held (nothing else, a command included, could run meanwhile) and how much its heap grew.
 * The bounds are generous on purpose (a loaded 2-core machine, a collection that has not run yet):
 * they catch a host held for seconds or a heap growing with what the server keeps sending, not
 * milliseconds; the bench reports the figures.
 */
export interface HostFigures {
  /** The longest the event loop was held, in ms. */
  heldMs: number;
  /** Heap growth over the operation, in MB (negative after a collection). */
  heapMb: number;
  /** A command run while the operation was under way: its time, in ms. */
  commandMs: number;
}

/** The time of one command that goes through the workbench and back (the host must be free to take the answer). */
export async function commandTime(): Promise<number> {
  const started = performance.now();
  await vscode.commands.getCommands(true);
  return performance.now() - started;
}

/** The usual time of that command, with nothing else under way: the median of three. */
export async function usualCommandTime(): Promise<number> {
  const times = [await commandTime(), await commandTime(), await commandTime()];
  return times.sort((a, b) => a - b)[1]!;
}

/** Starts watching; `stop` takes the command's time (fired while the operation ran) and checks the bounds. */
export function watchHost(): { stop(commandMs: number, usualMs: number, what: string): HostFigures } {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const heapBefore = process.memoryUsage().heapUsed;
  return {
    stop(commandMs, usualMs, what) {
      delay.disable();
      const figures: HostFigures = {
        heldMs: delay.max / 1e6,
        heapMb: (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20,
        commandMs,
      };
      assert.ok(figures.heldMs <= HOST_BOUNDS.heldMs, `${what}: the host was held ${figures.heldMs.toFixed(0)} ms`);
      assert.ok(figures.heapMb <= HOST_BOUNDS.heapMb, `${what}: the heap grew ${figures.heapMb.toFixed(0)} MB`);
      assert.ok(
        commandMs <= Math.max(10 * usualMs, HOST_BOUNDS.commandMs),
        `${what}: a command took ${commandMs.toFixed(0)} ms meanwhile, ${usualMs.toFixed(0)} ms alone`,
      );
      return figures;
    },
  };
}
