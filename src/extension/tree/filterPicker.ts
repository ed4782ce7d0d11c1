import * as vscode from 'vscode';
import type { WorkspaceRef } from '../../core/api/schemas';
import type { Directory } from '../../core/api/directory';
import { DUE_PRESETS, MAX_SEARCH_LENGTH, PRIORITIES } from '../../core/tasks/filter';
import type { DuePreset, Priority } from '../../core/tasks/filter';
import { prompter } from '../ui/prompter';
import type { FilterSpec, ViewFilter } from './viewFilter';

type Part = 'status' | 'priority' | 'assignee' | 'due' | 'text' | 'clear';
interface PartItem extends vscode.QuickPickItem {
  part: Part;
}

export const dueLabels = (): Record<DuePreset, string> => ({
  overdue: vscode.l10n.t('Overdue'),
  today: vscode.l10n.t('Due today'),
  this_week: vscode.l10n.t('Due this week'),
  next_week: vscode.l10n.t('Due next week'),
  no_due_date: vscode.l10n.t('No due date'),
});

export interface FilterPickerContext {
  readonly filter: ViewFilter;
  readonly directory: Directory;
  readonly workspaces: readonly WorkspaceRef[];
  readonly meId: string;
  /** My Tasks is always "assigned to me": it offers no assignee part. */
  readonly withAssignee: boolean;
}

/** The filter bar: pick what to filter on, then its values. One change per run, applied at once. */
export async function editFilter(ctx: FilterPickerContext): Promise<void> {
  const spec = ctx.filter.spec;
  const items: PartItem[] = [
    {
      part: 'status',
      label: vscode.l10n.t('Status…'),
      iconPath: new vscode.ThemeIcon('circle-large-outline'),
      description: spec.statusNames?.join(', '),
    },
    {
      part: 'priority',
      label: vscode.l10n.t('Priority…'),
      iconPath: new vscode.ThemeIcon('arrow-up'),
      description: spec.priorities?.join(', '),
    },
    ...(ctx.withAssignee
      ? [{ part: 'assignee' as const, label: vscode.l10n.t('Assignee…'), iconPath: new vscode.ThemeIcon('person') }]
      : []),
    {
      part: 'due',
      label: vscode.l10n.t('Due Date…'),
      iconPath: new vscode.ThemeIcon('calendar'),
      description: spec.due ? dueLabels()[spec.due] : undefined,
    },
    {
      part: 'text',
      label: vscode.l10n.t('Title or Id Contains…'),
      iconPath: new vscode.ThemeIcon('search'),
      description: spec.text,
    },
    ...(ctx.filter.isEmpty
      ? []
      : [
          { part: 'clear' as const, label: vscode.l10n.t('Clear Filter'), iconPath: new vscode.ThemeIcon('clear-all') },
        ]),
  ];
  const picked = await prompter().quickPick(items, {
    title: vscode.l10n.t('Filter Tasks'),
    placeHolder: vscode.l10n.t('Filter on…'),
  });
  const next = picked ? await editPart(picked.part, ctx) : undefined;
  if (next) {
    await ctx.filter.set(next);
  }
}

async function editPart(part: Part, ctx: FilterPickerContext): Promise<FilterSpec | undefined> {
  const spec = ctx.filter.spec;
  switch (part) {
    case 'status':
      return pickStatuses(ctx);
    case 'priority': {
      const items = PRIORITIES.map((p) => ({ label: p, picked: spec.priorities?.includes(p) ?? false }));
      const chosen = await prompter().pickMany(items, { title: vscode.l10n.t('Filter by Priority') });
      return chosen && { ...spec, priorities: chosen.map((c) => c.label as Priority) };
    }
    case 'assignee':
      return pickAssignees(ctx);
    case 'due': {
      const labels = dueLabels();
      const items = [
        ...DUE_PRESETS.map((d) => ({ label: labels[d], due: d as DuePreset | undefined })),
        { label: vscode.l10n.t('Any due date'), due: undefined },
      ];
      const chosen = await prompter().quickPick(items, { title: vscode.l10n.t('Filter by Due Date') });
      return chosen && { ...spec, due: chosen.due };
    }
    case 'text': {
      const text = await prompter().inputBox({
        title: vscode.l10n.t('Filter by Title or Display Id'),
        value: spec.text ?? '',
        prompt: vscode.l10n.t('Matches task titles and display ids, e.g. "login" or "ACME-12". Empty clears.'),
        validateInput: (v) =>
          v.trim().length > MAX_SEARCH_LENGTH ? vscode.l10n.t('At most {0} characters.', MAX_SEARCH_LENGTH) : undefined,
      });
      if (text !== undefined && text.trim().length > MAX_SEARCH_LENGTH) {
        void prompter().error(
          vscode.l10n.t(
            'The search text is {0} characters long; the most the service accepts is {1}.',
            text.trim().length,
            MAX_SEARCH_LENGTH,
          ),
        );
        return undefined;
      }
      return text === undefined ? undefined : { ...spec, text: text.trim() || undefined };
    }
    case 'clear':
      return {};
  }
}

async function pickStatuses(ctx: FilterPickerContext): Promise<FilterSpec | undefined> {
  const spec = ctx.filter.spec;
  const known = ctx.directory.knownStatusNames();
  for (const name of spec.statusNames ?? []) {
    if (!known.some((k) => k.name === name)) {
      known.push({ name });
    }
  }
  if (known.length === 0) {
    void prompter().info(
      vscode.l10n.t('No statuses are known yet. Expand a list first: its tasks bring their statuses.'),
    );
    return undefined;
  }
  const items = known.map((s) => ({
    label: s.name,
    description: s.type,
    picked: spec.statusNames?.includes(s.name) ?? false,
  }));
  const chosen = await prompter().pickMany(items, { title: vscode.l10n.t('Filter by Status') });
  return chosen && { ...spec, statusNames: chosen.map((c) => c.label) };
}

async function pickAssignees(ctx: FilterPickerContext): Promise<FilterSpec | undefined> {
  const spec = ctx.filter.spec;
  const lists = await Promise.all(ctx.workspaces.map((w) => ctx.directory.membersOf(w.id)));
  const members = new Map(lists.flat().map((m) => [m.id, m]));
  const unassigned = vscode.l10n.t('Unassigned');
  const items = [
    { label: unassigned, id: null as string | null, picked: spec.assigneeIds === null },
    ...[...members.values()].map((m) => ({
      label: m.name,
      description: m.id === ctx.meId ? vscode.l10n.t('me') : m.email,
      id: m.id as string | null,
      picked: spec.assigneeIds?.includes(m.id) ?? false,
    })),
  ];
  const chosen = await prompter().pickMany(items, { title: vscode.l10n.t('Filter by Assignee') });
  if (!chosen) {
    return undefined;
  }
  if (chosen.some((c) => c.id === null)) {
    return { ...spec, assigneeIds: null };
  }
  return { ...spec, assigneeIds: chosen.length ? chosen.map((c) => c.id as string) : undefined };
}
