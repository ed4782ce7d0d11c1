import * as vscode from 'vscode';
import { fenced } from '../../core/text/fence';
import { markdownLink } from '../../core/text/markdownLink';

export interface SelectionDescription {
  readonly markdown: string;
  readonly suggestedTitle: string;
}

/**
 * The selected text of an editor as a task description: a fenced code block and a link to the file
 * and line it came from. Undefined when nothing is selected. The file's path is workspace text and
 * the description is rendered as Markdown by others: it goes in as an inert link label.
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
  const uri = editor.document.uri;
  const where = vscode.workspace.asRelativePath(uri, false);
  const link = uri.with({ fragment: `L${line}` }).toString();
  // The code cannot close its block early, and a file name cannot become a link or markup.
  const markdown = `${fenced(text, editor.document.languageId)}\n\n${vscode.l10n.t('From {0}', markdownLink(`${where}:${line}`, link))}`;
  const firstLine =
    text
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  return { markdown, suggestedTitle: [...firstLine.slice(0, 160)].slice(0, 80).join('') };
}
