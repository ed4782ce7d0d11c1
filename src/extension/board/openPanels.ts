import * as vscode from 'vscode';
import { accountKey } from '../../core/accounts/account';
import { signedInFor } from '../auth/guard';
import type { Session } from '../auth/session';
import type { CommandContext } from '../common/commandContext';
import { pickList } from '../common/pickList';
import { SECTION } from '../config';
import { Disposable } from '../disposable';
import { onDidChangePresence, userPresent } from '../ui/presence';
import type { Services } from '../services';
import { webviewOptions } from '../taskPanel/panel';
import { holds, ownerKey, ownerOf, showMissingAccount } from '../taskPanel/account';
import type { Owner } from '../taskPanel/account';
import type { Feature } from '../start/contract';
import type { BoardSource } from './source';
import { sourceFromArg, sourceKey } from './source';

/** A webview of a list, folder, space or view that re-reads its rows when asked (a board, a table). */
export interface SourcePanel {
  readonly panel: vscode.WebviewPanel;
  /** What it shows, with the account it is shown as (always set once open). */
  readonly source: BoardSource;
  reload(): Promise<void>;
  dispose(): void;
}

/**
 * The open panels of one kind, one per source (opening the same again brings it to front), closed at
 * sign-out, and their change polling: each visible panel re-reads its rows at background priority
 * on the tree's interval (`taskPlatform.tree.pollIntervalSeconds`), only while someone is at the window
 * and at least half the request budget is left (docs/decisions/change-detection.md).
 */
/** From someone's return to the catch-up poll: a quick switch away and back costs nothing. */
const CATCH_UP_MS = 2_000;

/** Every open-panel set (boards, tables): Open as Board and Open as Table switch from the active one. */
const everyKind = new Set<OpenPanels<SourcePanel>>();

export class OpenPanels<T extends SourcePanel> extends Disposable {
  private readonly panels = new Set<T>();
  /** Each open panel's account session: its reads, writes and polls use this one only. */
  private readonly sessions = new Map<T, Session>();
  /** What restored tabs of accounts not signed in said (tests). */
  readonly missing = new Map<vscode.WebviewPanel, string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private focused = userPresent();
  /** A poll was skipped for want of a user: one catch-up poll when someone is back. */
  private missed = false;

  constructor(protected readonly services: Services) {
    super();
    this.register(
      services.accounts.onDidChange(() => {
        // What a panel shows belongs to the account it was opened as: it closes when that one leaves.
        const current = services.accounts.current();
        for (const [item, session] of this.sessions) {
          if (!holds(current, session, item.source.account)) item.panel.dispose();
        }
      }),
    );
    this.register(onDidChangePresence((present) => this.setWindowFocused(present)));
    this.register({ dispose: () => clearTimeout(this.timer) });
    this.register({ dispose: () => this.all().forEach((item) => item.panel.dispose()) });
    everyKind.add(this);
    this.register({ dispose: () => everyKind.delete(this) });
  }

  all(): T[] {
    return [...this.panels];
  }

  /**
   * The tab VS Code restores after a reload, opened again on the source its page kept (the host's
   * `reopen` message; checked as a tree node's argument is), else closed. `open` shows a source in a
   * given panel.
   */
  protected restorer(
    open: (source: BoardSource, existing: vscode.WebviewPanel) => Promise<T | undefined>,
  ): vscode.WebviewPanelSerializer {
    return {
      deserializeWebviewPanel: async (panel, state: unknown) => {
        const source = sourceFromArg((state as { reopen?: unknown } | undefined)?.reopen);
        if (!source || this.revealed(source)) {
          panel.dispose();
          return;
        }
        // A tab of an account no longer signed in says so and sends nothing.
        if (source.account && !(await ownerOf(this.services, source.account, true))) {
          this.missing.set(panel, showMissingAccount(this.services, panel, source.account));
          panel.onDidDispose(() => this.missing.delete(panel));
          return;
        }
        await open(source, panel);
      },
    };
  }

  /**
   * Shows `source`: its panel brought to front, else `make` in `existing` (a tab restored after a
   * reload) or in a new tab titled `title`, as the account the source carries (none: the primary),
   * given to `make` with the source; nothing while that account is not signed in (`existing` is
   * closed then).
   */
  protected async show(
    source: BoardSource,
    existing: vscode.WebviewPanel | undefined,
    tab: { readonly viewType: string; readonly title: string },
    make: (panel: vscode.WebviewPanel, owner: Owner, source: BoardSource) => T,
  ): Promise<T | undefined> {
    const open = existing ? undefined : this.revealed(source);
    if (open) return open;
    const owner = await ownerOf(this.services, source.account);
    if (!owner) {
      existing?.dispose();
      return undefined;
    }
    const owned = { ...source, account: owner.account };
    const item = make(existing ?? this.createPanel(tab.viewType, tab.title), owner, owned);
    this.sessions.set(item, owner.session);
    return this.add(item);
  }

  /** The panel already open for a source as one account sees it, brought to front. */
  private revealed(source: BoardSource): T | undefined {
    const owner = ownerKey(this.services, source.account);
    const found = this.all().find(
      (item) => sourceKey(item.source) === sourceKey(source) && ownerKey(this.services, item.source.account) === owner,
    );
    found?.panel.reveal();
    return found;
  }

  /** The session of an open panel's account. */
  sessionOf(item: T): Session | undefined {
    return this.sessions.get(item);
  }

  private createPanel(viewType: string, title: string): vscode.WebviewPanel {
    return vscode.window.createWebviewPanel(viewType, title, vscode.ViewColumn.Active, {
      enableFindWidget: true,
      retainContextWhenHidden: false,
      ...webviewOptions(this.services.extensionUri),
    });
  }

  /** Keeps a new panel until it is closed and polls it. */
  private add(item: T): T {
    this.panels.add(item);
    item.panel.onDidDispose(() => {
      item.dispose();
      this.panels.delete(item);
      this.sessions.delete(item);
    });
    this.schedule();
    return item;
  }

  /** Someone came to the window or left it (also how tests stand in for it): a missed poll runs soon after. */
  setWindowFocused(focused: boolean): void {
    const back = focused && !this.focused;
    this.focused = focused;
    if (back && this.missed) {
      this.missed = false;
      this.schedule(CATCH_UP_MS);
    }
  }

  /**
   * One poll of every visible panel (the timer calls it; tests may too), each through its own
   * account's client and within that account's budget. Returns how many were read.
   */
  async poll(): Promise<number> {
    if (!this.focused) {
      this.missed = true;
      return 0;
    }
    const visible = this.all().filter((item) => {
      const state = this.sessions.get(item)?.state;
      if (!item.panel.visible || state?.kind !== 'signedIn') return false;
      const budget = state.client.limiter.snapshot();
      return budget.remaining >= budget.limit / 2 && !budget.paused;
    });
    await Promise.all(visible.map((item) => item.reload()));
    return visible.length;
  }

  private schedule(firstInMs?: number): void {
    clearTimeout(this.timer);
    const seconds = vscode.workspace.getConfiguration(SECTION).get<number>('tree.pollIntervalSeconds', 300);
    if (seconds > 0 && this.panels.size > 0 && !this.isDisposed) {
      const wait = firstInMs ?? Math.max(30, seconds) * 1000;
      this.timer = setTimeout(() => void this.poll().finally(() => this.schedule()), wait);
    }
  }
}

/**
 * What Open as Board and Open as Table open: the tree node or saved view row they were run on, else
 * the source of the active board or table (their title bar buttons switch between the two), else a
 * list picked from the palette.
 */
export async function sourceToOpen(
  arg: unknown,
  load: (feature: Feature) => Promise<unknown>,
  pickTitle: string,
): Promise<BoardSource | undefined> {
  const fromArg = sourceFromArg(arg);
  if (fromArg) return fromArg;
  for (const kind of everyKind) {
    const active = kind.all().find((item) => item.panel.active);
    if (active) return active.source;
  }
  const commands = (await load('commands')) as CommandContext;
  // From the palette: the account rule (the current task's, the only one, the folder's, else asked).
  const state = await signedInFor(commands.services.accounts, undefined);
  const list = state && (await pickList(commands, state, pickTitle));
  if (!state || !list) return undefined;
  const account = accountKey({ baseUrl: state.baseUrl, userId: state.user.id });
  return { kind: 'list', account, workspaceId: list.workspaceId, id: list.listId, name: list.name };
}
