import * as vscode from 'vscode';
import type { Session, SessionState } from '../auth/session';
import { Disposable } from '../disposable';

type Node =
  | { readonly kind: 'workspace'; readonly id: string; readonly name: string; readonly active: boolean }
  | { readonly kind: 'message'; readonly text: string; readonly detail: string; readonly command?: vscode.Command };

/**
 * The "Workspaces" tree of the Task Platform container. Signed out it is empty, so the contributed
 * welcome view (Sign In button) shows; signed in it lists the user's workspaces from GET /user.
 * The hierarchy below a workspace is the explorer-tree issue's work.
 */
export class ExplorerTree extends Disposable implements vscode.TreeDataProvider<Node> {
  private readonly changed = this.register(new vscode.EventEmitter<Node | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<Node>;

  constructor(private readonly session: Session) {
    super();
    this.view = this.register(vscode.window.createTreeView('taskPlatform.explorer', { treeDataProvider: this, showCollapseAll: true }));
    this.register(session.onDidChange((state) => this.onSession(state)));
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'message') {
      const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
      item.tooltip = node.detail;
      item.command = node.command;
      return item;
    }
    const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.None);
    item.id = `workspace:${node.id}`;
    item.contextValue = 'workspace';
    item.iconPath = new vscode.ThemeIcon('organization');
    item.description = node.active ? undefined : vscode.l10n.t('inactive');
    item.tooltip = new vscode.MarkdownString().appendText(node.name);
    item.accessibilityInformation = { label: vscode.l10n.t('Workspace {0}', node.name) };
    return item;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node) {
      return [];
    }
    const state = await this.session.ensure();
    switch (state.kind) {
      case 'signedIn':
        return state.user.workspaces.map((w) => ({ kind: 'workspace', id: w.id, name: w.name, active: w.pivot?.is_active !== false }));
      case 'error':
        return [
          {
            kind: 'message',
            text: vscode.l10n.t('Could not load your account. Retry'),
            detail: state.message,
            command: { command: 'taskPlatform.refresh', title: vscode.l10n.t('Retry') },
          },
        ];
      default:
        return [];
    }
  }

  private onSession(state: SessionState): void {
    this.view.description = state.kind === 'signedIn' ? state.user.name : undefined;
    this.refresh();
  }
}
