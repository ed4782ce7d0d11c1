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
import type { Lookups } from '../commands/lookups';
import { errorText } from '../../core/util/errorText';

export const viewType = 'taskPlatform.task';

/** One webview panel showing one task. The host owns the model; the webview renders it. */
export class TaskPanel extends Disposable {
  private current: PanelModel;
  private readonly closed = new AbortController();
  private ready = false;
  private activityTimer: ReturnType<typeof setTimeout> | undefined;
  /** Messages refused by validation (seen by tests; also logged). */
  refused = 0;
  readonly ctx: PanelContext;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly ref: TaskRef,
    client: ApiClient,
    lookups: Lookups,
    services: Services,
  ) {
    super();
    const row = ref.row ?? placeholder(ref);
    this.current = {
      workspaceId: ref.workspaceId,
      task: row,
      complete: false,
      breadcrumb: [],
      errors: {},
      me: meOf(services),
    };
    this.ctx = {
      client,
      lookups,
      services,
      workspaceId: ref.workspaceId,
      taskId: ref.taskId,
      signal: this.closed.signal,
      cursors: {},
      webview: panel.webview,
      model: () => this.current,
      update: (patch) => this.update(patch),
      wrote: () => this.refreshActivitySoon(),
    };
    panel.webview.options = {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [
        vscode.Uri.joinPath(services.extensionUri, 'dist'),
        vscode.Uri.joinPath(services.extensionUri, 'media'),
      ],
    };
    this.register(panel.webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw)));
    this.register(services.changes.onDidChange((change) => this.onChange(change)));
    this.register(
      services.outboxes.onDidChange(() => {
        // Every queue change of the account fires this; the webview hears only of this task's banner.
        const pending = pendingText(services, ref.taskId);
        if (pending !== this.current.pending) {
          this.update({ pending });
        }
      }),
    );
    this.register({ dispose: () => this.closed.abort() });
    this.register({ dispose: () => clearTimeout(this.activityTimer) });
    panel.webview.html = panelHtml(panel.webview, services.extensionUri, titleOf(row));
    panel.title = titleOf(row);
    void loadAll(this.ctx, ref.row);
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
      this.ready = true;
      this.post({ type: 'model', model: this.current, l10n: { contents: vscode.l10n.bundle } });
      return undefined;
    }
    if (this.current.gone && 'id' in msg) {
      return this.answer(msg, { ok: false, error: this.current.gone });
    }
    const outcome = await dispatch(this.ctx, msg);
    return 'id' in msg && outcome ? this.answer(msg, outcome) : outcome;
  }

  update(patch: Partial<PanelModel>): void {
    this.current = { ...this.current, ...patch };
    if (patch.task) {
      this.panel.title = titleOf(this.current.task);
    }
    this.post({ type: 'model', model: this.current });
  }

  private answer(msg: WebviewMessage & { id: string }, outcome: Outcome): Outcome {
    this.post(
      outcome.ok
        ? { type: 'result', id: msg.id, ok: true }
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

function placeholder(ref: TaskRef): TaskRow {
  return { id: ref.taskId, title: vscode.l10n.t('Loading task…') };
}

function meOf(services: Services): string | undefined {
  const state = services.session.state;
  return state.kind === 'signedIn' ? state.user.id : undefined;
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
function pendingText(services: Services, taskId: string): string | undefined {
  const queued = services.outboxes.forTask(services.session.state, taskId);
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
