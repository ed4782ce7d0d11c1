import { NotFoundError } from '../../core/api/errors';
import type { Attachment, Task, TaskRow } from '../../core/api/schemas';
import type { Page, PanelModel } from '../../shared/taskPanel/protocol';
import { describeFailure, reportFailure } from '../ui/failure';
import * as vscode from 'vscode';
import { markGone } from './context';
import type { PanelContext } from './context';

type Section = keyof PanelModel & string;

/**
 * Opening is fast: the panel paints from the tree's row, then every section is asked for
 * in parallel and shown as it arrives. Comments and activity load their first page only. Sections the
 * row already proves empty (subtask_count 0, attachments_count 0) cost no request.
 */
export async function loadAll(ctx: PanelContext, row: Task | TaskRow | undefined): Promise<void> {
  const opts = { signal: ctx.signal, priority: 'user' as const };
  const taskLoad = ctx.client.getTask(ctx.workspaceId, ctx.taskId, opts);
  const jobs: Promise<void>[] = [
    section(ctx, 'task', async () => {
      const task = await taskLoad;
      ctx.update({ task, complete: true });
      return task;
    }),
    section(ctx, 'comments', () => loadFirstPage(ctx, 'comments')),
    section(ctx, 'activity', () => loadFirstPage(ctx, 'activity')),
    section(ctx, 'customFields', async () => ctx.client.getCustomFields(ctx.taskId, opts)),
    section(ctx, 'dependencies', async () => ctx.client.getDependencies(ctx.workspaceId, ctx.taskId, opts)),
    section(ctx, 'members', async () => ctx.lookups.members(ctx.client, ctx.workspaceId)),
    row?.subtask_count === 0
      ? set(ctx, { subtasks: [] })
      : section(ctx, 'subtasks', async () => ctx.client.getSubtasks(ctx.workspaceId, ctx.taskId, opts)),
    row?.attachments_count === 0
      ? set(ctx, { attachments: [] })
      : section(ctx, 'attachments', () => loadAttachments(ctx)),
  ];
  // Statuses, breadcrumb and parent need the list and parent ids: from the row when the tree gave
  // one, else from the task once it arrives.
  const rowKnowsPlace = row?.list_id !== undefined && row.parent_task_id !== undefined;
  const base: Promise<Task | TaskRow | undefined> = rowKnowsPlace
    ? Promise.resolve(row)
    : taskLoad.catch(() => undefined);
  jobs.push(base.then((task) => (task ? loadListContext(ctx, task) : undefined)));
  await Promise.all(jobs);
}

/** Statuses, breadcrumb and parent: what depends on the task's list (again after a move). */
export async function loadListContext(ctx: PanelContext, task: Task | TaskRow): Promise<void> {
  if (!task.list_id) {
    return;
  }
  const listId = task.list_id;
  await Promise.all([section(ctx, 'statuses', () => ctx.lookups.statuses(ctx.client, listId)), loadPlace(ctx, task)]);
}

export async function loadAttachments(ctx: PanelContext): Promise<Attachment[]> {
  const opts = { signal: ctx.signal, priority: 'background' as const };
  // One listing per context (docs/api/openapi.yaml#listTaskAttachments: "omitted means the task's file attachments").
  const lists = await Promise.all(
    (['task', 'description', 'comment'] as const).map((c) =>
      ctx.client.listAttachments(ctx.workspaceId, ctx.taskId, c, opts),
    ),
  );
  return lists.flat();
}

/**
 * First page of comments or activity; also used to refresh after a write and by the change poller
 * (`background`), keeping pages loaded below.
 */
export async function loadFirstPage<K extends 'comments' | 'activity'>(
  ctx: PanelContext,
  which: K,
  priority: 'user' | 'background' = 'user',
): Promise<NonNullable<PanelModel[K]>> {
  const opts = { signal: ctx.signal, priority };
  const page =
    which === 'comments'
      ? await ctx.client.getComments(ctx.workspaceId, ctx.taskId, undefined, opts)
      : await ctx.client.getActivity(ctx.workspaceId, ctx.taskId, undefined, opts);
  const current = ctx.model()[which] as Page<{ id: string }> | undefined;
  if (current && current.items.length > page.data.length) {
    // More pages were loaded: put the new first page on top of what is already there.
    const fresh = new Set(page.data.map((i) => i.id));
    return {
      items: [...page.data, ...current.items.filter((i) => !fresh.has(i.id))] as never,
      hasMore: current.hasMore,
    };
  }
  ctx.cursors[which] = page.next_cursor;
  return { items: page.data as never, hasMore: page.has_more };
}

async function loadPlace(ctx: PanelContext, task: Task | TaskRow): Promise<void> {
  const state = ctx.session.state;
  const workspaceName =
    state.kind === 'signedIn' ? state.user.workspaces.find((w) => w.id === ctx.workspaceId)?.name : undefined;
  const parentId = task.parent_task_id;
  await Promise.all([
    section(ctx, 'breadcrumb', () => ctx.lookups.breadcrumb(ctx.client, ctx.workspaceId, workspaceName, task.list_id!)),
    parentId
      ? section(ctx, 'parent', async () => {
          const parent = await ctx.client.getTask(ctx.workspaceId, parentId, {
            signal: ctx.signal,
            priority: 'background',
          });
          return { id: parent.id, title: parent.title, display_id: parent.display_id };
        })
      : Promise.resolve(),
  ]);
}

function set(ctx: PanelContext, patch: Partial<PanelModel>): Promise<void> {
  ctx.update(patch);
  return Promise.resolve();
}

/** Loads one section; a failure shows in that section only (the rest of the panel still works). */
async function section(ctx: PanelContext, name: Section, load: () => Promise<unknown>): Promise<void> {
  try {
    const value = await load();
    if (name !== 'task') {
      ctx.update({ [name]: value } as Partial<PanelModel>);
    }
  } catch (error) {
    if (ctx.signal.aborted) {
      return;
    }
    if (name === 'task' && NotFoundError.is(error)) {
      markGone(ctx);
      return;
    }
    if (name === 'task') {
      // The task itself failing is worth a message (and a 401 turns the session to "rejected").
      void reportFailure(vscode.l10n.t('Could not load the task'), error);
    }
    const message = describeFailure(vscode.l10n.t('Could not load this part of the task'), error);
    ctx.update({ errors: { ...ctx.model().errors, [name]: message } });
  }
}
