// Browser entry of the table (bundled to dist/webview/table.js). A stand-in until the table page
// lands: it lists the host's rows as text only, so the host can be exercised end to end.
import type { TableHostMessage, TableWebviewMessage } from '../../shared/table/protocol';
import type { VsCodeApi } from '../taskPanel/app';

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root')!;

function post(message: TableWebviewMessage): void {
  vscode.postMessage(message);
}

window.addEventListener('message', (event: MessageEvent<TableHostMessage>) => {
  const message = event.data;
  if (message.type !== 'model') return;
  const table = document.createElement('table');
  for (const row of message.model.rows) {
    const tr = table.insertRow();
    for (const text of [row.displayId ?? '', row.title, row.status, row.priority ?? '', row.assignee ?? '']) {
      tr.insertCell().textContent = text;
    }
  }
  root.replaceChildren(table);
});
post({ type: 'ready' });
