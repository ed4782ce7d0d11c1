import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { registerCommand } from '../common/registry';
import { confirmation, confirmTarget } from '../../core/mcp/confirm';
import type { ConfirmContext, TaskLabel } from '../../core/mcp/confirm';
import { accountKey } from '../../core/accounts/account';
import { isUuid } from '../../core/util/ids';
import { visibleText } from '../../core/text/inert';
import type { AccountSessions } from '../auth/accountSessions';
import { accountLabel } from '../auth/label';
import type { SessionState } from '../auth/session';
import { sessionForInput, severalSignedIn } from './route';
import { abortSignalFor } from '../ui/cancellation';
import { prompter } from '../ui/prompter';
import { namesFor } from './confirmNames';
import { errorText } from '../../core/util/errorText';

const SCHEME = 'taskplatform-ai-input';

/** A target task as read for a confirmation, with its list (whose statuses name a `status_id`). */
interface ReadLabel {
  readonly label: TaskLabel;
  readonly listId?: string;
}
/** A task's display id and title are read once per confirmation burst, not once per prompt. */
const LABEL_TTL_MS = 60_000;
const KEPT = 50;

/** The confirmation VS Code shows, from the pure builder (core/mcp/confirm.ts). */
export function confirmationFor(
  tool: string,
  input: unknown,
  context: ConfirmContext,
): vscode.LanguageModelToolConfirmationMessages | undefined {
  const built = confirmation(vscode.l10n, tool, input, context);
  if (!built) {
    return undefined;
  }
  const message = new vscode.MarkdownString(built.markdown);
  // The builder escapes all data; the only command a link may run is ours, with an id of ours.
  message.isTrusted = { enabledCommands: [Commands.aiShowToolInput] };
  message.supportHtml = false;
  message.supportThemeIcons = false;
  return { title: built.title, message };
}

/**
 * What a confirmation needs from outside the model's input: the workspace's name (from the
 * signed-in user), the target task's display id and title (one read, kept a minute), the names of
 * the status, member and list the input names by id (confirmNames.ts), and a read-only document
 * with the whole of a long field.
 */
export class AiConfirmations implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly labels = new Map<string, { at: number; label: Promise<ReadLabel> }>();
  private readonly texts = new Map<string, string>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly accounts: AccountSessions) {
    this.subscriptions = [vscode.workspace.registerTextDocumentContentProvider(SCHEME, this)];
    registerCommand({ subscriptions: this.subscriptions }, Commands.aiShowToolInput, (id: unknown) => this.show(id));
  }

  async prepare(
    tool: string,
    input: unknown,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolConfirmationMessages | undefined> {
    // The account the call will act with (route.ts); not restored yet, it is restored here (the call
    // would need it anyway). With several accounts, the workspace is named with its account.
    const state = await (await sessionForInput(this.accounts, input)).ensure();
    const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
    const workspace =
      state.kind === 'signedIn' ? state.user.workspaces.find((w) => w.id === record.workspace_id)?.name : undefined;
    const workspaceName =
      workspace !== undefined && state.kind === 'signedIn' && severalSignedIn(this.accounts)
        ? vscode.l10n.t('{0} · {1}', workspace, accountLabel(state, true))
        : workspace;
    const target = confirmTarget(tool, input);
    const read = target ? await this.label(state, target.workspaceId, target.taskId, token) : undefined;
    // A new task's statuses are its list's; a changed task's are those of the list it is in.
    const listId = tool === 'create_task' && typeof record.list_id === 'string' ? record.list_id : read?.listId;
    const names = state.kind === 'signedIn' ? await namesFor(state.client, record, listId) : {};
    return confirmationFor(tool, input, {
      workspaceName,
      task: read?.label,
      names,
      fullTextLink: (field, text) => this.keep(field, text),
    });
  }

  /** The task's display id and title, or why they could not be read, and the list it is in. */
  private label(
    state: SessionState,
    workspaceId: string,
    taskId: string,
    token: vscode.CancellationToken,
  ): Promise<ReadLabel> {
    if (state.kind !== 'signedIn') {
      return Promise.resolve({ label: { error: vscode.l10n.t('not signed in') } });
    }
    if (!isUuid(workspaceId) || !isUuid(taskId)) {
      return Promise.resolve({ label: { error: vscode.l10n.t('not a task id') } });
    }
    const key = `${accountKey({ baseUrl: state.baseUrl, userId: state.user.id })} ${workspaceId} ${taskId}`;
    const kept = this.labels.get(key);
    if (kept && Date.now() - kept.at < LABEL_TTL_MS) {
      return kept.label;
    }
    const label = state.client.getTask(workspaceId, taskId, { signal: abortSignalFor(token), priority: 'user' }).then(
      (task): ReadLabel => ({ label: { displayId: task.display_id ?? '', title: task.title }, listId: task.list_id }),
      (error: unknown): ReadLabel => {
        this.labels.delete(key);
        return { label: { error: errorText(error) } };
      },
    );
    this.remember(this.labels, key, { at: Date.now(), label });
    return label;
  }

  /** Keeps a long field for the preview; the link carries only our id. */
  private keep(field: string, text: string): string {
    const id = randomUUID();
    this.remember(this.texts, id, text);
    const name = /^[a-z_]{1,40}$/.test(field) ? field : 'text';
    return `command:${Commands.aiShowToolInput}?${encodeURIComponent(JSON.stringify([`${name}/${id}`]))}`;
  }

  private async show(arg: unknown): Promise<void> {
    const [name, id] = typeof arg === 'string' ? arg.split('/') : [];
    if (!name || !id || !this.texts.has(id)) {
      void prompter().warn(vscode.l10n.t('That text is no longer kept. Ask the assistant again to see it.'));
      return;
    }
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${name}.txt`, query: id });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
  }

  /** The whole field, with no invisible or reordering characters; the document is read-only. */
  /** Forgets the tasks read for earlier confirmations, as a new window would (a test's clean start). */
  forgetReads(): void {
    this.labels.clear();
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return visibleText(this.texts.get(uri.query) ?? vscode.l10n.t('That text is no longer kept.'));
  }

  private remember<T>(map: Map<string, T>, key: string, value: T): void {
    map.delete(key);
    map.set(key, value);
    for (const oldest of map.keys()) {
      if (map.size <= KEPT) {
        break;
      }
      map.delete(oldest);
    }
  }

  dispose(): void {
    this.subscriptions.forEach((d) => d.dispose());
    this.labels.clear();
    this.texts.clear();
  }
}
