import * as vscode from 'vscode';
import { pickWorkspace } from '../ui/pickers';
import { NotFoundError } from '../../core/api/errors';
import type { SearchHit, Task, TaskRow } from '../../core/api/schemas';
import { parseTaskReference } from '../../core/tasks/links';
import type { TaskReference } from '../../core/tasks/links';
import type { SignedIn } from '../auth/session';
import { currentTasks } from '../tasks/current';
import { taskRefFrom } from '../tasks/ref';
import type { TaskRef } from '../tasks/ref';
import { reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import { inert } from '../../core/text/inert';
import { targetOf } from './commandContext';
import type { CommandContext, Finder } from './commandContext';

type RefItem = vscode.QuickPickItem & { ref?: TaskRef };

/** The task a command acts on: its argument, else the current task, else a search. */
export const taskFinder: Finder<{ ref: TaskRef }> = async (_ctx, state, call) => {
  const ref = await resolveTask(state, call.arg, call.title);
  return ref && { ref };
};

/** The session and the task a command acts on; undefined when signed out (the user was told) or given up. */
export const taskTarget = (ctx: CommandContext, arg: unknown, title: string) =>
  targetOf(ctx, { title, arg }, taskFinder);

/**
 * The tasks of a multi-selection in a tree: VS Code passes the clicked node and then every selected
 * node. Empty unless several tasks of one workspace are selected, the clicked one among them.
 */
export function selectedRefs(arg: unknown, all: unknown): TaskRef[] {
  const clicked = taskRefFrom(arg);
  if (!clicked || !Array.isArray(all) || all.length < 2) {
    return [];
  }
  const refs = all.map(taskRefFrom).filter((r): r is TaskRef => r !== undefined);
  const sameWorkspace = refs.every((r) => r.workspaceId === clicked.workspaceId);
  return sameWorkspace && refs.some((r) => r.taskId === clicked.taskId) ? refs : [];
}

/**
 * The task a command acts on: its argument (tree node, panel), else what the user has in front of
 * them (currentTasks: focused panel, tree selection) offered first, else a search.
 */
export async function resolveTask(state: SignedIn, arg: unknown, title: string): Promise<TaskRef | undefined> {
  const given = taskRefFrom(arg);
  if (given) {
    return given;
  }
  const current = currentTasks();
  if (current.length === 0) {
    return searchForTask(state, title);
  }
  const items: RefItem[] = current.map((ref) => ({
    label: ref.row?.title ?? ref.taskId,
    description: ref.row?.display_id,
    ref,
  }));
  items.push({ label: vscode.l10n.t('Search for another task…'), alwaysShow: true });
  const picked = await prompter().quickPick(items, { title, placeHolder: vscode.l10n.t('Pick a task') });
  if (!picked) {
    return undefined;
  }
  return picked.ref ?? searchForTask(state, title);
}

/** Asks for a search text, a display id, a UUID or a link, and resolves it to one task. */
export async function searchForTask(
  state: SignedIn,
  title: string,
  workspaceId?: string,
): Promise<TaskRef | undefined> {
  const text = await prompter().inputBox({
    title,
    prompt: vscode.l10n.t('Search by title, or give a display id (ACME-12), a task id or a task link'),
    validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Type something to search for.') : undefined),
  });
  if (text === undefined) {
    return undefined;
  }
  const reference = parseTaskReference(text, state.baseUrl);
  if (reference.kind === 'empty') {
    void prompter().warn(vscode.l10n.t('Type something to search for.'));
    return undefined;
  }
  if (reference.kind === 'id' || reference.kind === 'displayId' || reference.kind === 'foreignLink') {
    return findTask(state, reference, workspaceId ? [workspaceId] : undefined);
  }
  const ws = workspaceId ?? (await pickWorkspace(state, title));
  return ws ? pickSearchHit(state, ws, text.trim(), title) : undefined;
}

async function pickSearchHit(
  state: SignedIn,
  workspaceId: string,
  q: string,
  title: string,
): Promise<TaskRef | undefined> {
  let hits: SearchHit[];
  try {
    const result = await prompter().progress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Searching tasks…') },
      () =>
        state.client.search(
          { q: q.slice(0, 255), workspace_id: workspaceId, type: 'tasks', per_page: 20 },
          { priority: 'user' },
        ),
    );
    hits = result.tasks?.hits ?? [];
  } catch (error) {
    void reportFailure(vscode.l10n.t('Could not search tasks'), error);
    return undefined;
  }
  if (hits.length === 0) {
    void prompter().info(vscode.l10n.t('No task matches "{0}".', q));
    return undefined;
  }
  const items: RefItem[] = hits.map((hit) => ({
    label: hit.title,
    description: typeof hit.display_id === 'string' ? hit.display_id : undefined,
    ref: { workspaceId, taskId: hit.id, row: rowOfHit(hit) },
  }));
  return (
    await prompter().quickPick(items, { title, placeHolder: vscode.l10n.t('Pick a task'), matchOnDescription: true })
  )?.ref;
}

/**
 * What a search hit tells of its task, as a partial row (messages name the task without a request).
 * Only string fields are taken: hits are documented as { id, title, priority, ... }
 * (docs/api/openapi.yaml#searchWorkspace).
 */
function rowOfHit(hit: SearchHit): TaskRow {
  const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  return {
    id: hit.id,
    title: hit.title,
    display_id: text(hit.display_id),
    priority: text(hit.priority),
    list_id: text(hit.list_id),
  };
}

/**
 * Finds the task a reference names, in the given workspaces (default: all of the user's). A UUID is
 * read with GET task; a display id through /search (the only documented lookup that matches display
 * ids across a workspace) and checked exactly. Tells the user when nothing matches.
 */
export async function findTask(
  state: SignedIn,
  reference: TaskReference,
  workspaceIds?: string[],
): Promise<TaskRef | undefined> {
  if (reference.kind === 'foreignLink') {
    void prompter().warn(
      vscode.l10n.t(
        'This link points to {0}, not to the Task Platform you are signed in to ({1}).',
        reference.origin,
        new URL(state.baseUrl).origin,
      ),
    );
    return undefined;
  }
  if (reference.kind !== 'id' && reference.kind !== 'displayId') {
    void prompter().warn(vscode.l10n.t('That is not a task id, a display id like ACME-12, or a task link.'));
    return undefined;
  }
  let found: TaskRef[];
  try {
    found = await lookUp(state, reference, workspaceIds);
  } catch (error) {
    void reportFailure(vscode.l10n.t('Could not look up the task'), error);
    return undefined;
  }
  if (found.length === 0) {
    void prompter().warn(notFound(reference));
    return undefined;
  }
  const name = (ref: TaskRef): string =>
    state.user.workspaces.find((w) => w.id === ref.workspaceId)?.name ?? ref.workspaceId;
  return found.length === 1 ? found[0] : chooseWorkspace(found, name);
}

/** What Go to Task says when no workspace has the task. */
export function notFound(reference: { kind: 'id'; taskId: string } | { kind: 'displayId'; displayId: string }): string {
  const shown = reference.kind === 'id' ? reference.taskId : reference.displayId;
  return vscode.l10n.t('No task {0} was found in your workspaces (or you cannot see it).', shown);
}

/**
 * The tasks one account has for a reference: a UUID is one task at most (the first workspace that
 * has it); two workspaces may use one prefix, so a display id is asked of every one. Throws what
 * the service answered other than "not found".
 */
export async function lookUp(
  state: SignedIn,
  reference: { kind: 'id'; taskId: string } | { kind: 'displayId'; displayId: string },
  workspaceIds?: readonly string[],
): Promise<TaskRef[]> {
  const candidates = workspaceIds ?? state.user.workspaces.map((w) => w.id);
  const found: TaskRef[] = [];
  for (const workspaceId of candidates) {
    if (reference.kind === 'displayId') {
      const row = await byDisplayId(state, workspaceId, reference.displayId);
      if (row) found.push({ workspaceId, taskId: row.id, row });
    } else {
      const task = await byId(state, workspaceId, reference.taskId);
      if (task) return [{ workspaceId, taskId: task.id, row: task }];
    }
  }
  return found;
}

/**
 * More than one workspace has the display id: the user picks one (undefined when they cancel). Each
 * item is named by `name` (its workspace, and its account when several are signed in).
 */
export async function chooseWorkspace(
  found: readonly TaskRef[],
  name: (ref: TaskRef) => string,
): Promise<TaskRef | undefined> {
  const displayId = found[0]?.row?.display_id ?? '';
  const items = found.map((ref) => ({
    label: inert(name(ref)),
    description: inert(`${ref.row?.display_id ?? displayId} ${ref.row?.title ?? ''}`),
    ref,
  }));
  const picked = await prompter().quickPick(items, {
    title: vscode.l10n.t('{0} is in more than one workspace', displayId),
    placeHolder: vscode.l10n.t('Which workspace’s {0} do you mean?', displayId),
    matchOnDescription: true,
  });
  return picked?.ref;
}

async function byId(state: SignedIn, workspaceId: string, taskId: string): Promise<Task | undefined> {
  try {
    return await state.client.getTask(workspaceId, taskId, { priority: 'user' });
  } catch (error) {
    if (NotFoundError.is(error)) {
      return undefined;
    }
    throw error;
  }
}

async function byDisplayId(state: SignedIn, workspaceId: string, displayId: string): Promise<TaskRow | undefined> {
  const result = await state.client.search(
    { q: displayId, workspace_id: workspaceId, type: 'tasks', per_page: 5 },
    { priority: 'user' },
  );
  const hits = result.tasks?.hits ?? [];
  const same = (value: unknown): boolean =>
    typeof value === 'string' && value.toLowerCase() === displayId.toLowerCase();
  const exact = hits.find((h) => same(h.display_id));
  if (exact) {
    // Only the fields every row shape has: the hit's other fields are not documented.
    return { id: exact.id, title: exact.title, display_id: exact.display_id as string };
  }
  // Hits are documented as { id, title, priority, ... }: without display ids, read the best few.
  for (const hit of hits.filter((h) => h.display_id === undefined).slice(0, 3)) {
    const task = await byId(state, workspaceId, hit.id);
    if (task && same(task.display_id)) {
      return task;
    }
  }
  return undefined;
}

/** The task with the fields a command needs: the caller's row when it has them, else GET task. */
export async function taskWith(
  state: SignedIn,
  ref: TaskRef,
  fields: readonly (keyof Task)[],
): Promise<TaskRow | Task> {
  const row = ref.row;
  if (row && fields.every((f) => row[f] !== undefined)) {
    return row;
  }
  return state.client.getTask(ref.workspaceId, ref.taskId, { priority: 'user' });
}
