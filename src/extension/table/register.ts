import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { registerCommand } from '../common/registry';
import type { Services } from '../services';
import { OpenPanels, sourceToOpen } from '../board/openPanels';
import type { BoardSource } from '../board/source';
import { sourceKey } from '../board/source';
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

  /** Restores the tables VS Code reopens after a reload. */
  readonly serializer = this.restorer((source, existing) => this.open(source, existing));

  /** Shows a table of `source`: the one open, else a new one (in `existing`, a tab restored after a reload). */
  open(source: BoardSource, existing?: vscode.WebviewPanel): Promise<TablePanel | undefined> {
    const tab = { viewType: tableViewType, title: vscode.l10n.t('Table: {0}', source.name) };
    return this.show(source, existing, tab, (panel, owner, owned) => {
      const filter = new ViewFilter(`${tableViewType}.${sourceKey(source)}`, this.memento);
      return new TablePanel(panel, owned, owner, this.services, filter);
    });
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
  context.subscriptions.push(tables, vscode.window.registerWebviewPanelSerializer(tableViewType, tables.serializer));
  registerCommand(context, Commands.openTable, async (arg?: unknown) => {
    const source = await sourceToOpen(arg, load, vscode.l10n.t('Open as Table'));
    return source ? tables.open(source) : undefined;
  });
  return tables;
}
