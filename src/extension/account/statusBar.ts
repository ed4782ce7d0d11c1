import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { inert } from '../../core/text/inert';
import { accountLabel } from '../auth/label';
import type { Session, SessionState } from '../auth/session';
import { Disposable } from '../disposable';
import type { Attention } from './attention';
import type { BudgetStatusBar } from './budget';

/**
 * The account in the status bar: who is signed in, or what to do to sign in. With several accounts
 * it shows the one that needs attention (a refused token, a service out of reach; see Attention),
 * else the primary one with how many others are signed in. The user's name and the server's reason
 * are outside text: inert, so only the item's own icon shows.
 */
export class AccountStatusBar extends Disposable {
  private readonly item = this.register(
    vscode.window.createStatusBarItem('taskPlatform.account', vscode.StatusBarAlignment.Left, 10),
  );

  constructor(
    private readonly attention: Attention,
    private readonly budget?: BudgetStatusBar,
  ) {
    super();
    this.item.name = vscode.l10n.t('Task Platform Account');
    this.register(attention.onDidChange(() => this.render()));
    // The budget item may be hidden (it shows only when it matters): its summary is always here.
    if (budget) {
      this.register(budget.onDidChange(() => this.render()));
    }
    this.render();
  }

  /** The item's tooltip now (tests read it). */
  get tooltip(): string {
    return typeof this.item.tooltip === 'string' ? this.item.tooltip : (this.item.tooltip?.value ?? '');
  }

  /** What the item shows now (tests read it). */
  get text(): string {
    return this.item.text;
  }

  /** The names of accounts seen signed in: a refused one is named as the user knew it. */
  private readonly names = new WeakMap<Session, string>();

  private render(): void {
    for (const other of this.attention.others) {
      if (other.state.kind === 'signedIn') this.names.set(other, accountLabel(other.state, true));
    }
    const shown = this.attention.session;
    const kind = shown.state.kind;
    if (shown !== this.attention.primary && (kind === 'rejected' || kind === 'error')) {
      this.renderOther(shown);
    } else {
      this.renderPrimary(this.attention.primary.state, this.attention.others);
    }
    const item = this.item;
    item.accessibilityInformation = { label: typeof item.tooltip === 'string' ? item.tooltip : item.text };
    item.show();
  }

  private renderPrimary(state: SessionState, others: readonly Session[]): void {
    const item = this.item;
    item.backgroundColor = undefined;
    switch (state.kind) {
      case 'signedIn': {
        const also = others.flatMap((s) => (s.state.kind === 'signedIn' ? [accountLabel(s.state, true)] : []));
        item.text = `$(account) ${inert(state.user.name, 40)}${also.length > 0 ? ` +${also.length}` : ''}`;
        item.tooltip = [
          inert(vscode.l10n.t('Task Platform: signed in as {0} <{1}>', state.user.name, state.user.email)),
          also.length > 0 ? vscode.l10n.t('Also signed in: {0}', also.join(', ')) : '',
          this.budget?.summary ?? '',
        ]
          .filter(Boolean)
          .join('\n');
        item.command = Commands.showAccount;
        break;
      }
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
  }

  /** An added account that needs attention: named, with the way to fix it (Add Account asks a new token). */
  private renderOther(session: Session): void {
    const item = this.item;
    const state = session.state;
    const name = this.names.get(session) ?? accountName(session);
    if (state.kind === 'rejected') {
      item.text = `$(warning) ${vscode.l10n.t('Task Platform: token rejected')}`;
      item.tooltip = vscode.l10n.t('The stored token of {0} was refused. Click to add the account again.', name);
      item.command = Commands.addAccount;
      item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else if (state.kind === 'error') {
      item.text = `$(cloud-offline) ${vscode.l10n.t('Task Platform')}`;
      item.tooltip = inert(vscode.l10n.t('{0}: {1}', name, state.message));
      item.command = Commands.showAccount;
      item.backgroundColor = undefined;
    }
  }
}

/** An account never seen signed in in this window: named by its service. */
function accountName(session: Session): string {
  const state = session.state;
  const baseUrl = 'baseUrl' in state ? state.baseUrl : undefined;
  return baseUrl ? vscode.l10n.t('your account on {0}', new URL(baseUrl).host) : vscode.l10n.t('an account');
}
