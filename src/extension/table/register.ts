import * as vscode from 'vscode';
import { Commands } from '../commands/ids';
import { registerCommand } from '../commands/registry';
import type { CommandContext } from '../commands/context';
import { pickList } from '../commands/create';
import { signedIn } from '../auth/guard';
import type { Services } from '../services';
import { OpenPanels } from '../board/openPanels';
import type { Boards } from '../board/register';
import type { BoardSource } from '../board/source';
import { sourceFromArg, sourceKey } from '../board/source';
import { ViewFilter } from '../tree/viewFilter';
import type { Feature } from '../start/contract';
import { TablePanel, tableViewType } from './panel';

/** The open tables, one per list, folder, space or view, each with its own filter (kept in workspace state). */
export class Tables extends OpenPanels<TablePanel> {
  constructor(
    services: Services,
    private readonly memento: vscode.Memento,
  ) {
    super(services);
  }

  async open(source: BoardSource): Promise<TablePanel | undefined> {
    const open = this.revealed(source);
    if (open) return open;
    const state = await signedIn(this.services.session);
    if (!state) return undefined;
    const panel = this.createPanel(tableViewType, vscode.l10n.t('Table: {0}', source.name));
    const filter = new ViewFilter(`${tableViewType}.${sourceKey(source)}`, this.memento);
    return this.add(new TablePanel(panel, source, state.client, this.services, filter), () => filter.dispose());
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
