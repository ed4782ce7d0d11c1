import * as vscode from 'vscode';
import { signedInFor } from '../auth/guard';
import type { UpdateTaskInput } from '../../core/api/inputs';
import type { TaskRow } from '../../core/api/schemas';
import type { SignedIn } from '../auth/session';
import { isUuid } from '../../core/util/ids';
import { taskRefFrom } from '../tasks/ref';
import type { TaskRef } from '../tasks/ref';
import { reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import type { LiveQuickPick } from '../ui/prompter';
import { openTask, targetOf, taskName } from '../common/commandContext';
import type { CommandContext } from '../common/commandContext';
import { listFinder } from '../common/pickList';
import { selectedRefs, taskWith } from '../common/pickTask';
import { actionButtons, actionItems, choiceItems, KEYS } from './triageOptions';
import type { Action, ChoiceMode, TriageItem } from './triageOptions';

export interface TriageSummary {
  readonly total: number;
  readonly seen: number;
  readonly changed: number;
}

/** One page of the task index is what a triage session walks (per_page max 100: docs/api/openapi.yaml#listTasks). */
const TRIAGE_PAGE = 100;

/** What a triage session walks: a list's tasks, or given tasks (a multi-selection, a filter result). */
interface Walk {
  readonly workspaceId: string;
  readonly name: string;
  readonly rows: TaskRow[];
}

/**
 * Triage mode: walks tasks one at a time in a keyboard-driven QuickPick. Single keys (s, p, a, d, o,
 * n) or the title-bar buttons set status, priority, assignee, due date, open the task or go to the
 * next one; the title shows "n of m". It walks the tree's multi-selection, or given tasks
 * (`{ workspaceId, name, tasks: TaskRef[] }`, e.g. a filtered view), or else a list (node or pick).
 */
export async function triage(ctx: CommandContext, arg?: unknown, all?: unknown): Promise<TriageSummary | undefined> {
  const title = vscode.l10n.t('Triage');
  const given = givenTasks(arg, all);
  // Given tasks act with their account (tasks of different accounts are refused together).
  const state = given ? await signedInFor(ctx.services.accounts, given.refs[0], given.refs) : undefined;
  const walk = given ? state && (await loadGiven(state, given)) : await loadList(ctx, arg, title);
  if (!walk) {
    return undefined;
  }
  if (walk.walk.rows.length === 0) {
    void prompter().info(vscode.l10n.t('Nothing to triage: {0} has no tasks.', walk.walk.name));
    return { total: 0, seen: 0, changed: 0 };
  }
  return new Promise((resolve) => new TriageSession(ctx, walk.state, walk.walk, resolve).start());
}

function givenTasks(arg: unknown, all: unknown): { workspaceId: string; name: string; refs: TaskRef[] } | undefined {
  const selected = selectedRefs(arg, all);
  if (selected.length > 1) {
    return {
      workspaceId: (selected[0] as TaskRef).workspaceId,
      name: vscode.l10n.t('{0} selected tasks', selected.length),
      refs: selected,
    };
  }
  const value = arg as { workspaceId?: unknown; name?: unknown; tasks?: unknown } | undefined;
  if (!isUuid(value?.workspaceId) || !Array.isArray(value.tasks)) {
    return undefined;
  }
  const refs = value.tasks
    .map(taskRefFrom)
    .filter((r): r is TaskRef => r !== undefined && r.workspaceId === value.workspaceId);
  return {
    workspaceId: value.workspaceId,
    name: typeof value.name === 'string' ? value.name : vscode.l10n.t('{0} tasks', refs.length),
    refs,
  };
}

/** Rows for given tasks: the caller's rows when they carry the list (statuses are per list), else GET task. */
async function loadGiven(
  state: SignedIn,
  given: { workspaceId: string; name: string; refs: TaskRef[] },
): Promise<{ state: SignedIn; walk: Walk } | undefined> {
  const rows: TaskRow[] = [];
  try {
    for (const ref of given.refs) {
      rows.push(await taskWith(state, ref, ['list_id', 'title']));
    }
  } catch (error) {
    void reportFailure(vscode.l10n.t('Could not load the tasks to triage'), error);
    return undefined;
  }
  return { state, walk: { workspaceId: given.workspaceId, name: given.name, rows } };
}

async function loadList(
  ctx: CommandContext,
  arg: unknown,
  title: string,
): Promise<{ state: SignedIn; walk: Walk } | undefined> {
  const target = await targetOf(ctx, { title, arg }, listFinder);
  if (!target) {
    return undefined;
  }
  const { state, list } = target;
  try {
    const page = await state.client.listTasks(
      list.workspaceId,
      { scope: { list_id: list.listId }, per_page: TRIAGE_PAGE, page: 1 },
      { priority: 'user' },
    );
    const total = page.total_count ?? page.data.length;
    if (total > page.data.length) {
      prompter().status(vscode.l10n.t('Triage walks the first {0} of {1} tasks.', page.data.length, total), 6000);
    }
    return { state, walk: { workspaceId: list.workspaceId, name: list.name, rows: page.data } };
  } catch (error) {
    void reportFailure(vscode.l10n.t('Could not load the tasks of {0}', list.name), error);
    return undefined;
  }
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
    private readonly walk: Walk,
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
    return this.walk.rows[this.index] as TaskRow;
  }

  private render(items?: TriageItem[]): void {
    const pick = this.pick;
    pick.title = vscode.l10n.t('Triage {0} · {1} of {2}', this.walk.name, this.index + 1, this.walk.rows.length);
    if (this.mode === 'task') {
      // The keys are on the items; the placeholder names the task (a long hint would be cut).
      pick.placeholder = taskName(this.row);
      pick.buttons = actionButtons();
      pick.items = actionItems(this.row);
      void this.colourStatus(this.index);
    } else {
      pick.placeholder =
        this.mode === 'due'
          ? vscode.l10n.t('Pick a date or type one (YYYY-MM-DD)')
          : vscode.l10n.t('Pick a value, or Back');
      pick.buttons = [];
      pick.items = items ?? [];
    }
  }

  /** Puts the status's own colour on the Status item once its icon is ready (written once per colour). */
  private async colourStatus(index: number): Promise<void> {
    const icon = await this.ctx.statusIcons.icon(this.row.status?.color);
    if (index === this.index && this.mode === 'task') {
      this.pick.items = this.pick.items.map((item) => (item.action === 'status' ? { ...item, iconPath: icon } : item));
    }
  }

  private async onValue(value: string): Promise<void> {
    if (this.mode === 'due') {
      this.render(await choiceItems(this.ctx, this.state, 'due', this.row, this.walk.workspaceId, value));
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
      await openTask({ workspaceId: this.walk.workspaceId, taskId: this.row.id, row: this.row });
    } else if (action) {
      this.pick.busy = true;
      try {
        const items = await choiceItems(this.ctx, this.state, action, this.row, this.walk.workspaceId, '');
        this.mode = action;
        this.render(items);
      } catch (error) {
        void reportFailure(vscode.l10n.t('Could not load the choices'), error);
      } finally {
        this.pick.busy = false;
      }
    }
  }

  private async apply(patch: UpdateTaskInput): Promise<void> {
    const row = this.row;
    this.pick.busy = true;
    try {
      const task = await this.state.client.updateTask(this.walk.workspaceId, row.id, patch, { priority: 'user' });
      this.ctx.services.changes.fire({ kind: 'updated', workspaceId: this.walk.workspaceId, task });
      this.walk.rows[this.index] = task;
      this.changed.add(row.id);
      this.mode = 'task';
      this.pick.value = '';
      this.render();
    } catch (error) {
      void reportFailure(vscode.l10n.t('Could not update {0}', taskName(row)), error);
    } finally {
      this.pick.busy = false;
    }
  }

  private next(): void {
    if (this.index + 1 >= this.walk.rows.length) {
      this.index = this.walk.rows.length;
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
    const summary = {
      total: this.walk.rows.length,
      seen: Math.min(this.index + 1, this.walk.rows.length),
      changed: this.changed.size,
    };
    prompter().status(
      vscode.l10n.t(
        'Triage of {0}: {1} of {2} tasks seen, {3} changed.',
        this.walk.name,
        summary.seen,
        summary.total,
        summary.changed,
      ),
      6000,
    );
    this.done(summary);
  }
}
