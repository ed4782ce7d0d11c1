import * as vscode from 'vscode';
import type { ApiClient } from '../../core/api/client';
import type { Task, TaskRow } from '../../core/api/schemas';
import { inert } from '../../core/text/inert';
import { parseInbound } from '../../shared/taskPanel/protocol';
import type { HostMessage, PanelModel, WebviewMessage } from '../../shared/taskPanel/protocol';
import { Disposable } from '../disposable';
import { log } from '../log';
import type { Services } from '../services';
import type { TaskChange } from '../tasks/changes';
import type { TaskRef } from '../tasks/ref';
import type { Outcome, PanelContext } from './context';
import { dispatch } from './dispatch';
import { panelHtml } from './html';
import { loadAll, loadFirstPage, loadListContext } from './loader';
import type { Lookups } from '../common/lookups';
import type { Session } from '../auth/session';
import type { Owner } from './account';
import { errorText } from '../../core/util/errorText';

export const viewType = 'taskPlatform.task';

/** How long a task swapped into the preview panel shows only its row before the rest is asked for. */
const SETTLE_MS = 250;

/**
 * The page's options. Given when the panel is created: VS Code builds a new frame for the page whenever
 * they change, so options set after creation would cost a second frame before the first paint.
 */
export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

/** Requests that change nothing: they leave a preview panel a preview. */
const READS = new Set<string>(['loadMore', 'download', 'preview']);

/**
 * One webview panel showing one task at a time. The host owns the model; the webview renders it.
 * A preview panel is reused: `show` swaps the task it shows by posting to the same webview.
 */
export class TaskPanel extends Disposable {
  private current: PanelModel;
  /** Aborted when the panel closes or shows another task: that task's pending reads stop. */
  private closed = new AbortController();
  private ready = false;
  private activityTimer: ReturnType<typeof setTimeout> | undefined;
  /** The load of a task just swapped in waits a moment: a task passed over at once costs no request. */
  private loadTimer: ReturnType<typeof setTimeout> | undefined;
  /** The task's context the page shows: it changes when the webview says it shows the new task. */
  private pageCtx: PanelContext;
  /** Messages refused by validation (seen by tests; also logged). */
  refused = 0;
  /** Answers and model updates dropped because they were for a task the panel no longer shows (tests). */
  dropped = 0;
  ref: TaskRef;
  ctx: PanelContext;
  private readonly pinnedEmitter = new vscode.EventEmitter<void>();
  /** The panel stopped being the preview (tests and the panel list listen). */
  readonly onDidPin = this.pinnedEmitter.event;

  /** Whose task this is: every read, write, poll and the queued-write banner go through its session. */
  private owner: Owner;
  private client: ApiClient;

  constructor(
    readonly panel: vscode.WebviewPanel,
    ref: TaskRef,
    owner: Owner,
    private readonly lookups: Lookups,
    private readonly services: Services,
    /** A preview panel is reused for the next task opened; a pinned one never is. */
    private previewing = false,
  ) {
    super();
    this.owner = owner;
    this.client = owner.state.client;
    this.ref = ref;
    this.current = { ...initialModel(ref, owner, services), inPreview: previewing };
    this.ctx = this.contextFor(ref);
    this.pageCtx = this.ctx;
    // The same options the panel was created with (a no-op then); a panel restored after a reload gets them here.
    panel.webview.options = webviewOptions(services.extensionUri);
    this.register(this.pinnedEmitter);
    this.register(panel.webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw)));
    this.register(services.changes.onDidChange((change) => this.onChange(change)));
    this.register(
      services.outboxes.onDidChange(() => {
        // Every queue change of the account fires this; the webview hears only of this task's banner.
        const pending = pendingText(services, this.owner.session, this.ref.taskId);
        if (pending !== this.current.pending) {
          this.update({ pending });
        }
      }),
    );
    this.register({ dispose: () => this.closed.abort() });
    this.register({ dispose: () => clearTimeout(this.activityTimer) });
    this.register({ dispose: () => clearTimeout(this.loadTimer) });
    panel.webview.html = panelHtml(panel.webview, services.extensionUri, titleOf(this.current.task), ref.row);
    this.mark();
    void loadAll(this.ctx, ref.row);
  }

  /** The account key of the task shown (its panel's identity with the workspace and the task). */
  get account(): string {
    return this.owner.account;
  }

  get session(): Session {
    return this.owner.session;
  }

  get preview(): boolean {
    return this.previewing;
  }

  /** The task the page says it shows (it answers a swap with `showing`); tests wait for it. */
  get pageTaskId(): string | undefined {
    return this.ready ? this.pageCtx.taskId : undefined;
  }

  /** Keep Open: the panel is no longer reused for the next task (first edit, double click, the command). */
  pin(): void {
    if (this.previewing) {
      this.previewing = false;
      this.mark();
      this.update({ inPreview: false });
      this.pinnedEmitter.fire();
    }
  }

  /**
   * Shows another task in this (preview) panel without a new webview: the known row is posted at
   * once, the rest loads as for a new panel. Everything of the task shown before stops here: its
   * reads are aborted, and what still arrives for it (a late answer, a poll) is dropped. The rest
   * loads after SETTLE_MS: arrow, Enter, arrow, Enter through a list spends the request budget (60 a
   * minute) only on the task the user stops at. `owner`: the account of the task shown (default:
   * the one of the task shown before).
   */
  show(ref: TaskRef, owner: Owner = this.owner): void {
    this.closed.abort();
    clearTimeout(this.activityTimer);
    clearTimeout(this.loadTimer);
    this.closed = new AbortController();
    this.owner = owner;
    this.client = owner.state.client;
    this.ref = ref;
    this.current = { ...initialModel(ref, owner, this.services), inPreview: this.previewing };
    this.ctx = this.contextFor(ref);
    this.mark();
    this.post({ type: 'model', model: this.current, fresh: true });
    const ctx = this.ctx;
    this.loadTimer = setTimeout(() => void loadAll(ctx, ref.row), SETTLE_MS);
  }

  /** Title and icon: a preview panel shows the preview icon (webview tabs cannot be in italics). */
  private mark(): void {
    this.panel.title = titleOf(this.current.task);
    const icon = this.previewing ? 'preview' : 'task';
    this.panel.iconPath = {
      light: vscode.Uri.joinPath(this.services.extensionUri, 'media', `${icon}-light.svg`),
      dark: vscode.Uri.joinPath(this.services.extensionUri, 'media', `${icon}-dark.svg`),
    };
  }

  /** The context of one task shown in this panel; once another task is shown its updates are dropped. */
  private contextFor(ref: TaskRef): PanelContext {
    let last = this.current;
    const ctx: PanelContext = {
      client: this.client,
      session: this.owner.session,
      account: this.owner.account,
      lookups: this.lookups,
      services: this.services,
      workspaceId: ref.workspaceId,
      taskId: ref.taskId,
      signal: this.closed.signal,
      cursors: {},
      webview: this.panel.webview,
      model: () => (this.ctx === ctx ? this.current : last),
      update: (patch) => {
        if (this.ctx === ctx) {
          this.update(patch);
          last = this.current;
        } else {
          this.dropped += 1;
        }
      },
      wrote: () => {
        if (this.ctx === ctx) this.refreshActivitySoon();
      },
    };
    return ctx;
  }

  get model(): PanelModel {
    return this.current;
  }

  /**
   * Every webview message enters here. Anything that is not exactly a protocol message is dropped
   * and logged (the webview is untrusted input). Returns the outcome for tests.
   */
  async receive(raw: unknown): Promise<Outcome | undefined> {
    const msg = parseInbound(raw);
    if (!msg) {
      this.refused += 1;
      log.warn(`Task panel: refused a malformed message (${describeShape(raw)})`);
      return undefined;
    }
    if (msg.type === 'ready') {
      // A new page (first load, shown again after being hidden, a reload) renders the task now shown.
      this.ready = true;
      this.pageCtx = this.ctx;
      this.post({ type: 'model', model: this.current, l10n: { contents: vscode.l10n.bundle } });
      return undefined;
    }
    if (msg.type === 'showing') {
      // Messages before this one were sent by the page while it showed the task before.
      if (msg.taskId === this.ctx.taskId) this.pageCtx = this.ctx;
      return undefined;
    }
    if (msg.type === 'keep') {
      this.pin();
      return undefined;
    }
    const ctx = this.pageCtx;
    if (ctx === this.ctx && 'id' in msg && !READS.has(msg.type)) {
      this.pin(); // a write is an edit, even if the page's own `keep` has not arrived
    }
    if (ctx.model().gone && 'id' in msg) {
      return this.answer(ctx, msg, { ok: false, error: ctx.model().gone! });
    }
    const outcome = await dispatch(ctx, msg);
    return 'id' in msg && outcome ? this.answer(ctx, msg, outcome) : outcome;
  }

  /** Scrolls the page to a comment of the task, once the comments have loaded (the Inbox's Enter). */
  revealComment(commentId: string): void {
    this.update({ reveal: { commentId, seq: (this.current.reveal?.seq ?? 0) + 1 } });
  }

  update(patch: Partial<PanelModel>): void {
    this.current = { ...this.current, ...patch };
    if (patch.task) {
      this.panel.title = titleOf(this.current.task);
    }
    this.post({ type: 'model', model: this.current });
  }

  private answer(ctx: PanelContext, msg: WebviewMessage & { id: string }, outcome: Outcome): Outcome {
    if (ctx !== this.ctx) {
      this.dropped += 1; // the page shows another task now: the answer has nobody to go to
      return outcome;
    }
    this.post(
      outcome.ok
        ? { type: 'result', id: msg.id, ok: true, ...(outcome.text === undefined ? {} : { text: outcome.text }) }
        : { type: 'result', id: msg.id, ok: false, error: outcome.error, fieldErrors: outcome.fieldErrors },
    );
    return outcome;
  }

  private post(message: HostMessage): void {
    if (this.ready && !this.closed.signal.aborted) {
      void this.panel.webview.postMessage(message);
    }
  }

  /** The tree (or another panel) changed this task: show the new state. */
  private onChange(change: TaskChange): void {
    if (change.workspaceId !== this.ref.workspaceId) {
      return;
    }
    if (
      (change.kind === 'updated' || change.kind === 'moved') &&
      change.task.id === this.ref.taskId &&
      change.task !== this.current.task
    ) {
      const moved = change.task.list_id !== this.current.task.list_id;
      this.update({ task: change.task, complete: true });
      if (moved) {
        void loadListContext(this.ctx, change.task); // new list: its statuses and place in the tree
      }
    } else if (change.kind === 'deleted' && change.taskId === this.ref.taskId) {
      this.update({ gone: vscode.l10n.t('This task was moved to the Trash.') });
    } else if (change.kind === 'restored' && change.taskId === this.ref.taskId) {
      this.update({ gone: undefined, ...(change.task ? { task: change.task } : {}) });
    } else if (
      change.kind === 'created' &&
      change.task.parent_task_id === this.ref.taskId &&
      !this.current.subtasks?.some((s) => s.id === change.task.id)
    ) {
      this.update({ subtasks: [...(this.current.subtasks ?? []), change.task] });
    }
  }

  /** Writes add activity entries: refresh the first page once a burst of writes is over. */
  private refreshActivitySoon(): void {
    clearTimeout(this.activityTimer);
    this.activityTimer = setTimeout(() => {
      loadFirstPage(this.ctx, 'activity').then(
        (activity) => this.update({ activity }),
        (error: unknown) => log.warn(`Task panel: activity refresh failed: ${errorText(error)}`),
      );
    }, 400);
  }
}

/** The panel's tab title: display id and title, from the service, so inert (no icon, no bidi trick). */
export function titleOf(task: Task | TaskRow): string {
  const title = inert(task.title, 60);
  return task.display_id ? inert(`${task.display_id} ${title}`, 100) : title;
}

function initialModel(ref: TaskRef, owner: Owner, services: Services): PanelModel {
  return {
    workspaceId: ref.workspaceId,
    // What the page keeps for a reload: the panel comes back as this account's.
    account: owner.account,
    task: ref.row ?? placeholder(ref),
    complete: false,
    breadcrumb: [],
    errors: {},
    me: owner.state.user.id,
    pending: pendingText(services, owner.session, ref.taskId),
  };
}

function placeholder(ref: TaskRef): TaskRow {
  return { id: ref.taskId, title: vscode.l10n.t('Loading task…') };
}

/** For the log: the shape of a refused message, never its content (it may carry user text). */
function describeShape(raw: unknown): string {
  if (typeof raw !== 'object' || raw === null) {
    return typeof raw;
  }
  const type = (raw as { type?: unknown }).type;
  return `type ${typeof type === 'string' ? JSON.stringify(type.slice(0, 30)) : typeof type}, keys ${Object.keys(raw).slice(0, 8).join(',')}`;
}

/** The banner for changes to this task that wait in the offline queue (or were refused on replay). */
function pendingText(services: Services, session: Session, taskId: string): string | undefined {
  const queued = services.outboxes.forTask(session.state, taskId);
  const refused = queued.filter((w) => w.rejected).length;
  if (refused > 0) {
    return vscode.l10n.t(
      '{0} change(s) to this task were refused by Task Platform. Run "Task Platform: Show Pending Changes" to fix or discard them.',
      refused,
    );
  }
  return queued.length > 0
    ? vscode.l10n.t(
        '{0} change(s) to this task are not sent yet: Task Platform cannot be reached. They are kept and will be sent when the connection returns.',
        queued.length,
      )
    : undefined;
}
