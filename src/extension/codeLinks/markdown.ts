import * as vscode from 'vscode';
import { HOVER_COMMANDS, commandTarget, hoverSource } from '../../core/codeLinks/hover';
import type { HoverWords } from '../../core/codeLinks/hover';
import type { Resolution } from '../../core/codeLinks/resolver';
import { dueDisplay, dueLabel } from '../../core/text/dates';

/** A `command:` URI with JSON arguments (VS Code decodes them and passes them to the command). */
export function commandUri(command: (typeof HOVER_COMMANDS)[number], arg: unknown): vscode.Uri {
  return vscode.Uri.parse(commandTarget(command, arg));
}

const words: HoverWords = {
  notLookedUp: (id) =>
    vscode.l10n.t('**{0}**: not looked up yet (sign in to Task Platform, or try again in a moment).', id),
  inTrash: vscode.l10n.t('in Trash'),
  notFound: vscode.l10n.t(
    'no task with this id is visible to you. It may not exist, be deleted or in Trash, or be private.',
  ),
  ambiguous: (count) => vscode.l10n.t('{0} workspaces have a task with this id: each is below.', count),
  priority: (priority) => vscode.l10n.t('priority {0}', priority),
  assignedTo: (name) => vscode.l10n.t('assigned to {0}', name),
  unassigned: vscode.l10n.t('unassigned'),
  due: (dueDate, completed) => {
    const due = dueDisplay(dueDate, completed, new Date(), vscode.env.language);
    return due && dueLabel(due, { due: (text) => vscode.l10n.t('Due {0}', text), overdue: vscode.l10n.t('overdue') });
  },
  blocked: vscode.l10n.t('⊘ blocked'),
  open: vscode.l10n.t('Open'),
  copyLink: vscode.l10n.t('Copy Link'),
  openInBrowser: vscode.l10n.t('Open in Browser'),
  startWork: vscode.l10n.t('Start Work'),
  summarise: vscode.l10n.t('Summarise in Chat'),
  follow: vscode.l10n.t('Follow'),
};

/**
 * The hover of a reference (core/codeLinks/hover.ts builds it, every value inert). HTML is on for
 * the status dot alone, built there from a validated colour; the only commands it may run are its
 * own four, with checked ids.
 */
export function hoverMarkdown(
  displayId: string,
  resolution: Resolution | undefined,
  workspaceName?: (workspaceId: string, account?: string) => string | undefined,
): vscode.MarkdownString {
  const md = new vscode.MarkdownString(hoverSource(displayId, resolution, words, workspaceName));
  md.supportHtml = true;
  md.isTrusted = { enabledCommands: [...HOVER_COMMANDS] };
  return md;
}
