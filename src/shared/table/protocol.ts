import * as z from 'zod/mini';
import { UUID_SOURCE } from '../../core/util/ids';

/**
 * The message protocol between the table's host (src/extension/table) and its webview
 * (src/webview/table/main.ts). The host owns the model and posts it whole; the page asks for sorts,
 * groups, edits and batch edits, each edit with an `id` the host answers. Every inbound message is
 * parsed with `parseTableInbound` (zod/mini, strict) and anything else is dropped. The page imports
 * only types from this file, so zod stays out of its bundle.
 */

/** `title`, `status`, `priority`, `assignee`, `due`, `list`, or `cf:<custom field id>`. */
export type TableColumnKey = string;

export type TableColumnKind =
  | 'title'
  | 'status'
  | 'priority'
  | 'assignee'
  | 'date'
  | 'list'
  | 'text'
  | 'url'
  | 'number'
  | 'checkbox'
  | 'dropdown'
  | 'multi_select'
  | 'readonly';

export interface TableOption {
  readonly value: string;
  readonly label: string;
  /** `#rrggbb`, checked by the host (anything else is left out). */
  readonly color?: string;
}

export interface TableColumn {
  readonly key: TableColumnKey;
  readonly name: string;
  readonly kind: TableColumnKind;
  readonly editable: boolean;
  readonly sortable: boolean;
  /** Priority, assignee (value = member id, '' = unassigned), dropdown and multi-select choices. */
  readonly options?: readonly TableOption[];
}

export type TableValue = string | number | boolean | readonly string[] | null;

export interface TableRow {
  readonly id: string;
  readonly displayId?: string;
  readonly title: string;
  readonly listId: string;
  readonly listName?: string;
  readonly statusId: string;
  readonly status: string;
  readonly statusColor?: string;
  readonly priority?: string;
  readonly assigneeId?: string;
  readonly assignee?: string;
  /** YYYY-MM-DD. */
  readonly due?: string;
  /** The due date in the user's words and locale, the same as the tree's and the board's. */
  readonly dueText?: string;
  /** Due before now and not completed (core/text/dates.ts). */
  readonly overdue?: boolean;
  /** Custom field values by column key (`cf:<id>`). */
  readonly fields: Readonly<Record<TableColumnKey, TableValue>>;
  /** An edit of this row is kept for sending later (offline). */
  readonly pending?: boolean;
}

export interface TableGroup {
  readonly key: string;
  readonly label: string;
  /** From the index's `group_counts` (all matching rows, not only the loaded ones). */
  readonly count: number;
  /** Index of the group's first row in `rows`. */
  readonly start: number;
}

export type TableGroupBy = 'status' | 'priority' | 'assignee' | 'list';

export interface TableSort {
  readonly key: TableColumnKey;
  readonly direction: 'asc' | 'desc';
}

export interface TableModel {
  readonly title: string;
  readonly scope: 'list' | 'folder' | 'space' | 'view';
  readonly columns: readonly TableColumn[];
  /** A row's status choices are its list's: by list id. */
  readonly statusOptions: Readonly<Record<string, readonly TableOption[]>>;
  /** The loaded rows, in display order. */
  readonly rows: readonly TableRow[];
  /** Rows that match (for the scrollbar), loaded or not. */
  readonly total: number;
  readonly loadedAll: boolean;
  /** For the title: the index's counts (a view's may be up to 60 s old). */
  readonly counts: { readonly total?: number; readonly completed?: number; readonly filtered?: number };
  readonly sorts: readonly TableSort[];
  readonly groupBy?: TableGroupBy;
  readonly groups?: readonly TableGroup[];
  /** The filter in effect, in words. */
  readonly filterLabel?: string;
  readonly loading: boolean;
  /** A load failure, already phrased for the user. */
  readonly error?: string;
  /** Something the user should know, e.g. a view too big to sort here. */
  readonly notice?: string;
}

export interface TableBatchChange {
  readonly taskId: string;
  readonly displayId?: string;
  readonly title: string;
  readonly from: string;
  readonly to: string;
}

/** A selected row the batch cannot set, and why (already phrased for the user). */
export interface TableBatchRefusal {
  readonly taskId: string;
  readonly displayId?: string;
  readonly title: string;
  readonly reason: string;
}

export type TableHostMessage =
  | {
      readonly type: 'model';
      readonly model: TableModel;
      readonly l10n?: { contents: Record<string, string> | undefined };
    }
  | { readonly type: 'result'; readonly id: string; readonly ok: boolean; readonly error?: string }
  /** What the host needs to open this table again after a reload: the page keeps it in its state, as is. */
  | { readonly type: 'reopen'; readonly reopen: unknown }
  | {
      readonly type: 'batchPreview';
      readonly id: string;
      readonly changes: readonly TableBatchChange[];
      /** Rows already at the value, left out. */
      readonly unchanged: number;
      /** Rows the value cannot be set on (e.g. a status their list does not have), left out. */
      readonly refused: readonly TableBatchRefusal[];
    }
  | {
      readonly type: 'batchResult';
      readonly id: string;
      readonly results: readonly { readonly taskId: string; readonly ok: boolean; readonly error?: string }[];
    };

/** The most keys one sort may have (the index takes three). */
export const MAX_SORTS = 3;
/** The most rows one batch edit may touch. */
export const MAX_BATCH = 500;

const id = z.string().check(z.regex(new RegExp(`^${UUID_SOURCE}$`)));
const reqId = z.string().check(z.minLength(1), z.maxLength(64));
const columnKey = z
  .string()
  .check(z.regex(new RegExp(`^(?:title|status|priority|assignee|due|list|cf:${UUID_SOURCE})$`)));
const value = z.nullable(
  z.union([
    z.string().check(z.maxLength(10_000)),
    z.number(),
    z.boolean(),
    z.array(z.string().check(z.maxLength(300))).check(z.maxLength(200)),
  ]),
);
const sort = z.strictObject({ key: columnKey, direction: z.enum(['asc', 'desc']) });

const inbound = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('refresh') }),
  z.strictObject({ type: z.literal('more') }),
  z.strictObject({ type: z.literal('sort'), sorts: z.array(sort).check(z.maxLength(MAX_SORTS)) }),
  z.strictObject({ type: z.literal('group'), by: z.optional(z.enum(['status', 'priority', 'assignee', 'list'])) }),
  z.strictObject({ type: z.literal('filter') }),
  z.strictObject({ type: z.literal('open'), taskId: id }),
  z.strictObject({ type: z.literal('edit'), id: reqId, taskId: id, key: columnKey, value }),
  z.strictObject({
    type: z.literal('batchPreview'),
    id: reqId,
    taskIds: z.array(id).check(z.minLength(1), z.maxLength(MAX_BATCH)),
    key: columnKey,
    value,
  }),
  z.strictObject({ type: z.literal('batchApply'), id: reqId }),
  z.strictObject({ type: z.literal('switchToBoard') }),
]);
export type TableWebviewMessage = z.infer<typeof inbound>;

/** The only way the host reads a table page's message: anything not exactly of the protocol is undefined. */
export function parseTableInbound(raw: unknown): TableWebviewMessage | undefined {
  const parsed = inbound.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
