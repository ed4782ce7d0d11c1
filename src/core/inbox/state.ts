import * as z from 'zod/mini';

/**
 * What the inbox keeps per account (docs/decisions/inbox-polling.md): what the last check saw, what
 * the user follows, and the entries with their read state. Stored as JSON in extension global state,
 * shared by every window of the account, so each change is made on the stored value as it is now
 * (read, change, write) and entries are keyed by ids every window derives the same way.
 */

export const INBOX_KINDS = ['assigned', 'status', 'assignee', 'due', 'title', 'comment', 'mention', 'blocker'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

const str = z.string();
const opt = <T extends z.ZodMiniType>(t: T) => z.optional(t);

const EntrySchema = z.object({
  /** The activity entry's id (an assignment found without one: `assigned:<task>:<updated_at>`). */
  id: str,
  kind: z.enum(INBOX_KINDS),
  taskId: str,
  workspaceId: str,
  displayId: opt(str),
  /** The task's title when the entry was made (service text: shown inert, never obeyed). */
  title: str,
  /** Who did it, as the service names them; absent when it does not say. */
  actor: opt(str),
  /** When, as the service's timestamp. */
  when: str,
  commentId: opt(str),
  /** The new value in words: a status name, a due date, a title, an assignee, a blocker's id. */
  detail: opt(str),
  read: z.boolean(),
});
export type InboxEntry = z.infer<typeof EntrySchema>;

const TaskRefSchema = z.object({ workspaceId: str, displayId: opt(str), title: str });
/** A followed task as the inbox names it. */
export type FollowRef = z.infer<typeof TaskRefSchema>;

const SeenSchema = z.object({
  workspaceId: str,
  /** The task's `updated_at` in the last answer: it moves with every activity entry. */
  updatedAt: opt(str),
  /** The newest activity entry read, where reading stops next time. */
  markId: opt(str),
});
export type SeenTask = z.infer<typeof SeenSchema>;

const StateSchema = z.object({
  version: z.literal(1),
  /** When a window of this account last ran a check (ms since the epoch): one check per interval. */
  lastCheckAt: opt(z.number()),
  /** `<workspace>/<space>` → ids of the tasks assigned to the user in the last answer. */
  spaces: z.record(str, z.array(str)),
  seen: z.record(str, SeenSchema),
  /** Followed by the user's choice. */
  follows: z.record(str, TaskRefSchema),
  /** Followed because the user created it or was assigned to it (used while auto-follow is on). */
  autoFollows: z.record(str, TaskRefSchema),
  /** Unfollowed by the user's choice: overrides auto-follow. */
  unfollowed: z.array(str),
  /** Newest first. */
  entries: z.array(EntrySchema),
});
export type InboxState = z.infer<typeof StateSchema>;

/** Entries kept at most, newest first. */
export const MAX_ENTRIES = 200;

export function emptyState(): InboxState {
  return { version: 1, spaces: {}, seen: {}, follows: {}, autoFollows: {}, unfollowed: [], entries: [] };
}

/** The stored value, or an empty state when there is none or it is not one this code wrote. */
export function parseState(stored: unknown): InboxState {
  const parsed = StateSchema.safeParse(stored);
  return parsed.success ? parsed.data : emptyState();
}

/** The ids of the tasks followed now, with how to name them. */
export function followSet(state: InboxState, autoFollow: boolean): Map<string, FollowRef> {
  const out = new Map<string, FollowRef>();
  if (autoFollow) {
    for (const [id, ref] of Object.entries(state.autoFollows)) out.set(id, ref);
  }
  for (const id of state.unfollowed) out.delete(id);
  for (const [id, ref] of Object.entries(state.follows)) out.set(id, ref);
  return out;
}

export function follow(state: InboxState, taskId: string, ref: FollowRef, updatedAt?: string): InboxState {
  const seen = state.seen[taskId] ?? { workspaceId: ref.workspaceId, ...(updatedAt ? { updatedAt } : {}) };
  return {
    ...state,
    follows: { ...state.follows, [taskId]: ref },
    unfollowed: state.unfollowed.filter((id) => id !== taskId),
    seen: { ...state.seen, [taskId]: seen },
  };
}

export function unfollow(state: InboxState, taskId: string): InboxState {
  const follows = { ...state.follows };
  delete follows[taskId];
  const unfollowed = taskId in state.autoFollows ? [...new Set([...state.unfollowed, taskId])] : state.unfollowed;
  return { ...state, follows, unfollowed };
}

/** A task the user created or was assigned: followed unless they unfollowed it. */
export function autoFollow(state: InboxState, taskId: string, ref: FollowRef): InboxState {
  const autoFollows = autoFollowAll(state.autoFollows, [[taskId, ref]]);
  return autoFollows === state.autoFollows ? state : { ...state, autoFollows };
}

/**
 * `known` with the tasks of `found` it does not have yet (a task keeps the ref it was first followed
 * with), in one copy: a check that finds thousands of assigned tasks costs one pass, not one copy each.
 */
export function autoFollowAll(
  known: InboxState['autoFollows'],
  found: Iterable<readonly [string, FollowRef]>,
): InboxState['autoFollows'] {
  // fromEntries defines own properties: an id such as "__proto__" is a key like any other.
  const added = Object.fromEntries([...found].filter(([id]) => !Object.hasOwn(known, id)));
  return Object.keys(added).length === 0 ? known : { ...known, ...added };
}

/** How long a task followed automatically stays followed once it is no longer the user's, from its last change. */
export const AUTO_FOLLOW_QUIET_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What one check read: the basis on which it may end automatic follows (lapseAutoFollows). */
export interface CheckedScope {
  /** The workspaces whose every space it read. */
  readonly workspaces: ReadonlySet<string>;
  /** The tasks assigned to the user in its answers or in the last check's. */
  readonly assigned: ReadonlySet<string>;
  /** The `updated_at` of each task in its answers. */
  readonly updated: ReadonlyMap<string, string>;
}

/**
 * Ends the automatic follows a check shows are idle, so that the follow list, and the index conditions
 * each check sends for it (40 per request per space), does not grow with every task the user was ever
 * given: a task followed only automatically, in a workspace the check read, not assigned to the user
 * in this check's answers or the last one's, whose last change (in the answer, else the last one
 * seen) is older than AUTO_FOLLOW_QUIET_DAYS or not known at all (a task deleted, or moved out of
 * reach). Its seen mark and its unfollow go with it. A follow of the user's own is never ended.
 */
export function lapseAutoFollows(state: InboxState, checked: CheckedScope, now: number): InboxState {
  const cutoff = now - AUTO_FOLLOW_QUIET_DAYS * DAY_MS;
  const gone = new Set(
    Object.entries(state.autoFollows)
      .filter(([id, ref]) => {
        if (Object.hasOwn(state.follows, id) || checked.assigned.has(id) || !checked.workspaces.has(ref.workspaceId)) {
          return false;
        }
        const last = Date.parse(checked.updated.get(id) ?? state.seen[id]?.updatedAt ?? '');
        // NaN (no date known) is not recent either.
        return !(last >= cutoff);
      })
      .map(([id]) => id),
  );
  if (gone.size === 0) return state;
  const without = <T>(record: Record<string, T>): Record<string, T> =>
    Object.fromEntries(Object.entries(record).filter(([id]) => !gone.has(id)));
  return {
    ...state,
    autoFollows: without(state.autoFollows),
    seen: without(state.seen),
    unfollowed: state.unfollowed.filter((id) => !gone.has(id)),
  };
}

export function markRead(state: InboxState, ids: ReadonlySet<string> | 'all'): InboxState {
  return {
    ...state,
    entries: state.entries.map((e) => (!e.read && (ids === 'all' || ids.has(e.id)) ? { ...e, read: true } : e)),
  };
}

export function unreadCount(state: InboxState): number {
  return state.entries.filter((e) => !e.read).length;
}

/**
 * Adds entries found by a check to the stored ones: an id already stored (another window found it
 * first) keeps its stored read state; the newest `MAX_ENTRIES` stay, newest first.
 */
export function addEntries(state: InboxState, found: readonly InboxEntry[]): InboxState {
  const known = new Set(state.entries.map((e) => e.id));
  const fresh = found.filter((e) => !known.has(e.id));
  if (fresh.length === 0) return state;
  const entries = [...fresh, ...state.entries]
    .sort((a, b) => (a.when < b.when ? 1 : a.when > b.when ? -1 : 0))
    .slice(0, MAX_ENTRIES);
  return { ...state, entries };
}
