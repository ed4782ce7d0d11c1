import * as vscode from 'vscode';
import type { ApiClient } from '../../core/api/client';
import { signedIn } from '../auth/guard';
import type { CommandContext } from '../common/commandContext';
import { pickList } from '../common/pickList';
import { SECTION } from '../config';
import { Disposable } from '../disposable';
import { onDidChangePresence, userPresent } from '../ui/presence';
import type { Services } from '../services';
import { webviewOptions } from '../taskPanel/panel';
import type { Feature } from '../start/contract';
import type { BoardSource } from './source';
import { sourceFromArg, sourceKey } from './source';

/** A webview of a list, folder, space or view that re-reads its rows when asked (a board, a table). */
export interface SourcePanel {
  readonly panel: vscode.WebviewPanel;
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
  private timer: ReturnType<typeof setTimeout> | undefined;
  private focused = userPresent();
  /** A poll was skipped for want of a user: one catch-up poll when someone is back. */
  private missed = false;

  constructor(protected readonly services: Services) {
    super();
    this.register(
      services.session.onDidChange((state) => {
        // What a panel shows belongs to the account that was signed in.
        if (state.kind === 'signedOut') for (const item of this.all()) item.panel.dispose();
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
        await open(source, panel);
      },
    };
  }

  /**
   * Shows `source`: its panel brought to front, else `make` in `existing` (a tab restored after a
   * reload) or in a new tab titled `title`; nothing while signed out (`existing` is closed then).
   */
  protected async show(
    source: BoardSource,
    existing: vscode.WebviewPanel | undefined,
    tab: { readonly viewType: string; readonly title: string },
    make: (panel: vscode.WebviewPanel, client: ApiClient) => T,
  ): Promise<T | undefined> {
    const open = existing ? undefined : this.revealed(source);
    if (open) return open;
    const state = await signedIn(this.services.session);
    if (!state) {
      existing?.dispose();
      return undefined;
    }
    return this.add(make(existing ?? this.createPanel(tab.viewType, tab.title), state.client));
  }

  /** The panel already open for a source, brought to front. */
  private revealed(source: BoardSource): T | undefined {
    const found = this.all().find((item) => sourceKey(item.source) === sourceKey(source));
    found?.panel.reveal();
    return found;
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

  /** One poll of every visible panel (the timer calls it; tests may too). Returns how many were read. */
  async poll(): Promise<number> {
    const state = this.services.session.state;
    if (state.kind !== 'signedIn') return 0;
    if (!this.focused) {
      this.missed = true;
      return 0;
    }
    const budget = state.client.limiter.snapshot();
    if (budget.remaining < budget.limit / 2 || budget.paused) return 0;
    const visible = this.all().filter((item) => item.panel.visible);
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
  const state = await signedIn(commands.services.session);
  const list = state && (await pickList(commands, state, pickTitle));
  return list ? { kind: 'list', workspaceId: list.workspaceId, id: list.listId, name: list.name } : undefined;
}
