import * as vscode from 'vscode';
import type { CustomFieldDefinition, Task } from '../../core/api/schemas';
import { AbortError } from '../../core/util/abort';
import { checkValue } from '../../core/tasks/customFields';
import type { CheckResult, FieldValue } from '../../core/tasks/customFields';
import { askableFields, fieldValueInputs, listFieldDefinitions } from '../../core/tasks/listFields';
import { errorText } from '../../core/util/errorText';
import type { SignedIn } from '../auth/session';
import { log } from '../log';
import { reportFailure } from '../ui/failure';
import { fieldProblem } from '../ui/fieldProblem';
import { prompter } from '../ui/prompter';
import type { CommandContext } from '../common/commandContext';
import { taskName } from '../common/commandContext';
import type { ListChoice } from '../common/pickList';

/** The custom fields of the target list and the values chosen so far (required ones asked first). */
export interface FieldChoices {
  readonly defs: readonly CustomFieldDefinition[];
  readonly values: Map<string, FieldValue>;
  /** False when the list's fields could not be learnt before creating (no task in it, or offline). */
  readonly known: boolean;
}

/** The optional description: Enter on an empty box skips it (''); undefined when cancelled. */
export function askDescription(title: string): Thenable<string | undefined> {
  return prompter().inputBox({ title, prompt: vscode.l10n.t('Description (optional: press Enter to skip)') });
}

/**
 * The list's custom fields, and its required ones asked for, before anything is written. Undefined
 * when the user cancelled. When they cannot be learnt (an empty list, or the service cannot be
 * reached) Create Task goes on and asks once the task exists (fieldsAfterCreate).
 */
export async function fieldsBeforeCreate(
  state: SignedIn,
  list: ListChoice,
  title: string,
): Promise<FieldChoices | undefined> {
  let defs: CustomFieldDefinition[] | undefined;
  try {
    defs = await prompter().progress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading the fields of {0}…', list.name) },
      () => listFieldDefinitions(state.client, list.workspaceId, list.listId, { priority: 'user' }),
    );
  } catch (error) {
    if (AbortError.is(error)) {
      return undefined;
    }
    log.warn(`Create Task: the custom fields of list ${list.listId} could not be read: ${errorText(error)}`);
  }
  const fields = { defs: askableFields(defs ?? []), values: new Map<string, FieldValue>(), known: defs !== undefined };
  return (await askRequired(fields.defs, title, fields.values)) ? fields : undefined;
}

/** The first task of a list: its fields, read from it, and the required ones asked for now. */
export async function fieldsAfterCreate(state: SignedIn, task: Task, title: string): Promise<Map<string, FieldValue>> {
  const values = new Map<string, FieldValue>();
  let defs: CustomFieldDefinition[];
  try {
    defs = askableFields(await state.client.getCustomFields(task.id, { priority: 'user' }));
  } catch (error) {
    log.warn(`Create Task: the custom fields of ${task.id} could not be read: ${errorText(error)}`);
    return values;
  }
  if (!(await askRequired(defs, title, values))) {
    const missing = defs.filter((d) => d.is_required && !values.has(d.id)).map((d) => d.name);
    void prompter().warn(
      vscode.l10n.t('{0} was created; its required fields are still empty: {1}.', taskName(task), missing.join(', ')),
    );
  }
  return values;
}

/** PUT the chosen values (docs/api/openapi.yaml#setTaskCustomFieldValues); the task with them, or undefined. */
export async function saveFieldValues(
  ctx: CommandContext,
  state: SignedIn,
  workspaceId: string,
  task: Task,
  values: ReadonlyMap<string, FieldValue>,
): Promise<Task | undefined> {
  const inputs = fieldValueInputs(values);
  if (inputs.length === 0) {
    return undefined;
  }
  try {
    const written = await state.client.setCustomFieldValues(task.id, inputs, { priority: 'user' });
    const updated = { ...task, custom_field_values: written };
    ctx.services.changes.fire({ kind: 'updated', workspaceId, task: updated });
    return updated;
  } catch (error) {
    void reportFailure(vscode.l10n.t('{0} was created, but its custom fields were not saved', taskName(task)), error);
    return undefined;
  }
}

/** An answer: the value chosen (null = skipped), or undefined when the user cancelled Create Task. */
type Answer = { value: FieldValue } | undefined;

/**
 * Create Task's custom field steps, one per field type, each checked as the service would check it
 * (docs/api/openapi.yaml#setTaskCustomFieldValues) before anything is sent. A required field has no
 * way to skip it: an empty answer is refused and asked again; Escape cancels Create Task. Field and
 * option names come from the service: the prompter shows them inert.
 */
export async function askField(def: CustomFieldDefinition, title: string, required: boolean): Promise<Answer> {
  const rule = { ...def, is_required: required };
  switch (def.type) {
    case 'dropdown':
    case 'checkbox':
      return pickOne(rule, title);
    case 'multi_select':
      return pickSeveral(rule, title);
    default:
      return typeIn(rule, title);
  }
}

/** The required fields, each asked in turn; false when the user cancelled. */
async function askRequired(
  defs: readonly CustomFieldDefinition[],
  title: string,
  values: Map<string, FieldValue>,
): Promise<boolean> {
  for (const def of defs.filter((d) => d.is_required === true)) {
    const answer = await askField(def, title, true);
    if (!answer) {
      return false;
    }
    values.set(def.id, answer.value);
  }
  return true;
}

/** How a value of this field is shown in the Create Task details. */
export function shownValue(value: FieldValue): string {
  if (Array.isArray(value)) {
    return value.join(', ');
  }
  if (typeof value === 'boolean') {
    return value ? vscode.l10n.t('Yes') : vscode.l10n.t('No');
  }
  return value === null ? vscode.l10n.t('not set') : String(value);
}

function problem(def: CustomFieldDefinition, result: CheckResult): string | undefined {
  if (result.ok) {
    return undefined;
  }
  return result.reason === 'required'
    ? vscode.l10n.t('{0} is required: enter a value, or press Escape to cancel Create Task.', def.name)
    : fieldProblem(result.reason, def.name);
}

function prompt(def: CustomFieldDefinition): string {
  return def.is_required
    ? vscode.l10n.t('{0} (required)', def.name)
    : vscode.l10n.t('{0} (optional: leave empty to skip)', def.name);
}

function placeHolder(def: CustomFieldDefinition): string | undefined {
  switch (def.type) {
    case 'number':
      return vscode.l10n.t('A number, 0 or more');
    case 'date':
      return 'YYYY-MM-DD';
    case 'url':
      return 'https://…';
    default:
      return undefined;
  }
}

/** text, url, number, date: an input box; a value the service would refuse is refused here. */
async function typeIn(def: CustomFieldDefinition, title: string): Promise<Answer> {
  for (;;) {
    const typed = await prompter().inputBox({
      title,
      prompt: prompt(def),
      placeHolder: placeHolder(def),
      validateInput: (value) => problem(def, checkValue(def, value)),
    });
    if (typed === undefined) {
      return undefined;
    }
    const result = checkValue(def, typed);
    if (result.ok) {
      return { value: result.value };
    }
    // Only a pasted or scripted answer gets here (the box does not accept what it marks as wrong).
    void prompter().warn(problem(def, result) as string);
  }
}

type Choice = vscode.QuickPickItem & { value: FieldValue };

/** dropdown (its options) and checkbox (Yes, No); an optional field also offers Skip. */
async function pickOne(def: CustomFieldDefinition, title: string): Promise<Answer> {
  const choices: Choice[] =
    def.type === 'checkbox'
      ? [
          { label: vscode.l10n.t('Yes'), value: true },
          { label: vscode.l10n.t('No'), value: false },
        ]
      : (def.options ?? []).map((o) => ({ label: o.label, value: o.label }));
  if (!def.is_required) {
    choices.push({ label: vscode.l10n.t('Skip'), iconPath: new vscode.ThemeIcon('debug-step-over'), value: null });
  }
  const picked = await prompter().quickPick(choices, { title, placeHolder: prompt(def) });
  return picked && { value: picked.value };
}

/** multi_select: several options; a required field refuses an empty selection and asks again. */
async function pickSeveral(def: CustomFieldDefinition, title: string): Promise<Answer> {
  const choices: Choice[] = (def.options ?? []).map((o) => ({ label: o.label, value: o.label }));
  for (;;) {
    const picked = await prompter().pickMany(choices, { title, placeHolder: prompt(def) });
    if (picked === undefined) {
      return undefined;
    }
    const result = checkValue(
      def,
      picked.map((p) => p.value as string),
    );
    if (result.ok) {
      return { value: result.value };
    }
    void prompter().warn(problem(def, result) as string);
  }
}
