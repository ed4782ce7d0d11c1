// Children per node key, loaded once and kept until invalidated. At most one load of a node is in
// flight: a refresh asked for while one runs marks it stale, waits for it, and then loads again
// (issue: "never more than one refresh of a node in flight").
//
// When a reload of a node fails on the network, its last children are served again and the key is
// listed in `stale`, so the tree keeps what it showed while offline (marked as possibly out of date)
// instead of replacing it with an error row.
import { NetworkError } from '../api/errors';
import { rootKey, scopeKey, scopeNodes } from './nodes';
import type { Scope, TreeNode } from './nodes';

interface Load {
  readonly promise: Promise<TreeNode[]>;
  stale: boolean;
}

export class NodeCache {
  private readonly settled = new Map<string, TreeNode[]>();
  private readonly loads = new Map<string, Load>();
  /** Children shown before the last invalidate, kept until a reload succeeds. */
  private readonly lastGood = new Map<string, TreeNode[]>();
  /** Keys showing last-known children because their reload failed on the network. */
  readonly stale = new Set<string>();

  /** `scope`: the account whose nodes this cache holds, when several are shown (nodes.ts Scope). */
  constructor(readonly scope?: Scope) {}

  /** The key of the model's top level (ROOT_KEY without a scope). */
  get rootKey(): string {
    return rootKey(this.scope);
  }

  /** A key of this cache's account (unchanged without a scope). */
  keyOf(key: string): string {
    return scopeKey(this.scope, key);
  }

  get(key: string, load: () => Promise<TreeNode[]>): Promise<TreeNode[]> {
    const known = this.settled.get(key);
    if (known) {
      return Promise.resolve(known);
    }
    const running = this.loads.get(key);
    if (running) {
      return running.stale ? running.promise.catch(() => undefined).then(() => this.get(key, load)) : running.promise;
    }
    const entry: Load = { promise: this.loadOrLastGood(key, load), stale: false };
    this.loads.set(key, entry);
    void entry.promise.then(
      (nodes) => this.settle(key, entry, nodes),
      () => this.settle(key, entry, undefined),
    );
    return entry.promise;
  }

  peek(key: string): readonly TreeNode[] | undefined {
    return this.settled.get(key);
  }

  /** Forgets `key`'s children; a load in flight finishes but is not kept. */
  invalidate(key: string): void {
    const known = this.settled.get(key);
    if (known) {
      this.lastGood.set(key, known);
    }
    this.settled.delete(key);
    // Marked again if the reload fails too; otherwise a node nobody reloads would keep the notice up.
    this.stale.delete(key);
    const running = this.loads.get(key);
    if (running) {
      running.stale = true;
    }
  }

  /** Drops the rendering of `key` but keeps nothing stale in flight (e.g. "show more" of rows in memory). */
  forgetRendering(key: string): void {
    this.settled.delete(key);
  }

  /** Keys whose children are loaded. */
  loadedKeys(): string[] {
    return [...this.settled.keys()];
  }

  *values(): Generator<TreeNode> {
    for (const nodes of this.settled.values()) {
      yield* nodes;
    }
  }

  private async loadOrLastGood(key: string, load: () => Promise<TreeNode[]>): Promise<TreeNode[]> {
    try {
      const nodes = scopeNodes(await load(), this.scope);
      this.lastGood.delete(key);
      this.stale.delete(key);
      return nodes;
    } catch (error) {
      const old = this.lastGood.get(key);
      if (old && NetworkError.is(error)) {
        this.stale.add(key);
        return old;
      }
      throw error;
    }
  }

  private settle(key: string, load: Load, nodes: TreeNode[] | undefined): void {
    if (this.loads.get(key) === load) {
      this.loads.delete(key);
    }
    if (nodes && !load.stale) {
      this.settled.set(key, nodes);
    }
  }
}
