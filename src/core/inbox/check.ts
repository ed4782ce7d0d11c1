import type { RequestOptions } from '../api/requester';
import type { ActivityPage, CommentPage, TaskPage } from '../api/envelopes';
import type { TaskQuery, FilterCondition } from '../api/inputs';
import type { ActivityEntry, TaskRow } from '../api/schemas';
import { INBOX_BUDGET } from '../budgets';
import { throwIfAborted } from '../util/abort';
import { assignmentOf, entryOf, mentions } from './entries';
import { addEntries, autoFollowAll, followSet, lapseAutoFollows } from './state';
import type { FollowRef, InboxEntry, InboxState, SeenTask } from './state';

/** The routes a check reads, all at background priority. */
export interface InboxApi {
  listTasks(workspaceId: string, query: TaskQuery, opts?: RequestOptions): Promise<TaskPage>;
  getActivity(workspaceId: string, taskId: string, cursor?: string, opts?: RequestOptions): Promise<ActivityPage>;
  getComments(workspaceId: string, taskId: string, cursor?: string, opts?: RequestOptions): Promise<CommentPage>;
}

export interface CheckInput {
  readonly me: string;
  /** Each workspace of the user with its spaces (the caller caches the space lists). */
  readonly spaces: readonly { readonly workspaceId: string; readonly spaceIds: readonly string[] }[];
  readonly autoFollow: boolean;
  readonly signal?: AbortSignal;
}

export interface CheckResult {
  /** Entries this check found (before they are merged into the stored ones). */
  readonly entries: readonly InboxEntry[];
  /** Requests the check made (at most INBOX_BUDGET.requests beyond one index read per space). */
  readonly requests: number;
  /** Changed tasks whose news this check left for the next one (its request budget was spent). */
  readonly deferred: number;
  /** Applies what the check learned to the stored state as it is now (another window may have written). */
  apply(state: InboxState, now: number): InboxState;
}

/** Activity pages read at most per task; comment pages read at most to look for mentions. */
const MAX_ACTIVITY_PAGES = 2;
const MAX_COMMENT_PAGES = 3;
/** Display-id conditions per index request (followed tasks of a workspace). */
const FOLLOWS_PER_QUERY = 40;

/**
 * One combined check (docs/decisions/inbox-polling.md). Per space, one index request for the tasks
 * assigned to the user or followed (`assignee_id in [me]` or one `display_id is` per followed task of
 * that workspace): a task whose `updated_at` moved since the last answer has news, and only those
 * tasks' activity is read, newest first, down to the last entry seen. A task assigned since the last
 * answer gives an `assigned` entry. A space answered for the first time is only remembered.
 */
export async function runCheck(api: InboxApi, state: InboxState, input: CheckInput): Promise<CheckResult> {
  const opts: RequestOptions = { priority: 'background', ...(input.signal ? { signal: input.signal } : {}) };
  const followed = followSet(state, input.autoFollow);
  const unfollowed = new Set(state.unfollowed);
  let requests = 0;
  let deferred = 0;
  const count = <T>(p: Promise<T>): Promise<T> => {
    requests += 1;
    return p;
  };
  // Per-task reads (activity, comments) stop at the check's budget; the space reads are one each.
  let spaceReads = 0;
  const left = (): number => INBOX_BUDGET.requests - (requests - spaceReads);
  const spaces: Record<string, string[]> = {};
  const seen: Record<string, SeenTask> = {};
  const newAutoFollows = new Map<string, FollowRef>();
  const found: InboxEntry[] = [];
  const updated = new Map<string, string>();
  const assignedBefore = new Set(Object.values(state.spaces).flat());

  for (const { workspaceId, spaceIds } of input.spaces) {
    // A followed task assigned to the user in the last answer comes with `assignee_id in [me]`: no
    // condition of its own (one that was unassigned since is read by id from the next check on).
    const followedHere = [...followed]
      .filter(([id, f]) => f.workspaceId === workspaceId && f.displayId && !assignedBefore.has(id))
      .map(([, f]) => f);
    for (const spaceId of spaceIds) {
      throwIfAborted(input.signal);
      const key = `${workspaceId}/${spaceId}`;
      const readsBefore = requests;
      const rows = await readSpace(api, workspaceId, spaceId, input.me, followedHere, opts, count);
      spaceReads += requests - readsBefore;
      const assignedNow = rows.filter((r) => r.assignee_id === input.me).map((r) => r.id);
      const before = state.spaces[key];
      spaces[key] = assignedNow;
      for (const row of rows) {
        if (row.updated_at) updated.set(row.id, row.updated_at);
        const mine = row.assignee_id === input.me;
        const ref: FollowRef = {
          workspaceId,
          title: row.title,
          ...(row.display_id ? { displayId: row.display_id } : {}),
        };
        if (mine) newAutoFollows.set(row.id, ref);
        const isNew = mine && before !== undefined && !before.includes(row.id);
        const watched = followed.has(row.id) || (mine && input.autoFollow && !unfollowed.has(row.id));
        if (!isNew && !watched) continue;
        const last = state.seen[row.id];
        const base = { workspaceId, ...(row.updated_at ? { updatedAt: row.updated_at } : {}) };
        if (!isNew && !last?.updatedAt) {
          seen[row.id] = { ...base, ...(last?.markId ? { markId: last.markId } : {}) };
          continue; // first sight: remembered, nothing to report
        }
        if (!isNew && last?.updatedAt === row.updated_at) continue; // nothing happened
        if (left() <= 0) {
          // Left as it was: still changed (or still new) at the next check, which continues from it.
          deferred += 1;
          if (isNew) assignedNow.splice(assignedNow.indexOf(row.id), 1);
          continue;
        }
        const read = await readActivity(api, workspaceId, row.id, isNew ? undefined : last, opts, count, left);
        const markId = read.markId ?? last?.markId;
        seen[row.id] = { ...base, ...(markId ? { markId } : {}) };
        found.push(...entriesFrom(row, workspaceId, read.entries, input.me, isNew, watched));
      }
    }
  }
  await findMentions(api, found, input.me, opts, count, left);
  return {
    entries: found,
    requests,
    deferred,
    apply(current: InboxState, now: number): InboxState {
      const next: InboxState = {
        ...current,
        lastCheckAt: now,
        spaces: { ...current.spaces, ...spaces },
        seen: { ...current.seen, ...seen },
        autoFollows: autoFollowAll(current.autoFollows, newAutoFollows),
      };
      const checked = {
        workspaces: new Set(input.spaces.map((w) => w.workspaceId)),
        // Assigned in the last answer too: one given away since is not asked for until the next check.
        assigned: new Set([...assignedBefore, ...Object.values(spaces).flat()]),
        updated,
      };
      return addEntries(lapseAutoFollows(next, checked, now), found);
    },
  };
}

type Count = <T>(p: Promise<T>) => Promise<T>;

async function readSpace(
  api: InboxApi,
  workspaceId: string,
  spaceId: string,
  me: string,
  followed: readonly FollowRef[],
  opts: RequestOptions,
  count: Count,
): Promise<TaskRow[]> {
  const mine: FilterCondition = { field: 'assignee_id', op: 'in', values: [me] };
  const chunks: FollowRef[][] = [];
  for (let i = 0; i < followed.length; i += FOLLOWS_PER_QUERY) chunks.push(followed.slice(i, i + FOLLOWS_PER_QUERY));
  const queries = (chunks.length > 0 ? chunks : [[]]).map((chunk, i) => [
    ...(i === 0 ? [mine] : []),
    ...chunk.map((f): FilterCondition => ({ field: 'display_id', op: 'is', values: [f.displayId] })),
  ]);
  const rows = new Map<string, TaskRow>();
  for (const conditions of queries) {
    const page = await count(
      api.listTasks(workspaceId, { scope: { space_id: spaceId }, filter: { match: 'any', conditions } }, opts),
    );
    for (const row of page.data) rows.set(row.id, row);
  }
  return [...rows.values()];
}

/**
 * A task's activity newer than what was seen, newest first: down to the entry of the mark, or, with
 * no mark, to the last `updated_at` seen. A newly assigned task (no `last`) reads its first page.
 */
async function readActivity(
  api: InboxApi,
  workspaceId: string,
  taskId: string,
  last: SeenTask | undefined,
  opts: RequestOptions,
  count: Count,
  left: () => number,
): Promise<{ entries: ActivityEntry[]; markId?: string }> {
  const entries: ActivityEntry[] = [];
  let cursor: string | undefined;
  // The first page is read whatever is left (the caller checked); a second one only within the budget.
  for (let page = 0; page < (last ? MAX_ACTIVITY_PAGES : 1) && (page === 0 || left() > 0); page++) {
    const answer = await count(api.getActivity(workspaceId, taskId, cursor, opts));
    for (const a of answer.data) {
      if (last && isOld(a, last)) return { entries, ...markOf(entries, answer.data) };
      entries.push(a);
    }
    if (!answer.has_more || !answer.next_cursor) break;
    cursor = answer.next_cursor;
  }
  return { entries, ...markOf(entries, entries) };
}

function isOld(a: ActivityEntry, last: SeenTask): boolean {
  if (last.markId !== undefined && a.id === last.markId) return true;
  if (last.updatedAt === undefined) return false;
  return last.markId === undefined ? a.created_at <= last.updatedAt : a.created_at < last.updatedAt;
}

function markOf(read: readonly ActivityEntry[], page: readonly ActivityEntry[]): { markId?: string } {
  const newest = read[0] ?? page[0];
  return newest ? { markId: newest.id } : {};
}

function entriesFrom(
  row: TaskRow,
  workspaceId: string,
  activity: readonly ActivityEntry[],
  me: string,
  isNew: boolean,
  watched: boolean,
): InboxEntry[] {
  const others = activity.filter((a) => a.actor_id !== me);
  const out: InboxEntry[] = [];
  let upTo = others.length;
  if (isNew) {
    const assignment = assignmentOf(others, me);
    upTo = assignment ? others.indexOf(assignment) : 0;
    out.push(
      assignment
        ? entryOf(row, workspaceId, assignment, me)!
        : {
            id: `assigned:${row.id}:${row.updated_at ?? ''}`,
            kind: 'assigned',
            taskId: row.id,
            workspaceId,
            ...(row.display_id ? { displayId: row.display_id } : {}),
            title: row.title,
            when: row.updated_at ?? new Date(0).toISOString(),
            read: false,
          },
    );
    if (!watched) return out;
  }
  // Newer than the assignment (or everything new on a task already followed).
  for (const a of others.slice(0, upTo)) {
    const entry = entryOf(row, workspaceId, a, me);
    if (entry && entry.kind !== 'assigned') out.push(entry);
  }
  return out;
}

/** Comments that name the user become `mention` entries; the comment route is read oldest first. */
async function findMentions(
  api: InboxApi,
  found: InboxEntry[],
  me: string,
  opts: RequestOptions,
  count: Count,
  left: () => number,
): Promise<void> {
  const byTask = new Map<string, InboxEntry[]>();
  for (const e of found) {
    if (e.kind === 'comment' && e.commentId) byTask.set(e.taskId, [...(byTask.get(e.taskId) ?? []), e]);
  }
  for (const [taskId, comments] of byTask) {
    const wanted = new Map(comments.map((e) => [e.commentId!, e]));
    let cursor: string | undefined;
    // Past the check's budget a comment stays a `comment` entry (it is not lost, only not told apart as a mention).
    for (let page = 0; page < MAX_COMMENT_PAGES && wanted.size > 0 && left() > 0; page++) {
      const answer = await count(api.getComments(comments[0]!.workspaceId, taskId, cursor, opts));
      for (const c of answer.data) {
        const entry = wanted.get(c.id);
        if (!entry) continue;
        wanted.delete(c.id);
        if (mentions(c, me)) entry.kind = 'mention';
      }
      if (!answer.has_more || !answer.next_cursor) break;
      cursor = answer.next_cursor;
    }
  }
}
