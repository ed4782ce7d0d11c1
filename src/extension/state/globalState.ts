import type * as vscode from 'vscode';

/**
 * `context.globalState`, with writes that cannot be lost.
 *
 * VS Code keeps all of an extension's global state in one stored value. After each write, the
 * workbench echoes the stored value back to the extension host, which replaces its copy with it. A
 * second write made before the echo of the first arrives is overwritten by that echo, in memory and
 * then on disk: two quick writes to different keys (a pinned view's name, then a queued change) can
 * lose the second.
 *
 * So every write here goes through one queue, one at a time (the echo of one arrives before its
 * update resolves), and reads see the latest value written even while it is still queued. Once the
 * queue is empty, reads come from VS Code again, so changes made by another window still show.
 */
export class SerialMemento implements vscode.Memento {
  private readonly queued = new Map<string, { version: number; value: unknown }>();
  private tail: Promise<unknown> = Promise.resolve();
  private version = 0;

  constructor(private readonly inner: vscode.Memento) {}

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
    const version = ++this.version;
    this.queued.set(key, { version, value: copy });
    const write = this.tail.then(() => this.inner.update(key, copy));
    const settled = write.finally(() => {
      if (this.queued.get(key)?.version === version) {
        this.queued.delete(key);
      }
    });
    this.tail = settled.catch(() => undefined);
    return settled;
  }

  /** Resolves once every write made so far is stored. */
  flushed(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
