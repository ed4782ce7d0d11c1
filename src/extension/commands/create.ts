import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import type { CreateTaskInput } from '../../core/api/inputs';
import type { Task } from '../../core/api/schemas';
import { checkTitle, MAX_TITLE_LENGTH } from '../../core/tasks/title';
import type { SignedIn } from '../auth/session';
import type { TaskRef } from '../tasks/ref';
import { readOrReport, reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { commandOn, openTask, taskName } from '../common/commandContext';
import type { CommandContext } from '../common/commandContext';
import { listFinder, rememberList } from '../common/pickList';
import { chooseDetails } from './createDetails';
import { askDescription, fieldsAfterCreate, fieldsBeforeCreate, saveFieldValues } from './createFields';
import { selectionDescription } from './selection';
import { taskFinder, taskWith } from '../common/pickTask';

/** The explanation of a bad title, or undefined (title 255 characters: docs/api/README.md#limits). */
export function titleProblem(value: string): string | undefined {
  const check = checkTitle(value);
  if (check.ok) {
    return undefined;
  }
  return check.reason === 'empty'
    ? vscode.l10n.t('The title cannot be empty.')
    : vscode.l10n.t('The title is {0} characters long; the limit is {1}.', check.length, MAX_TITLE_LENGTH);
}

/** As the title is typed: the problem, or how many characters are left once few remain. */
function liveTitleCheck(value: string): string | vscode.InputBoxValidationMessage | undefined {
  const problem = titleProblem(value);
  if (problem) {
    return problem;
  }
  const left = MAX_TITLE_LENGTH - [...value.trim()].length;
  return left < 30
    ? { message: vscode.l10n.t('{0} characters left', left), severity: vscode.InputBoxValidationSeverity.Info }
    : undefined;
}

/** Asks the title with live validation, and checks it again (a scripted or pasted answer skips the live check). */
export async function askTitle(title: string, value = ''): Promise<string | undefined> {
  const typed = await prompter().inputBox({
    title,
    prompt: vscode.l10n.t('Title of the task'),
    value,
    validateInput: liveTitleCheck,
  });
  if (typed === undefined) {
    return undefined;
  }
  const check = checkTitle(typed);
  if (!check.ok) {
    void prompter().warn(titleProblem(typed) as string);
    return undefined;
  }
  return check.title;
}

/**
 * Create Task: list (skipped when run on a list node), title, description (Enter skips it), the
 * list's required custom fields (one step each, nothing sent until each is valid), optional details
 * and custom fields, then POST task and, when fields were set, PUT its custom field values. From an
 * editor selection, the selection becomes the description with a link to the file/line.
 */
export const createTask = commandOn(
  listFinder,
  () => vscode.l10n.t('Create Task'),
  async (ctx, { state, list }): Promise<Task | undefined> => {
    const selection = selectionDescription(vscode.window.activeTextEditor);
    const taskTitle = await askTitle(vscode.l10n.t('Create Task in {0}', list.name), selection?.suggestedTitle);
    if (taskTitle === undefined) {
      return undefined;
    }
    const stepTitle = vscode.l10n.t('Create "{0}" in {1}', taskTitle, list.name);
    const description = selection ? selection.markdown : await askDescription(stepTitle);
    if (description === undefined) {
      return undefined;
    }
    const fields = await fieldsBeforeCreate(state, list, stepTitle);
    if (!fields) {
      return undefined;
    }
    const details = await chooseDetails(ctx, state, list, taskTitle, fields);
    if (!details) {
      return undefined;
    }
    const input: CreateTaskInput = {
      ...details,
      list_id: list.listId,
      title: taskTitle,
      description: description || undefined,
    };
    const task = await create(ctx, state, list.workspaceId, input);
    if (task) {
      await rememberList(ctx, list.listId);
      const values = fields.known ? fields.values : await fieldsAfterCreate(state, task, stepTitle);
      const saved = await saveFieldValues(ctx, state, list.workspaceId, task, values);
      await afterCreate({ workspaceId: list.workspaceId, taskId: task.id, row: saved ?? task });
      return saved ?? task;
    }
    return task;
  },
);

async function create(
  ctx: CommandContext,
  state: SignedIn,
  workspaceId: string,
  input: CreateTaskInput,
): Promise<Task | undefined> {
  try {
    const task = await prompter().progress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Creating "{0}"…', input.title) },
      () => state.client.createTask(workspaceId, input, { priority: 'user' }),
    );
    ctx.services.changes.fire({ kind: 'created', workspaceId, task });
    prompter().status(vscode.l10n.t('Created {0}', taskName(task)), 5000);
    return task;
  } catch (error) {
    void reportFailure(vscode.l10n.t('Could not create "{0}"', input.title), error);
    return undefined;
  }
}

/** `taskPlatform.afterCreateTask`: open the panel (default), reveal it in the tree, or nothing. */
async function afterCreate(ref: TaskRef): Promise<void> {
  const choice = vscode.workspace.getConfiguration('taskPlatform').get<string>('afterCreateTask', 'open');
  if (choice === 'open') {
    await openTask(ref);
  } else if (choice === 'reveal') {
    // The Workspaces view walks to the task's list (found through the sidebar when not loaded).
    const target = { workspaceId: ref.workspaceId, listId: ref.row?.list_id, taskId: ref.taskId };
    const shown = await vscode.commands.executeCommand<boolean>(Commands.revealInExplorer, target).then(
      (ok) => ok === true,
      () => false,
    );
    if (!shown) {
      await openTask(ref);
    }
  }
}

/** Add Subtask: a new task under the given one, in the parent's list (POST task with parent_task_id). */
export const addSubtask = commandOn(
  taskFinder,
  () => vscode.l10n.t('Add Subtask'),
  async (ctx, { state, ref: parent }): Promise<Task | undefined> => {
    const row = await readOrReport(vscode.l10n.t('Could not add a subtask'), () =>
      taskWith(state, parent, ['list_id']),
    );
    if (!row) {
      return undefined;
    }
    const taskTitle = await askTitle(vscode.l10n.t('Subtask of {0}', taskName(row)));
    if (taskTitle === undefined) {
      return undefined;
    }
    return create(ctx, state, parent.workspaceId, {
      list_id: row.list_id as string,
      title: taskTitle,
      parent_task_id: parent.taskId,
    });
  },
);
