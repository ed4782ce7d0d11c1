import * as vscode from 'vscode';
import { Commands } from '../commands/ids';
import { registerCommand } from '../commands/registry';
import { signedIn } from '../auth/guard';
import { markStepDone } from '../walkthrough/progress';
import { isUuid } from '../../core/util/ids';
import { taskRefFrom } from '../tasks/ref';
import type { TaskRef } from '../tasks/ref';
import { registerTaskSource } from '../tasks/current';
import type { Services } from '../services';
import { pickWorkspace } from '../ui/pickers';
import { prompter } from '../ui/prompter';
import { Lookups } from '../commands/lookups';
import { TaskPanel, viewType } from './panel';
import { PanelPoller } from './poller';

/** The open task panels, one per task (re-focused when opened again). Reached by tests. */
export class TaskPanels implements vscode.Disposable {
  private readonly panels = new Map<string, TaskPanel>();
  /** Statuses, members and list places, shared with the commands through the session's directory. */
  private readonly lookups = new Lookups();
  private readonly changed = new vscode.EventEmitter<void>();
  /** A panel opened, closed, or was shown, hidden or brought to front (the change poller listens). */
  readonly onDidChangePanels = this.changed.event;
  /** Change polling of the open panels; set by registerTaskPanel, reached by tests. */
  poller: PanelPoller | undefined;

  private readonly sessionListener: vscode.Disposable;

  constructor(private readonly services: Services) {
    // Signing out closes every task panel: what they show belongs to the account that left.
    this.sessionListener = services.session.onDidChange((state) => {
      if (state.kind === 'signedOut') {
        this.closeAll();
      }
    });
  }

  get(workspaceId: string, taskId: string): TaskPanel | undefined {
    return this.panels.get(key(workspaceId, taskId));
  }

  all(): TaskPanel[] {
    return [...this.panels.values()];
  }

  /** The panel in front, for "the current task" of palette commands. */
  active(): TaskPanel | undefined {
    return [...this.panels.values()].find((p) => p.panel.active);
  }

  async open(ref: TaskRef, existing?: vscode.WebviewPanel): Promise<TaskPanel | undefined> {
    const open = this.panels.get(key(ref.workspaceId, ref.taskId));
    if (open && !existing) {
      open.panel.reveal();
      return open;
    }
    const state = await signedIn(this.services.session);
    if (!state) {
      existing?.dispose();
      return undefined;
    }
    const webviewPanel =
      existing ??
      vscode.window.createWebviewPanel(viewType, vscode.l10n.t('Task'), vscode.ViewColumn.Active, {
        enableFindWidget: true,
      });
    const panel = new TaskPanel(webviewPanel, ref, state.client, this.lookups, this.services);
    const k = key(ref.workspaceId, ref.taskId);
    this.panels.set(k, panel);
    markStepDone('taskOpened');
    webviewPanel.onDidDispose(() => {
      panel.dispose();
      if (this.panels.get(k) === panel) this.panels.delete(k);
      this.changed.fire();
    });
    webviewPanel.onDidChangeViewState(() => this.changed.fire());
    this.changed.fire();
    return panel;
  }

  closeAll(): void {
    this.lookups.clear();
    for (const panel of [...this.panels.values()]) {
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

function key(workspaceId: string, taskId: string): string {
  return `${workspaceId}/${taskId}`;
}

/** The task panel feature: `taskPlatform.openTask`, the panel serializer, the task source. */
export function registerTaskPanel(context: vscode.ExtensionContext, services: Services): TaskPanels {
  const panels = new TaskPanels(services);
  panels.poller = new PanelPoller(panels, services.session);
  // Integration tests drive polling with tick(): a timer would add requests to other suites' logs.
  // The packaged extension (e2e) runs it.
  panels.poller.timerEnabled = context.extensionMode !== vscode.ExtensionMode.Test;
  context.subscriptions.push(
    panels,
    panels.poller,
    registerTaskSource('panel', () => {
      const panel = panels.active();
      return panel ? [{ workspaceId: panel.ref.workspaceId, taskId: panel.ref.taskId, row: panel.model.task }] : [];
    }),
    vscode.window.registerWebviewPanelSerializer(viewType, {
      // After a window reload: the page's state names its task (and keeps the drafts).
      deserializeWebviewPanel: async (webviewPanel, state: unknown) => {
        const ref = taskRefFrom(state);
        if (!ref) {
          webviewPanel.dispose();
          return;
        }
        await panels.open(ref, webviewPanel);
      },
    }),
  );
  registerCommand(context, Commands.openTask, (arg?: unknown) => openTask(panels, services, arg));
  return panels;
}

/**
 * Opens the panel of a TaskRef (a tree node is one). Without one, "Go to Task" (the commands
 * feature) picks the task; when that command is not there, a task id is asked for.
 */
async function openTask(panels: TaskPanels, services: Services, arg: unknown): Promise<TaskPanel | undefined> {
  const ref = taskRefFrom(arg);
  if (ref) {
    return panels.open(ref);
  }
  if ((await vscode.commands.getCommands(true)).includes(Commands.goToTask)) {
    await vscode.commands.executeCommand(Commands.goToTask);
    return undefined;
  }
  const state = await signedIn(services.session);
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
  return panels.open({ workspaceId, taskId: id });
}
