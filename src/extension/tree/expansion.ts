import * as vscode from 'vscode';

/**
 * How many expanded nodes a view remembers (the most recently expanded win). Each one expanded at
 * start-up reads its children: a bound on what a reload costs in requests, as well as in storage.
 */
const REMEMBERED = 40;

/**
 * The nodes a tree view had expanded, kept per workspace so a window reload shows the tree as the
 * user left it. VS Code's own memory of expanded items (by TreeItem id) did not survive here: the
 * root is read again when the session is restored a moment after start-up, and the rows came back
 * collapsed. So the view says it itself: a remembered node's item is created expanded.
 */
export class ExpandedKeys {
  private readonly keys: Set<string>;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly storageKey: string,
  ) {
    const stored = memento.get<unknown>(storageKey);
    this.keys = new Set(Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string') : []);
  }

  /** Follows the view's expand and collapse events; the returned disposables end that. */
  watch<T extends { readonly key: string }>(view: vscode.TreeView<T>): vscode.Disposable[] {
    return [
      view.onDidExpandElement((e) => this.set(e.element.key, true)),
      view.onDidCollapseElement((e) => this.set(e.element.key, false)),
    ];
  }

  /** The item, expanded when its node was expanded last time (only items that can expand). */
  apply(item: vscode.TreeItem): vscode.TreeItem {
    if (
      item.id !== undefined &&
      item.collapsibleState === vscode.TreeItemCollapsibleState.Collapsed &&
      this.keys.has(item.id)
    ) {
      item.collapsibleState = vscode.TreeItemCollapsibleState.Expanded;
    }
    return item;
  }

  private set(key: string, expanded: boolean): void {
    this.keys.delete(key);
    if (expanded) {
      this.keys.add(key);
    }
    for (const oldest of [...this.keys].slice(0, Math.max(0, this.keys.size - REMEMBERED))) {
      this.keys.delete(oldest);
    }
    void this.memento.update(this.storageKey, [...this.keys]);
  }
}
