import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { Task, TaskRow } from '../../core/api/schemas';
import { inert } from '../../core/text/inert';

/**
 * The panel's page: one script by nonce (webview/boot.ts, which starts the app with the same nonce
 * once the page has loaded, so the known row shows first), styles from the extension only, images from
 * the extension and data: (previews; remote images are never loaded), no network (connect-src 'none'),
 * nothing inline (the panel's security rules). The nonce comes from crypto, fresh for every page.
 */
export function panelHtml(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  title: string,
  row?: Task | TaskRow,
): string {
  const nonce = randomBytes(18).toString('base64url');
  const boot = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'boot.js'));
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'taskPanel.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'taskPanel.css'));
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource}`,
    `img-src ${webview.cspSource} data:`,
    `font-src ${webview.cspSource}`,
    "connect-src 'none'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="${escapeAttr(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style.toString()}">
<title>${escapeAttr(title)}</title>
</head>
<body>
<main id="root" aria-live="polite">${row ? firstPaint(row) : ''}</main>
<script nonce="${nonce}" src="${boot.toString()}" data-app="${escapeAttr(script.toString())}"></script>
</body>
</html>`;
}

/**
 * What the tree, search or view already holds of the task, written into the page itself so that it is
 * painted before the script has loaded; the script's first render replaces it. Text only: every value
 * is made inert (no control or bidi characters, bounded) and escaped.
 */
function firstPaint(row: Task | TaskRow): string {
  const fields = [row.status?.name, row.priority, row.assignee?.name, row.due_date?.slice(0, 10)]
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .map((value) => `<span>${escapeAttr(inert(value, 80))}</span>`)
    .join('<span aria-hidden="true"> · </span>');
  return `<div id="first-paint"><div class="title-row"><span class="display-id">${escapeAttr(
    inert(row.display_id ?? '', 30),
  )}</span><bdi class="first-paint-title">${escapeAttr(inert(row.title, 500))}</bdi></div>${
    fields ? `<p class="first-paint-fields">${fields}</p>` : ''
  }</div>`;
}

/** For the page's title, language and the first paint of the known row (firstPaint): text, never markup. */
function escapeAttr(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
