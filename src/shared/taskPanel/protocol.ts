import * as z from 'zod/mini';
import type { Attachment, Comment, CustomFieldDefinition, Member, Status, Task, TaskRow } from '../../core/api/schemas';
import type { ActivityEntry } from '../../core/api/schemas';
import type { Dependencies } from '../../core/api/envelopes';
import { UUID } from '../../core/util/ids';
import type { EditableField } from './fields';

/**
 * The one message protocol between the task panel's host (src/extension/taskPanel) and its webview
 * (src/webview/taskPanel/main.ts); it lives in src/shared so the host never imports browser code. The host owns the model and posts it whole; the webview posts requests, each with
 * an `id` the host answers with a `result`. The webview is untrusted input: every inbound message is
 * parsed with `parseInbound` (zod/mini, strict) and anything else is dropped. The webview imports only
 * types from this file, so zod stays out of its bundle.
 */

export interface Crumb {
  readonly level: 'workspace' | 'space' | 'folder' | 'list';
  readonly id: string;
  readonly name: string;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly hasMore: boolean;
  readonly loadingMore?: boolean;
}

/** Everything the panel shows. Sections are undefined while they load. */
export interface PanelModel {
  readonly workspaceId: string;
  /** Whose task this is (an account key); kept by the page so a reload restores it as the same account's. */
  readonly account?: string;
  readonly task: Task | TaskRow;
  /** False while only the tree's row is known (first paint). */
  readonly complete: boolean;
  readonly me?: string;
  readonly breadcrumb: readonly Crumb[];
  readonly parent?: { readonly id: string; readonly title: string; readonly display_id?: string };
  readonly statuses?: readonly Status[];
  readonly members?: readonly Member[];
  readonly customFields?: readonly CustomFieldDefinition[];
  readonly subtasks?: readonly TaskRow[];
  readonly dependencies?: Dependencies;
  readonly attachments?: readonly Attachment[];
  readonly comments?: Page<Comment>;
  readonly activity?: Page<ActivityEntry>;
  /** An image attachment shown inline, as a data: URL the host read (img-src allows data:). */
  readonly preview?: { readonly attachmentId: string; readonly name: string; readonly src: string };
  /** Set when the task went to Trash or is gone: the panel is read-only. */
  readonly gone?: string;
  /** Changes to this task kept for sending later (offline), already phrased for the user. */
  readonly pending?: string;
  /** Load failures per section, already phrased for the user. */
  readonly errors: Readonly<Record<string, string>>;
  /** The panel is the reused preview: the next task opened replaces this one (Keep Open pins it). */
  readonly inPreview?: boolean;
  /** Changes someone else made, found by polling (taskPanel/poller.ts); cleared when dismissed. */
  readonly notice?: ChangeNotice;
  /** A comment to scroll to once it is shown (the Inbox opened the task at it); a new `seq` asks again. */
  readonly reveal?: { readonly commentId: string; readonly seq: number };
}

/** "Updated by Bob Smith: status → Done": what a poll found others changed. */
export interface ChangeNotice {
  /** New for every poll that found changes: the webview checks its edits against `fields` once per id. */
  readonly id: string;
  readonly actors: readonly string[];
  /** The entries behind it, newest first (a few; the activity section has them all). */
  readonly entries: readonly ActivityEntry[];
  /** When the poll saw them (ISO). */
  readonly at: string;
  /** Task fields whose value this poll changed. */
  readonly fields: readonly EditableField[];
}

export type HostMessage =
  | {
      readonly type: 'model';
      readonly model: PanelModel;
      readonly l10n?: { contents: Record<string, string> | undefined };
      /** Another task in the same (preview) panel: the page forgets everything of the one before. */
      readonly fresh?: boolean;
    }
  | {
      readonly type: 'result';
      readonly id: string;
      readonly ok: boolean;
      readonly error?: string;
      readonly fieldErrors?: Readonly<Record<string, string>>;
      /** dropTasks: the display ids to insert (strict grammar only), separated by spaces. */
      readonly text?: string;
    };

const id = z.string().check(z.regex(UUID));
const reqId = z.string().check(z.minLength(1), z.maxLength(64));
const text = (max: number) => z.string().check(z.maxLength(max));

/** A change of one task field (PATCH, Tasks). */
export const TaskFieldSchema = z.discriminatedUnion('field', [
  z.strictObject({ field: z.literal('title'), value: text(1000) }),
  z.strictObject({ field: z.literal('description'), value: z.nullable(text(70_000)) }),
  z.strictObject({ field: z.literal('priority'), value: z.enum(['low', 'medium', 'high', 'critical']) }),
  z.strictObject({ field: z.literal('status_id'), value: id }),
  z.strictObject({ field: z.literal('assignee_id'), value: z.nullable(id) }),
  z.strictObject({ field: z.literal('due_date'), value: z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))) }),
]);
export type TaskField = z.infer<typeof TaskFieldSchema>;

const cfValue = z.union([text(10_000), z.number(), z.boolean(), z.array(text(1000)).check(z.maxLength(200)), z.null()]);
const commentBody = { body: text(20_000), mentions: z.array(id).check(z.maxLength(100)), assignee_id: z.nullable(id) };

const inbound = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('refresh') }),
  // The page shows the task of a `fresh` model now: what it sends after this is about that task.
  z.strictObject({ type: z.literal('showing'), taskId: id }),
  // Keep Open: the user edited or asked; the preview panel is no longer reused.
  z.strictObject({ type: z.literal('keep') }),
  z.strictObject({ type: z.literal('dismissNotice') }),
  z.strictObject({ type: z.literal('edit'), id: reqId, change: TaskFieldSchema }),
  z.strictObject({ type: z.literal('setCustomField'), id: reqId, fieldId: id, value: cfValue }),
  z.strictObject({ type: z.literal('addComment'), id: reqId, parent_id: z.nullable(id), ...commentBody }),
  z.strictObject({ type: z.literal('editComment'), id: reqId, commentId: id, ...commentBody }),
  z.strictObject({ type: z.literal('deleteComment'), id: reqId, commentId: id }),
  z.strictObject({ type: z.literal('resolveComment'), id: reqId, commentId: id, resolved: z.boolean() }),
  z.strictObject({ type: z.literal('loadMore'), id: reqId, section: z.enum(['comments', 'activity']) }),
  z.strictObject({ type: z.literal('openTask'), taskId: id }),
  z.strictObject({ type: z.literal('addSubtask'), id: reqId, title: text(1000) }),
  z.strictObject({ type: z.literal('addBlocker'), id: reqId }),
  z.strictObject({ type: z.literal('removeDependency'), id: reqId, dependencyId: id }),
  z.strictObject({ type: z.literal('upload'), id: reqId, commentId: z.nullable(id) }),
  z.strictObject({ type: z.literal('download'), id: reqId, attachmentId: id }),
  z.strictObject({ type: z.literal('preview'), id: reqId, attachmentId: id }),
  z.strictObject({ type: z.literal('deleteAttachment'), id: reqId, attachmentId: id }),
  z.strictObject({ type: z.literal('openLink'), url: text(4096) }),
  // Tasks dragged from a tree (with Shift) onto a comment box: the page knows their ids only.
  z.strictObject({ type: z.literal('dropTasks'), id: reqId, taskIds: z.array(id).check(z.maxLength(50)) }),
  z.strictObject({ type: z.literal('reveal'), level: z.enum(['workspace', 'space', 'folder', 'list', 'task']) }),
]);
export type WebviewMessage = z.infer<typeof inbound>;
export type RequestMessage = Extract<WebviewMessage, { id: string }>;

/** The only way the host reads a webview message: anything not exactly of the protocol is undefined. */
export function parseInbound(raw: unknown): WebviewMessage | undefined {
  const parsed = inbound.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** State the webview keeps across hide and reload (vscode.setState): drafts only. */
export interface WebviewState {
  /** Which task this page shows, so the host can restore the panel after a reload. */
  readonly workspaceId?: string;
  readonly taskId?: string;
  /** The account the task was shown as (its key); checked by the host like any page message. */
  readonly account?: string;
  readonly drafts: Readonly<Record<string, string>>;
  readonly commentOrder?: 'oldest' | 'newest';
  /** The panel was the preview (reused for the next task) and comes back as one after a reload. */
  readonly preview?: boolean;
}
