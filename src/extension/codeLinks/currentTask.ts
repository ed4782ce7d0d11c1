import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { inert } from '../../core/text/inert';
import { isUuid } from '../../core/util/ids';
import { isAccountKey } from '../../core/accounts/account';
import type { AccountKey } from '../../core/accounts/account';

export interface CurrentTaskInfo {
  /** Whose task (none: the primary account's); a click and #taskPlatformTask read it as that account. */
  readonly account?: AccountKey;
  readonly workspaceId: string;
  readonly taskId: string;
  readonly displayId: string;
  readonly title: string;
  readonly branch: string;
}

const KEY = 'taskPlatform.codeLinks.currentTask';

/** The Start Work record of a workspace (workspaceState), also read by the chat's #taskPlatformTask. */
export function startedTask(memento: vscode.Memento): CurrentTaskInfo | undefined {
  const value = memento.get<CurrentTaskInfo>(KEY);
  const account = value?.account;
  return value && isUuid(value.workspaceId) && isUuid(value.taskId) && (account === undefined || isAccountKey(account))
    ? value
    : undefined;
}

/** The task the user started work on (per workspace), shown in the status bar; a click opens it. */
export class CurrentTask implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(
    'taskPlatform.currentTask',
    vscode.StatusBarAlignment.Left,
    50,
  );

  constructor(private readonly memento: vscode.Memento) {
    this.item.name = vscode.l10n.t('Task Platform: Current Task');
    this.render();
  }

  get(): CurrentTaskInfo | undefined {
    return startedTask(this.memento);
  }

  async set(info: CurrentTaskInfo | undefined): Promise<void> {
    await this.memento.update(KEY, info);
    this.render();
  }

  /** What the status bar item shows (tests read it). */
  get shown(): { text: string; tooltip: string } {
    return {
      text: this.item.text,
      tooltip: typeof this.item.tooltip === 'string' ? this.item.tooltip : (this.item.tooltip?.value ?? ''),
    };
  }

  private render(): void {
    const info = this.get();
    if (!info) {
      this.item.hide();
      return;
    }
    // Stored from the service and the repository: shown inert, after the item's own icon.
    this.item.text = `$(tasklist) ${inert(info.displayId, 40)}`;
    this.item.tooltip = inert(
      vscode.l10n.t('Working on {0} "{1}" (branch {2}). Click to open.', info.displayId, info.title, info.branch),
    );
    this.item.command = {
      command: Commands.openTask,
      title: vscode.l10n.t('Open Task'),
      arguments: [{ account: info.account, workspaceId: info.workspaceId, taskId: info.taskId }],
    };
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
