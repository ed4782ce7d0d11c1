import * as l10n from '@vscode/l10n';
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { Member } from '../../../core/api/schemas';
import type { App } from '../app';
import { insertMention, matchMembers, mentionAt, unmatchedMentions } from '../mentions';

/**
 * The list of members offered after `@` in a comment box (new comment, reply, edit): filtered as the
 * name is typed, Up/Down to choose, Enter or Tab to insert `@Full Name`, Escape to close. The box is
 * the vscode-textarea's own textarea, inside its shadow root, where an id of this page cannot be
 * referenced (aria-controls, aria-activedescendant), so the option in hand is also said in the page's
 * one status line (app.announce), not a live region of its own: the page has a single place for news.
 * Member names come from the service: rendered as text by Lit, never markup.
 */
interface Picking {
  readonly draftKey: string;
  readonly start: number;
  readonly caret: number;
  readonly options: readonly Member[];
  index: number;
}

let picking: Picking | undefined;
/** Per comment box, the text a warning about `@words` that match nobody was shown for. */
const warned = new Map<string, string>();

/** The textarea inside a vscode-textarea (its shadow root is open). */
function inner(host: EventTarget | null): HTMLTextAreaElement | null {
  const el = host as HTMLElement | null;
  return el?.shadowRoot?.querySelector('textarea') ?? null;
}

/** After each input: open, narrow or close the list for the `@` at the caret. */
export function onMentionInput(app: App, draftKey: string, e: Event, members: readonly Member[]): void {
  const box = inner(e.currentTarget ?? e.target);
  if (!box) return;
  box.setAttribute('aria-autocomplete', 'list');
  const at = mentionAt(box.value, box.selectionStart ?? box.value.length);
  const options = at ? matchMembers(at.query, members) : [];
  const before = picking;
  picking =
    at && options.length > 0
      ? { draftKey, start: at.start, caret: box.selectionStart ?? box.value.length, options, index: 0 }
      : undefined;
  if (warned.delete(draftKey) || before !== undefined || picking !== undefined) app.schedule();
  if (picking && picking.options[0]?.id !== before?.options[before.index]?.id) sayActive(app, picking);
}

/** The option in hand, in the status line. */
function sayActive(app: App, open: Picking): void {
  const active = open.options[open.index];
  if (active) {
    app.announce(
      l10n.t('{0}, {1} of {2}. Enter to insert, Escape to close.', active.name, open.index + 1, open.options.length),
    );
  }
}

/** Keys while the list is open; true when the key was the list's (the box must not act on it). */
export function onMentionKey(app: App, draftKey: string, e: KeyboardEvent): boolean {
  const open = picking?.draftKey === draftKey ? picking : undefined;
  if (!open || e.altKey || e.ctrlKey || e.metaKey) return false;
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    const step = e.key === 'ArrowDown' ? 1 : -1;
    open.index = (open.index + step + open.options.length) % open.options.length;
    sayActive(app, open);
  } else if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey) {
    choose(app, e.currentTarget, open, open.options[open.index]);
  } else if (e.key === 'Escape') {
    picking = undefined;
  } else {
    return false;
  }
  e.preventDefault();
  e.stopPropagation();
  app.schedule();
  return true;
}

function choose(app: App, host: EventTarget | null, open: Picking, member: Member | undefined): void {
  const box = inner(host);
  picking = undefined;
  if (!box || !member) return;
  const next = insertMention(box.value, open.start, open.caret, member.name);
  // The component's own value too, so the next paint (live()) sees the text it already has.
  (host as { value?: string }).value = next.text;
  box.value = next.text;
  box.setSelectionRange(next.caret, next.caret);
  app.setDraft(open.draftKey, next.text);
  app.schedule();
}

/** The list under a comment box, when it is open for that box. */
export function mentionList(app: App, draftKey: string): TemplateResult | typeof nothing {
  const open = picking?.draftKey === draftKey ? picking : undefined;
  if (!open) return nothing;
  const host = (): Element | null =>
    document.querySelector(`[data-composer="${CSS.escape(draftKey)}"] vscode-textarea`);
  return html`<ul class="mention-picker" role="listbox" aria-label=${l10n.t('Members to mention')}>
    ${open.options.map(
      (m, i) =>
        html`<li
          role="option"
          class=${i === open.index ? 'active' : ''}
          aria-selected=${i === open.index ? 'true' : 'false'}
          @mousedown=${(e: MouseEvent) => {
            e.preventDefault(); // the box keeps the focus
            choose(app, host(), open, m);
          }}
        >
          ${m.name}
        </li>`,
    )}
  </ul>`;
}

/**
 * Whether to post `text` now: not when it has `@words` that match nobody and no warning was shown
 * for this very text (posting again unchanged, or Post Anyway, goes ahead).
 */
export function readyToPost(app: App, draftKey: string, text: string, members: readonly Member[]): boolean {
  if (unmatchedMentions(text, members).length === 0 || warned.get(draftKey) === text) {
    warned.delete(draftKey);
    return true;
  }
  warned.set(draftKey, text);
  picking = undefined;
  app.schedule();
  return false;
}

/** The warning under a comment box whose `@words` match nobody, with Post Anyway. */
export function mentionWarning(
  draftKey: string,
  text: string,
  members: readonly Member[],
  postAnyway: () => void,
): TemplateResult | typeof nothing {
  if (warned.get(draftKey) !== text) return nothing;
  const words = unmatchedMentions(text, members).map((w) => `@${w}`);
  if (words.length === 0) return nothing;
  return html`<div class="mention-warning" role="alert">
    <span
      >${l10n.t(
        '{0} matches no member of this workspace, so nobody is mentioned. Correct it, or post as it is.',
        words.join(', '),
      )}</span
    >
    <vscode-button secondary class="small" data-action="post-anyway" @click=${postAnyway}
      >${l10n.t('Post Anyway')}</vscode-button
    >
  </div>`;
}
