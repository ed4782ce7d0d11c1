import * as l10n from '@vscode/l10n';
import type { EditableField } from '../../shared/taskPanel/fields';
import { modelNews, successNews } from './news';
import { ParkedEdits } from './parkedEdits';
import type {
  HostMessage,
  PanelModel,
  RequestMessage,
  WebviewMessage,
  WebviewState,
} from '../../shared/taskPanel/protocol';

export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

/** Requests that change nothing: they do not keep a preview panel open. */
const READS = new Set<string>(['loadMore', 'download', 'preview', 'dropTasks']);

type RequestBody = RequestMessage extends infer M ? (M extends RequestMessage ? Omit<M, 'id'> : never) : never;

/**
 * The webview's state: the host's model (the truth), requests in flight per field, errors per field,
 * drafts (kept in vscode.setState so they survive a hidden panel, a failed post and a reload).
 */
export class App {
  /** What the page renders: the host's model, with changes by others to fields being edited parked. */
  model: PanelModel | undefined;
  /** The host's model as it came. */
  private real: PanelModel | undefined;
  parked = new ParkedEdits();
  readonly pending = new Map<string, string>();
  readonly errors = new Map<string, string>();
  readonly open = new Set<string>();
  drafts: Record<string, string>;
  order: 'oldest' | 'newest';
  private counter = 0;
  /** Which task of the panel's life the page shows (a preview panel shows one after another). */
  view = 0;
  /** Keep Open was asked for (first edit): asked once. */
  private kept = false;
  private readonly generations = new Map<string, number>();
  private scheduled = false;
  private readonly onDone = new Map<string, (ok: boolean, text?: string) => void>();
  /** What each request in flight says when it succeeds (news.ts). */
  private readonly success = new Map<string, string | undefined>();
  /** Says a piece of news in the page's status line (main.ts sets it; a polite live region). */
  announce: (text: string) => void = () => undefined;

  constructor(
    private readonly vscode: VsCodeApi,
    private readonly paint: () => void,
    /**
     * The page already shows the task's known row (the host wrote it in): nothing is painted over it
     * until the task's model arrives, a moment after `ready` ("Loading task…" would hide what is known).
     */
    private readonly knownRow = false,
  ) {
    const saved = (vscode.getState() ?? {}) as Partial<WebviewState>;
    this.drafts = typeof saved.drafts === 'object' && saved.drafts !== null ? { ...saved.drafts } : {};
    this.order = saved.commentOrder === 'newest' ? 'newest' : 'oldest';
    this.savedTaskId = typeof saved.taskId === 'string' ? saved.taskId : undefined;
  }

  /** The task the saved drafts belong to (a hidden preview panel may have been given another task). */
  private savedTaskId: string | undefined;

  receive(message: HostMessage): void {
    if (message.type === 'model') {
      if (message.l10n?.contents) {
        l10n.config({ contents: message.l10n.contents });
      }
      if (message.fresh) {
        this.forget();
      } else if (this.savedTaskId !== undefined && this.savedTaskId !== message.model.task.id) {
        this.drafts = {}; // drafts of the task this page showed before it was hidden are not this task's
      }
      this.savedTaskId = undefined;
      const news = message.fresh ? [] : modelNews(this.real, message.model);
      this.real = message.model;
      this.model = this.parked.apply(message.model, this.model, (f) => this.isEditing(f));
      this.save();
      if (message.fresh) {
        this.post({ type: 'showing', taskId: message.model.task.id });
      }
      if (news.length > 0) this.announce(news.join('. '));
    } else if (message.type === 'result') {
      const key = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (key !== undefined && this.parked.release(key)) {
        this.rerender(); // saved or refused: the service's value shows, no longer the parked one
      }
      if (key !== undefined) {
        const fieldError =
          message.fieldErrors?.[key] ?? (message.fieldErrors ? Object.values(message.fieldErrors).join(' ') : '');
        const error = message.ok ? '' : fieldError || message.error || '';
        if (error) this.errors.set(key, error);
        else this.errors.delete(key);
        const said = message.ok ? this.success.get(message.id) : error;
        if (said) this.announce(said);
        if (!message.ok) {
          this.generations.set(key, this.generation(key) + 1); // re-create the control: old value back
        }
      }
      this.onDone.get(message.id)?.(message.ok, message.text);
      this.onDone.delete(message.id);
      this.success.delete(message.id);
    }
    this.schedule();
  }

  post(message: WebviewMessage): void {
    this.vscode.postMessage(message);
  }

  /**
   * Another task in the same preview panel: nothing of the one before stays (drafts, parked edits,
   * requests in flight, open editors); answers to its requests no longer find anything here.
   */
  private forget(): void {
    this.view += 1;
    this.model = undefined;
    this.real = undefined;
    this.parked = new ParkedEdits();
    this.pending.clear();
    this.errors.clear();
    this.open.clear();
    this.generations.clear();
    this.onDone.clear();
    this.success.clear();
    this.drafts = {};
    this.kept = false;
  }

  /** The first edit keeps a preview panel open: what the user started must not be replaced. */
  keep(): void {
    if (this.model?.inPreview && !this.kept) {
      this.kept = true;
      this.post({ type: 'keep' });
    }
  }

  /** Sends a request; `key` names the field that shows its progress and its error. */
  request(key: string, body: RequestBody, then?: (ok: boolean, text?: string) => void): void {
    if (!READS.has(body.type)) {
      this.keep();
    }
    const id = `r${++this.counter}`;
    this.pending.set(id, key);
    this.errors.delete(key);
    if (then) this.onDone.set(id, then);
    this.success.set(id, successNews(body));
    this.post({ ...body, id } as WebviewMessage);
    this.schedule();
  }

  /** Typed into since its last save, or a description being written: a change by someone else waits. */
  isEditing(field: EditableField): boolean {
    return (
      this.parked.typing.has(field) ||
      (field === 'description' && this.open.has('description') && this.drafts.description !== undefined)
    );
  }

  /** "Show theirs": the field drops what the user typed and shows the value someone else saved. */
  showTheirs(field: EditableField): void {
    this.parked.release(field);
    if (field === 'description') {
      this.setDraft('description', undefined);
    }
    this.generations.set(field, this.generation(field) + 1); // re-create the control from the model
    this.rerender();
  }

  /**
   * "Keep mine": the question goes away. A typed title or date is saved now (its control's value:
   * the blur that came with the click was not saved while the question was open); a description
   * stays a draft until its Save.
   */
  keepMine(field: EditableField, typed?: string): void {
    const edit = this.parked.edits.get(field);
    if (edit) edit.acknowledged = true;
    if (field === 'title' && typed !== undefined && typed.trim() !== '') {
      this.request('title', { type: 'edit', change: { field: 'title', value: typed } });
    } else if (field === 'due_date' && typed !== undefined) {
      this.request('due_date', { type: 'edit', change: { field: 'due_date', value: typed || null } });
    }
    this.schedule();
  }

  /** While "Show theirs / Keep mine" is asked for a field, leaving it saves nothing. */
  asking(field: string): boolean {
    return this.parked.edits.get(field as EditableField)?.acknowledged === false;
  }

  /** The user left a field (or cancelled its editor) without saving: values others saved may show again. */
  leave(field: string): void {
    if (this.parked.release(field)) {
      this.rerender();
    }
  }

  private rerender(): void {
    if (this.real) {
      this.model = this.parked.apply(this.real, this.model, () => false);
    }
    this.schedule();
  }

  generation(key: string): number {
    return this.generations.get(key) ?? 0;
  }

  busy(key: string): boolean {
    return [...this.pending.values()].includes(key);
  }

  setDraft(key: string, text: string | undefined): void {
    if (text === undefined || text === '') {
      delete this.drafts[key];
    } else {
      this.drafts[key] = text;
    }
    this.save();
  }

  toggle(key: string, on = !this.open.has(key)): void {
    if (on) this.open.add(key);
    else this.open.delete(key);
    this.schedule();
  }

  setOrder(order: 'oldest' | 'newest'): void {
    this.order = order;
    this.save();
    this.schedule();
  }

  schedule(): void {
    if (this.knownRow && !this.model) {
      return;
    }
    if (!this.scheduled) {
      this.scheduled = true;
      requestAnimationFrame(() => {
        this.scheduled = false;
        this.paint();
      });
    }
  }

  private save(): void {
    const state: WebviewState = {
      workspaceId: this.model?.workspaceId,
      taskId: this.model?.task.id,
      account: this.model?.account,
      drafts: this.drafts,
      commentOrder: this.order,
      preview: this.model?.inPreview === true,
    };
    this.vscode.setState(state);
  }
}
