import * as vscode from 'vscode';
import { SEARCH_BUDGET } from '../../core/budgets';
import { accountKey } from '../../core/accounts/account';
import type { AccountKey } from '../../core/accounts/account';
import type { WorkspaceRef } from '../../core/api/schemas';
import { accountLabel } from '../auth/label';
import type { SignedIn } from '../auth/session';
import type { HitItem } from './searchItems';

/**
 * A workspace of one account: what one search request reads, with that account's client. With one
 * account its id is the workspace's id and it names no account (the search of one account, as
 * always); with several, hits carry the account and say whose they are.
 */
export interface Place {
  readonly id: string;
  readonly state: SignedIn;
  readonly workspace: WorkspaceRef;
  readonly account?: AccountKey;
  /** The account's name, shown beside the workspace's when there are several accounts. */
  readonly accountName?: string;
}

/**
 * The places of every signed-in account, the primary's first, each account's in the service's order.
 * A workspace two users of one service both see is one place, searched once, as the first of them.
 */
export function placesOf(states: readonly SignedIn[]): Place[] {
  const several = states.length > 1;
  const seen = new Set<string>();
  return states.flatMap((state) => {
    const account = several ? accountKey({ baseUrl: state.baseUrl, userId: state.user.id }) : undefined;
    const accountName = several ? accountLabel(state, true) : undefined;
    const fresh = state.user.workspaces.filter((w) => !seen.has(`${state.baseUrl} ${w.id}`));
    fresh.forEach((w) => seen.add(`${state.baseUrl} ${w.id}`));
    return fresh.map((workspace) => ({
      id: account ? `${account}\n${workspace.id}` : workspace.id,
      state,
      workspace,
      account,
      accountName,
    }));
  });
}

/** The places one Search Tasks query reads: all of the user's (up to the budget per account), or one. */
export class SearchScope {
  /** The one place searched, once the user narrowed the search (or started it from a node). */
  private only: Place | undefined;

  constructor(
    private readonly all: readonly Place[],
    only?: Place,
  ) {
    this.only = only;
  }

  /**
   * What a query reads: one request per place and page, at most SEARCH_BUDGET.workspaces of each
   * account (every account has a budget of its own).
   */
  get searched(): readonly Place[] {
    if (this.only) {
      return [this.only];
    }
    const taken = new Map<SignedIn, number>();
    return this.all.filter((p) => {
      const n = taken.get(p.state) ?? 0;
      taken.set(p.state, n + 1);
      return n < SEARCH_BUDGET.workspaces;
    });
  }

  /** Several places are searched: each hit says which one it is from. */
  get several(): boolean {
    return this.searched.length > 1;
  }

  place(id: string): Place | undefined {
    return this.all.find((p) => p.id === id) ?? (this.only?.id === id ? this.only : undefined);
  }

  /** The place's name, to show beside hits and in the title: its workspace, and its account when several. */
  nameOf(id: string): string | undefined {
    const place = this.place(id);
    return place && nameOf(place);
  }

  /** The title's part naming a narrowed scope; undefined when every place is searched. */
  get narrowedTo(): string | undefined {
    return this.only && this.all.length > 1 ? nameOf(this.only) : undefined;
  }

  /** Applies a hint row the user accepted: true when the scope changed. */
  choose(item: HitItem): boolean {
    if (item.scope === undefined) {
      return false;
    }
    this.only = item.scope === '' ? undefined : this.place(item.scope);
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
      rows.push({ label: vscode.l10n.t('Type to search {0} in {1}', kind, nameOf(this.only)), iconPath: info });
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
      for (const place of this.all) {
        rows.push({
          label: vscode.l10n.t('Search only in {0}', place.workspace.name),
          description: place.accountName,
          scope: place.id,
          iconPath: searchIcon(),
        });
      }
    }
    return rows;
  }
}

function nameOf(place: Place): string {
  return place.accountName ? `${place.workspace.name} · ${place.accountName}` : place.workspace.name;
}

const searchIcon = (): vscode.ThemeIcon => new vscode.ThemeIcon('search');
