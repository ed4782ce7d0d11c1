import * as vscode from 'vscode';
import { Commands } from '../commands/ids';
import { registerCommand } from '../commands/registry';
import type { CommandContext } from '../commands/context';
import { pickList } from '../commands/create';
import { signedIn } from '../auth/guard';
import { SECTION } from '../config';
import { Disposable } from '../disposable';
import type { Services } from '../services';
import type { Boards } from '../board/register';
import type { BoardSource } from '../board/source';
import { sourceFromArg, sourceKey } from '../board/source';
import { webviewOptions } from '../taskPanel/panel';
import { ViewFilter } from '../tree/viewFilter';
import type { Feature } from '../start/contract';
import { TablePanel, tableViewType } from './panel';

/**
 * The open tables, one per list, folder, space or view (opening the same again brings it to front),
 * each with its own filter (kept in workspace state), and their change polling: the board's rule,
 * each visible table re-read at background priority on the tree's interval while the window is
 * focused and at least half the request budget is left (docs/decisions/change-detection.md).
 */
export class Tables extends Disposable {
  private readonly tables = new Set<TablePanel>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private focused = vscode.window.state.focused;

  constructor(
    private readonly services: Services,
    private readonly memento: vscode.Memento,
  ) {
    super();
    this.register(
      services.session.onDidChange((state) => {
        if (state.kind === 'signedOut') for (const table of this.all()) table.panel.dispose();
      }),
    );
    this.register(vscode.window.onDidChangeWindowState((state) => this.setWindowFocused(state.focused)));
    this.register({ dispose: () => clearTimeout(this.timer) });
    this.register({ dispose: () => this.all().forEach((t) => t.panel.dispose()) });
  }

  all(): TablePanel[] {
    return [...this.tables];
  }

  async open(source: BoardSource): Promise<TablePanel | undefined> {
    const open = this.all().find((t) => sourceKey(t.source) === sourceKey(source));
    if (open) {
      open.panel.reveal();
      return open;
    }
    const state = await signedIn(this.services.session);
    if (!state) return undefined;
    const panel = vscode.window.createWebviewPanel(
      tableViewType,
      vscode.l10n.t('Table: {0}', source.name),
      vscode.ViewColumn.Active,
      { enableFindWidget: true, retainContextWhenHidden: false, ...webviewOptions(this.services.extensionUri) },
    );
    const filter = new ViewFilter(`${tableViewType}.${sourceKey(source)}`, this.memento);
    const table = new TablePanel(panel, source, state.client, this.services, filter);
    this.tables.add(table);
    panel.onDidDispose(() => {
      table.dispose();
      filter.dispose();
      this.tables.delete(table);
    });
    this.schedule();
    return table;
  }

  /** The window gained or lost focus (also how tests stand in for it). */
  setWindowFocused(focused: boolean): void {
    this.focused = focused;
  }

  /** One poll of every visible table (the timer calls it; tests may too). Returns how many were read. */
  async poll(): Promise<number> {
    const state = this.services.session.state;
    if (state.kind !== 'signedIn' || !this.focused) return 0;
    const budget = state.client.limiter.snapshot();
    if (budget.remaining < budget.limit / 2 || budget.paused) return 0;
    const visible = this.all().filter((t) => t.panel.visible);
    await Promise.all(visible.map((t) => t.reload()));
    return visible.length;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const seconds = vscode.workspace.getConfiguration(SECTION).get<number>('tree.pollIntervalSeconds', 300);
    if (seconds > 0 && this.tables.size > 0 && !this.isDisposed) {
      this.timer = setTimeout(() => void this.poll().finally(() => this.schedule()), Math.max(30, seconds) * 1000);
    }
  }
}

/**
 * The table feature: `taskPlatform.openTable` on a list, folder or space of the Workspaces tree, a
 * saved view of the Saved Views tree, the active board (its title bar), or a list picked from the
 * palette.
 */
export function registerTable(
  context: vscode.ExtensionContext,
  services: Services,
  load: (feature: Feature) => Promise<unknown>,
): Tables {
  const tables = new Tables(services, context.workspaceState);
  context.subscriptions.push(tables);
  registerCommand(context, Commands.openTable, async (arg?: unknown) => {
    const source =
      sourceFromArg(arg) ??
      (await activeBoard(load)) ??
      (await pickFromPalette((await load('commands')) as CommandContext));
    return source ? tables.open(source) : undefined;
  });
  return tables;
}

/** The board in the active editor group, when the command is run from its title bar. */
async function activeBoard(load: (feature: Feature) => Promise<unknown>): Promise<BoardSource | undefined> {
  const boards = (await load('board')) as Boards;
  return boards.all().find((b) => b.panel.active)?.source;
}

async function pickFromPalette(commands: CommandContext): Promise<BoardSource | undefined> {
  const state = await signedIn(commands.services.session);
  const list = state && (await pickList(commands, state, vscode.l10n.t('Open as Table')));
  return list ? { kind: 'list', workspaceId: list.workspaceId, id: list.listId, name: list.name } : undefined;
}
