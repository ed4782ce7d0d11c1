import type * as vscode from 'vscode';
import { BudgetStatusBar } from '../account/budget';
import { AccountStatusBar } from '../account/statusBar';
import { Attention } from '../account/attention';
import { Commands } from '../common/commandIds';
import { registerCommand } from '../common/registry';
import { taskUriHandler } from '../commands/goTo';
import type { CommandContext } from '../common/commandContext';
import { registerAuth } from '../auth/register';
import { scaleRateWindowForTests, Session } from '../auth/session';
import { TokenStore } from '../auth/tokenStore';
import { AccountSessions } from '../auth/accountSessions';
import { Outboxes } from '../outbox/outboxes';
import { SerialMemento } from '../state/globalState';
import { onDidChangeSetting, requestTimeoutMs } from '../config';
import { adoptLogChannel, log } from '../log';
import { errorText } from '../../core/util/errorText';
import { TaskChanges } from '../tasks/changes';
import { registerTaskSource } from '../tasks/current';
import { registerWalkthrough, stepsDone } from '../walkthrough/progress';
import { contextKey } from '../common/contextKeys';
import { registerToolOffer } from '../ai/offer';
import type { Services } from '../services';
import type { TestApi } from '../testApi';
import { setLinkSink } from '../links/opener';
import { setPrompter } from '../ui/prompter';
import { simulateWindowState, watchPresence } from '../ui/presence';
import type { Feature, LazyCore, LazyHost } from '../start/contract';
import { setAdoption } from './api';

/**
 * dist/lazy/core.mjs, imported by the entry on the first use of anything: the services every
 * feature shares (session, outboxes, change bus, state) and the account status bars. Each feature
 * is a dynamic import below, so esbuild puts it in its own chunk, loaded when it is first asked for.
 */
export function start(host: LazyHost): LazyCore {
  setAdoption(host.adoption);
  adoptLogChannel(host.logChannel);
  const { context } = host;
  const globalState = new SerialMemento(context.globalState, () => host.syncKeys());
  pendingState = globalState;
  const services = createServices(context, globalState);
  const { session, accounts: accountSessions, outboxes, changes } = services;
  const { attention, budget, account } = statusBars(accountSessions);
  context.subscriptions.push(
    outboxes,
    session,
    accountSessions,
    changes,
    attention,
    budget,
    account,
    ...followSettings(session),
    watchPresence(),
  );
  const accounts = registerAuth(context, services);
  registerCommand(context, Commands.showLog, () => host.logChannel.show());
  registerWalkthrough(context);
  registerToolOffer(context);

  const loaders = {
    core: async () => undefined,
    trees: async () => (await import('../tree/register.js')).registerTrees(context, services),
    commands: async () => (await import('../commands/register.js')).registerCommands(context, services),
    taskPanel: async () => (await import('../taskPanel/register.js')).registerTaskPanel(context, services),
    savedViews: async () => (await import('../views/register.js')).registerSavedViews(context, services),
    codeLinks: async () => {
      const commandContext = (await load('commands')) as CommandContext;
      return (await import('../codeLinks/register.js')).registerCodeLinks(context, services, commandContext);
    },
    ai: async () => {
      const commandContext = (await load('commands')) as CommandContext;
      return (await import('../ai/register.js')).registerAi(context, services, commandContext);
    },
    outbox: async () => (await import('../outbox/register.js')).registerOutbox(context, services),
    inbox: async () => (await import('../inbox/register.js')).registerInbox(context, services),
    board: async () => (await import('../board/register.js')).registerBoard(context, services, load),
    table: async () => (await import('../table/register.js')).registerTable(context, services, load),
  } satisfies Record<Feature, () => Promise<unknown>>;
  const loaded = new Map<Feature, Promise<unknown>>();
  function load(feature: Feature): Promise<unknown> {
    let promise = loaded.get(feature);
    if (!promise) {
      const started = performance.now();
      promise = loaders[feature]().then(
        (result) => {
          log.debug(`Loaded ${feature} in ${(performance.now() - started).toFixed(1)} ms`);
          return result;
        },
        (error: unknown) => {
          log.error(`Could not load ${feature}: ${errorText(error)}`);
          throw error;
        },
      );
      loaded.set(feature, promise);
    }
    return promise;
  }
  // Queued writes are published and pending changes shown while signed in, whatever is used first.
  load('outbox').catch(() => undefined);
  context.subscriptions.push(loadOnSignIn(session, load));

  return {
    load,
    testApi: async (): Promise<TestApi> => {
      // The integration runner shortens the client's 60-request window for the whole suite (the
      // limiter's own behaviour is tested in Node with scaled windows too).
      const window = Number(process.env.TASK_PLATFORM_TEST_RATE_WINDOW_MS);
      if (window > 0) scaleRateWindowForTests(window);
      const [trees, commandContext, taskPanels, savedViews, codeLinks, ai, outbox, inbox, boards, tables] =
        await Promise.all([
          load('trees') as ReturnType<typeof loaders.trees>,
          load('commands') as ReturnType<typeof loaders.commands>,
          load('taskPanel') as ReturnType<typeof loaders.taskPanel>,
          load('savedViews') as ReturnType<typeof loaders.savedViews>,
          load('codeLinks') as ReturnType<typeof loaders.codeLinks>,
          load('ai') as ReturnType<typeof loaders.ai>,
          load('outbox') as ReturnType<typeof loaders.outbox>,
          load('inbox') as ReturnType<typeof loaders.inbox>,
          load('board') as ReturnType<typeof loaders.board>,
          load('table') as ReturnType<typeof loaders.table>,
        ]);
      return {
        session,
        explorer: trees.explorer,
        myTasks: trees.myTasks,
        trees,
        services,
        changes,
        taskPanels,
        savedViews,
        budget,
        account,
        accounts,
        codeLinks,
        ai,
        outbox,
        inbox,
        boards,
        tables,
        stepsDone,
        contextKey,
        simulateWindowState,
        activationMs: host.activationMs,
        setPrompter,
        setLinkSink,
        uriHandler: taskUriHandler(commandContext),
        scaleRateWindowForTests,
        registerTaskSource,
        syncedKeys: () => host.syncKeys(),
      };
    },
  };
}

/**
 * Once signed in: code links learn the workspaces' id prefixes in the background, so that a file
 * opened later has its references linked at once (they load earlier if an editor is shown first),
 * and the inbox starts polling, so its badge tells of news before its view is opened.
 */
function loadOnSignIn(session: Session, load: (feature: Feature) => Promise<unknown>): vscode.Disposable {
  const onSignIn = session.onDidChange((state) => {
    if (state.kind === 'signedIn') {
      onSignIn.dispose();
      load('codeLinks').catch(() => undefined);
      load('inbox').catch(() => undefined);
    }
  });
  return onSignIn;
}

/** The services every feature shares: the accounts' sessions, their queues, the change bus. */
function createServices(context: vscode.ExtensionContext, globalState: SerialMemento): Services {
  const outboxes = new Outboxes(globalState);
  const tokens = new TokenStore(context.secrets, globalState);
  const session = new Session(tokens, outboxes);
  return {
    session,
    accounts: new AccountSessions(session, tokens, outboxes, context.workspaceState),
    tokens,
    changes: new TaskChanges(),
    extensionUri: context.extensionUri,
    outboxes,
    globalState,
  };
}

/** The settings the session follows: the service address (a new session) and the request timeout. */
function followSettings(session: Session): vscode.Disposable[] {
  return [
    onDidChangeSetting('baseUrl', () => session.invalidate()),
    onDidChangeSetting('requestTimeoutSeconds', () => {
      const state = session.state;
      if (state.kind === 'signedIn') {
        state.client.setTimeoutMs(requestTimeoutMs());
      }
    }),
  ];
}

let pendingState: SerialMemento | undefined;

/** Only queued state writes are awaited when the extension stops (the rest is in context.subscriptions). */
export function flushed(): Promise<void> | undefined {
  return pendingState?.flushed();
}

/** The account and request-budget items, both showing the account that needs attention. */
function statusBars(accounts: AccountSessions): {
  attention: Attention;
  budget: BudgetStatusBar;
  account: AccountStatusBar;
} {
  const attention = new Attention(accounts);
  const budget = new BudgetStatusBar(attention);
  return { attention, budget, account: new AccountStatusBar(attention, budget) };
}
