import * as vscode from 'vscode';
import type { SearchResult } from '../../core/api/envelopes';
import type { Priority } from '../../core/api/schemas';
import type { TaskRef } from '../tasks/ref';
import { priorityIcon, priorityLabel } from '../ui/pickers';

export type SearchType = 'tasks' | 'comments' | 'attachments';

/** A row of the pick: a hit (ref), "More results…" (more), or a hint row that sets the scope (a workspace id, '' for all). */
export type HitItem = vscode.QuickPickItem & { ref?: TaskRef; displayId?: string; more?: true; scope?: string };

export const copyLinkButton = (): vscode.QuickInputButton => ({
  iconPath: new vscode.ThemeIcon('link'),
  tooltip: vscode.l10n.t('Copy Link'),
});

type Json = Record<string, unknown>;
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const name = (v: unknown): string | undefined =>
  typeof v === 'object' && v !== null ? text((v as Json).name) : undefined;

/**
 * Items of one result page. Task hits are documented as { id, title, priority, ... }; the groups of
 * comments and attachments are "not shown" (docs/api/openapi.yaml#searchWorkspace), so their fields are read
 * defensively and a hit
 * without a task id is left out. Every item is `alwaysShow`: the server already matched it, the
 * QuickPick must not filter it again on the label.
 */
export function hitItems(result: SearchResult, type: SearchType, workspaceId: string): HitItem[] {
  const group = (result as Json)[type] as { hits?: unknown[] } | undefined;
  const hits = (group?.hits ?? []).filter((h): h is Json => typeof h === 'object' && h !== null);
  return hits.flatMap((hit) => {
    const item = type === 'tasks' ? taskItem(hit) : type === 'comments' ? commentItem(hit) : attachmentItem(hit);
    const taskId = text(type === 'tasks' ? hit.id : hit.task_id);
    return item && taskId
      ? [{ ...item, alwaysShow: true, buttons: [copyLinkButton()], ref: { workspaceId, taskId } }]
      : [];
  });
}

function taskItem(hit: Json): HitItem | undefined {
  const title = text(hit.title);
  if (title === undefined) {
    return undefined;
  }
  const priority = text(hit.priority);
  return {
    label: title,
    description: text(hit.display_id),
    detail: [name(hit.status), priority && priorityLabel(priority)].filter(Boolean).join(' · ') || undefined,
    iconPath: priority ? priorityIcon(priority) : undefined,
    displayId: text(hit.display_id),
  };
}

function commentItem(hit: Json): HitItem | undefined {
  const body = text(hit.body);
  if (body === undefined) {
    return undefined;
  }
  return {
    label: body.replace(/\s+/g, ' ').slice(0, 120),
    description: text(hit.task_display_id),
    detail: name(hit.user),
    iconPath: new vscode.ThemeIcon('comment'),
    displayId: text(hit.task_display_id),
  };
}

function attachmentItem(hit: Json): HitItem | undefined {
  const fileName = text(hit.file_name);
  return fileName === undefined
    ? undefined
    : { label: fileName, description: text(hit.mime_type), iconPath: new vscode.ThemeIcon('file') };
}

export function totalOf(result: SearchResult, type: SearchType): number {
  const group = (result as Json)[type] as { total?: unknown } | undefined;
  return typeof group?.total === 'number' ? group.total : 0;
}

export const PRIORITY_FILTERS: readonly Priority[] = ['critical', 'high', 'medium', 'low'];

export function priorityButton(priority: Priority, active: boolean): vscode.QuickInputButton & { priority: Priority } {
  const tooltip = active
    ? vscode.l10n.t('Showing only {0} priority: show all', priorityLabel(priority))
    : vscode.l10n.t('Only {0} priority', priorityLabel(priority));
  return { iconPath: active ? new vscode.ThemeIcon('filter-filled') : priorityIcon(priority), tooltip, priority };
}

export function typeLabel(type: SearchType): string {
  switch (type) {
    case 'tasks':
      return vscode.l10n.t('tasks');
    case 'comments':
      return vscode.l10n.t('comments');
    case 'attachments':
      return vscode.l10n.t('attachments');
  }
}

export function typeButton(type: SearchType): vscode.QuickInputButton & { type: SearchType } {
  const icon = { tasks: 'tasklist', comments: 'comment', attachments: 'file' }[type];
  return { iconPath: new vscode.ThemeIcon(icon), tooltip: vscode.l10n.t('Search {0}', typeLabel(type)), type };
}
