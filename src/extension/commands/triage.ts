import * as vscode from 'vscode';
import type { UpdateTaskInput } from '../../core/api/inputs';
import type { TaskRow } from '../../core/api/schemas';
import type { SignedIn } from '../auth/session';
import { reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import type { LiveQuickPick } from '../ui/prompter';
import { openTask, taskName } from './context';
import type { CommandContext } from './context';
import { listTarget } from './create';
import type { ListChoice } from './create';
import { actionButtons, actionItems, choiceItems, KEYS } from './triageOptions';
import type { Action, ChoiceMode, TriageItem } from './triageOptions';

export interface TriageSummary {
  readonly total: number;
  readonly seen: number;
  readonly changed: number;
}

/** One page of the task index is what a triage session walks (Tasks: per_page max 100). */
const TRIAGE_PAGE = 100;

/**
 * Triage mode: walks the tasks of a list one at a time in a keyboard-driven QuickPick. Single keys
 * (s, p, a, d, o, n) or the title-bar buttons set status, priority, assignee, due date, open the
 * task or go to the next one; the title shows "n of m".
 */
export async function triage(ctx: CommandContext, arg?: unknown): Promise<TriageSummary | undefined> {
  const title = vscode.l10n.t('Triage');
  const target = await listTarget(ctx, arg, title);
  if (!target) {
    return undefined;
  }
  const { state, list } = target;
  let rows: TaskRow[];
  let total: number;
  try {
    const page = await state.client.listTasks(list.workspaceId, { scope: { list_id: list.listId }, per_page: TRIAGE_PAGE, page: 1 }, { priority: 'user' });
    rows = page.data;
    total = page.total_count ?? rows.length;
  } catch (error) {
    void reportFailure(ctx.services.session, vscode.l10n.t('Could not load the tasks of {0}', list.name), error);
    return undefined;
  }
  if (rows.length === 0) {
    void prompter().info(vscode.l10n.t('Nothing to triage: {0} has no tasks.', list.name));
    return { total: 0, seen: 0, changed: 0 };
  }
  if (total > rows.length) {
    vscode.window.setStatusBarMessage(vscode.l10n.t('Triage walks the first {0} of {1} tasks.', rows.length, total), 6000);
  }
  return new Promise((resolve) => new TriageSession(ctx, state, list, rows, resolve).start());
}

class TriageSession {
  private readonly pick: LiveQuickPick<TriageItem> = prompter().createQuickPick<TriageItem>();
  private index = 0;
  private mode: 'task' | ChoiceMode = 'task';
  private readonly changed = new Set<string>();
  private settled = false;

  constructor(
    private readonly ctx: CommandContext,
    private readonly state: SignedIn,
    private readonly list: ListChoice,
    private readonly rows: TaskRow[],
    private readonly done: (summary: TriageSummary) => void,
  ) {}

  start(): void {
    // Opening a task focuses its panel; the walk must survive that.
    this.pick.ignoreFocusOut = true;
    this.pick.onDidChangeValue((value) => void this.onValue(value));
    this.pick.onDidAccept(() => void this.onAccept());
    this.pick.onDidTriggerButton((button) => void this.run((button as { action?: Action }).action));
    this.pick.onDidHide(() => this.finish());
    this.render();
    this.pick.show();
  }

  private get row(): TaskRow {
    return this.rows[this.index] as TaskRow;
  }

  private render(items?: TriageItem[]): void {
    const pick = this.pick;
    pick.title = vscode.l10n.t('Triage {0} · {1} of {2}', this.list.name, this.index + 1, this.rows.length);
    if (this.mode === 'task') {
      pick.placeholder = vscode.l10n.t('{0}: press s, p, a, d to set a field, o to open, n for the next task', taskName(this.row));
      pick.buttons = actionButtons();
      pick.items = actionItems(this.row);
    } else {
      pick.placeholder = this.mode === 'due' ? vscode.l10n.t('Pick a date or type one (YYYY-MM-DD)') : vscode.l10n.t('Pick a value, or Back');
      pick.buttons = [];
      pick.items = items ?? [];
    }
  }

  private async onValue(value: string): Promise<void> {
    if (this.mode === 'due') {
      this.render(await choiceItems(this.ctx, this.state, 'due', this.row, this.list.workspaceId, value));
      return;
    }
    const action = this.mode === 'task' ? KEYS[value.trim().toLowerCase()] : undefined;
    if (action) {
      this.pick.value = '';
      await this.run(action);
    }
  }

  private async onAccept(): Promise<void> {
    const item = this.pick.activeItems[0];
    if (item?.action) {
      await this.run(item.action);
    } else if (item?.back) {
      this.mode = 'task';
      this.pick.value = '';
      this.render();
    } else if (item?.patch) {
      await this.apply(item.patch);
    }
  }

  private async run(action: Action | undefined): Promise<void> {
    if (action === 'next') {
      this.next();
    } else if (action === 'open') {
      await openTask({ workspaceId: this.list.workspaceId, taskId: this.row.id, row: this.row });
    } else if (action) {
      this.pick.busy = true;
      try {
        const items = await choiceItems(this.ctx, this.state, action, this.row, this.list.workspaceId, '');
        this.mode = action;
        this.render(items);
      } catch (error) {
        void reportFailure(this.ctx.services.session, vscode.l10n.t('Could not load the choices'), error);
      } finally {
        this.pick.busy = false;
      }
    }
  }

  private async apply(patch: UpdateTaskInput): Promise<void> {
    const row = this.row;
    this.pick.busy = true;
    try {
      const task = await this.state.client.updateTask(this.list.workspaceId, row.id, patch, { priority: 'user' });
      this.ctx.services.changes.fire({ kind: 'updated', workspaceId: this.list.workspaceId, task });
      this.rows[this.index] = task;
      this.changed.add(row.id);
      this.mode = 'task';
      this.pick.value = '';
      this.render();
    } catch (error) {
      void reportFailure(this.ctx.services.session, vscode.l10n.t('Could not update {0}', taskName(row)), error);
    } finally {
      this.pick.busy = false;
    }
  }

  private next(): void {
    if (this.index + 1 >= this.rows.length) {
      this.index = this.rows.length;
      this.pick.hide();
      return;
    }
    this.index++;
    this.mode = 'task';
    this.render();
  }

  private finish(): void {
    if (this.settled) {
      return;
    }
    this.settled = true;
    this.pick.dispose();
    const summary = { total: this.rows.length, seen: Math.min(this.index + 1, this.rows.length), changed: this.changed.size };
    vscode.window.setStatusBarMessage(vscode.l10n.t('Triage of {0}: {1} of {2} tasks seen, {3} changed.', this.list.name, summary.seen, summary.total, summary.changed), 6000);
    this.done(summary);
  }
}
