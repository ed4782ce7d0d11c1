import * as vscode from 'vscode';
import { fenced } from '../../core/text/fence';
import { inertMarkdown } from '../../core/text/inert';

export interface SelectionDescription {
  readonly markdown: string;
  readonly suggestedTitle: string;
}

/**
 * The selected text of an editor as a task description: a fenced code block and the file and line
 * it came from. Undefined when nothing is selected. Every member reads the description, so the file
 * is named by its path in the workspace, never by an address of this machine (a `file://` or
 * `vscode-remote://` link names the user's home folder, host and layout, and opens nowhere else).
 * The path is workspace text rendered as Markdown by others: it goes in inert.
 */
export function selectionDescription(editor: vscode.TextEditor | undefined): SelectionDescription | undefined {
  if (!editor || editor.selection.isEmpty) {
    return undefined;
  }
  const text = editor.document.getText(editor.selection);
  if (text.trim() === '') {
    return undefined;
  }
  const line = editor.selection.start.line + 1;
  const where = workspacePath(editor.document.uri);
  // The code cannot close its block early, and a file name cannot become a link or markup.
  const markdown = `${fenced(text, editor.document.languageId)}\n\n${vscode.l10n.t('From {0}', inertMarkdown(`${where}:${line}`, 300))}`;
  const firstLine =
    text
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  return { markdown, suggestedTitle: [...firstLine.slice(0, 160)].slice(0, 80).join('') };
}

/** The file's path inside its workspace folder (named too in a multi-root window), else its name alone. */
function workspacePath(uri: vscode.Uri): string {
  if (vscode.workspace.getWorkspaceFolder(uri)) {
    return vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
  }
  return uri.path.split('/').pop() || vscode.l10n.t('an unsaved editor');
}
