import * as vscode from 'vscode';
import { SEARCH_BUDGET } from '../../core/budgets';
import type { WorkspaceRef } from '../../core/api/schemas';
import type { HitItem } from './searchItems';

/** The workspaces one Search Tasks query reads: all of the user's (up to the budget), or one. */
export class SearchScope {
  /** The one workspace searched, once the user narrowed the search (or started it from a node). */
  private only: WorkspaceRef | undefined;

  constructor(
    private readonly all: readonly WorkspaceRef[],
    only?: WorkspaceRef,
  ) {
    this.only = only;
  }

  /** What a query reads: one request per workspace and page, at most SEARCH_BUDGET.workspaces. */
  get searched(): readonly WorkspaceRef[] {
    return this.only ? [this.only] : this.all.slice(0, SEARCH_BUDGET.workspaces);
  }

  /** Several workspaces are searched: each hit says which one it is from. */
  get several(): boolean {
    return this.searched.length > 1;
  }

  /** The workspace's name, to show beside hits and in the title. */
  nameOf(workspaceId: string): string | undefined {
    return this.all.find((w) => w.id === workspaceId)?.name ?? this.only?.name;
  }

  /** The title's part naming a narrowed scope; undefined when every workspace is searched. */
  get narrowedTo(): string | undefined {
    return this.only && this.all.length > 1 ? this.only.name : undefined;
  }

  /** Applies a hint row the user accepted: true when the scope changed. */
  choose(item: HitItem): boolean {
    if (item.scope === undefined) {
      return false;
    }
    this.only = item.scope === '' ? undefined : this.all.find((w) => w.id === item.scope);
    return true;
  }

  /**
   * The rows shown before a query: which workspaces the search reads and, keyboard-first, a row per
   * workspace to search only that one (or one to search all again). Names are data: shown as labels.
   */
  hint(kind: string): HitItem[] {
    const rows: HitItem[] = [];
    const info = new vscode.ThemeIcon('info');
    if (this.only) {
      rows.push({ label: vscode.l10n.t('Type to search {0} in {1}', kind, this.only.name), iconPath: info });
      if (this.all.length > 1) {
        rows.push({ label: vscode.l10n.t('Search all your workspaces'), scope: '', iconPath: searchIcon() });
      }
      return rows;
    }
    const searched = this.searched.length;
    rows.push({
      label:
        searched < this.all.length
          ? vscode.l10n.t('Type to search {0} in the first {1} of your {2} workspaces', kind, searched, this.all.length)
          : vscode.l10n.t('Type to search {0} in all your workspaces', kind),
      detail: this.all.length > 1 ? vscode.l10n.t('To narrow the search, pick a workspace below.') : undefined,
      iconPath: info,
    });
    if (this.all.length > 1) {
      for (const workspace of this.all) {
        rows.push({
          label: vscode.l10n.t('Search only in {0}', workspace.name),
          scope: workspace.id,
          iconPath: searchIcon(),
        });
      }
    }
    return rows;
  }
}

const searchIcon = (): vscode.ThemeIcon => new vscode.ThemeIcon('search');
