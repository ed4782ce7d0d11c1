import type * as vscode from 'vscode';
import type { BudgetStatusBar } from './account/budget';
import type { AccountStatusBar } from './account/statusBar';
import type { AiFeature } from './ai/register';
import type { AccountProvider } from './auth/accounts';
import type { CodeLinks } from './codeLinks/register';
import type { Session, scaleRateWindowForTests } from './auth/session';
import type { OutboxFeature } from './outbox/register';
import type { InboxFeature } from './inbox/register';
import type { Boards } from './board/register';
import type { Tables } from './table/register';
import type { TaskChanges } from './tasks/changes';
import type { SavedViewsTree } from './views/savedViewsTree';
import type { TaskPanels } from './taskPanel/register';
import type { registerTaskSource } from './tasks/current';
import type { ExplorerTree } from './tree/explorer';
import type { MyTasksTree } from './tree/myTasks';
import type { Trees } from './tree/register';
import type { Services } from './services';
import type { setLinkSink } from './links/opener';
import type { Prompter } from './ui/prompter';
import type { simulateWindowState } from './ui/presence';

/**
 * What the integration tests reach through `extension.exports`; only in ExtensionMode.Test, where
 * activate() loads every feature first (lazy/core.ts testApi).
 */
export interface TestApi {
  readonly session: Session;
  readonly explorer: ExplorerTree;
  readonly myTasks: MyTasksTree;
  readonly trees: Trees;
  readonly services: Services;
  /** The task change bus, so a test can see what a command announced. */
  readonly changes: TaskChanges;
  /** The entry's activate() body (start/, before any feature is loaded). */
  readonly activationMs: number;
  readonly taskPanels: TaskPanels;
  readonly savedViews: SavedViewsTree;
  readonly budget: BudgetStatusBar;
  readonly account: AccountStatusBar;
  /** The Accounts menu's authentication provider (auth/accounts.ts). */
  readonly accounts: AccountProvider;
  readonly codeLinks: CodeLinks;
  readonly ai: AiFeature;
  readonly outbox: OutboxFeature;
  readonly inbox: InboxFeature;
  readonly boards: Boards;
  readonly tables: Tables;
  /** Walkthrough steps marked done in this window (their context keys are set). */
  stepsDone(): string[];
  /** The value this window last set for one of our context keys (common/contextKeys.ts). */
  contextKey(key: string): unknown;
  setPrompter(next: Prompter): () => void;
  /** Stands in for VS Code's window state (focused, active) for every poll (ui/presence.ts). */
  simulateWindowState: typeof simulateWindowState;
  /** Stands in for VS Code's openExternal behind the checked link opener (links/opener.ts). */
  setLinkSink: typeof setLinkSink;
  /** The `vscode://` link handler (code-server sends such links to the browser, not to the handler). */
  readonly uriHandler: vscode.UriHandler;
  scaleRateWindowForTests: typeof scaleRateWindowForTests;
  /** Lets a test stand in for the tree selection or the focused panel (tasks/current.ts). */
  registerTaskSource: typeof registerTaskSource;
  /** Declares the Settings Sync keys again and returns them (VS Code offers no way to read them back). */
  syncedKeys(): readonly string[];
}
