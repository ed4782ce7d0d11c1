import * as vscode from 'vscode';
import type { SignedIn } from '../auth/session';
import { KnownViews } from '../../core/views/known';
import type { KnownView } from '../../core/views/known';
import type { Services } from '../services';

/** What the saved-view commands and tree share. */
export interface ViewsContext {
  readonly services: Services;
  readonly memento: vscode.Memento;
  /** Fired when the pinned views of the current account change. */
  readonly changed: vscode.EventEmitter<void>;
}

/** The known views of the signed-in account (per service and user: never shared across accounts). */
export function knownViews(ctx: ViewsContext, state: SignedIn): KnownViews {
  return new KnownViews(ctx.memento, { baseUrl: state.baseUrl, userId: state.user.id });
}

export function scopeLabel(view: Pick<KnownView, 'scopeType'>): string {
  switch (view.scopeType) {
    case 'list':
      return vscode.l10n.t('list view');
    case 'folder':
      return vscode.l10n.t('folder view');
    case 'space':
      return vscode.l10n.t('space view');
    case 'sprint':
      return vscode.l10n.t('sprint view');
    default:
      return vscode.l10n.t('view');
  }
}

export function lastRunLabel(view: KnownView): string | undefined {
  if (!view.lastRunAt) {
    return undefined;
  }
  const when = new Date(view.lastRunAt).toLocaleString();
  return view.lastTotal === undefined
    ? vscode.l10n.t('last run {0}', when)
    : vscode.l10n.t('last run {0}, {1} tasks', when, view.lastTotal);
}
