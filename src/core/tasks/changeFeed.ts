import type { ActivityPage } from '../api/envelopes';
import type { ActivityEntry } from '../api/schemas';
import { throwIfAborted } from '../util/abort';

/**
 * Change detection for one task (docs/decisions/change-detection.md). The activity route is
 * newest first, 30 a page (docs/api/openapi.yaml#listTaskActivity), so reading from the top and
 * stopping at the newest entry already seen costs one request when fewer than 30 things happened.
 */

/** What the caller remembers between polls: the id of the newest entry it has seen. */
export type FeedMark =
  /** The task's activity was read and was empty: every entry from now on is new. */
  { readonly newestId: null } | { readonly newestId: string };

export interface FeedResult {
  /** Entries newer than the mark, newest first (as the route gives them). */
  readonly entries: readonly ActivityEntry[];
  /** The mark to keep for the next poll. */
  readonly mark: FeedMark;
  /**
   * True when the entry of the mark was not met within `maxPages`: more happened than was read
   * (or the entry is gone), so the caller reloads the task fully instead of patching it.
   */
  readonly gap: boolean;
  /** Requests this read made (the poller's budget accounting and the tests read it). */
  readonly requests: number;
}

export type FetchActivityPage = (cursor: string | undefined) => Promise<ActivityPage>;

export interface FeedOptions {
  /** Pages read at most before giving up and reporting a gap; default 2 (60 entries). */
  readonly maxPages?: number;
  readonly signal?: AbortSignal;
}

/** Reads the entries newer than `mark`, newest first, stopping at the entry of the mark. */
export async function readNewActivity(
  fetchPage: FetchActivityPage,
  mark: FeedMark,
  options: FeedOptions = {},
): Promise<FeedResult> {
  const maxPages = Math.max(1, options.maxPages ?? 2);
  const entries: ActivityEntry[] = [];
  let cursor: string | undefined;
  let requests = 0;
  for (;;) {
    throwIfAborted(options.signal);
    const page = await fetchPage(cursor);
    requests += 1;
    const at = mark.newestId === null ? -1 : page.data.findIndex((e) => e.id === mark.newestId);
    if (at >= 0) {
      entries.push(...page.data.slice(0, at));
      return { entries, mark: markOf(entries, mark), gap: false, requests };
    }
    entries.push(...page.data);
    if (!page.has_more || !page.next_cursor) {
      // The whole history was read: with an empty mark that is exactly the new entries; with an
      // id that never showed up, the history no longer holds it (reload to be safe).
      return { entries, mark: markOf(entries, mark), gap: mark.newestId !== null, requests };
    }
    if (requests >= maxPages) {
      return { entries, mark: markOf(entries, mark), gap: true, requests };
    }
    cursor = page.next_cursor;
  }
}

/** The mark for a panel that already shows the first activity page (no request needed). */
export function markFromLoaded(items: readonly { readonly id: string }[]): FeedMark {
  return items.length > 0 ? { newestId: items[0]!.id } : { newestId: null };
}

/** Entries by someone other than `me` (our own writes are applied where they were made). */
export function byOthers(entries: readonly ActivityEntry[], me: string | undefined): ActivityEntry[] {
  return entries.filter((e) => !me || e.actor_id !== me);
}

/** Which parts of an open task an entry makes stale, so a poll re-reads only those. */
export interface Stale {
  task: boolean;
  comments: boolean;
  dependencies: boolean;
  attachments: boolean;
  /** The task went to Trash (no read needed: it would answer 404). */
  deleted: boolean;
}

/**
 * Maps activity actions to the parts they touch. The spec names only the status change's
 * values; the action names are the sandbox's (docs/api/openapi.yaml#listTaskActivity). Custom field
 * values come with the task (docs/api/openapi.yaml#listTaskCustomFields). Anything unknown re-reads the task, which is
 * always safe.
 */
export function staleParts(entries: readonly ActivityEntry[]): Stale {
  const stale: Stale = { task: false, comments: false, dependencies: false, attachments: false, deleted: false };
  for (const { action } of entries) {
    if (action.startsWith('comment_')) stale.comments = true;
    else if (action.startsWith('dependency_')) stale.dependencies = true;
    else if (action.startsWith('attachment_')) stale.attachments = true;
    else if (action === 'deleted') stale.deleted = true;
    else stale.task = true;
  }
  // A task restored after a delete in the same window is live again.
  if (entries.length > 0 && entries[0]!.action !== 'deleted') stale.deleted = false;
  return stale;
}

function markOf(entries: readonly ActivityEntry[], previous: FeedMark): FeedMark {
  return entries.length > 0 ? { newestId: entries[0]!.id } : previous;
}
