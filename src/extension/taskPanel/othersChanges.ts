import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { NotFoundError } from '../../core/api/errors';
import type { ActivityEntry, Task } from '../../core/api/schemas';
import { byOthers, readNewActivity, staleParts } from '../../core/tasks/changeFeed';
import type { FeedMark, Stale } from '../../core/tasks/changeFeed';
import { changedFields } from '../../shared/taskPanel/fields';
import type { Page, PanelModel, ChangeNotice } from '../../shared/taskPanel/protocol';
import { goneMessage } from './context';
import type { PanelContext } from './context';
import { loadAttachments, loadFirstPage, loadListContext } from './loader';

export interface PanelPoll {
  /** The mark for the next poll. */
  readonly mark: FeedMark;
  /** Requests this poll sent (activity pages and re-reads). */
  readonly requests: number;
  /** Entries by someone else that were applied. */
  readonly others: number;
}

type Patch = { -readonly [K in keyof PanelModel]?: PanelModel[K] } & { task?: Task };

const EVERYTHING: Stale = { task: true, comments: true, dependencies: true, attachments: true, deleted: false };
const NOTICE_ENTRIES = 8;

/**
 * One poll of one open panel. New activity entries (any author) go on top of the activity section
 * at no extra cost; for entries by someone else (`me` is the signed-in user: our own writes were
 * applied where they were made) only the parts they touch are re-read, at background priority, and
 * shown in ONE model update together with the notice, so the webview can tell a change by someone else
 * from its own and keep what the user is typing. The tree hears about it through TaskChanges.
 */
export async function pollPanel(
  ctx: PanelContext,
  mark: FeedMark,
  me: string | undefined,
  signal: AbortSignal,
): Promise<PanelPoll> {
  const opts = { signal, priority: 'background' as const };
  try {
    const feed = await readNewActivity(
      (cursor) => ctx.client.getActivity(ctx.workspaceId, ctx.taskId, cursor, opts),
      mark,
      { signal },
    );
    if (feed.entries.length === 0) {
      return { mark: feed.mark, requests: feed.requests, others: 0 };
    }
    const others = byOthers(feed.entries, me);
    const stale = feed.gap ? EVERYTHING : staleParts(others);
    if (stale.deleted) {
      ctx.update({
        gone: vscode.l10n.t('Someone moved this task to the Trash.'),
        notice: notice(ctx.model(), others, []),
      });
      return { mark: feed.mark, requests: feed.requests, others: others.length };
    }
    const read: { patch: Patch; requests: number } =
      others.length > 0 || feed.gap ? await reread(ctx, stale, signal) : { patch: {}, requests: 0 };
    const activity = feed.gap ? await firstActivityPage(ctx, signal) : prepend(ctx.model().activity, feed.entries);
    const before = ctx.model().task;
    if (read.patch.task && isOlder(read.patch.task, before)) {
      delete read.patch.task; // the user saved while it was read: their answer is newer
    }
    const fields = read.patch.task
      ? changedFields(before as Record<string, unknown>, read.patch.task as Record<string, unknown>)
      : [];
    const patch: Partial<PanelModel> = {
      ...read.patch,
      activity,
      ...(others.length > 0 ? { notice: notice(ctx.model(), others, fields) } : {}),
    };
    ctx.update(patch);
    if (read.patch.task) {
      announce(ctx, before.list_id ?? undefined, read.patch.task);
    }
    return { mark: feed.mark, requests: feed.requests + read.requests + (feed.gap ? 1 : 0), others: others.length };
  } catch (error) {
    if (NotFoundError.is(error)) {
      // Activity and task answer 404 alike for Trash, purge and lost access (docs/api/README.md#errors: 404).
      ctx.update({ gone: goneMessage() });
    }
    throw error;
  }
}

/** Re-reads the stale parts in parallel; one GET each (attachments: one per context). */
async function reread(
  ctx: PanelContext,
  stale: Stale,
  signal: AbortSignal,
): Promise<{ patch: Patch; requests: number }> {
  const opts = { signal, priority: 'background' as const };
  const patch: Patch = {};
  let requests = 0;
  const jobs: Promise<void>[] = [];
  if (stale.task) {
    requests += 1;
    jobs.push(ctx.client.getTask(ctx.workspaceId, ctx.taskId, opts).then((task) => void (patch.task = task)));
  }
  if (stale.comments) {
    requests += 1;
    jobs.push(loadFirstPage(ctx, 'comments', 'background').then((comments) => void (patch.comments = comments)));
  }
  if (stale.dependencies) {
    requests += 1;
    jobs.push(
      ctx.client.getDependencies(ctx.workspaceId, ctx.taskId, opts).then((deps) => void (patch.dependencies = deps)),
    );
  }
  if (stale.attachments) {
    requests += 3;
    jobs.push(loadAttachments(ctx).then((attachments) => void (patch.attachments = attachments)));
  }
  await Promise.all(jobs);
  return { patch: patch.task ? { ...patch, complete: true } : patch, requests };
}

function isOlder(read: Task, shown: { updated_at?: string | null }): boolean {
  return (
    typeof read.updated_at === 'string' && typeof shown.updated_at === 'string' && read.updated_at < shown.updated_at
  );
}

/** Tells the tree (and other features) about the task a poll found, without a request of theirs. */
function announce(ctx: PanelContext, fromListId: string | undefined, task: Task): void {
  if (fromListId !== undefined && task.list_id !== fromListId) {
    ctx.services.changes.fire({ kind: 'moved', workspaceId: ctx.workspaceId, task, fromListId });
    void loadListContext(ctx, task); // a new list: its statuses and breadcrumb
  } else {
    ctx.services.changes.fire({ kind: 'updated', workspaceId: ctx.workspaceId, task });
  }
}

/** After a gap the timeline starts again from its first page (the pages below no longer join it). */
async function firstActivityPage(ctx: PanelContext, signal: AbortSignal): Promise<Page<ActivityEntry>> {
  const page = await ctx.client.getActivity(ctx.workspaceId, ctx.taskId, undefined, { signal, priority: 'background' });
  ctx.cursors.activity = page.next_cursor;
  return { items: page.data, hasMore: page.has_more };
}

/** New entries on top of the loaded ones (ids already shown are not repeated). */
function prepend(
  current: Page<ActivityEntry> | undefined,
  entries: readonly ActivityEntry[],
): Page<ActivityEntry> | undefined {
  if (!current) {
    return undefined;
  }
  const fresh = new Set(entries.map((e) => e.id));
  return { ...current, items: [...entries, ...current.items.filter((e) => !fresh.has(e.id))] };
}

/** A notice not yet dismissed gathers what happened since; a new id tells the webview to look again. */
function notice(model: PanelModel, others: readonly ActivityEntry[], fields: ChangeNotice['fields']): ChangeNotice {
  const previous = model.notice;
  const names = others.map((e) => e.actor_name || vscode.l10n.t('Someone'));
  return {
    id: randomUUID(),
    actors: [...new Set([...names, ...(previous?.actors ?? [])])],
    entries: [...others, ...(previous?.entries ?? [])].slice(0, NOTICE_ENTRIES),
    at: new Date().toISOString(),
    fields,
  };
}
