import * as vscode from 'vscode';

/**
 * The most nodes of one view remembered as expanded. Each one shown after a reload costs the read
 * that showing it needs (its children): 20 is a third of the minute's 60 requests at most, and more
 * than a user keeps open to work in.
 */
export const MAX_EXPANDED = 20;

/**
 * The nodes the user left expanded in a view, kept in the workspace's state so a reload shows the
 * tree as it was (it used to come back fully collapsed). Keys only (ids of the service, never
 * shown); the most recently expanded first, at most MAX_EXPANDED. A remembered node that no longer
 * exists is never rendered, so it costs nothing, and falls out as others are expanded.
 */
export class ExpandedNodes {
  private keys: string[];

  constructor(
    private readonly memento: vscode.Memento,
    private readonly viewId: string,
  ) {
    const stored = memento.get<unknown>(this.storageKey);
    this.keys = Array.isArray(stored)
      ? stored.filter((k): k is string => typeof k === 'string').slice(0, MAX_EXPANDED)
      : [];
  }

  private get storageKey(): string {
    return `tree.expanded.${this.viewId}`;
  }

  has(key: string): boolean {
    return this.keys.includes(key);
  }

  /** Follows the view's expand and collapse events. */
  track<T extends { key: string }>(view: vscode.TreeView<T>): vscode.Disposable {
    return vscode.Disposable.from(
      view.onDidExpandElement((e) => this.set(e.element.key, true)),
      view.onDidCollapseElement((e) => this.set(e.element.key, false)),
    );
  }

  private set(key: string, expanded: boolean): void {
    const others = this.keys.filter((k) => k !== key);
    const next = expanded ? [key, ...others].slice(0, MAX_EXPANDED) : others;
    if (next.length === this.keys.length && next.every((k, i) => k === this.keys[i])) {
      return;
    }
    this.keys = next;
    void this.memento.update(this.storageKey, next.length > 0 ? next : undefined);
  }
}
