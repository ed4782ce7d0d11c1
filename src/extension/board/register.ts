import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { registerCommand } from '../common/registry';
import type { Services } from '../services';
import { OpenPanels, sourceToOpen } from './openPanels';
import { BoardPanel, boardViewType } from './panel';
import type { BoardSource } from './source';
import type { Feature } from '../start/contract';

/** The open boards, one per list, folder, space or view, and their change polling. Reached by tests. */
export class Boards extends OpenPanels<BoardPanel> {
  /** Restores the boards VS Code reopens after a reload. */
  readonly serializer = this.restorer((source, existing) => this.open(source, existing));

  /** Shows a board of `source`: the one open, else a new one (in `existing`, a tab restored after a reload). */
  open(source: BoardSource, existing?: vscode.WebviewPanel): Promise<BoardPanel | undefined> {
    const tab = { viewType: boardViewType, title: vscode.l10n.t('Board: {0}', source.name) };
    return this.show(
      source,
      existing,
      tab,
      (panel, owner, owned) => new BoardPanel(panel, owned, owner, this.services),
    );
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
  context.subscriptions.push(boards, vscode.window.registerWebviewPanelSerializer(boardViewType, boards.serializer));
  registerCommand(context, Commands.openBoard, async (arg?: unknown) => {
    const source = await sourceToOpen(arg, load, vscode.l10n.t('Open as Board'));
    return source ? boards.open(source) : undefined;
  });
  return boards;
}
