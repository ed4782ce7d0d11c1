import * as vscode from 'vscode';
import type { UpdateTaskInput } from '../../core/api/inputs';
import type { CustomFieldValue, Task } from '../../core/api/schemas';
import { checkValue } from '../../core/tasks/customFields';
import type { FieldValue } from '../../core/tasks/customFields';
import { fieldProblem } from '../ui/fieldProblem';
import type { TaskField } from '../../shared/taskPanel/protocol';
import type { Outcome, PanelContext } from './context';
import { attempt, refuse } from './context';

const TITLE_MAX = 255; // characters: docs/api/README.md#limits

/**
 * One task field through PATCH (docs/api/openapi.yaml#updateTask); the panel and the tree get the task the service
 * returned.
 */
export async function editTaskField(ctx: PanelContext, change: TaskField): Promise<Outcome> {
  const invalid = checkField(ctx, change);
  if (invalid) {
    return refuse(invalid, change.field);
  }
  const patch: UpdateTaskInput = { [change.field]: change.field === 'title' ? change.value.trim() : change.value };
  return attempt(ctx, vscode.l10n.t('Could not save the {0}', fieldName(change.field)), async () => {
    const task = await ctx.client.updateTask(ctx.workspaceId, ctx.taskId, patch, { priority: 'user' });
    publish(ctx, task);
  });
}

function checkField(ctx: PanelContext, change: TaskField): string | undefined {
  switch (change.field) {
    case 'title': {
      const title = change.value.trim();
      if (title === '') return vscode.l10n.t('The title cannot be empty.');
      if ([...title].length > TITLE_MAX)
        return vscode.l10n.t(
          'The title can have at most {0} characters (this one has {1}).',
          TITLE_MAX,
          [...title].length,
        );
      return undefined;
    }
    case 'status_id': {
      const statuses = ctx.model().statuses;
      return statuses && !statuses.some((s) => s.id === change.value)
        ? vscode.l10n.t('That status is not one of this list.')
        : undefined;
    }
    case 'assignee_id': {
      const members = ctx.model().members;
      return change.value && members && !members.some((m) => m.id === change.value)
        ? vscode.l10n.t('That person is not a member of the workspace.')
        : undefined;
    }
    default:
      return undefined;
  }
}

function fieldName(field: TaskField['field']): string {
  const names: Record<TaskField['field'], string> = {
    title: vscode.l10n.t('title'),
    description: vscode.l10n.t('description'),
    priority: vscode.l10n.t('priority'),
    status_id: vscode.l10n.t('status'),
    assignee_id: vscode.l10n.t('assignee'),
    due_date: vscode.l10n.t('due date'),
  };
  return names[field];
}

/** Shows a task the service returned and tells the tree (TaskChanges). */
export function publish(ctx: PanelContext, task: Task): void {
  ctx.update({ task, complete: true });
  ctx.services.changes.fire({ kind: 'updated', workspaceId: ctx.workspaceId, task });
}

/** One custom field (PUT custom-field-values, Custom fields), checked by type before sending. */
export async function setCustomField(ctx: PanelContext, fieldId: string, input: FieldValue): Promise<Outcome> {
  const def = ctx.model().customFields?.find((d) => d.id === fieldId);
  if (!def) {
    return refuse(vscode.l10n.t('This custom field is not in effect for the task.'), fieldId);
  }
  const checked = checkValue(def, input);
  if (!checked.ok) {
    return refuse(fieldProblem(checked.reason, def.name), fieldId);
  }
  const action = vscode.l10n.t('Could not save {0}', def.name);
  return attempt(
    ctx,
    action,
    async () => {
      const values = await ctx.client.setCustomFieldValues(
        ctx.taskId,
        [{ custom_field_definition_id: fieldId, value: checked.value }],
        { priority: 'user' },
      );
      const task = ctx.model().task;
      const merged = mergeValues(task.custom_field_values ?? [], values);
      ctx.update({ task: { ...task, custom_field_values: merged } });
      if (ctx.model().complete) {
        ctx.services.changes.fire({ kind: 'updated', workspaceId: ctx.workspaceId, task: ctx.model().task as Task });
      }
    },
    (apiField) => (/^values\.\d+\./.test(apiField) ? fieldId : apiField),
  );
}

function mergeValues(current: readonly CustomFieldValue[], written: readonly CustomFieldValue[]): CustomFieldValue[] {
  const byDef = new Map(current.map((v) => [v.custom_field_definition_id, v]));
  for (const value of written) {
    byDef.set(value.custom_field_definition_id, value);
  }
  return [...byDef.values()];
}
