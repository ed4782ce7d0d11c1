import * as vscode from 'vscode';
import { Commands } from '../commands/ids';
import { registerCommand } from '../commands/registry';
import type { CommandContext } from '../commands/context';
import { pickList } from '../commands/create';
import { signedIn } from '../auth/guard';
import { SECTION } from '../config';
import { Disposable } from '../disposable';
import type { Services } from '../services';
import { BoardPanel, boardViewType } from './panel';
import { webviewOptions } from '../taskPanel/panel';
import type { BoardSource } from './source';
import { sourceFromArg, sourceKey } from './source';
import type { Feature } from '../start/contract';
import type { Tables } from '../table/register';

/**
 * The open boards, one per list (opening a list's board again brings it to front), and their change
 * polling: each visible board re-reads its rows at background priority on the tree's interval
 * (`taskPlatform.tree.pollIntervalSeconds`), only while the window is focused and at least half the
 * request budget is left (docs/decisions/change-detection.md). Reached by tests.
 */
export class Boards extends Disposable {
  private readonly boards = new Set<BoardPanel>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private focused = vscode.window.state.focused;

  constructor(private readonly services: Services) {
    super();
    this.register(
      services.session.onDidChange((state) => {
        // What a board shows belongs to the account that was signed in.
        if (state.kind === 'signedOut') for (const board of this.all()) board.panel.dispose();
      }),
    );
    this.register(vscode.window.onDidChangeWindowState((state) => this.setWindowFocused(state.focused)));
    this.register({ dispose: () => clearTimeout(this.timer) });
    this.register({ dispose: () => this.all().forEach((b) => b.panel.dispose()) });
  }

  all(): BoardPanel[] {
    return [...this.boards];
  }

  async open(source: BoardSource): Promise<BoardPanel | undefined> {
    const open = this.all().find((b) => sourceKey(b.source) === sourceKey(source));
    if (open) {
      open.panel.reveal();
      return open;
    }
    const state = await signedIn(this.services.session);
    if (!state) return undefined;
    const panel = vscode.window.createWebviewPanel(
      boardViewType,
      vscode.l10n.t('Board: {0}', source.name),
      vscode.ViewColumn.Active,
      { enableFindWidget: true, retainContextWhenHidden: false, ...webviewOptions(this.services.extensionUri) },
    );
    const board = new BoardPanel(panel, source, state.client, this.services);
    this.boards.add(board);
    panel.onDidDispose(() => {
      board.dispose();
      this.boards.delete(board);
    });
    this.schedule();
    return board;
  }

  /** The window gained or lost focus (also how tests stand in for it). */
  setWindowFocused(focused: boolean): void {
    this.focused = focused;
  }

  /** One poll of every visible board (the timer calls it; tests may too). Returns how many were read. */
  async poll(): Promise<number> {
    const state = this.services.session.state;
    if (state.kind !== 'signedIn' || !this.focused) return 0;
    const budget = state.client.limiter.snapshot();
    if (budget.remaining < budget.limit / 2 || budget.paused) return 0;
    const visible = this.all().filter((b) => b.panel.visible);
    await Promise.all(visible.map((b) => b.reload()));
    return visible.length;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const seconds = vscode.workspace.getConfiguration(SECTION).get<number>('tree.pollIntervalSeconds', 300);
    if (seconds > 0 && this.boards.size > 0 && !this.isDisposed) {
      this.timer = setTimeout(() => void this.poll().finally(() => this.schedule()), Math.max(30, seconds) * 1000);
    }
  }
}

/**
 * The board feature: `taskPlatform.openBoard` on a list, folder or space of the Workspaces tree, a
 * saved view of the Saved Views tree, the active table (its title bar), or a list picked from the
 * palette.
 */
export function registerBoard(
  context: vscode.ExtensionContext,
  services: Services,
  load: (feature: Feature) => Promise<unknown>,
): Boards {
  const boards = new Boards(services);
  context.subscriptions.push(boards);
  registerCommand(context, Commands.openBoard, async (arg?: unknown) => {
    // The list picker is the commands feature's (recent lists first), loaded when the palette asks.
    const source =
      sourceFromArg(arg) ??
      (await activeTable(load)) ??
      (await pickFromPalette((await load('commands')) as CommandContext));
    return source ? boards.open(source) : undefined;
  });
  return boards;
}

/** The table in the active editor group, when the command is run from its title bar. */
async function activeTable(load: (feature: Feature) => Promise<unknown>): Promise<BoardSource | undefined> {
  const tables = (await load('table')) as Tables;
  return tables.all().find((t) => t.panel.active)?.source;
}

async function pickFromPalette(commands: CommandContext): Promise<BoardSource | undefined> {
  const state = await signedIn(commands.services.session);
  const list = state && (await pickList(commands, state, vscode.l10n.t('Open as Board')));
  return list ? { kind: 'list', workspaceId: list.workspaceId, id: list.listId, name: list.name } : undefined;
}
