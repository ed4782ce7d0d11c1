import type { IncomingMessage } from 'node:http';

/**
 * The "endless but valid" mode of the hostile server: every answer passes the client's schemas, but
 * a whole operation never runs out. The task index and a view's rows always have one more page
 * (`last_page` grows with the page asked), each page brings rows of lists never seen before, an
 * unpaginated read (the Inbox's) answers thousands of tasks assigned to the user the filter names,
 * activity and comments always have a fresh cursor, search always has more hits, a workspace has one
 * space but thousands of members, folders and lists. Other routes answer 404.
 */
export const ENDLESS_MODE = 'endless';

/** Rows per page the index answers, and lists per page (10 rows each). */
const PER_PAGE = 100;
const ROWS_PER_LIST = 10;
/** Rows of an unpaginated read: "thousands of assigned tasks", more than a table keeps (5,000). */
export const ENDLESS_ASSIGNED = 6_000;
/** Members of a workspace, folders of a space, lists of a folder: more than any one answer should carry. */
export const ENDLESS_MANY = 2_000;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** A valid UUID of its own per kind and number (version 4, variant 8). */
export function endlessId(kind: number, n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `e0d1e55${kind.toString(16)}-0000-4000-8000-${hex}`;
}

/** Three statuses per list, with the list's own ids: every list adds nothing new to the columns. */
function statusesOf(listNumber: number): { id: string; name: string; type: string; color: string }[] {
  return [
    { id: endlessId(2, listNumber * 3), name: 'Open', type: 'open', color: '#3366ff' },
    { id: endlessId(2, listNumber * 3 + 1), name: 'In Progress', type: 'active', color: '#ffaa00' },
    { id: endlessId(2, listNumber * 3 + 2), name: 'Done', type: 'done', color: '#22aa22' },
  ];
}

function row(n: number, assignee: string | undefined, fresh: number): Record<string, unknown> {
  const list = Math.floor(n / ROWS_PER_LIST);
  const status = statusesOf(list)[n % 3]!;
  return {
    id: endlessId(1, n),
    title: `Endless task ${n}`,
    display_id: `END-${n + 1}`,
    list_id: endlessId(3, list),
    parent_task_id: null,
    status_id: status.id,
    status,
    assignee_id: assignee ?? null,
    priority: 'medium',
    // Always newer than the last answer: every assigned task has news at every check.
    updated_at: new Date(Date.UTC(2030, 0, 1) + fresh * 1000).toISOString(),
  };
}

export interface EndlessState {
  /** Answers given so far (cursors and `updated_at` are fresh from it). */
  answers: number;
  /**
   * When set, the index answers a finite space instead: this many lists of one task each (a space
   * of 300 lists is three pages), so a board meets more lists than it may describe, and ends.
   */
  lists?: number;
}

/** The body of an endless answer, or undefined for a route it does not serve (404). */
export function endlessAnswer(req: IncomingMessage, state: EndlessState): unknown {
  state.answers += 1;
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname;
  if (req.method !== 'GET') return undefined;
  if (/\/lists\/[^/]+\/statuses$/.test(path)) {
    const n = Number.parseInt(path.split('/').at(-2)?.slice(-12) ?? '0', 16) || 0;
    return { data: statusesOf(n) };
  }
  if (/^\/[^/]+\/api\/workspaces\/[^/]+\/spaces$/.test(path)) {
    // One space per workspace, so a check over the user's workspaces reads the endless index.
    return [{ id: endlessId(7, 1), name: 'Endless', workspace_id: path.split('/')[4] }];
  }
  const many = manyOf(path, url, state);
  if (many !== undefined) return many;
  if (/\/(activity|comments)$/.test(path)) {
    return { data: [], next_cursor: `cursor-${state.answers}`, has_more: true };
  }
  if (!/\/tasks$/.test(path)) return undefined;
  const assignee = UUID.exec(url.searchParams.get('filter') ?? '')?.[0];
  const perPage = Number(url.searchParams.get('per_page') ?? (path.includes('/views/') ? 50 : 0));
  if (perPage === 0) {
    const data = Array.from({ length: ENDLESS_ASSIGNED }, (_, i) => row(i, assignee, state.answers));
    return { data, total_count: ENDLESS_ASSIGNED, completed_count: 0, group_counts: null };
  }
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const size = Math.min(PER_PAGE, perPage);
  if (state.lists !== undefined) return finitePage(state.lists, page, size, assignee);
  const data = Array.from({ length: size }, (_, i) => row((page - 1) * size + i, assignee, state.answers));
  return {
    data,
    total_count: (page + 1) * size,
    completed_count: 0,
    filtered_count: (page + 1) * size,
    group_counts: null,
    current_page: page,
    last_page: page + 1,
    per_page: size,
  };
}

/** The long but finite answers: members, folders, lists, search hits; custom fields (none) and the sidebar (empty). */
function manyOf(path: string, url: URL, state: EndlessState): unknown {
  const numbers = Array.from({ length: ENDLESS_MANY }, (_, i) => i + 1);
  if (/\/tasks\/[^/]+\/custom-fields$/.test(path)) return { data: [] };
  if (/\/workspaces\/[^/]+\/sidebar$/.test(path)) return {};
  if (/\/workspaces\/[^/]+\/members$/.test(path)) {
    return numbers.map((n) => ({ id: endlessId(4, n), name: `Member ${n}`, email: `member${n}@endless.example` }));
  }
  const folders = /\/spaces\/([^/]+)\/folders$/.exec(path);
  if (folders) return numbers.map((n) => ({ id: endlessId(5, n), name: `Folder ${n}`, space_id: folders[1] }));
  const lists = /\/folders\/([^/]+)\/lists$/.exec(path);
  if (lists) return numbers.map((n) => ({ id: endlessId(3, n), name: `List ${n}`, folder_id: lists[1] }));
  if (path.endsWith('/api/search')) {
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const size = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 20)));
    const hits = Array.from({ length: size }, (_, i) => {
      const n = (page - 1) * size + i;
      return { id: endlessId(1, n), title: `Endless task ${n}`, display_id: `END-${n + 1}`, priority: 'medium' };
    });
    // One more page than was asked for, every time.
    return {
      query: url.searchParams.get('q') ?? '',
      page,
      per_page: size,
      tasks: { total: (page + 1) * size + state.answers, hits },
    };
  }
  return undefined;
}

const FINITE_LISTS_FROM = 1_000_000;

/** A page of the finite space: task n is the one task of list n. */
function finitePage(lists: number, page: number, size: number, assignee: string | undefined): unknown {
  const first = (page - 1) * size;
  const data = Array.from({ length: Math.max(0, Math.min(size, lists - first)) }, (_, i) => {
    const n = first + i;
    // Lists of their own, never those of the endless pages (a session caches the statuses it read).
    return { ...row((FINITE_LISTS_FROM + n) * ROWS_PER_LIST, assignee, 0), title: `Task of list ${n}` };
  });
  const last = Math.max(1, Math.ceil(lists / size));
  return {
    data,
    total_count: lists,
    completed_count: 0,
    filtered_count: lists,
    group_counts: null,
    current_page: page,
    last_page: last,
    per_page: size,
  };
}
