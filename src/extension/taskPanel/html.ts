import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { Task, TaskRow } from '../../core/api/schemas';
import { inert } from '../../core/text/inert';
import { dueDisplay, dueLabel } from '../../core/text/dates';
import { isCompleted } from '../../core/tree/rows';

/**
 * The panel's page: one script by nonce (webview/boot.ts, which starts the app with the same nonce
 * once the page has loaded, so the known row shows first), styles by the same nonce, images from
 * the extension and data: (previews; remote images are never loaded), no network (connect-src 'none'),
 * no inline code without the nonce (the panel's security rules). The nonce comes from crypto, fresh
 * for every page.
 *
 * The stylesheet and the boot script are written into the page (both are the extension's own files,
 * read once): VS Code shows a new page at its load event, which waits for every stylesheet and script
 * the page names, each fetched through the webview's service worker from the extension host. Inline,
 * the page has nothing to fetch before it is shown; the app's bundle comes after.
 *
 * The page is no live region (a screen reader would read it again on every update): news goes to the
 * one small status line next to it, `#announcer` (webview/taskPanel/news.ts), which is in the page
 * from the start and never re-rendered, so what is written into it is announced.
 */
export function panelHtml(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  title: string,
  row?: Task | TaskRow,
): string {
  return webviewPage(webview, extensionUri, {
    app: 'taskPanel',
    title,
    body: `<main id="root">${row ? firstPaint(row) : loadingPaint()}</main>
<div id="announcer" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true"></div>`,
  });
}

/**
 * A webview page of the extension under the rules above: `media/<app>.css` and the boot script
 * inline under a fresh nonce, the app `dist/webview/<app>.js` started by the boot script. `body` is
 * the caller's own markup, with any outside text already escaped.
 */
export function webviewPage(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  page: { readonly app: string; readonly title: string; readonly body: string },
): string {
  const nonce = randomBytes(18).toString('base64url');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', `${page.app}.js`));
  const { style, boot } = pageFiles(extensionUri, page.app);
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}' ${webview.cspSource}`,
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
<style nonce="${nonce}">${style}</style>
<title>${escapeAttr(page.title)}</title>
</head>
<body>
${page.body}
<script nonce="${nonce}" data-app="${escapeAttr(script.toString())}">${boot}</script>
</body>
</html>`;
}

const files = new Map<string, { readonly style: string; readonly boot: string }>();

/** A page's stylesheet and the boot script, read from the installed extension on the app's first page. */
function pageFiles(extensionUri: vscode.Uri, app: string): { readonly style: string; readonly boot: string } {
  let read = files.get(app);
  if (!read) {
    const text = (...path: string[]): string => readFileSync(vscode.Uri.joinPath(extensionUri, ...path).fsPath, 'utf8');
    // Written between tags: a closing tag inside either would end it early (they are our own files, so this never trims).
    const inside = (content: string, tag: string): string => content.split(`</${tag}`)[0]!;
    read = {
      style: inside(text('media', `${app}.css`), 'style'),
      boot: inside(text('dist', 'webview', 'boot.js'), 'script'),
    };
    files.set(app, read);
  }
  return read;
}

/**
 * What the tree, search or view already holds of the task, written into the page itself so that it is
 * painted before the script has loaded; the script's first render replaces it. Text only: every value
 * is made inert (no control or bidi characters, bounded) and escaped.
 */
function firstPaint(row: Task | TaskRow): string {
  // The due date as every surface says it (core/text/dates.ts), with the same l10n keys.
  const due = dueDisplay(row.due_date, isCompleted(row), new Date(), vscode.env.language);
  const dueText = due && dueLabel(due, { due: (t) => vscode.l10n.t('Due {0}', t), overdue: vscode.l10n.t('overdue') });
  const fields = [row.status?.name, row.priority, row.assignee?.name, dueText]
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .map((value) => `<span>${escapeAttr(inert(value, 80))}</span>`)
    .join('<span aria-hidden="true"> · </span>');
  return `<div id="first-paint"><div class="title-row"><span class="display-id">${escapeAttr(
    inert(row.display_id ?? '', 30),
  )}</span><bdi class="first-paint-title">${escapeAttr(inert(row.title, 500))}</bdi></div>${
    fields ? `<p class="first-paint-fields">${fields}</p>` : ''
  }</div>`;
}

/**
 * A task opened by id only (Go to Task, a link, a restored panel): the page says it is loading from its
 * first paint rather than staying blank until its script has run and the task has arrived.
 */
function loadingPaint(): string {
  return `<div id="first-paint"><p class="loading">${escapeAttr(vscode.l10n.t('Loading task…'))}</p></div>`;
}

/** For the page's title, language and the first paint of the known row (firstPaint): text, never markup. */
export function escapeAttr(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
