import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

/**
 * The panel's page: one script by nonce, styles from the extension only, images from the extension
 * and data: (previews; remote images are never loaded), no network (connect-src 'none'), nothing inline
 * (the panel's security rules). The nonce comes from crypto, fresh for every page.
 */
export function panelHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string): string {
  const nonce = randomBytes(18).toString('base64url');
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
<main id="root" aria-live="polite"></main>
<script type="module" nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}

/** Only for the page title and language: never for task content, which the webview renders itself. */
function escapeAttr(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
