import * as vscode from 'vscode';
import { WriteQueuedError } from '../../core/api/errors';
import { TaskSchema } from '../../core/api/schemas';
import type { TaskRow } from '../../core/api/schemas';
import { planBatch, planEdit, shownValue } from '../../core/table/edits';
import type { EditContext, EditPlan, Refusal } from '../../core/table/edits';
import { AbortError } from '../../core/util/abort';
import type { TableHostMessage, TableRow, TableValue } from '../../shared/table/protocol';
import { describeFailure, reportFailure } from '../ui/failure';
import { fieldProblem } from '../ui/fieldProblem';
import type { TablePanel } from './panel';

export type EditOutcome =
  { readonly ok: true; readonly sent: boolean } | { readonly ok: false; readonly error: string };

type Change = Extract<EditPlan, { kind: 'patch' | 'field' }>;

/** The rows a batch preview would change, kept until it is applied (once) or replaced. */
interface Preview {
  readonly id: string;
  readonly key: string;
  readonly changes: readonly { readonly taskId: string; readonly plan: Change }[];
}

/**
 * The table's writes: a cell edit is one PATCH of the task (docs/api/openapi.yaml#updateTask) or one
 * PUT of a custom field value (docs/api/openapi.yaml#setTaskCustomFieldValues), checked first as
 * the task panel checks them, sent by the client with its Idempotency-Key and kept in the outbox
 * when offline. A batch edit previews the rows that would change and then sends one request per
 * changed row, each once.
 */
export class TableEdits {
  private readonly previews = new Map<string, Preview>();

  constructor(private readonly table: TablePanel) {}

  private get context(): EditContext {
    const table = this.table;
    return {
      statusesOf: (listId) => table.statusesOf(listId),
      statusById: (id) => table.allStatuses().find((s) => s.id === id),
      isMember: (id) => {
        const members = table.membersKnown();
        return members ? members.some((m) => m.id === id) : undefined;
      },
      fieldOf: (defId, listId) => table.fieldOf(defId, listId),
    };
  }

  /** One cell: nothing sent when the row already holds the value. */
  async edit(taskId: string, key: string, value: TableValue): Promise<EditOutcome> {
    const row = this.table.row(taskId);
    if (!row) return { ok: false, error: vscode.l10n.t('That task is no longer in this table.') };
    const plan = planEdit(this.table.tableRowOf(row), key, value, this.context);
    if (plan.kind === 'refused') return { ok: false, error: refusal(plan.reason, plan.field) };
    if (plan.kind === 'unchanged') return { ok: true, sent: false };
    return this.send(row, plan);
  }

  /** What a batch edit would change: rows already at the value are left out, rows it cannot set are said. */
  preview(id: string, taskIds: readonly string[], key: string, value: TableValue): TableHostMessage {
    const rows = taskIds.flatMap((taskId) => {
      const row = this.table.row(taskId);
      return row ? [this.table.tableRowOf(row)] : [];
    });
    const plan = planBatch(rows, key, value, this.context);
    this.previews.clear();
    this.previews.set(id, { id, key, changes: plan.changes.map((c) => ({ taskId: c.row.id, plan: c.plan })) });
    return {
      type: 'batchPreview',
      id,
      changes: plan.changes.map(({ row, plan: change }) => ({
        taskId: row.id,
        displayId: row.displayId,
        title: row.title,
        from: this.shown(row, key),
        to: this.shownPlan(key, change),
      })),
      unchanged: plan.unchanged,
      refused: plan.refused.map(({ row, plan: refused }) => ({
        taskId: row.id,
        displayId: row.displayId,
        title: row.title,
        reason: refused.kind === 'refused' ? refusal(refused.reason, refused.field) : '',
      })),
    };
  }

  /** Sends the preview's changes, one request per row, each once (a second apply finds nothing). */
  async apply(id: string): Promise<TableHostMessage> {
    const preview = this.previews.get(id);
    this.previews.delete(id);
    const results: { taskId: string; ok: boolean; error?: string }[] = [];
    for (const { taskId, plan } of preview?.changes ?? []) {
      const row = this.table.row(taskId);
      const outcome = row
        ? await this.send(row, plan)
        : { ok: false as const, error: vscode.l10n.t('That task is no longer in this table.') };
      results.push(outcome.ok ? { taskId, ok: true } : { taskId, ok: false, error: outcome.error });
    }
    return { type: 'batchResult', id, results };
  }

  private async send(before: TaskRow, plan: Change): Promise<EditOutcome> {
    const table = this.table;
    const workspaceId = before.workspace_id ?? table.workspaceId;
    if (!workspaceId) return { ok: false, error: vscode.l10n.t('That task is no longer in this table.') };
    const action = vscode.l10n.t('Could not change {0}', before.display_id ?? before.title);
    if (plan.kind === 'patch') table.setRow(this.patched(before, plan));
    try {
      if (plan.kind === 'patch') {
        const task = await table.client.updateTask(workspaceId, before.id, plan.body, { priority: 'user' });
        // Through the bus: this table (in place), the trees, a board and an open panel take the task.
        table.services.changes.fire({ kind: 'updated', workspaceId, task });
      } else {
        const written = await table.client.setCustomFieldValues(
          before.id,
          [{ custom_field_definition_id: plan.defId, value: plan.value }],
          { priority: 'user' },
        );
        const current = table.row(before.id) ?? before;
        const others = (current.custom_field_values ?? []).filter((v) => v.custom_field_definition_id !== plan.defId);
        const next = { ...current, custom_field_values: [...others, ...written] };
        table.setRow(next);
        // An index row is a whole task: an open panel of it takes the new value through the bus.
        const task = TaskSchema.safeParse(next);
        if (task.success) table.services.changes.fire({ kind: 'updated', workspaceId, task: task.data });
      }
      return { ok: true, sent: true };
    } catch (error) {
      if (WriteQueuedError.is(error)) {
        void reportFailure(action, error);
        table.post();
        return { ok: true, sent: false };
      }
      table.setRow(before);
      if (!AbortError.is(error)) void reportFailure(action, error);
      return { ok: false, error: describeFailure(action, error) };
    }
  }

  /** The row as it will be once the PATCH is taken, shown at once. */
  private patched(row: TaskRow, plan: Extract<EditPlan, { kind: 'patch' }>): TaskRow {
    const body = plan.body;
    const next: TaskRow = { ...row, ...body };
    if (body.status_id) {
      const status = this.table.allStatuses().find((s) => s.id === body.status_id);
      if (status) next.status = { id: status.id, name: status.name, type: status.type, color: status.color };
    }
    if (body.assignee_id !== undefined) {
      const member = this.table.membersKnown()?.find((m) => m.id === body.assignee_id);
      next.assignee = member ? { id: member.id, name: member.name } : null;
      next.assignees = member ? [{ id: member.id, name: member.name }] : [];
    }
    return next;
  }

  private shown(row: TableRow, key: string): string {
    switch (key) {
      case 'status':
        return row.status;
      case 'priority':
        return row.priority ?? '';
      case 'assignee':
        return row.assignee ?? vscode.l10n.t('Unassigned');
      case 'due':
        return row.due ?? '';
      default:
        return shownValue(row.fields[key] ?? null);
    }
  }

  private shownPlan(key: string, plan: Change): string {
    if (key !== 'assignee') return plan.shown;
    if (plan.shown === '') return vscode.l10n.t('Unassigned');
    return this.table.membersKnown()?.find((m) => m.id === plan.shown)?.name ?? plan.shown;
  }
}

function refusal(reason: Refusal, field: string | undefined): string {
  // A custom field's own check names the field (its reasons are the task panel's).
  if (field !== undefined) return fieldProblem(reason as Parameters<typeof fieldProblem>[0], field);
  switch (reason) {
    case 'readOnly':
      return vscode.l10n.t('This column cannot be edited here.');
    case 'status':
      return vscode.l10n.t("That status is not one of the task's list.");
    case 'priority':
      return vscode.l10n.t('That is not a priority.');
    case 'member':
      return vscode.l10n.t('That person is not a member of the workspace.');
    case 'date':
      return vscode.l10n.t('A due date is a day, YYYY-MM-DD.');
    case 'noField':
      return vscode.l10n.t('This custom field is not in effect for the task.');
    default:
      return vscode.l10n.t('This value does not fit the column.');
  }
}
