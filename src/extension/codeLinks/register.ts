import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { registerCommand } from '../common/registry';
import { onDidChangeSetting } from '../config';
import type { CommandContext } from '../common/commandContext';
import type { Services } from '../services';
import { CurrentTask } from './currentTask';
import { StaleReferences } from './diagnostics';
import { ReferenceFinder } from './finder';
import { insertReference, ReferenceCompletion, replaceReference } from './insert';
import { COMMIT_MESSAGE_SELECTOR, MyTaskCompletion } from './myTaskCompletion';
import { openReference, ReferenceProviders } from './providers';
import { ReferencesView } from './referencesView';
import { startWork } from './startWork';
import { createFromTodo, TodoActions } from './todo';

/** What the integration tests reach (through the TestApi). */
export interface CodeLinks {
  readonly finder: ReferenceFinder;
  readonly stale: StaleReferences;
  readonly current: CurrentTask;
  readonly references: ReferencesView;
}

/**
 * Tasks in code: links, hovers, completion, TODO -> task, stale-reference diagnostics,
 * Start Work, Insert Task Reference. Registration only: the providers run when VS Code asks, and
 * nothing is sent before a document with a known prefix is shown.
 */
export function registerCodeLinks(
  context: vscode.ExtensionContext,
  services: Services,
  ctx: CommandContext,
): CodeLinks {
  const finder = new ReferenceFinder(services.globalState, services);
  // Every language: which ones have comments is known only once the installed languages are read
  // (on the first document asked about, not here); documents of other languages scan to nothing.
  const selector: vscode.DocumentSelector = { language: '*' };
  const providers = new ReferenceProviders(finder);
  const todos = new TodoActions();
  const stale = new StaleReferences(finder);
  const current = new CurrentTask(context.workspaceState);
  const references = new ReferencesView(finder);
  context.subscriptions.push(
    finder,
    providers,
    todos,
    stale,
    current,
    references,
    finder.onDidChange(() => todos.refreshLenses()),
    // The CodeLens setting takes effect at once, without a reload.
    onDidChangeSetting('codeLinks.todoCodeLens', () => todos.refreshLenses()),
    registerLinks(selector, providers),
    vscode.languages.registerHoverProvider(selector, providers),
    vscode.languages.registerCodeActionsProvider(selector, todos, { providedCodeActionKinds: TodoActions.kinds }),
    vscode.languages.registerCodeActionsProvider(selector, stale, {
      providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
    }),
    vscode.languages.registerCodeLensProvider(selector, todos),
    vscode.languages.registerCompletionItemProvider(selector, new ReferenceCompletion(finder), '-'),
    vscode.languages.registerCompletionItemProvider(COMMIT_MESSAGE_SELECTOR, new MyTaskCompletion(finder), '#'),
  );
  registerCommand(context, Commands.codeLinksOpen, (arg?: unknown) => openReference(finder, arg));
  registerCommand(context, Commands.codeLinksCreateFromTodo, (arg?: unknown) => createFromTodo(ctx, arg));
  registerCommand(context, Commands.startWork, (arg?: unknown) => startWork(ctx, current, arg));
  registerCommand(context, Commands.insertTaskReference, () => insertReference(ctx, finder));
  registerCommand(context, Commands.codeLinksReplaceReference, (arg?: unknown) => replaceReference(ctx, finder, arg));
  registerCommand(context, Commands.stopWork, () => current.set(undefined));
  return { finder, stale, current, references };
}

/** The link provider, registered again when a lookup turned an id into no link (VS Code then redraws links). */
function registerLinks(selector: vscode.DocumentSelector, providers: ReferenceProviders): vscode.Disposable {
  let links = vscode.languages.registerDocumentLinkProvider(selector, providers);
  const again = providers.onDidUnlink(() => {
    links.dispose();
    links = vscode.languages.registerDocumentLinkProvider(selector, providers);
  });
  return new vscode.Disposable(() => {
    again.dispose();
    links.dispose();
  });
}
