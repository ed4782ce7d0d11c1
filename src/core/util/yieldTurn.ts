/**
 * Resolves after one turn of the event loop, I/O included: callbacks of answers that already arrived
 * (a user's small read) run before the caller's next long stretch of work (parsing a large answer,
 * laying out a page of a board). A `setImmediate` queued from a poll callback runs before the next
 * poll, so the turn is taken twice.
 */
export async function yieldTurn(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  await new Promise<void>((resolve) => setImmediate(resolve));
}
