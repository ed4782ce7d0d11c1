import type { ApiClient } from '../../core/api/client';
import type { TaskPage } from '../../core/api/envelopes';
import type { RequestPriority } from '../../core/api/rateLimiter';
import type { TaskScope } from '../../core/api/inputs';
import { inert } from '../../core/text/inert';
import { isUuid } from '../../core/util/ids';
import { isAccountKey } from '../../core/accounts/account';
import type { AccountKey } from '../../core/accounts/account';

/**
 * What a board shows: a list, a folder or a space (the task index with that scope,
 * docs/api/openapi.yaml#listTasks) or a saved view (the view's own evaluation,
 * docs/api/openapi.yaml#listViewTasks). Its columns are the statuses of the lists its rows are in.
 */
export type BoardSource = (
  | { readonly kind: 'list'; readonly workspaceId: string; readonly id: string; readonly name: string }
  | { readonly kind: 'folder'; readonly workspaceId: string; readonly id: string; readonly name: string }
  | { readonly kind: 'space'; readonly workspaceId: string; readonly id: string; readonly name: string }
  | { readonly kind: 'view'; readonly workspaceId?: string; readonly id: string; readonly name: string }
) & {
  /** Whose list or view it is; absent means the primary account's (as a TaskRef's `account`). */
  readonly account?: AccountKey;
};

/** Rows per page of the task index and of a view (the largest page both allow: docs/api/README.md#limits). */
export const PAGE_SIZE = 100;

/** One page of the board's rows: the index's top-level rows of the scope, or the view's rows. */
export function pageOf(
  client: ApiClient,
  source: BoardSource,
  page: number,
  options: { readonly priority: RequestPriority; readonly signal: AbortSignal },
): Promise<TaskPage> {
  if (source.kind === 'view') {
    return client.runView(source.id, { per_page: PAGE_SIZE, page }, options);
  }
  const scope: TaskScope =
    source.kind === 'list'
      ? { list_id: source.id }
      : source.kind === 'folder'
        ? { folder_id: source.id }
        : { space_id: source.id };
  return client.listTasks(source.workspaceId, { scope, per_page: PAGE_SIZE, page }, options);
}

/**
 * Whether a task told by the bus that the board does not show yet belongs on it: a top-level task
 * of the board's list, or of a list whose tasks the folder or space board already shows. A view's
 * filter is the service's: a task joins a view's board at its next read, never here.
 */
export function joins(
  source: BoardSource,
  knownLists: ReadonlySet<string>,
  task: { readonly list_id?: string; readonly parent_task_id?: string | null },
): boolean {
  if (source.kind === 'view' || task.parent_task_id || !task.list_id) return false;
  return source.kind === 'list' ? task.list_id === source.id : knownLists.has(task.list_id);
}

/**
 * Whether a task the board shows stays on it after a change: for a list board, while it is a
 * top-level task of the list; a folder, space or view board keeps it until its next read.
 */
export function stays(
  source: BoardSource,
  task: { readonly list_id?: string; readonly parent_task_id?: string | null },
): boolean {
  return source.kind !== 'list' || (task.list_id === source.id && !task.parent_task_id);
}

/**
 * The board a tree node or a saved view's row asks for, if any, with the account the node carries.
 * An `account` that is not exactly a key asks for nothing (never guessed at, as for a TaskRef).
 */
export function sourceFromArg(arg: unknown): BoardSource | undefined {
  const node = arg as Record<string, unknown> | undefined;
  const account = node?.account;
  if (account === undefined) return sourceOf(node);
  if (!isAccountKey(account)) return undefined;
  const source = sourceOf(node);
  return source && { ...source, account };
}

function sourceOf(node: Record<string, unknown> | undefined): BoardSource | undefined {
  const name = typeof node?.name === 'string' ? node.name : undefined;
  const workspaceId = node?.workspaceId;
  if (node?.kind === 'view' && typeof node.view === 'object' && node.view !== null) {
    const view = node.view as Record<string, unknown>;
    if (!isUuid(view.id)) return undefined;
    return {
      kind: 'view',
      id: view.id,
      // A service string in a tab title: shown as text, bounded, no controls.
      name: typeof view.name === 'string' ? inert(view.name, 80) : view.id,
      workspaceId: isUuid(view.workspaceId) ? view.workspaceId : undefined,
    };
  }
  if (!isUuid(workspaceId)) return undefined;
  for (const kind of ['list', 'folder', 'space'] as const) {
    const id = node?.[`${kind}Id`];
    // A list node also names its folder and space: the most specific id decides.
    if (isUuid(id)) return { kind, workspaceId, id, name: name === undefined ? id : inert(name, 80) };
  }
  return undefined;
}

/** One board per source: opening the same again brings it to front. */
export function sourceKey(source: BoardSource): string {
  return `${source.kind}:${source.id}`;
}

/** The argument Open as Board and Open as Table take for a source (a tree node's or a view row's shape). */
export function sourceArg(source: BoardSource): unknown {
  const account = source.account === undefined ? {} : { account: source.account };
  return source.kind === 'view'
    ? { kind: 'view', view: { id: source.id, name: source.name, workspaceId: source.workspaceId }, ...account }
    : {
        kind: source.kind,
        workspaceId: source.workspaceId,
        [`${source.kind}Id`]: source.id,
        name: source.name,
        ...account,
      };
}
