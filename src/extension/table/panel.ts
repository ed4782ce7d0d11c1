import * as vscode from 'vscode';
import type { ApiClient } from '../../core/api/client';
import type { TaskPage } from '../../core/api/envelopes';
import type { CustomFieldDefinition, Member, Status, TaskRow } from '../../core/api/schemas';
import { targetOf } from '../../core/outbox/queuedWrite';
import { fieldColumns } from '../../core/table/fields';
import { groupsOf, matchesFilter, sortRows } from '../../core/table/order';
import { orderedOnHost } from '../../core/table/query';
import { targetsFromSidebar } from '../../core/tasks/sidebar';
import { formatDay } from '../../core/tasks/dates';
import { TABLE_BUDGET } from '../../core/budgets';
import { inert } from '../../core/text/inert';
import { AbortError, throwIfAborted } from '../../core/util/abort';
import { parseTableInbound } from '../../shared/table/protocol';
import type {
  TableGroupBy,
  TableHostMessage,
  TableModel,
  TableRow,
  TableSort,
  TableWebviewMessage,
} from '../../shared/table/protocol';
import { Commands } from '../common/commandIds';
import { directoryFor } from '../directory';
import type { Owner } from '../taskPanel/account';
import { Disposable } from '../disposable';
import { log } from '../log';
import type { Services } from '../services';
import type { TaskChange } from '../tasks/changes';
import { escapeAttr, webviewPage } from '../taskPanel/html';
import { webviewOptions } from '../taskPanel/panel';
import type { ViewFilter } from '../tree/viewFilter';
import { describeFailure } from '../ui/failure';
import type { BoardSource } from '../board/source';
import { joins, PAGE_SIZE, sourceArg, stays } from '../board/source';
import { baseColumns, noValueLabel, statusOptions } from './columns';
import { TableEdits } from './edits';
import { describeLists, editFilter, indexFilter, leftOut, readIndex, readView, VIEW_PAGE_LIMIT } from './load';
import { tableRow } from './rows';

export const tableViewType = 'taskPlatform.table';

/**
 * One table: the rows of a list, folder, space or saved view with a column per field. The host keeps
 * the rows and posts the page the model whole. The index gives the first 100 rows at once and, when
 * the page scrolls past them, every matching row in one more request (`per_page=0`); sorts, grouping
 * and the filter are the index's. A saved view's rows come in its own pages and are sorted, grouped
 * and filtered here (docs/decisions/table.md).
 */
export class TablePanel extends Disposable {
  /** The loaded rows in the order the service gave them. */
  private rows: TaskRow[] = [];
  private readonly byId = new Map<string, TaskRow>();
  private sorts: readonly TableSort[] = [];
  private groupBy: TableGroupBy | undefined;
  private page: TaskPage | undefined;
  private viewPages = 0;
  private loadedAll = false;
  private loading = true;
  private error: string | undefined;
  private notice: string | undefined;
  private ready = false;
  private readonly statusLists = new Map<string, Status[]>();
  private readonly fieldDefs = new Map<string, CustomFieldDefinition[]>();
  private readonly listNames = new Map<string, string>();
  private members: Member[] | undefined;
  private readonly closed = new AbortController();
  private reading: AbortController | undefined;
  private readonly edits: TableEdits;
  /** Messages refused by validation (tests). */
  refused = 0;
  /** The last answers posted to the page (edit results, batch previews and results), for tests. */
  readonly answers: TableHostMessage[] = [];
  /** Every load finishes here (tests wait on it). */
  loaded: Promise<void>;

  /** The client of the table's account: its reads and edits go to that account's service alone. */
  readonly client: ApiClient;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly source: BoardSource,
    readonly owner: Owner,
    readonly services: Services,
    readonly filter: ViewFilter,
  ) {
    super();
    this.client = owner.state.client;
    panel.webview.options = webviewOptions(services.extensionUri);
    this.edits = new TableEdits(this);
    this.register(panel.webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw)));
    this.register(services.changes.onDidChange((change) => this.onChange(change)));
    this.register(services.outboxes.onDidChange(() => this.post()));
    // The filter is this table's alone (kept in workspace state per source): it goes with the panel.
    this.register(filter);
    this.register(filter.onDidChange(() => void this.reload('user')));
    this.register({ dispose: () => this.closed.abort() });
    panel.webview.html = webviewPage(panel.webview, services.extensionUri, {
      app: 'table',
      title: source.name,
      body: `<main id="root"><p class="loading">${escapeAttr(vscode.l10n.t('Loading table…'))}</p></main>`,
    });
    this.loaded = this.load('user', false);
  }

  get workspaceId(): string | undefined {
    return this.source.workspaceId;
  }

  /** The rows as the page shows them (before sorting), by task id. */
  row(taskId: string): TaskRow | undefined {
    return this.byId.get(taskId);
  }

  tableRowOf(row: TaskRow, pending = false): TableRow {
    return tableRow(
      row,
      { listName: (id) => this.listNames.get(id), fieldsOf: (id) => this.fieldDefs.get(id) ?? [] },
      pending,
      { now: new Date(), locale: vscode.env.language },
    );
  }

  statusesOf(listId: string): Status[] | undefined {
    return this.statusLists.get(listId);
  }

  allStatuses(): Status[] {
    return [...this.statusLists.values()].flat();
  }

  membersKnown(): readonly Member[] | undefined {
    return this.members;
  }

  fieldOf(defId: string, listId: string): CustomFieldDefinition | undefined {
    return this.fieldDefs.get(listId)?.find((d) => d.id === defId);
  }

  /** Replaces a row in place (an edit shown at once, a write told by the bus). */
  setRow(row: TaskRow): void {
    const index = this.rows.findIndex((r) => r.id === row.id);
    if (index >= 0) this.rows[index] = row;
    else this.rows.push(row);
    this.byId.set(row.id, row);
    this.post();
  }

  /** What the page shows (tests read it too). */
  get model(): TableModel {
    const queued = new Set(
      (this.services.outboxes.current(this.owner.session.state)?.all ?? []).map((w) => targetOf(w)?.taskId),
    );
    const view = this.source.kind === 'view';
    let rows = this.rows.map((row) => this.tableRowOf(row, queued.has(row.id)));
    if (view && !this.filter.isEmpty && this.loadedAll) {
      const today = formatDay(new Date());
      rows = rows.filter((row) => matchesFilter(row, this.filter.spec, today));
    }
    const hostOrder = view || orderedOnHost(this.sorts, this.groupBy);
    if (hostOrder && this.loadedAll) {
      rows = sortRows(rows, this.sorts, this.groupBy, (row) => this.statusRank(row));
    }
    const groupCounts = view ? undefined : this.page?.group_counts;
    return {
      title: this.source.name,
      scope: this.source.kind,
      columns: [...baseColumns(this.members), ...fieldColumns(this.fieldDefs, inert)],
      statusOptions: statusOptions(this.statusLists),
      rows,
      total: view && !this.filter.isEmpty && this.loadedAll ? rows.length : Math.max(this.totalOf(), rows.length),
      loadedAll: this.loadedAll,
      counts: {
        total: this.page?.total_count,
        completed: this.page?.completed_count,
        filtered: this.page?.filtered_count ?? undefined,
      },
      sorts: this.sorts,
      groupBy: this.groupBy,
      groups:
        this.groupBy && (!view || this.loadedAll)
          ? groupsOf(rows, this.groupBy, groupCounts, noValueLabel(this.groupBy))
          : undefined,
      filterLabel: this.filter.isEmpty
        ? undefined
        : inert(
            this.filter.describe((id) => this.memberName(id)),
            200,
          ),
      loading: this.loading,
      error: this.error,
      notice: this.notice,
    };
  }

  /** The panel's title: the name and the counts (a view's may be up to 60 s old). */
  get title(): string {
    const counts = this.page;
    if (counts?.total_count === undefined) return vscode.l10n.t('Table: {0}', this.source.name);
    const done = counts.completed_count ?? 0;
    return counts.filtered_count !== undefined && counts.filtered_count !== null
      ? vscode.l10n.t(
          'Table: {0} ({1} of {2}, {3} done)',
          this.source.name,
          counts.filtered_count,
          counts.total_count,
          done,
        )
      : vscode.l10n.t('Table: {0} ({1}, {2} done)', this.source.name, counts.total_count, done);
  }

  /** Reads the rows again as they are shown now (the poll, a refresh, a filter change). */
  reload(priority: 'user' | 'background' = 'background'): Promise<void> {
    // A poll never cancels a read the user asked for (the rest of the rows, a new sort).
    if (priority === 'background' && this.loading) return this.loaded;
    this.loaded = this.load(priority, this.loadedAll);
    return this.loaded;
  }

  private totalOf(): number {
    return this.page?.filtered_count ?? this.page?.total_count ?? this.rows.length;
  }

  private statusRank(row: TableRow): number {
    const index = this.statusLists.get(row.listId)?.findIndex((s) => s.id === row.statusId) ?? -1;
    return index < 0 ? 999 : index;
  }

  private memberName(id: string): string | undefined {
    return this.members?.find((m) => m.id === id)?.name;
  }

  /**
   * The index: the first page, or every row when asked (`all`) or when the order is the host's.
   * A view: its pages, all of them (up to 20) when the host sorts, groups or filters them.
   */
  private load(priority: 'user' | 'background', all: boolean): Promise<void> {
    return this.run(async (signal) => {
      if (this.source.kind === 'view') return this.loadView(priority, all, signal);
      const perPage = all || orderedOnHost(this.sorts, this.groupBy) ? 0 : PAGE_SIZE;
      const parts = await indexFilter(this.filter, this.client, this.source);
      if (parts === null) return this.take({ data: [], total_count: 0, completed_count: 0 }, true);
      const answer = await readIndex(
        this.client,
        this.source,
        { sorts: this.sorts, groupBy: this.groupBy, filter: parts, perPage },
        { priority, signal },
      );
      throwIfAborted(signal);
      this.take(answer, perPage === 0 || answer.data.length >= (answer.total_count ?? 0));
    });
  }

  /**
   * One read of rows: the page says it is loading, then shows the rows or why they could not be read.
   * A newer read (a sort clicked while the first page loads) cancels this one, so its rows never
   * replace the newer ones.
   */
  private async run(read: (signal: AbortSignal) => Promise<void>): Promise<void> {
    this.reading?.abort();
    const mine = new AbortController();
    this.reading = mine;
    this.loading = true;
    this.error = undefined;
    this.post();
    try {
      await read(AbortSignal.any([this.closed.signal, mine.signal]));
      await this.describeRows();
      this.panel.title = this.title;
    } catch (error) {
      if (AbortError.is(error) || mine.signal.aborted) return;
      this.error = describeFailure(vscode.l10n.t('Could not load the table'), error);
      log.warn(this.error);
    } finally {
      if (this.reading === mine) {
        this.loading = false;
        this.post();
      }
    }
  }

  /**
   * A view's pages from the first: as many as were shown, or all (up to 20) when the host sorts,
   * groups or filters them. Past 20 pages the view's own order is kept, and said.
   */
  private async loadView(priority: 'user' | 'background', all: boolean, signal: AbortSignal): Promise<void> {
    const wantAll = all || this.sorts.length > 0 || this.groupBy !== undefined || !this.filter.isEmpty;
    const upTo = Math.max(wantAll ? VIEW_PAGE_LIMIT : 1, this.viewPages);
    const rows: TaskRow[] = [];
    let answer: TaskPage | undefined;
    let page = 0;
    while (page < upTo) {
      page += 1;
      answer = await readView(this.client, this.source.id, page, { priority, signal });
      throwIfAborted(signal);
      rows.push(...answer.data);
      if (answer.data.length === 0 || page >= (answer.last_page ?? page)) break;
    }
    this.viewPages = page;
    this.takeView({ ...(answer ?? { data: [] }), data: rows }, wantAll);
  }

  private takeView(answer: TaskPage, wantAll: boolean): void {
    const last = answer.last_page ?? this.viewPages;
    const all = this.viewPages >= last;
    this.notice =
      wantAll && !all
        ? vscode.l10n.t(
            "This view has more than {0} rows: they are shown in the view's own order, not sorted, grouped or filtered here.",
            VIEW_PAGE_LIMIT * PAGE_SIZE,
          )
        : undefined;
    this.take(answer, all);
  }

  /** The next rows: every matching row of the index in one request, or a view's next page. */
  async more(): Promise<void> {
    if (this.loadedAll || this.loading) return this.loaded;
    if (this.source.kind !== 'view') {
      this.loaded = this.load('user', true);
      return this.loaded;
    }
    const viewId = this.source.id;
    this.loaded = this.run(async (signal) => {
      const answer = await readView(this.client, viewId, this.viewPages + 1, { priority: 'user', signal });
      throwIfAborted(signal);
      this.viewPages += 1;
      const known = new Set(this.rows.map((r) => r.id));
      const wantAll = this.sorts.length > 0 || this.groupBy !== undefined || !this.filter.isEmpty;
      this.takeView({ ...answer, data: [...this.rows, ...answer.data.filter((r) => !known.has(r.id))] }, wantAll);
    });
    return this.loaded;
  }

  /** Keeps the answer's rows up to the table's budget (src/core/budgets.ts); past it, says so. */
  private take(answer: TaskPage, all: boolean): void {
    this.page = answer;
    const capped = answer.data.length > TABLE_BUDGET.rows;
    this.rows = answer.data.slice(0, TABLE_BUDGET.rows);
    this.byId.clear();
    for (const row of this.rows) this.byId.set(row.id, row);
    this.loadedAll = all && !capped;
    // A view's notice was just set by takeView; an index read starts without one.
    if (capped) this.notice = leftOut('rows', Math.max(answer.data.length, this.totalOf()));
    else if (this.source.kind !== 'view') this.notice = undefined;
  }

  /**
   * Statuses, custom fields and names of the lists the rows are in, and the members. Each list is
   * described once (shared and joined in flight), at most the table's lists of them, side by side.
   */
  private async describeRows(): Promise<void> {
    const directory = directoryFor(this.client);
    const samples = new Map<string, TaskRow>();
    for (const row of this.rows) if (row.list_id && !samples.has(row.list_id)) samples.set(row.list_id, row);
    if (this.source.kind === 'list' && !samples.has(this.source.id))
      this.listNames.set(this.source.id, this.source.name);
    for (const { listId, statuses, fields } of await describeLists(this.client, samples, this.fieldDefs)) {
      this.statusLists.set(listId, statuses);
      this.fieldDefs.set(listId, fields);
    }
    if ([...samples.keys()].some((id) => !this.fieldDefs.has(id))) this.notice ??= leftOut('lists');
    const workspaceId = this.workspaceId ?? this.rows[0]?.workspace_id;
    if (workspaceId && !this.members) this.members = await directory.membersOf(workspaceId);
    if (this.source.kind === 'list') this.listNames.set(this.source.id, this.source.name);
    else if (workspaceId && [...samples.keys()].some((id) => !this.listNames.has(id))) {
      for (const list of targetsFromSidebar(await directory.sidebar(workspaceId))?.lists ?? []) {
        this.listNames.set(list.id, list.name);
      }
    }
  }

  /** Every page message enters here; anything not exactly of the protocol is dropped and counted. */
  async receive(raw: unknown): Promise<void> {
    const msg = parseTableInbound(raw);
    if (!msg) {
      this.refused += 1;
      log.warn('Table: refused a malformed message');
      return;
    }
    await this.handle(msg);
  }

  private async handle(msg: TableWebviewMessage): Promise<void> {
    switch (msg.type) {
      case 'ready':
        this.ready = true;
        this.send({ type: 'reopen', reopen: sourceArg(this.source) });
        this.post(vscode.l10n.bundle);
        return;
      case 'refresh':
        return this.reload('user');
      case 'more':
        return this.more();
      case 'sort':
        return this.sortBy(msg.sorts);
      case 'group':
        return this.groupRows(msg.by);
      case 'filter':
        await editFilter(this.owner.session, this.client, this.filter);
        return;
      case 'open': {
        const row = this.byId.get(msg.taskId);
        const workspaceId = row?.workspace_id ?? this.workspaceId;
        if (row && workspaceId) {
          // The row's task opens as the table's account sees it.
          const account = this.owner.account;
          await vscode.commands.executeCommand(Commands.openTask, { workspaceId, taskId: row.id, account, row });
        }
        return;
      }
      case 'edit': {
        const outcome = await this.edits.edit(msg.taskId, msg.key, msg.value);
        this.send({ type: 'result', id: msg.id, ok: outcome.ok, error: outcome.ok ? undefined : outcome.error });
        return;
      }
      case 'batchPreview':
        this.send(this.edits.preview(msg.id, msg.taskIds, msg.key, msg.value));
        return;
      case 'batchApply':
        this.send(await this.edits.apply(msg.id));
        return;
      case 'switchToBoard':
        await vscode.commands.executeCommand(Commands.openBoard, sourceArg(this.source));
        return;
    }
  }

  /** A header sort: the index sorts (a view's rows are sorted here, all of them loaded first). */
  sortBy(sorts: readonly TableSort[]): Promise<void> {
    this.sorts = sorts;
    return this.reload('user');
  }

  /** A grouping: the index's group_by with its field first in the sorts (a view's: here). */
  groupRows(by: TableGroupBy | undefined): Promise<void> {
    this.groupBy = by;
    return this.reload('user');
  }

  /** Writes told by the bus (ours, the panel's, the commands', replays of queued writes): rows change in place. */
  private onChange(change: TaskChange): void {
    if (this.workspaceId !== undefined && change.workspaceId !== this.workspaceId) return;
    if (change.kind === 'deleted') {
      if (!this.byId.delete(change.taskId)) return;
      this.rows = this.rows.filter((r) => r.id !== change.taskId);
    } else {
      const task = change.task;
      if (!task) return;
      const shown = this.byId.get(task.id);
      if (
        shown ? stays(this.source, task) : this.loadedAll && joins(this.source, new Set(this.statusLists.keys()), task)
      ) {
        this.setRow({ ...shown, ...task });
        return;
      }
      if (!shown) return;
      this.byId.delete(task.id);
      this.rows = this.rows.filter((r) => r.id !== task.id);
    }
    this.post();
  }

  post(l10nContents?: Record<string, string>): void {
    if (this.ready) {
      this.send({ type: 'model', model: this.model, ...(l10nContents ? { l10n: { contents: l10nContents } } : {}) });
    }
  }

  send(message: TableHostMessage): void {
    if (message.type !== 'model' && this.answers.push(message) > 20) this.answers.shift();
    void this.panel.webview.postMessage(message);
  }
}
