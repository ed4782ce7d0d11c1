import * as vscode from 'vscode';
import type { Resolution } from '../../core/codeLinks/resolver';
import { isCompleted } from '../../core/tree/rows';

/** Commands the hover may run (MarkdownString.isTrusted: only these, never arbitrary command links). */
export const HOVER_COMMANDS = ['taskPlatform.codeLinks.open', 'taskPlatform.copyLink', 'taskPlatform.startWork'];

/** Escapes user text for a markdown string that allows a little HTML: markdown punctuation and `<>&`. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] as string)
    .replace(/[\\`*_{}[\]()#+\-.!|~]/g, '\\$&');
}

/** A `command:` URI with JSON arguments (VS Code decodes them and passes them to the command). */
export function commandUri(command: string, arg: unknown): vscode.Uri {
  return vscode.Uri.parse(`command:${command}?${encodeURIComponent(JSON.stringify([arg]))}`);
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const DESCRIPTION_LINES = 4;

/** The hover of a reference: title, status in its colour, priority, assignee, due, blocked, description, actions. */
export function hoverMarkdown(displayId: string, resolution: Resolution | undefined): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.supportHtml = true;
  md.isTrusted = { enabledCommands: HOVER_COMMANDS };
  if (!resolution) {
    md.appendMarkdown(vscode.l10n.t('**{0}**: not looked up yet (sign in to Task Platform, or try again in a moment).', escapeMarkdown(displayId)));
    return md;
  }
  if (resolution.kind !== 'found') {
    const why = resolution.kind === 'trashed' ? vscode.l10n.t('in Trash') : vscode.l10n.t('not found: unknown, in Trash, deleted, or not visible to you');
    md.appendMarkdown(`**${escapeMarkdown(displayId)}**: ${escapeMarkdown(why)}`);
    return md;
  }
  const { task, workspaceId } = resolution;
  md.appendMarkdown(`**${escapeMarkdown(displayId)}** ${escapeMarkdown(task.title)}\n\n`);
  md.appendMarkdown(facts(task).join(' · ') + '\n\n');
  const description = (task.description ?? '').split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, DESCRIPTION_LINES);
  if (description.length > 0) {
    md.appendMarkdown(description.map((l) => escapeMarkdown(l.slice(0, 200))).join('  \n') + '\n\n');
  }
  const ref = { workspaceId, taskId: task.id };
  md.appendMarkdown(
    [
      `[${escapeMarkdown(vscode.l10n.t('Open'))}](${commandUri('taskPlatform.codeLinks.open', { displayId }).toString()})`,
      `[${escapeMarkdown(vscode.l10n.t('Copy Link'))}](${commandUri('taskPlatform.copyLink', ref).toString()})`,
      `[${escapeMarkdown(vscode.l10n.t('Start Work'))}](${commandUri('taskPlatform.startWork', ref).toString()})`,
    ].join(' · '),
  );
  return md;
}

function facts(task: Extract<Resolution, { kind: 'found' }>['task']): string[] {
  const out: string[] = [];
  const status = task.status;
  if (status?.name) {
    // Only a plain #rrggbb reaches the style attribute (Status: color is a hex colour); the hover's
    // sanitizer keeps `color` on spans and nothing else.
    const dot = status.color && HEX.test(status.color) ? `<span style="color:${status.color};">●</span> ` : '';
    out.push(`${dot}${escapeMarkdown(status.name)}${isCompleted(task) ? ' ✓' : ''}`);
  }
  if (task.priority) {
    out.push(escapeMarkdown(vscode.l10n.t('priority {0}', task.priority)));
  }
  const assignee = (task.assignee as { name?: string } | null | undefined)?.name;
  out.push(escapeMarkdown(assignee ? vscode.l10n.t('assigned to {0}', assignee) : vscode.l10n.t('unassigned')));
  if (task.due_date) {
    out.push(escapeMarkdown(vscode.l10n.t('due {0}', new Date(task.due_date).toLocaleDateString())));
  }
  if (task.is_blocked) {
    out.push(escapeMarkdown(vscode.l10n.t('⊘ blocked')));
  }
  return out;
}
