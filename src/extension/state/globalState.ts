import type * as vscode from 'vscode';

/**
 * `context.globalState`, with writes that cannot be lost: one write at a time, and reads see what is
 * still queued (docs/decisions/serial-global-state.md).
 */
export class SerialMemento implements vscode.Memento {
  private readonly queued = new Map<string, { version: number; value: unknown }>();
  private tail: Promise<unknown> = Promise.resolve();
  private version = 0;

  /** `onNewKey` runs once a key that had no value is stored (Settings Sync declares its keys again). */
  constructor(
    private readonly inner: vscode.Memento,
    private readonly onNewKey?: (key: string) => void,
  ) {}

  keys(): readonly string[] {
    const keys = new Set([...this.inner.keys(), ...this.queued.keys()]);
    return [...keys].filter((key) => this.get(key) !== undefined);
  }

  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    const queued = this.queued.get(key);
    if (!queued) {
      return this.inner.get<T>(key) ?? defaultValue;
    }
    return queued.value === undefined ? defaultValue : (queued.value as T);
  }

  update(key: string, value: unknown): Promise<void> {
    // Stored as JSON, as VS Code stores it: a caller changing its object later changes nothing here.
    const copy = value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
    const isNew = copy !== undefined && this.get(key) === undefined;
    const version = ++this.version;
    this.queued.set(key, { version, value: copy });
    const write = this.tail.then(() => this.inner.update(key, copy));
    const settled = write.finally(() => {
      if (this.queued.get(key)?.version === version) {
        this.queued.delete(key);
      }
    });
    this.tail = settled.catch(() => undefined);
    if (isNew && this.onNewKey) {
      const onNewKey = this.onNewKey;
      void settled.then(() => onNewKey(key)).catch(() => undefined);
    }
    return settled;
  }

  /** Resolves once every write made so far is stored. */
  flushed(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
