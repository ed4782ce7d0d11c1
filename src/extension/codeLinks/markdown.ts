import * as vscode from 'vscode';
import type { Resolution } from '../../core/codeLinks/resolver';
import { isDisplayId } from '../../core/tasks/links';
import { inertMarkdown } from '../../core/text/inert';
import { isCompleted } from '../../core/tree/rows';
import { isUuid } from '../tasks/ref';

/** Commands the hover may run (MarkdownString.isTrusted: only these, never arbitrary command links). */
export const HOVER_COMMANDS = ['taskPlatform.codeLinks.open', 'taskPlatform.copyLink', 'taskPlatform.startWork'];

/** A `command:` URI with JSON arguments (VS Code decodes them and passes them to the command). */
export function commandUri(command: string, arg: unknown): vscode.Uri {
  return vscode.Uri.parse(`command:${command}?${encodeURIComponent(JSON.stringify([arg]))}`);
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const DESCRIPTION_LINES = 4;

/** A display id as shown in a hover: ids are short, so a long one is cut. */
const ID_SHOWN = 60;

/**
 * The hover of a reference: title, status in its colour, priority, assignee, due, blocked, description, actions.
 * Every value from the service or the workspace goes in through `inertMarkdown` (it escapes `<` and
 * `&` too), so the only HTML is the status dot built here from a validated `#rrggbb`, and the only
 * links are the hover's own actions, whose arguments are checked ids.
 */
export function hoverMarkdown(displayId: string, resolution: Resolution | undefined): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.supportHtml = true;
  md.isTrusted = { enabledCommands: HOVER_COMMANDS };
  if (!resolution) {
    md.appendMarkdown(vscode.l10n.t('**{0}**: not looked up yet (sign in to Task Platform, or try again in a moment).', inertMarkdown(displayId, ID_SHOWN)));
    return md;
  }
  if (resolution.kind !== 'found') {
    const why = resolution.kind === 'trashed' ? vscode.l10n.t('in Trash') : vscode.l10n.t('not found: unknown, in Trash, deleted, or not visible to you');
    md.appendMarkdown(`**${inertMarkdown(displayId, ID_SHOWN)}**: ${inertMarkdown(why)}`);
    return md;
  }
  const { task, workspaceId } = resolution;
  md.appendMarkdown(`**${inertMarkdown(displayId, ID_SHOWN)}** ${inertMarkdown(task.title)}\n\n`);
  md.appendMarkdown(facts(task).join(' · '));
  md.appendMarkdown('\n\n');
  const description = (task.description ?? '').slice(0, DESCRIPTION_LINES * 1000).split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, DESCRIPTION_LINES);
  if (description.length > 0) {
    md.appendMarkdown(`${inertMarkdown(description.map((l) => l.slice(0, 200)).join('\n'))}\n\n`);
  }
  md.appendMarkdown(actions(displayId, workspaceId, task.id).join(' · '));
  return md;
}

/**
 * The hover's own command links. Their arguments come from the workspace and the service, so each
 * is used only when it is what it claims to be: a display id of the strict grammar, UUIDs.
 */
function actions(displayId: string, workspaceId: string, taskId: string): string[] {
  const out: string[] = [];
  if (isDisplayId(displayId)) {
    out.push(commandLink(vscode.l10n.t('Open'), 'taskPlatform.codeLinks.open', { displayId }));
  }
  if (isUuid(workspaceId) && isUuid(taskId)) {
    const ref = { workspaceId, taskId };
    out.push(commandLink(vscode.l10n.t('Copy Link'), 'taskPlatform.copyLink', ref));
    out.push(commandLink(vscode.l10n.t('Start Work'), 'taskPlatform.startWork', ref));
  }
  return out;
}

function commandLink(label: string, command: string, arg: unknown): string {
  return `[${inertMarkdown(label)}](${commandUri(command, arg).toString()})`;
}

function facts(task: Extract<Resolution, { kind: 'found' }>['task']): string[] {
  const out: string[] = [];
  const status = task.status;
  if (status?.name) {
    // Only a plain #rrggbb reaches the style attribute (Status: color is a hex colour); the hover's
    // sanitizer keeps `color` on spans and nothing else.
    const dot = status.color && HEX.test(status.color) ? `<span style="color:${status.color};">●</span> ` : '';
    out.push(`${dot}${inertMarkdown(status.name)}${isCompleted(task) ? ' ✓' : ''}`);
  }
  if (task.priority) {
    out.push(inertMarkdown(vscode.l10n.t('priority {0}', task.priority)));
  }
  const assignee = (task.assignee as { name?: string } | null | undefined)?.name;
  out.push(inertMarkdown(assignee ? vscode.l10n.t('assigned to {0}', assignee) : vscode.l10n.t('unassigned')));
  if (task.due_date) {
    out.push(inertMarkdown(vscode.l10n.t('due {0}', new Date(task.due_date).toLocaleDateString())));
  }
  if (task.is_blocked) {
    out.push(inertMarkdown(vscode.l10n.t('⊘ blocked')));
  }
  return out;
}
