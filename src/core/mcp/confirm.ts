import { inertMarkdown, visibleText } from '../text/inert';

/**
 * What the user reads before a chat tool writes: which workspace, which task (display id and
 * title, read from the service), and every field the model sends, whole or with its head and how
 * much more there is, plus a link to read all of it. The model wrote the fields and other members
 * wrote the names and titles, so every piece of data goes through `inertMarkdown`: the only link
 * in the Markdown is the extension's own, given by the caller.
 */

/** The extension's command that opens the whole of a long field read-only; its argument is an id of the extension's. */
export const SHOW_INPUT_COMMAND = 'taskPlatform.ai.showToolInput';

/** `vscode.l10n` or a stand-in: `{0}`-style arguments, already Markdown. */
export interface Localizer {
  t(message: string, ...args: string[]): string;
}

/** The target task as read from the service, or why it could not be read. */
export type TaskLabel = { readonly displayId: string; readonly title: string } | { readonly error: string };

export interface ConfirmContext {
  /** The workspace's name, when the id is one of the signed-in user's workspaces. */
  readonly workspaceName?: string;
  /** The task changed or commented on (update_task, add_comment), or the parent of a new subtask. */
  readonly task?: TaskLabel;
  /** The target of a link that shows the whole `text` read-only (the extension's own command); none when undefined. */
  readonly fullTextLink?: (field: string, text: string) => string | undefined;
  /**
   * What the ids the model sent stand for (NAMED_IDS: the status's name, the member's name, the
   * list's path), or null when no name was found. Names are other members' text: shown inert.
   */
  readonly names?: Readonly<Partial<Record<NamedId, string | null>>>;
}

/** Input keys holding an id that the confirmation shows by name: an id alone says nothing to the user. */
export const NAMED_IDS = ['status_id', 'assignee_id', 'list_id'] as const;
export type NamedId = (typeof NAMED_IDS)[number];

const isNamedId = (key: string): key is NamedId => (NAMED_IDS as readonly string[]).includes(key);

export interface Confirmation {
  /** Plain text, no data. */
  readonly title: string;
  /** Markdown for a MarkdownString whose only trusted command is the one of `fullTextLink`. */
  readonly markdown: string;
}

/** At most this many characters, and HEAD_LINES lines, of a field are shown in the confirmation itself. */
export const HEAD_CHARS = 2_000;
export const HEAD_LINES = 40;

const HIDDEN = new Set(['workspace_id', 'idempotency_key']);

/** The tools that write, and the input key naming the task to show (for create_task: the parent, if any). */
const TARGET: Readonly<Record<string, string>> = {
  create_task: 'parent_task_id',
  update_task: 'task_id',
  add_comment: 'task_id',
};

/** The id of the task the confirmation names, when the tool writes to (or under) one. */
export function confirmTarget(tool: string, input: unknown): { workspaceId: string; taskId: string } | undefined {
  const record = asRecord(input);
  const key = TARGET[tool];
  const taskId = key ? record[key] : undefined;
  const workspaceId = record.workspace_id;
  return typeof taskId === 'string' && typeof workspaceId === 'string' ? { workspaceId, taskId } : undefined;
}

export function confirmation(
  l10n: Localizer,
  tool: string,
  input: unknown,
  context: ConfirmContext,
): Confirmation | undefined {
  const record = asRecord(input);
  let title: string;
  let lead: string;
  switch (tool) {
    case 'create_task':
      title = l10n.t('Create a Task Platform task?');
      lead = l10n.t('The assistant wants to create this task:');
      break;
    case 'update_task':
      title = l10n.t('Change a Task Platform task?');
      lead = l10n.t('The assistant wants to change this task:');
      break;
    case 'add_comment':
      title = l10n.t('Comment on a Task Platform task?');
      lead = l10n.t('The assistant wants to add this comment:');
      break;
    default:
      return undefined;
  }
  const parts = [lead, targetLines(l10n, tool, record, context)];
  const skip = new Set([...HIDDEN, TARGET[tool] ?? '']);
  for (const [key, value] of Object.entries(record)) {
    if (!skip.has(key) && value !== undefined) {
      parts.push(field(l10n, key, value, context));
    }
  }
  return { title, markdown: parts.join('\n\n') };
}

function targetLines(l10n: Localizer, tool: string, input: Record<string, unknown>, context: ConfirmContext): string {
  const lines: string[] = [];
  const workspaceId = shownId(input.workspace_id);
  lines.push(
    context.workspaceName !== undefined
      ? l10n.t('Workspace: {0}', bold(oneLine(context.workspaceName, 300)))
      : l10n.t('Workspace: {0} (not one of your workspaces)', oneLine(workspaceId, 100)),
  );
  const key = TARGET[tool]!;
  const taskId = input[key];
  if (taskId !== undefined && taskId !== null) {
    const task = context.task;
    const shown =
      task === undefined || 'error' in task
        ? l10n.t(
            '{0}, which could not be read ({1}). Check it before you allow this.',
            oneLine(shownId(taskId), 100),
            oneLine(task?.error ?? '?', 300),
          )
        : `${bold(oneLine(task.displayId, 60))} ${oneLine(task.title, 300)}`;
    lines.push(tool === 'create_task' ? l10n.t('Parent task: {0}', shown) : l10n.t('Task: {0}', shown));
  }
  return lines.join('  \n');
}

function field(l10n: Localizer, key: string, value: unknown, context: ConfirmContext): string {
  const name = bold(`${oneLine(key, 60)}:`);
  if (value === null) {
    return `${name} ${l10n.t('(cleared)')}`;
  }
  if (isNamedId(key) && typeof value === 'string') {
    const known = context.names?.[key];
    return known
      ? `${name} ${bold(oneLine(known, 300))}`
      : `${name} ${l10n.t('{0} (unknown id)', oneLine(value, 100))}`;
  }
  // Cleaned before it is measured and cut: what the user reads is what the count is of.
  const text = visibleText(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));
  const { shown, more } = head(text);
  const lines = [`${name}  \n${inertMarkdown(shown, HEAD_CHARS)}`];
  if (more > 0) {
    const link = context.fullTextLink?.(key, text);
    const note = `*${l10n.t('… and {0} more characters.', more.toLocaleString('en-US'))}*`;
    lines.push(link ? `${note} [${l10n.t('Show the whole text')}](${link})` : note);
  }
  return lines.join('\n\n');
}

/** The first HEAD_CHARS characters (code points) and HEAD_LINES lines of `text`, and how many characters are left. */
export function head(text: string): { shown: string; more: number } {
  const points = Array.from(text.slice(0, HEAD_CHARS * 2 + 2));
  let cut = Math.min(points.length, HEAD_CHARS);
  for (let i = 0, lines = 1; i < cut; i++) {
    if (points[i] === '\n' && ++lines > HEAD_LINES) {
      cut = i;
      break;
    }
  }
  let total = 0;
  for (const _ of text) {
    total++;
  }
  return { shown: points.slice(0, cut).join(''), more: total - cut };
}

/** A name, id or title on one line (a line break there would only end the bold or the line), as inert Markdown. */
function oneLine(text: string, max: number): string {
  return inertMarkdown(
    visibleText(text.slice(0, max * 4))
      .replace(/\s+/g, ' ')
      .trim(),
    max,
  );
}

function bold(markdown: string): string {
  return markdown === '' ? markdown : `**${markdown}**`;
}

function shownId(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function asRecord(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}
