import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { registerCommand } from '../common/registry';
import { signedInFor } from '../auth/guard';
import { markStepDone } from '../walkthrough/progress';
import { isUuid } from '../../core/util/ids';
import { accountKey } from '../../core/accounts/account';
import { taskRefFrom } from '../tasks/ref';
import type { TaskRef } from '../tasks/ref';
import { registerTaskSource } from '../tasks/current';
import type { Services } from '../services';
import { pickWorkspace } from '../ui/pickers';
import { prompter } from '../ui/prompter';
import { Lookups } from '../common/lookups';
import { TaskPanel, viewType, webviewOptions } from './panel';
import { PanelPoller } from './poller';
import { SECTION } from '../config';
import { holds, ownerKey, ownerOf, showMissingAccount } from './account';

/**
 * The open task panels: one per task, re-focused when opened again. With preview on, a task opened
 * from the tree, a search or a link goes into ONE reused preview panel (see previewEnabled and
 * docs/decisions/preview-panel.md); a pinned panel is never reused. Reached by tests.
 */
export class TaskPanels implements vscode.Disposable {
  private readonly panels = new Set<TaskPanel>();
  /** Statuses, members and list places, shared with the commands through the session's directory. */
  private readonly lookups = new Lookups();
  private readonly changed = new vscode.EventEmitter<void>();
  /** A panel opened, closed, showed another task, or was shown, hidden or brought to front (the change poller listens). */
  readonly onDidChangePanels = this.changed.event;
  /** Change polling of the open panels; set by registerTaskPanel, reached by tests. */
  poller: PanelPoller | undefined;
  /** The last task asked for and when: the same task again at once is a double click, which pins. */
  private last: { key: string; at: number } | undefined;

  private readonly sessionListener: vscode.Disposable;
  /** Restores the panels VS Code reopens after a reload (registered by registerTaskPanel; tests call it). */
  readonly serializer: vscode.WebviewPanelSerializer = {
    deserializeWebviewPanel: (webviewPanel, state: unknown) => this.restore(webviewPanel, state),
  };
  /** What restored tabs of accounts not signed in said (tests). */
  readonly missing = new Map<vscode.WebviewPanel, string>();

  constructor(private readonly services: Services) {
    // Signing out of an account closes its task panels: what they show belongs to the account that left.
    this.sessionListener = services.accounts.onDidChange(() => {
      const current = services.accounts.current();
      for (const panel of this.all()) {
        if (!holds(current, panel.session, panel.account)) panel.panel.dispose();
      }
      if (services.session.state.kind === 'signedOut') this.lookups.clear();
    });
  }

  /**
   * The panel of a task, as one account sees it: the same task id under two accounts is two panels.
   * No `account` stands for the primary account's.
   */
  get(workspaceId: string, taskId: string, account?: string): TaskPanel | undefined {
    const owner = ownerKey(this.services, account);
    return this.all().find((p) => p.ref.workspaceId === workspaceId && p.ref.taskId === taskId && p.account === owner);
  }

  all(): TaskPanel[] {
    return [...this.panels];
  }

  /** The panel in front, for "the current task" of palette commands. */
  active(): TaskPanel | undefined {
    return this.all().find((p) => p.panel.active);
  }

  /** The reused preview panel, if one is open. */
  preview(): TaskPanel | undefined {
    return this.all().find((p) => p.preview);
  }

  /**
   * Opens a task: re-focuses its panel, or shows it in the preview panel (a new preview panel when
   * there is none), or in a new pinned panel (`pin`, preview off). `existing` is a panel restored
   * after a reload, the preview again when it was one (`preview`). `preserveFocus` (the tree asks for it) leaves the keyboard where it is: arrow, Enter, arrow.
   */
  async open(ref: TaskRef, options: OpenOptions = {}): Promise<TaskPanel | undefined> {
    const { existing, pin = false, preserveFocus = false } = options;
    const k = `${ownerKey(this.services, ref.account)}/${ref.workspaceId}/${ref.taskId}`;
    const now = Date.now();
    const again = this.last?.key === k && now - this.last.at < DOUBLE_CLICK_MS;
    this.last = { key: k, at: now };
    const open = existing ? undefined : this.get(ref.workspaceId, ref.taskId, ref.account);
    if (open) {
      if (pin || again) open.pin();
      open.panel.reveal(undefined, preserveFocus);
      return open;
    }
    const owner = await ownerOf(this.services, ref.account);
    if (!owner) {
      existing?.dispose();
      return undefined;
    }
    const opened = existing ? undefined : this.get(ref.workspaceId, ref.taskId, owner.account);
    if (opened) {
      // The second click of a double click, which came while the first was opening.
      if (pin || again) opened.pin();
      return opened;
    }
    // A restored panel is the preview again if it was one (and no other preview came first).
    const previewing = existing
      ? options.preview === true && previewEnabled() && !this.preview()
      : !pin && previewEnabled();
    const reused = previewing && !existing ? this.preview() : undefined;
    const owned: TaskRef = { ...ref, account: owner.account };
    if (reused) {
      // Warm open: the same webview, a message; no new page (the cost the user would wait for).
      reused.show(owned, owner);
      reused.panel.reveal(undefined, preserveFocus);
      markStepDone('taskOpened');
      this.changed.fire();
      return reused;
    }
    const webviewPanel =
      existing ??
      vscode.window.createWebviewPanel(
        viewType,
        vscode.l10n.t('Task'),
        { viewColumn: vscode.ViewColumn.Active, preserveFocus },
        { enableFindWidget: true, ...webviewOptions(this.services.extensionUri) },
      );
    const panel = new TaskPanel(webviewPanel, owned, owner, this.lookups, this.services, previewing);
    this.panels.add(panel);
    markStepDone('taskOpened');
    panel.onDidPin(() => this.changed.fire());
    webviewPanel.onDidDispose(() => {
      panel.dispose();
      this.panels.delete(panel);
      this.changed.fire();
    });
    webviewPanel.onDidChangeViewState(() => this.changed.fire());
    this.changed.fire();
    return panel;
  }

  /**
   * After a window reload: the page's state names its task and account (and keeps the drafts). A
   * tab of an account that is no longer signed in says so and sends nothing.
   */
  private async restore(webviewPanel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const ref = taskRefFrom(state);
    if (!ref) {
      webviewPanel.dispose();
      return;
    }
    if (ref.account && !(await ownerOf(this.services, ref.account, true))) {
      this.missing.set(webviewPanel, showMissingAccount(this.services, webviewPanel, ref.account));
      webviewPanel.onDidDispose(() => this.missing.delete(webviewPanel));
      return;
    }
    // The page's state is untrusted: only `true` restores a preview.
    const preview = (state as { preview?: unknown } | undefined)?.preview === true;
    await this.open(ref, { existing: webviewPanel, preview });
  }

  closeAll(): void {
    this.lookups.clear();
    for (const panel of this.all()) {
      panel.panel.dispose();
    }
    this.panels.clear();
  }

  dispose(): void {
    this.sessionListener.dispose();
    this.closeAll();
    this.changed.dispose();
  }
}

export interface OpenOptions {
  readonly existing?: vscode.WebviewPanel;
  /** With `existing`: the restored panel was the preview before the reload. */
  readonly preview?: boolean;
  readonly pin?: boolean;
  readonly preserveFocus?: boolean;
}

/** Two opens of the same task closer than this are a double click (the tree runs the command per click). */
const DOUBLE_CLICK_MS = 500;

/** `taskPlatform.panel.preview`: `auto` follows `workbench.editor.enablePreview`, as files do. */
export function previewEnabled(): boolean {
  const mode = vscode.workspace.getConfiguration(SECTION).get<string>('panel.preview', 'auto');
  if (mode === 'on' || mode === 'off') {
    return mode === 'on';
  }
  return vscode.workspace.getConfiguration('workbench.editor').get<boolean>('enablePreview', true);
}

/** The task panel feature: `taskPlatform.openTask`, the panel serializer, the task source. */
export function registerTaskPanel(context: vscode.ExtensionContext, services: Services): TaskPanels {
  const panels = new TaskPanels(services);
  panels.poller = new PanelPoller(panels);
  // Integration tests drive polling with tick(): a timer would add requests to other suites' logs.
  // The packaged extension (e2e) runs it.
  panels.poller.timerEnabled = context.extensionMode !== vscode.ExtensionMode.Test;
  context.subscriptions.push(
    panels,
    panels.poller,
    registerTaskSource('panel', () => {
      const panel = panels.active();
      return panel ? [{ ...panel.ref, row: panel.model.task }] : [];
    }),
    vscode.window.registerWebviewPanelSerializer(viewType, panels.serializer),
  );
  registerCommand(context, Commands.openTask, (arg?: unknown) => openTask(panels, services, arg));
  registerCommand(context, Commands.keepTaskOpen, () => {
    // The preview in front, else the preview panel wherever it is.
    const panel = [panels.active(), panels.preview()].find((p) => p?.preview);
    panel?.pin();
    return panel;
  });
  // The Keep Open button and Ctrl+K Enter show only while the preview panel is in front.
  let shown: boolean | undefined;
  const setContext = (): void => {
    const preview = panels.active()?.preview === true;
    if (preview !== shown) {
      shown = preview;
      void vscode.commands.executeCommand('setContext', 'taskPlatform.previewPanelActive', preview);
    }
  };
  context.subscriptions.push(panels.onDidChangePanels(setContext));
  return panels;
}

/**
 * Opens the panel of a TaskRef (a tree node is one). Without one, "Go to Task" (the commands
 * feature) picks the task; when that command is not there, a task id is asked for.
 */
async function openTask(panels: TaskPanels, services: Services, arg: unknown): Promise<TaskPanel | undefined> {
  const ref = taskRefFrom(arg);
  if (ref) {
    // The tree's rows ask to keep the focus (triage: arrow, Enter, arrow...); the palette and links do not.
    const preserveFocus = (arg as { preserveFocus?: unknown }).preserveFocus === true;
    const panel = await panels.open(ref, { preserveFocus });
    // The Inbox opens a task at a comment.
    const commentId = (arg as { commentId?: unknown }).commentId;
    if (panel && isUuid(commentId)) panel.revealComment(commentId);
    return panel;
  }
  if ((await vscode.commands.getCommands(true)).includes(Commands.goToTask)) {
    await vscode.commands.executeCommand(Commands.goToTask);
    return undefined;
  }
  const state = await signedInFor(services.accounts, undefined);
  if (!state) {
    return undefined;
  }
  const workspaceId = await pickWorkspace(state, vscode.l10n.t('Open Task'), vscode.l10n.t('Workspace of the task'));
  if (!workspaceId) {
    return undefined;
  }
  const taskId = await prompter().inputBox({
    title: vscode.l10n.t('Open Task'),
    prompt: vscode.l10n.t('The task id (a UUID)'),
    validateInput: (v) =>
      isUuid(v.trim()) ? undefined : vscode.l10n.t('A task id looks like 3f2b6c1e-8d4a-4e7b-9c0d-1a2b3c4d5e6f.'),
  });
  const id = taskId?.trim();
  if (!id || !isUuid(id)) {
    if (id) void prompter().error(vscode.l10n.t('"{0}" is not a task id (a UUID).', id.slice(0, 80)));
    return undefined;
  }
  return panels.open({
    account: accountKey({ baseUrl: state.baseUrl, userId: state.user.id }),
    workspaceId,
    taskId: id,
  });
}
