// Browser entry of the task panel (bundled to dist/webview/taskPanel.js, loaded by nonce under a
// strict CSP). Renders the host's model with Lit templates, which only ever insert text.
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textarea/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import * as l10n from '@vscode/l10n';
import { html, render } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { TemplateResult } from 'lit';
import { App } from './app';
import type { VsCodeApi } from './app';
import type { HostMessage } from '../../shared/taskPanel/protocol';
import { activity } from './view/activity';
import { attachments } from './view/attachments';
import { comments } from './view/comments';
import { customFields } from './view/customFields';
import { details } from './view/details';
import { loadMarkdown } from './view/markdownView';
import { header } from './view/header';
import { changeNotice } from './view/notice';
import { dependencies, subtasks } from './view/relations';

declare function acquireVsCodeApi(): VsCodeApi;

const root = document.getElementById('root')!;
// Keyed by the task shown: another task in the preview panel gets fresh controls, none of the last one's,
// and starts at the top.
let shownView = 0;
// The host wrote the known row into the page so it shows before this script ran: the app paints over it
// once the task's model has arrived.
const app = new App(
  acquireVsCodeApi(),
  () => {
    document.getElementById('first-paint')?.remove();
    render(keyed(app.view, page()), root);
    if (app.view !== shownView) {
      shownView = app.view;
      window.scrollTo(0, 0);
    }
    revealComment();
  },
  document.getElementById('first-paint') !== null,
);

/** The comment the host asked to show (the Inbox opened the task at it), once it is on the page. */
let revealed = 0;
function revealComment(): void {
  const reveal = app.model?.reveal;
  if (!reveal || reveal.seq === revealed || app.model?.task.id === undefined) return;
  const comment = [...root.querySelectorAll<HTMLElement>('[data-comment]')].find(
    (e) => e.dataset.comment === reveal.commentId,
  );
  if (!comment) return;
  revealed = reveal.seq;
  comment.classList.add('revealed');
  comment.scrollIntoView({ block: 'center' });
}

function page(): TemplateResult {
  if (!app.model) {
    return html`<p class="loading">${l10n.t('Loading task…')}</p>`;
  }
  return html`${header(app)}${changeNotice(app)}
    <div class="layout">
      <div class="main-column">${details(app)}${comments(app)}${activity(app)}</div>
      <aside class="side-column">${customFields(app)}${subtasks(app)}${dependencies(app)}${attachments(app)}</aside>
    </div>`;
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const data = event.data as Partial<HostMessage> | null;
  // Only the host posts here; still, anything without a known type is ignored.
  if (data && (data.type === 'model' || data.type === 'result')) {
    app.receive(data as HostMessage);
  }
});

/** The task field an event comes from (controls carry data-field; shadow DOM retargets to them). */
function fieldOf(event: Event): string | undefined {
  const target = event.target as Element | null;
  return target?.closest?.('[data-field]')?.getAttribute('data-field') ?? undefined;
}

// Typing marks a field as being edited, so a change someone else made waits (parkedEdits.ts). Leaving it
// without saving anything unmarks it.
document.addEventListener(
  'input',
  (event) => {
    app.keep();
    const field = fieldOf(event);
    if (field) app.parked.typing.add(field);
  },
  true,
);
document.addEventListener(
  'focusout',
  (event) => {
    const field = fieldOf(event);
    if (field && !app.busy(field) && !app.parked.edits.has(field as never)) app.leave(field);
  },
  true,
);

// News (a save, a posted comment, an error, a comment by someone else) goes to the status line the host
// wrote next to the page. Emptied first, so the same words said twice are announced twice.
const announcer = document.getElementById('announcer');
let announced: ReturnType<typeof setTimeout> | undefined;
app.announce = (text) => {
  if (!announcer) return;
  announcer.textContent = '';
  clearTimeout(announced);
  announced = setTimeout(() => (announcer.textContent = text), 100);
};

app.schedule();
app.post({ type: 'ready' });
// The markdown parser, in its own task after this one: the page answers input meanwhile.
setTimeout(() => void loadMarkdown(), 0);
