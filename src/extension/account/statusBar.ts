import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { inert } from '../../core/text/inert';
import type { Session, SessionState } from '../auth/session';
import { Disposable } from '../disposable';
import type { BudgetStatusBar } from './budget';

/**
 * The account in the status bar: who is signed in, or what to do to sign in. The user's name and the
 * server's reason are outside text: inert, so only the item's own icon shows.
 */
export class AccountStatusBar extends Disposable {
  private readonly item = this.register(
    vscode.window.createStatusBarItem('taskPlatform.account', vscode.StatusBarAlignment.Left, 10),
  );

  constructor(
    private readonly session: Session,
    private readonly budget?: BudgetStatusBar,
  ) {
    super();
    this.item.name = vscode.l10n.t('Task Platform Account');
    this.register(session.onDidChange((state) => this.render(state)));
    // The budget item may be hidden (it shows only when it matters): its summary is always here.
    if (budget) {
      this.register(budget.onDidChange(() => this.render(this.session.state)));
    }
    this.render(session.state);
  }

  /** The item's tooltip now (tests read it). */
  get tooltip(): string {
    return typeof this.item.tooltip === 'string' ? this.item.tooltip : (this.item.tooltip?.value ?? '');
  }

  private render(state: SessionState): void {
    const item = this.item;
    item.backgroundColor = undefined;
    switch (state.kind) {
      case 'signedIn':
        item.text = `$(account) ${inert(state.user.name, 40)}`;
        item.tooltip = [
          inert(vscode.l10n.t('Task Platform: signed in as {0} <{1}>', state.user.name, state.user.email)),
          this.budget?.summary ?? '',
        ]
          .filter(Boolean)
          .join('\n');
        item.command = Commands.showAccount;
        break;
      case 'rejected':
        item.text = `$(warning) ${vscode.l10n.t('Task Platform: token rejected')}`;
        item.tooltip = vscode.l10n.t('The stored token was refused. Click to sign in again.');
        item.command = Commands.signIn;
        item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
        break;
      case 'error':
        item.text = `$(cloud-offline) ${vscode.l10n.t('Task Platform')}`;
        item.tooltip = inert(state.message);
        item.command = Commands.showAccount;
        break;
      case 'unknown':
      case 'signedOut':
        item.text = `$(sign-in) ${vscode.l10n.t('Task Platform: Sign In')}`;
        item.tooltip = vscode.l10n.t('Sign in to Task Platform with a personal access token');
        item.command = Commands.signIn;
        break;
    }
    item.accessibilityInformation = { label: typeof item.tooltip === 'string' ? item.tooltip : item.text };
    item.show();
  }
}
