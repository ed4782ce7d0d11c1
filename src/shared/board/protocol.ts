import * as z from 'zod/mini';
import { UUID } from '../../core/util/ids';

/**
 * The message protocol between the board's host (src/extension/board) and its webview
 * (src/webview/board/main.ts). The host owns the model and posts it whole; the page asks for moves,
 * each with an `id` the host answers with a `result`. Every inbound message is parsed with
 * `parseBoardInbound` (zod/mini, strict) and anything else is dropped. The page imports only types
 * from this file, so zod stays out of its bundle.
 */

/** One card: what the task index returns for a row, no more (no request per task). */
export interface BoardCard {
  readonly id: string;
  readonly displayId?: string;
  readonly title: string;
  readonly priority?: string;
  readonly assignee?: string;
  /** YYYY-MM-DD. */
  readonly due?: string;
  /** The due date in the user's words and locale (`yesterday`, `Dec 24`), the same as the tree's. */
  readonly dueText?: string;
  /** Due before now and not completed (core/text/dates.ts). */
  readonly overdue?: boolean;
  readonly blocked: boolean;
  readonly subtasks: number;
  /** A move of this card is kept for sending later (offline). */
  readonly pending?: boolean;
}

export interface BoardColumnModel {
  readonly key: string;
  readonly name: string;
  readonly type: string;
  /** `#rrggbb`, checked by the host (anything else is left out). */
  readonly color?: string;
  readonly cards: readonly BoardCard[];
}

export interface BoardModel {
  /** What the board shows, e.g. the list's name. */
  readonly title: string;
  readonly columns: readonly BoardColumnModel[];
  /** Rows loaded so far, and how many the index says there are. */
  readonly loaded: number;
  readonly total?: number;
  readonly completed?: number;
  /** A saved view's matching rows (its counts may be up to 60 s old). */
  readonly filtered?: number;
  readonly loading: boolean;
  /** A load failure, already phrased for the user. */
  readonly error?: string;
  /** What the load left out past the board's budget and how to narrow it, already phrased. */
  readonly notice?: string;
}

export type BoardHostMessage =
  | {
      readonly type: 'model';
      readonly model: BoardModel;
      readonly l10n?: { contents: Record<string, string> | undefined };
    }
  | { readonly type: 'result'; readonly id: string; readonly ok: boolean; readonly error?: string }
  /** What the host needs to open this board again after a reload: the page keeps it in its state, as is. */
  | { readonly type: 'reopen'; readonly reopen: unknown };

const id = z.string().check(z.regex(UUID));
const reqId = z.string().check(z.minLength(1), z.maxLength(64));
const key = z.string().check(z.minLength(1), z.maxLength(300));

const inbound = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('refresh') }),
  z.strictObject({ type: z.literal('move'), id: reqId, taskId: id, column: key }),
  z.strictObject({ type: z.literal('open'), taskId: id }),
]);
export type BoardWebviewMessage = z.infer<typeof inbound>;

/** The only way the host reads a board page's message: anything not exactly of the protocol is undefined. */
export function parseBoardInbound(raw: unknown): BoardWebviewMessage | undefined {
  const parsed = inbound.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
