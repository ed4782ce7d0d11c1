import * as vscode from 'vscode';
import type { SearchHit } from '../../core/api/schemas';
import { prompter } from '../ui/prompter';
import type { Outcome, PanelContext } from './context';
import { attempt, refuse } from './context';
import { publish } from './taskEdits';

/** Subtasks (POST tasks with parent_task_id) and dependencies (docs/api/openapi.yaml#createTaskDependency). */
export async function addSubtask(ctx: PanelContext, rawTitle: string): Promise<Outcome> {
  const title = rawTitle.trim();
  const listId = ctx.model().task.list_id;
  if (title === '' || [...title].length > 255) {
    return refuse(
      title === ''
        ? vscode.l10n.t('Give the subtask a title.')
        : vscode.l10n.t('The title can have at most 255 characters.'),
      'subtask',
    );
  }
  if (!listId) {
    return refuse(vscode.l10n.t('The task is still loading; try again in a moment.'), 'subtask');
  }
  return attempt(ctx, vscode.l10n.t('Could not add the subtask'), async () => {
    const created = await ctx.client.createTask(
      ctx.workspaceId,
      { list_id: listId, title, parent_task_id: ctx.taskId },
      { priority: 'user' },
    );
    ctx.update({ subtasks: [...(ctx.model().subtasks ?? []), created] });
    ctx.services.changes.fire({ kind: 'created', workspaceId: ctx.workspaceId, task: created });
    await refreshTask(ctx);
  });
}

/** Asks for a search text, then a task among the hits, and adds it as a blocker of this task. */
export async function addBlocker(ctx: PanelContext): Promise<Outcome> {
  const query = await prompter().inputBox({
    title: vscode.l10n.t('Add a blocker'),
    prompt: vscode.l10n.t('Search for the task that must be completed first (title or display id).'),
    validateInput: (v) => (v.trim().length > 255 ? vscode.l10n.t('At most 255 characters.') : undefined),
  });
  if (query === undefined || query.trim() === '') {
    return { ok: false, error: '' };
  }
  let hits: SearchHit[] = [];
  const searched = await attempt(ctx, vscode.l10n.t('Could not search tasks'), async () => {
    const result = await ctx.client.search(
      { q: query.trim(), workspace_id: ctx.workspaceId, type: 'tasks', per_page: 20 },
      { priority: 'user', signal: ctx.signal },
    );
    const linked = new Set([ctx.taskId, ...(ctx.model().dependencies?.blocked_by.map((d) => d.id) ?? [])]);
    hits = (result.tasks?.hits ?? []).filter((h) => !linked.has(h.id));
  });
  if (!searched.ok) {
    return searched;
  }
  if (hits.length === 0) {
    return refuse(vscode.l10n.t('No other task matches "{0}".', query.trim()), 'blockedBy');
  }
  const items = hits.map((hit) => ({ label: hit.title, description: String(hit.display_id ?? ''), hit }));
  const picked = await prompter().quickPick(items, {
    title: vscode.l10n.t('Add a blocker'),
    placeHolder: vscode.l10n.t('The task that must be completed first'),
    matchOnDescription: true,
  });
  if (!picked) {
    return { ok: false, error: '' };
  }
  return attempt(ctx, vscode.l10n.t('Could not add the blocker'), async () => {
    await ctx.client.addDependency(ctx.workspaceId, ctx.taskId, picked.hit.id, { priority: 'user' });
    await refreshDependencies(ctx);
  });
}

export async function removeDependency(ctx: PanelContext, dependencyId: string): Promise<Outcome> {
  const deps = ctx.model().dependencies;
  if (deps && ![...deps.blocked_by, ...deps.blocking].some((d) => d.dependency_id === dependencyId)) {
    return refuse(vscode.l10n.t('This dependency is no longer there.'));
  }
  return attempt(ctx, vscode.l10n.t('Could not remove the dependency'), async () => {
    await ctx.client.removeDependency(ctx.workspaceId, ctx.taskId, dependencyId, { priority: 'user' });
    await refreshDependencies(ctx);
  });
}

/** After a link changes, both lists and the task's is_blocked change: read them back. */
async function refreshDependencies(ctx: PanelContext): Promise<void> {
  const [dependencies] = await Promise.all([
    ctx.client.getDependencies(ctx.workspaceId, ctx.taskId, { priority: 'user' }),
    refreshTask(ctx),
  ]);
  ctx.update({ dependencies });
}

async function refreshTask(ctx: PanelContext): Promise<void> {
  publish(ctx, await ctx.client.getTask(ctx.workspaceId, ctx.taskId, { priority: 'user' }));
}
