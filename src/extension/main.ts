import * as vscode from 'vscode';
import { BudgetStatusBar } from './account/budget';
import { AccountStatusBar } from './account/statusBar';
import { registerAi } from './ai/register';
import type { AiFeature } from './ai/register';
import { registerCodeLinks } from './codeLinks/register';
import type { CodeLinks } from './codeLinks/register';
import { registerCommands } from './commands/register';
import { Commands } from './commands/ids';
import { registerCommand } from './commands/registry';
import { taskUriHandler } from './commands/goTo';
import { registerAuth } from './auth/register';
import { scaleRateWindowForTests, Session } from './auth/session';
import { TokenStore } from './auth/tokenStore';
import { Outboxes } from './outbox/outboxes';
import { SerialMemento } from './state/globalState';
import { registerOutbox } from './outbox/register';
import type { OutboxFeature } from './outbox/register';
import { onDidChangeSetting, requestTimeoutMs } from './config';
import { log, logChannel } from './log';
import { TaskChanges } from './tasks/changes';
import { registerTaskPanel } from './taskPanel/register';
import { registerSavedViews } from './views/register';
import type { SavedViewsTree } from './views/savedViewsTree';
import type { TaskPanels } from './taskPanel/register';
import { registerTaskSource } from './tasks/current';
import type { ExplorerTree } from './tree/explorer';
import type { MyTasksTree } from './tree/myTasks';
import { registerTrees } from './tree/register';
import { registerWalkthrough, stepsDone } from './walkthrough/progress';
import type { Trees } from './tree/register';
import type { Services } from './services';
import { setLinkSink } from './links/opener';
import { setPrompter } from './ui/prompter';
import type { Prompter } from './ui/prompter';

/** What the integration tests reach through `extension.exports`; only in ExtensionMode.Test. */
export interface TestApi {
  readonly session: Session;
  readonly explorer: ExplorerTree;
  readonly myTasks: MyTasksTree;
  readonly trees: Trees;
  readonly services: Services;
  /** The task change bus, so a test can see what a command announced. */
  readonly changes: TaskChanges;
  readonly activationMs: number;
  readonly taskPanels: TaskPanels;
  readonly savedViews: SavedViewsTree;
  readonly budget: BudgetStatusBar;
  readonly codeLinks: CodeLinks;
  readonly ai: AiFeature;
  readonly outbox: OutboxFeature;
  /** Walkthrough steps marked done in this window (their context keys are set). */
  stepsDone(): string[];
  setPrompter(next: Prompter): () => void;
  /** Stands in for VS Code's openExternal behind the checked link opener (links/opener.ts). */
  setLinkSink: typeof setLinkSink;
  /** The `vscode://` link handler (code-server sends such links to the browser, not to the handler). */
  readonly uriHandler: vscode.UriHandler;
  scaleRateWindowForTests(windowMs: number | undefined): void;
  /** Lets a test stand in for the tree selection or the focused panel (tasks/current.ts). */
  registerTaskSource: typeof registerTaskSource;
}

/**
 * Registers providers and commands and returns: no network and no waiting here. The session is
 * restored the first time something needs it (the view becomes visible, a command runs).
 */
export function activate(context: vscode.ExtensionContext): TestApi | undefined {
  const started = performance.now();
  context.subscriptions.push(logChannel());

  const globalState = new SerialMemento(context.globalState);
  pendingState = globalState;
  const outboxes = new Outboxes(globalState);
  const session = new Session(new TokenStore(context.secrets), outboxes);
  const changes = new TaskChanges();
  const services: Services = { session, changes, extensionUri: context.extensionUri, outboxes, globalState };
  const budget = new BudgetStatusBar(session);
  const trees = registerTrees(context, services);
  const { explorer, myTasks } = trees;
  context.subscriptions.push(
    outboxes,
    session,
    changes,
    new AccountStatusBar(session),
    budget,
    onDidChangeSetting('baseUrl', () => session.invalidate()),
    onDidChangeSetting('requestTimeoutSeconds', () => {
      const state = session.state;
      if (state.kind === 'signedIn') {
        state.client.setTimeoutMs(requestTimeoutMs());
      }
    }),
  );
  registerAuth(context, services);
  registerCommand(context, Commands.showLog, () => logChannel().show());

  // Features register here, one line each: register<Feature>(context, services).
  const commandContext = registerCommands(context, services);
  const taskPanels = registerTaskPanel(context, services);
  const savedViews = registerSavedViews(context, services);
  const codeLinks = registerCodeLinks(context, services, commandContext);
  const ai = registerAi(context, services);
  const outbox = registerOutbox(context, services);
  registerWalkthrough(context);

  const activationMs = performance.now() - started;
  log.info(`Activated in ${activationMs.toFixed(1)} ms`);
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    // The integration runner shortens the client's 60-request window for the whole suite (the
    // limiter's own behaviour is tested in Node with scaled windows too).
    const window = Number(process.env.TASK_PLATFORM_TEST_RATE_WINDOW_MS);
    if (window > 0) {
      scaleRateWindowForTests(window);
    }
    return {
      session,
      explorer,
      myTasks,
      trees,
      services,
      changes,
      taskPanels,
      savedViews,
      budget,
      codeLinks,
      ai,
      outbox,
      stepsDone,
      activationMs,
      setPrompter,
      setLinkSink,
      uriHandler: taskUriHandler(commandContext),
      scaleRateWindowForTests,
      registerTaskSource,
    };
  }
  return undefined;
}

let pendingState: SerialMemento | undefined;

/** Everything activate() created is in context.subscriptions; only queued state writes are awaited. */
export function deactivate(): Promise<void> | undefined {
  return pendingState?.flushed();
}
