/** A listener registration; call `dispose()` to stop listening. */
export interface Disposer {
  dispose(): void;
}

export type Listener<T> = (value: T) => void;

/** Subscribe function, shaped like VS Code's `Event<T>` so adapters can pass it through unchanged. */
export type Subscribe<T> = (listener: Listener<T>) => Disposer;

/** A minimal event emitter (no `vscode` import: src/core stays pure). */
export class Emitter<T> {
  private readonly listeners = new Set<Listener<T>>();

  readonly event: Subscribe<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch {
        // A faulty listener must not break the emitter or the other listeners.
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }

  dispose(): void {
    this.listeners.clear();
  }
}

/** A value that can be read now and observed for changes. */
export class Observable<T> {
  private readonly emitter = new Emitter<T>();
  readonly onDidChange: Subscribe<T> = this.emitter.event;

  constructor(
    private current: T,
    private readonly equals: (a: T, b: T) => boolean = Object.is,
  ) {}

  get value(): T {
    return this.current;
  }

  set(next: T): void {
    if (!this.equals(this.current, next)) {
      this.current = next;
      this.emitter.fire(next);
    }
  }
}
