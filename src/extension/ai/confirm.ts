import * as vscode from 'vscode';

type Input = Record<string, unknown>;

/** One line per field the call sets, as plain text (MarkdownString.appendText escapes it). */
function fieldLines(input: Input, skip: readonly string[]): string[] {
  return Object.entries(input)
    .filter(([key, value]) => !skip.includes(key) && value !== undefined)
    .map(([key, value]) => `${key}: ${value === null ? vscode.l10n.t('(cleared)') : typeof value === 'string' ? value : JSON.stringify(value)}`);
}

function body(lead: string, lines: string[]): vscode.MarkdownString {
  const message = new vscode.MarkdownString();
  message.appendText(lead);
  for (const line of lines) {
    message.appendMarkdown('\n\n- ');
    message.appendText(line.length > 300 ? `${line.slice(0, 300)}…` : line);
  }
  return message;
}

/**
 * What the user is asked before a chat tool writes (create, update, comment). The text comes from
 * the model's input, so it is shown as text, never as markdown or links.
 */
export function confirmationFor(tool: string, input: Input): vscode.LanguageModelToolConfirmationMessages | undefined {
  const ids = ['workspace_id', 'idempotency_key'];
  switch (tool) {
    case 'create_task':
      return {
        title: vscode.l10n.t('Create a Task Platform task?'),
        message: body(vscode.l10n.t('The assistant wants to create this task:'), fieldLines(input, ids)),
      };
    case 'update_task':
      return {
        title: vscode.l10n.t('Change a Task Platform task?'),
        message: body(vscode.l10n.t('The assistant wants to change task {0}:', String(input.task_id ?? '')), fieldLines(input, [...ids, 'task_id'])),
      };
    case 'add_comment':
      return {
        title: vscode.l10n.t('Comment on a Task Platform task?'),
        message: body(vscode.l10n.t('The assistant wants to add this comment to task {0}:', String(input.task_id ?? '')), fieldLines(input, [...ids, 'task_id'])),
      };
    default:
      return undefined;
  }
}
