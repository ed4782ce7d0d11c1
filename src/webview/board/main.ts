// Browser entry of the board (bundled to dist/webview/board.js, started by boot.js under the page's
// nonce and a strict CSP). Renders the host's model with Lit templates, which only ever insert text:
// titles, names and statuses from the service are never markup.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import * as l10n from '@vscode/l10n';
import { html, nothing, render } from 'lit';
import type { TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type {
  BoardCard,
  BoardColumnModel,
  BoardHostMessage,
  BoardModel,
  BoardWebviewMessage,
} from '../../shared/board/protocol';
import { swatch } from '../taskPanel/view/common';
import type { VsCodeApi } from '../taskPanel/app';
import { focusStep, moveTarget, placeOf } from './navigate';
import type { Step } from './navigate';
import { dueView, dueWords } from '../due';
import { dueLabel } from '../../core/text/dates';

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root')!;
let model: BoardModel | undefined;
/** The card that has (or last had) the keyboard focus: it keeps it across renders and moves. */
let focused: string | undefined;
/** A card moved by keys until its new place is painted: focus follows it even if the page lost it meanwhile. */
let followMove = false;
/** What the live region says: the last move, or why it was refused (plain text). */
let notice: { readonly text: string; readonly error: boolean } | undefined;
let counter = 0;
const moving = new Map<string, { readonly title: string; readonly to: string }>();

function post(message: BoardWebviewMessage): void {
  vscode.postMessage(message);
}

const SHORTCUTS = 'Control+ArrowLeft Control+ArrowRight Shift+ArrowLeft Shift+ArrowRight Enter';

let painted = false;

function paint(): void {
  if (!painted) {
    // The host's "Loading board…" is plain markup of the page: Lit renders after it, so it goes first.
    painted = true;
    root.replaceChildren();
  }
  // Asked before rendering: a moved card is a new element in another column, so the render itself
  // drops the focus to the page, and asking afterwards would let the next Ctrl+Arrow go nowhere.
  const hadFocus = root.contains(document.activeElement) || followMove;
  render(page(), root);
  const card = focused ? root.querySelector<HTMLElement>(`[data-card="${CSS.escape(focused)}"]`) : null;
  if (card && hadFocus && document.activeElement !== card) card.focus();
  if (card) followMove = false;
}

function page(): TemplateResult {
  if (!model) {
    return html`<p class="loading">${l10n.t('Loading board…')}</p>`;
  }
  const m = model;
  const first = focused && placeOf(ids(m), focused) ? focused : m.columns.find((c) => c.cards.length > 0)?.cards[0]?.id;
  return html`<header class="board-header">
      <h1>${m.title}</h1>
      <span class="counts">${counts(m)}</span>
      <vscode-button secondary class="refresh" @click=${() => post({ type: 'refresh' })}
        >${l10n.t('Refresh')}</vscode-button
      >
    </header>
    <p id="board-help" class="help">
      ${l10n.t('Arrow keys move between cards. Ctrl+Left or Ctrl+Right (or Shift+Left, Shift+Right) moves the card to the next column. Enter opens the task.')}
    </p>
    ${m.error ? html`<p class="banner banner-error" role="alert">${m.error}</p>` : nothing}
    ${m.notice ? html`<p class="banner banner-info">${m.notice}</p>` : nothing}
    <p id="board-status" class=${notice?.error ? 'notice notice-error' : 'notice'} role="status" aria-live="polite">
      ${notice?.text ?? ''}
    </p>
    <div class="board">${m.columns.map((c) => column(c, first))}</div>`;
}

function counts(m: BoardModel): string {
  // A view's rows are its matches (filtered_count); a list's, folder's or space's are all of them.
  const all = m.filtered ?? m.total;
  if (all === undefined) return m.loading ? l10n.t('Loading…') : '';
  const shown = m.loaded < all ? l10n.t('{0} of {1} loaded', m.loaded, all) : l10n.t('{0} tasks', all);
  return m.completed === undefined ? shown : `${shown} · ${l10n.t('{0} completed', m.completed)}`;
}

function column(c: BoardColumnModel, first: string | undefined): TemplateResult {
  const heading = `col-${c.key.replace(/[^a-z0-9]/gi, '_')}`;
  return html`<section
    class="column"
    data-column=${c.key}
    aria-labelledby=${heading}
    @dragover=${(e: DragEvent) => {
      e.preventDefault();
      (e.currentTarget as HTMLElement).classList.add('drop-target');
    }}
    @dragleave=${(e: DragEvent) => (e.currentTarget as HTMLElement).classList.remove('drop-target')}
    @drop=${(e: DragEvent) => {
      e.preventDefault();
      (e.currentTarget as HTMLElement).classList.remove('drop-target');
      const id = e.dataTransfer?.getData('application/x-task-id');
      if (id) move(id, c.key);
    }}
  >
    <h2 id=${heading}>
      ${swatch(c.color)}<span class="column-name">${c.name}</span><span class="count">${c.cards.length}</span>
    </h2>
    <ul class="cards" aria-labelledby=${heading}>
      ${repeat(
        c.cards,
        (card) => card.id,
        (card) => cardView(card, card.id === first),
      )}
    </ul>
  </section>`;
}

function cardView(card: BoardCard, tabbable: boolean): TemplateResult {
  // The card's whole content in one name: a screen reader says it as focus arrives, in the order shown.
  const label = [
    [card.displayId, card.title].filter(Boolean).join(' '),
    card.priority && l10n.t('priority {0}', card.priority),
    card.assignee && l10n.t('assigned to {0}', card.assignee),
    card.dueText && dueLabel({ text: card.dueText, overdue: card.overdue === true }, dueWords()),
    card.blocked && l10n.t('Blocked'),
    card.subtasks > 0 && l10n.t('{0} subtasks', card.subtasks),
    card.pending && l10n.t('Not sent yet'),
  ]
    .filter(Boolean)
    .join(', ');
  return html`<li
    class=${card.pending ? 'card pending' : 'card'}
    data-card=${card.id}
    tabindex=${tabbable ? 0 : -1}
    draggable="true"
    aria-label=${label}
    aria-describedby="board-help"
    aria-keyshortcuts=${SHORTCUTS}
    @focus=${() => (focused = card.id)}
    @dragstart=${(e: DragEvent) => {
      e.dataTransfer?.setData('application/x-task-id', card.id);
      if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
    }}
    @dblclick=${() => post({ type: 'open', taskId: card.id })}
    @keydown=${(e: KeyboardEvent) => onKey(e, card.id)}
  >
    <div class="card-top">
      ${card.displayId ? html`<span class="display-id">${card.displayId}</span>` : nothing}
      ${card.priority ? html`<span class="priority priority-${card.priority}">${card.priority}</span>` : nothing}
    </div>
    <div class="card-title">${card.title}</div>
    <div class="card-meta">
      ${card.assignee ? html`<span class="assignee">${card.assignee}</span>` : nothing}
      ${card.dueText ? dueView({ text: card.dueText, overdue: card.overdue === true }, true) : nothing}
      ${card.blocked ? html`<span class="blocked">${l10n.t('Blocked')}</span>` : nothing}
      ${card.subtasks > 0 ? html`<span class="subtasks">${l10n.t('{0} subtasks', card.subtasks)}</span>` : nothing}
      ${card.pending ? html`<span class="pending-note">${l10n.t('Not sent yet')}</span>` : nothing}
    </div>
  </li>`;
}

const STEPS: Record<string, Step> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Home: 'home',
  End: 'end',
};

function onKey(e: KeyboardEvent, id: string): void {
  if (!model) return;
  const columns = ids(model);
  if (e.key === 'Enter') {
    e.preventDefault();
    post({ type: 'open', taskId: id });
    return;
  }
  const step = STEPS[e.key];
  if (!step) return;
  e.preventDefault();
  if ((e.ctrlKey || e.metaKey || e.shiftKey) && (step === 'left' || step === 'right')) {
    const at = placeOf(columns, id);
    const to = at && moveTarget(columns.length, at.column, step);
    if (to !== undefined) move(id, model.columns[to]!.key);
    return;
  }
  const next = focusStep(columns, id, step);
  if (next) {
    focused = next;
    root.querySelector<HTMLElement>(`[data-card="${CSS.escape(next)}"]`)?.focus();
  }
}

function ids(m: BoardModel): string[][] {
  return m.columns.map((c) => c.cards.map((card) => card.id));
}

function move(taskId: string, to: string): void {
  const card = model?.columns.flatMap((c) => c.cards).find((c) => c.id === taskId);
  const target = model?.columns.find((c) => c.key === to);
  if (!card || !target) return;
  const id = `move-${++counter}`;
  moving.set(id, { title: card.title, to: target.name });
  focused = taskId;
  followMove = root.contains(document.activeElement);
  post({ type: 'move', id, taskId, column: to });
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const data = event.data as Partial<BoardHostMessage> | null;
  if (data?.type === 'model' && data.model) {
    if (data.l10n?.contents) l10n.config({ contents: data.l10n.contents });
    model = data.model;
    paint();
  } else if (data?.type === 'reopen') {
    // Kept for VS Code to hand back to the host when it restores the tab after a reload.
    vscode.setState({ reopen: data.reopen });
  } else if (data?.type === 'result' && typeof data.id === 'string') {
    const asked = moving.get(data.id);
    moving.delete(data.id);
    if (asked) {
      notice = data.ok
        ? { text: l10n.t('Moved "{0}" to {1}.', asked.title, asked.to), error: false }
        : { text: data.error || l10n.t('The move was refused.'), error: true };
      paint();
    }
  }
});

post({ type: 'ready' });
