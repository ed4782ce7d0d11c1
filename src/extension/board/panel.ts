import * as vscode from 'vscode';
import type { ApiClient } from '../../core/api/client';
import { WriteQueuedError } from '../../core/api/errors';
import type { Status, TaskRow } from '../../core/api/schemas';
import type { BoardColumn } from '../../core/board/columns';
import { checkMove, mergeStatuses, movedRow } from '../../core/board/columns';
import { targetOf } from '../../core/outbox/queuedWrite';
import type { RequestPriority } from '../../core/api/rateLimiter';
import { BOARD_BUDGET } from '../../core/budgets';
import { AbortError } from '../../core/util/abort';
import { parseBoardInbound } from '../../shared/board/protocol';
import type { BoardHostMessage, BoardModel, BoardWebviewMessage } from '../../shared/board/protocol';
import { Commands } from '../common/commandIds';
import { Disposable } from '../disposable';
import { log } from '../log';
import type { Services } from '../services';
import type { TaskChange } from '../tasks/changes';
import { escapeAttr, webviewPage } from '../taskPanel/html';
import { webviewOptions } from '../taskPanel/panel';
import { describeFailure, reportFailure } from '../ui/failure';
import { columnModels } from './cards';
import type { BoardSource } from './source';
import { directoryFor } from '../directory';
import type { Owner } from '../taskPanel/account';
import { joins, pageOf, sourceArg, stays } from './source';

export const boardViewType = 'taskPlatform.board';

export type MoveOutcome =
  { readonly ok: true; readonly sent: boolean } | { readonly ok: false; readonly error: string };

/**
 * One board: the tasks of a list in one column per status. The host keeps the rows and posts the
 * page the columns whole; the page asks for moves, each answered with a `result`. A move is one
 * PATCH of `status_id` (with the requester's Idempotency-Key); the card moves at once and goes back,
 * with the reason, if the service refuses it. Offline, the write waits in the outbox and the card
 * stays, marked pending.
 */
export class BoardPanel extends Disposable {
  private columns: BoardColumn[] = [];
  /** The statuses of each list the board's rows are in, in the order the lists were first seen. */
  private readonly statusLists = new Map<string, Status[]>();
  private readonly rows = new Map<string, TaskRow>();
  private total: number | undefined;
  private filtered: number | undefined;
  private completed: number | undefined;
  private loading = true;
  private error: string | undefined;
  /** What the last load left out (past the board's budget), phrased for the user. */
  private notice: string | undefined;
  /** Rows of lists past the board's lists were left out. */
  private pastLists = false;
  private ready = false;
  private readonly closed = new AbortController();
  /** Messages refused by validation (tests). */
  refused = 0;
  /** Every load finishes here (tests wait on it). */
  loaded: Promise<void>;

  /** The client of the board's account: its reads and moves go to that account's service alone. */
  private readonly client: ApiClient;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly source: BoardSource,
    private readonly owner: Owner,
    private readonly services: Services,
  ) {
    super();
    this.client = owner.state.client;
    panel.webview.options = webviewOptions(services.extensionUri);
    this.register(panel.webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw)));
    this.register(services.changes.onDidChange((change) => this.onChange(change)));
    this.register(services.outboxes.onDidChange(() => this.post()));
    this.register({ dispose: () => this.closed.abort() });
    panel.webview.html = webviewPage(panel.webview, services.extensionUri, {
      app: 'board',
      title: source.name,
      body: `<main id="root"><p class="loading">${escapeAttr(vscode.l10n.t('Loading board…'))}</p></main>`,
    });
    this.loaded = this.load('user');
  }

  /** What the page shows (tests read it too). */
  get model(): BoardModel {
    const queued = new Set(
      (this.services.outboxes.current(this.owner.session.state)?.all ?? []).map((w) => targetOf(w)?.taskId),
    );
    return {
      title: this.source.name,
      columns: columnModels(this.columns, [...this.rows.values()], queued, {
        now: new Date(),
        locale: vscode.env.language,
      }),
      loaded: this.rows.size,
      total: this.total,
      completed: this.completed,
      filtered: this.filtered,
      loading: this.loading,
      error: this.error,
      notice: this.notice,
    };
  }

  /** Reads the statuses and the pages of rows (within the board's budget); the page is redrawn after each page. */
  reload(): Promise<void> {
    this.loaded = this.load('background');
    return this.loaded;
  }

  /**
   * Pages until the last or the board's budget (pages, rows, lists: src/core/budgets.ts), whichever
   * comes first; what was left out is said on the page with how to narrow the board.
   */
  private async load(priority: RequestPriority): Promise<void> {
    const signal = this.closed.signal;
    this.loading = true;
    this.error = undefined;
    this.pastLists = false;
    this.post();
    try {
      if (this.source.kind === 'list') await this.addStatuses([this.source.id], priority);
      const seen = new Set<string>();
      let capped = false;
      for (let page = 1; ; page++) {
        const answer = await pageOf(this.client, this.source, page, { priority, signal });
        this.total = answer.total_count;
        this.completed = answer.completed_count;
        this.filtered = answer.filtered_count;
        capped = (await this.keep(answer.data, seen, priority)) < answer.data.length;
        if (answer.data.length === 0 || page >= (answer.last_page ?? page)) break;
        if (capped || page >= BOARD_BUDGET.pages || seen.size >= BOARD_BUDGET.rows) {
          capped = true;
          break;
        }
        this.post();
      }
      // Rows gone from the index since the last load (deleted or moved by someone else).
      for (const id of [...this.rows.keys()]) if (!seen.has(id)) this.rows.delete(id);
      this.notice = capped ? this.leftOut(seen.size) : undefined;
    } catch (error) {
      if (AbortError.is(error)) return;
      this.error = describeFailure(vscode.l10n.t('Could not load the board'), error);
      log.warn(this.error);
    } finally {
      this.loading = false;
      this.post();
    }
  }

  /**
   * Keeps a page's rows while the board's budget allows: up to its rows, and only rows of the lists
   * whose statuses it read (at most its lists). Returns how many it kept.
   */
  private async keep(rows: readonly TaskRow[], seen: Set<string>, priority: RequestPriority): Promise<number> {
    await this.addStatuses(
      rows.map((row) => row.list_id ?? ''),
      priority,
    );
    let kept = 0;
    for (const row of rows) {
      if (seen.size >= BOARD_BUDGET.rows) break;
      if (row.list_id && !this.statusLists.has(row.list_id)) {
        this.pastLists = true;
        continue;
      }
      seen.add(row.id);
      this.rows.set(row.id, row);
      kept += 1;
    }
    return kept;
  }

  /** What the board left out and how to see it. */
  private leftOut(shown: number): string {
    const all = this.filtered ?? this.total;
    const of = all === undefined ? vscode.l10n.t('more') : String(all);
    return this.pastLists
      ? vscode.l10n.t(
          'Showing {0} tasks of {1}: a board reads the statuses of at most {2} lists. Open a folder or a list, or a table, for the rest.',
          shown,
          of,
          BOARD_BUDGET.lists,
        )
      : vscode.l10n.t(
          'Showing the first {0} tasks of {1}. Filter, or open a list or a table, for the rest.',
          shown,
          of,
        );
  }

  /**
   * Reads the statuses of lists not seen before, up to the board's lists (one request per list,
   * shared through the session's directory: a read in flight is joined), and merges every list's
   * statuses into the columns, by name and type. The first few go at the board's priority, the rest
   * in the background, so a click made meanwhile goes first.
   */
  private async addStatuses(listIds: readonly string[], priority: RequestPriority): Promise<void> {
    const room = Math.max(0, BOARD_BUDGET.lists - this.statusLists.size);
    const fresh = [...new Set(listIds)].filter((id) => id !== '' && !this.statusLists.has(id)).slice(0, room);
    if (fresh.length === 0) return;
    const directory = directoryFor(this.client);
    const before = this.statusLists.size;
    const read = await Promise.all(
      fresh.map((id, i) => directory.statusesOf(id, before + i < BOARD_BUDGET.userListReads ? priority : 'background')),
    );
    fresh.forEach((id, i) => this.statusLists.set(id, read[i] ?? []));
    this.columns = mergeStatuses([...this.statusLists].map(([listId, statuses]) => ({ listId, statuses })));
  }

  /** Every page message enters here; anything not exactly of the protocol is dropped and counted. */
  async receive(raw: unknown): Promise<MoveOutcome | undefined> {
    const msg = parseBoardInbound(raw);
    if (!msg) {
      this.refused += 1;
      log.warn('Board: refused a malformed message');
      return undefined;
    }
    return this.handle(msg);
  }

  private async handle(msg: BoardWebviewMessage): Promise<MoveOutcome | undefined> {
    switch (msg.type) {
      case 'ready':
        this.ready = true;
        this.send({ type: 'reopen', reopen: sourceArg(this.source) });
        this.post(vscode.l10n.bundle);
        return undefined;
      case 'refresh':
        await this.reload();
        return undefined;
      case 'open': {
        const row = this.rows.get(msg.taskId);
        const workspaceId = row?.workspace_id ?? this.source.workspaceId;
        if (row && workspaceId) {
          // The card's task opens as the board's account sees it.
          await vscode.commands.executeCommand(Commands.openTask, {
            workspaceId,
            taskId: row.id,
            account: this.owner.account,
            row,
          });
        }
        return undefined;
      }
      case 'move': {
        const outcome = await this.move(msg.taskId, msg.column);
        this.send({ type: 'result', id: msg.id, ok: outcome.ok, error: outcome.ok ? undefined : outcome.error });
        return outcome;
      }
    }
  }

  /** Sets a task's status to the column's: one PATCH; nothing when it already has it. */
  async move(taskId: string, column: string): Promise<MoveOutcome> {
    const before = this.rows.get(taskId);
    const check = checkMove(before, this.columns, column);
    if (!check.ok) {
      return { ok: false, error: refusal(check.reason) };
    }
    const workspaceId = before?.workspace_id ?? this.source.workspaceId;
    if (check.unchanged || !before || !workspaceId) {
      return { ok: true, sent: false };
    }
    const target = this.columns.find((c) => c.key === column)!;
    this.rows.set(taskId, movedRow(before, target, check.statusId));
    this.post();
    const action = vscode.l10n.t('Could not move {0}', before.display_id ?? before.title);
    try {
      const task = await this.client.updateTask(
        workspaceId,
        taskId,
        { status_id: check.statusId },
        { priority: 'user' },
      );
      // Through the bus: this board (onChange), the trees and an open panel take the task the service returned.
      this.services.changes.fire({ kind: 'updated', workspaceId, task });
      return { ok: true, sent: true };
    } catch (error) {
      if (WriteQueuedError.is(error)) {
        void reportFailure(action, error);
        this.post();
        return { ok: true, sent: false };
      }
      if (this.rows.get(taskId)?.status_id === check.statusId) this.rows.set(taskId, before);
      this.post();
      if (!AbortError.is(error)) void reportFailure(action, error);
      return { ok: false, error: describeFailure(action, error) };
    }
  }

  /** Writes told by the bus (ours, the panel's, the commands', replays of queued writes): rows change in place. */
  private onChange(change: TaskChange): void {
    if (this.source.workspaceId !== undefined && change.workspaceId !== this.source.workspaceId) return;
    switch (change.kind) {
      case 'updated':
      case 'created':
      case 'moved':
      case 'restored': {
        const task = change.task;
        if (!task) return;
        const shown = this.rows.has(task.id);
        if (shown ? stays(this.source, task) : joins(this.source, new Set(this.statusLists.keys()), task)) {
          this.rows.set(task.id, { ...this.rows.get(task.id), ...task });
        } else if (!this.rows.delete(task.id)) return;
        break;
      }
      case 'deleted':
        if (!this.rows.delete(change.taskId)) return;
        break;
    }
    this.post();
  }

  private post(l10nContents?: Record<string, string>): void {
    if (this.ready) {
      this.send({ type: 'model', model: this.model, ...(l10nContents ? { l10n: { contents: l10nContents } } : {}) });
    }
  }

  private send(message: BoardHostMessage): void {
    void this.panel.webview.postMessage(message);
  }
}

function refusal(reason: 'unknownTask' | 'unknownColumn' | 'notInList'): string {
  switch (reason) {
    case 'unknownTask':
      return vscode.l10n.t('That task is no longer on this board.');
    case 'unknownColumn':
      return vscode.l10n.t('That column is no longer on this board.');
    default:
      return vscode.l10n.t("That status is not one of the task's list.");
  }
}
