import * as vscode from 'vscode';
import { onDidChangeSetting, readBaseUrl } from '../config';

/**
 * Context keys the "Get Started" walkthrough's steps complete on (`completionEvents: onContext:…`
 * in package.json, VS Code API: Contribution Points › walkthroughs). Each is set once, when the thing
 * really happened, and stays true for the window; VS Code remembers a completed step itself.
 */
export type WalkthroughStep = 'baseUrlSet' | 'treeExplored' | 'taskOpened' | 'viewRun' | 'taskLinked' | 'mcpStarted';

const done = new Set<WalkthroughStep>();

export function contextKey(step: WalkthroughStep): string {
  return `taskPlatform.walkthrough.${step}`;
}

/** Steps marked done in this window (the integration tests read it through the TestApi). */
export function stepsDone(): WalkthroughStep[] {
  return [...done];
}

/** Marks a step done; cheap and idempotent (one setContext per step per window). */
export function markStepDone(step: WalkthroughStep): void {
  if (done.has(step)) {
    return;
  }
  done.add(step);
  void vscode.commands.executeCommand('setContext', contextKey(step), true);
}

/** The "service address" step: done once a valid base URL is set (now or later, without a reload). */
export function registerWalkthrough(context: vscode.ExtensionContext): void {
  const check = (): void => {
    if (readBaseUrl().kind === 'valid') {
      markStepDone('baseUrlSet');
    }
  };
  check();
  context.subscriptions.push(onDidChangeSetting('baseUrl', check));
}
