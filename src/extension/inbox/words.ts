import * as vscode from 'vscode';
import type { InboxEntry } from '../../core/inbox/state';
import { dayOf } from '../../core/tasks/dates';

/**
 * What an inbox entry says, in the user's language: who did what to which task. Every part that came
 * from the service (names, titles, status names) is data; callers show the result through `inert`.
 */
export function sentence(entry: InboxEntry): string {
  const who = entry.actor ?? vscode.l10n.t('Someone');
  const task = entry.displayId ?? vscode.l10n.t('a task');
  switch (entry.kind) {
    case 'assigned':
      return vscode.l10n.t('{0} assigned {1} to you', who, task);
    case 'status':
      return entry.detail
        ? vscode.l10n.t('{0} set the status of {1} to {2}', who, task, entry.detail)
        : vscode.l10n.t('{0} changed the status of {1}', who, task);
    case 'assignee':
      return entry.detail
        ? vscode.l10n.t('{0} assigned {1} to {2}', who, task, entry.detail)
        : vscode.l10n.t('{0} unassigned {1}', who, task);
    case 'due': {
      const day = dayOf(entry.detail);
      return day
        ? vscode.l10n.t('{0} set the due date of {1} to {2}', who, task, day)
        : vscode.l10n.t('{0} removed the due date of {1}', who, task);
    }
    case 'title':
      return vscode.l10n.t('{0} renamed {1}', who, task);
    case 'comment':
      return vscode.l10n.t('{0} commented on {1}', who, task);
    case 'mention':
      return vscode.l10n.t('{0} mentioned you on {1}', who, task);
    case 'blocker':
      return entry.detail
        ? vscode.l10n.t('{0} marked {1} as blocked by {2}', who, task, entry.detail)
        : vscode.l10n.t('{0} added a blocker to {1}', who, task);
  }
}

/** How long ago, in words ("5 min ago"), for the row's description. */
export function ago(when: string, now: Date): string {
  const ms = now.getTime() - Date.parse(when);
  if (!Number.isFinite(ms) || ms < 60_000) return vscode.l10n.t('just now');
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return vscode.l10n.t('{0} min ago', minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return vscode.l10n.t('{0} h ago', hours);
  return vscode.l10n.t('{0} d ago', Math.floor(hours / 24));
}

/** The icon of each kind (the extension's own codicons, never data). */
export function iconOf(entry: InboxEntry): string {
  switch (entry.kind) {
    case 'assigned':
    case 'assignee':
      return 'person';
    case 'status':
      return 'circle-large-outline';
    case 'due':
      return 'calendar';
    case 'title':
      return 'edit';
    case 'comment':
      return 'comment';
    case 'mention':
      return 'mention';
    case 'blocker':
      return 'error';
  }
}
