/* Shared with the bench (bench/figures/budgets.ts), which runs outside the extension host. */

/**
 * The longest the host may be held during an operation, the most its heap may grow, and the longest
 * a command's round trip through the workbench may take meanwhile (the workbench also draws the
 * operation's page). Seconds, not the tens of milliseconds a healthy host takes: on a 2-core machine
 * loaded fifteen times over, a table's 5,000 rows held the host 1.6 s and the command took 4.9 s.
 */
export const HOST_BOUNDS = { heldMs: 5_000, heapMb: 150, commandMs: 10_000 };
