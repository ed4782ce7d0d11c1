import { AbortError } from './abort';

/**
 * Runs only the latest of a burst of queries: each update waits `delayMs` of quiet (debounce) and
 * aborts the request of the previous query (its AbortSignal), so typing ten characters sends one or
 * two requests and a stale answer never overwrites a newer one (docs/api/README.md#rate-limit).
 */
export class LatestOnly<Q, R> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private controller: AbortController | undefined;
  private generation = 0;

  constructor(
    private readonly delayMs: number,
    private readonly run: (query: Q, signal: AbortSignal) => Promise<R>,
    private readonly onResult: (query: Q, result: R) => void,
    private readonly onError: (query: Q, error: unknown) => void,
  ) {}

  /** Schedules `query`; `immediate` skips the debounce (e.g. "load more", a filter button). */
  update(query: Q, immediate = false): void {
    this.cancel();
    const generation = ++this.generation;
    const start = (): void => void this.start(query, generation);
    if (immediate) {
      start();
    } else {
      this.timer = setTimeout(start, this.delayMs);
    }
  }

  /** Drops the pending query and aborts the running request. */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.controller?.abort();
    this.controller = undefined;
  }

  dispose(): void {
    this.generation++;
    this.cancel();
  }

  private async start(query: Q, generation: number): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    try {
      const result = await this.run(query, controller.signal);
      if (generation === this.generation) {
        this.onResult(query, result);
      }
    } catch (error) {
      if (generation === this.generation && !AbortError.is(error)) {
        this.onError(query, error);
      }
    }
  }
}
