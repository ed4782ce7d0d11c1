import * as l10n from '@vscode/l10n';
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { Comment } from '../../../core/api/schemas';
import type { App } from '../app';
import { droppedTaskIds } from '../drop';
import { isPostKey, POST_KEYS } from '../keys';
import { mentionedIds } from '../mentions';
import { mentionList, mentionWarning, onMentionInput, onMentionKey, readyToPost } from './mentionPicker';
import { fieldState, loading, sectionError, when } from './common';
import { val } from './details';
import { markdown } from './markdownView';

/** Threaded comments (replies by parent_id), oldest or newest first, "load more" over the cursor. */
export function comments(app: App): TemplateResult {
  const model = app.model!;
  const page = model.comments;
  const items = page?.items ?? [];
  const ids = new Set(items.map((c) => c.id));
  const roots = items.filter((c) => !c.parent_id || !ids.has(c.parent_id));
  const ordered = app.order === 'newest' ? [...roots].reverse() : roots;
  return html`<section class="comments" aria-label=${l10n.t('Comments')}>
    <div class="section-title">
      <h2>${l10n.t('Comments')}</h2>
      <vscode-single-select
        class="order"
        aria-label=${l10n.t('Order of comments')}
        label=${l10n.t('Order of comments')}
        .value=${live(app.order)}
        @change=${(e: Event) => app.setOrder(val(e) === 'newest' ? 'newest' : 'oldest')}
      >
        <vscode-option value="oldest" ?selected=${app.order === 'oldest'}>${l10n.t('Oldest first')}</vscode-option>
        <vscode-option value="newest" ?selected=${app.order === 'newest'}>${l10n.t('Newest first')}</vscode-option>
      </vscode-single-select>
    </div>
    ${sectionError(app, 'comments')}
    ${page === undefined ? (model.errors.comments ? nothing : loading(l10n.t('comments'))) : nothing}
    ${app.order === 'newest' && !model.gone ? composer(app, 'new', null) : nothing}
    ${app.order === 'newest' ? more(app) : nothing}
    <ol class="thread">
      ${ordered.map((c) => thread(app, c, items))}
    </ol>
    ${app.order === 'oldest' ? more(app) : nothing}
    ${app.order === 'oldest' && !model.gone ? composer(app, 'new', null) : nothing}
  </section>`;
}

/**
 * Pages come oldest first (the service's order), so the next page holds NEWER comments: in "newest
 * first" the button sits above the list and says so.
 */
function more(app: App): TemplateResult {
  const page = app.model!.comments;
  const label = app.order === 'newest' ? l10n.t('Load Newer Comments') : l10n.t('Load More Comments');
  return html`${
    page?.hasMore
      ? html`<vscode-button
          secondary
          data-action="more-comments"
          ?disabled=${page.loadingMore === true}
          @click=${() => app.request('comments', { type: 'loadMore', section: 'comments' })}
          >${label}</vscode-button
        >`
      : nothing
  }${fieldState(app, 'comments')}`;
}

function thread(app: App, comment: Comment, all: readonly Comment[]): TemplateResult {
  const replies = all.filter((c) => c.parent_id === comment.id);
  return html`<li class="comment-thread">
    ${one(app, comment)}${
      replies.length > 0
        ? html`<ol class="replies">
            ${replies.map((r) => thread(app, r, all))}
          </ol>`
        : nothing
    }
  </li>`;
}

function one(app: App, c: Comment): TemplateResult {
  const key = `comment:${c.id}`;
  const editing = app.open.has(`edit:${c.id}`);
  const replying = app.open.has(`reply:${c.id}`);
  const off = !!app.model!.gone;
  const why = c.resolved_at ? '' : c.assignee_id ? '' : l10n.t('To resolve it, assign it to someone first (Edit).');
  // VS Code's webview context menu passes this object to the commands it offers here (Draft Reply).
  const menu = JSON.stringify({
    webviewSection: 'comment',
    workspaceId: app.model!.workspaceId,
    taskId: app.model!.task.id,
    commentId: c.id,
  });
  return html`<article
    class="comment ${c.resolved_at ? 'resolved' : ''}"
    data-comment=${c.id}
    data-vscode-context=${menu}
  >
    <header>
      <strong>${c.user?.name ?? l10n.t('Someone')}</strong>
      <span class="meta">${when(c.created_at)}</span>
      ${c.assignee ? html`<span class="meta">· ${l10n.t('assigned to {0}', c.assignee.name)}</span>` : nothing}
      ${c.resolved_at ? html`<span class="resolved-badge">${l10n.t('Resolved')}</span>` : nothing}
    </header>
    ${editing ? composer(app, `edit:${c.id}`, c) : markdown(app, c.body)}
    ${
      off || editing
        ? nothing
        : html`<div class="actions">
            <vscode-button secondary class="small" data-action="reply" @click=${() => app.toggle(`reply:${c.id}`)}
              >${l10n.t('Reply')}</vscode-button
            >
            <vscode-button secondary class="small" data-action="edit" @click=${() => app.toggle(`edit:${c.id}`, true)}
              >${l10n.t('Edit')}</vscode-button
            >
            <vscode-button
              secondary
              class="small"
              data-action=${c.resolved_at ? 'unresolve' : 'resolve'}
              ?disabled=${why !== ''}
              title=${why || (c.resolved_at ? l10n.t('Reopen this comment') : l10n.t('Mark this comment as resolved'))}
              @click=${() => app.request(key, { type: 'resolveComment', commentId: c.id, resolved: !c.resolved_at })}
              >${c.resolved_at ? l10n.t('Unresolve') : l10n.t('Resolve')}</vscode-button
            >
            <vscode-button
              secondary
              class="small"
              data-action="attach"
              @click=${() => app.request(key, { type: 'upload', commentId: c.id })}
              >${l10n.t('Attach…')}</vscode-button
            >
            <vscode-button
              secondary
              class="small"
              data-action="delete"
              @click=${() => app.request(key, { type: 'deleteComment', commentId: c.id })}
              >${l10n.t('Delete')}</vscode-button
            >
            ${why ? html`<span class="meta why">${why}</span>` : nothing}
          </div>`
    }
    ${fieldState(app, key)} ${replying && !off ? composer(app, `reply:${c.id}`, null, c.id) : nothing}
  </article>`;
}

function postKeyLabel(): string {
  return /Mac|iPhone|iPad/.test(navigator.platform) ? l10n.t('⌘+Enter') : l10n.t('Ctrl+Enter');
}

/**
 * The box to write a comment, a reply or an edit. Its text and assignee are drafts (webview state):
 * a failed post, a hidden panel or a reload keeps them; only a successful post clears them.
 */
function composer(app: App, draftKey: string, editing: Comment | null, parentId: string | null = null): TemplateResult {
  const members = app.model!.members ?? [];
  const body = app.drafts[draftKey] ?? editing?.body ?? '';
  const assignee = app.drafts[`${draftKey}:assignee`] ?? editing?.assignee_id ?? '';
  const key = editing ? `comment:${editing.id}` : draftKey === 'new' ? 'body' : draftKey;
  const send = (anyway = false): void => {
    if (app.busy(key)) return;
    const text = app.drafts[draftKey] ?? body;
    if (!anyway && !readyToPost(app, draftKey, text, members)) return;
    const common = {
      body: text,
      mentions: mentionedIds(text, members),
      assignee_id: (app.drafts[`${draftKey}:assignee`] ?? assignee) || null,
    };
    const finish = (ok: boolean): void => {
      if (!ok) return;
      app.setDraft(draftKey, undefined);
      app.setDraft(`${draftKey}:assignee`, undefined);
      app.toggle(draftKey, false);
    };
    app.request(
      key,
      editing
        ? { type: 'editComment', commentId: editing.id, ...common }
        : { type: 'addComment', parent_id: parentId, ...common },
      finish,
    );
  };
  const mention = (e: Event): void => {
    const name = val(e);
    if (!name) return;
    const current = app.drafts[draftKey] ?? body;
    app.setDraft(draftKey, `${current}${current && !current.endsWith(' ') ? ' ' : ''}@${name} `);
    (e.target as HTMLInputElement).value = '';
    app.schedule();
  };
  return html`<div class="composer" data-composer=${draftKey}>
    <vscode-textarea
      rows="3"
      resize="vertical"
      aria-label=${editing ? l10n.t('Edit the comment') : parentId ? l10n.t('Reply') : l10n.t('New comment')}
      .label=${editing ? l10n.t('Edit the comment') : parentId ? l10n.t('Reply') : l10n.t('New comment')}
      placeholder=${l10n.t('Write a comment (Markdown, @ to mention someone)')}
      .value=${live(body)}
      aria-keyshortcuts=${POST_KEYS}
      @input=${(e: Event) => {
        app.setDraft(draftKey, val(e));
        onMentionInput(app, draftKey, e, members);
      }}
      @dragover=${(e: DragEvent) => e.dataTransfer?.types.includes('text/uri-list') && e.preventDefault()}
      @drop=${(e: DragEvent) => dropTasks(app, e, draftKey, body, key)}
      @keydown=${(e: KeyboardEvent) => {
        if (onMentionKey(app, draftKey, e)) return;
        if (isPostKey(e)) {
          e.preventDefault();
          send();
        }
      }}
    ></vscode-textarea>
    ${mentionList(app, draftKey)} ${mentionWarning(draftKey, app.drafts[draftKey] ?? body, members, () => send(true))}
    <div class="actions">
      <vscode-single-select
        class="mention"
        aria-label=${l10n.t('Mention someone')}
        label=${l10n.t('Mention someone')}
        @change=${mention}
      >
        <vscode-option value="" selected>${l10n.t('Mention…')}</vscode-option>
        ${members.map((m) => html`<vscode-option value=${m.name}>${m.name}</vscode-option>`)}
      </vscode-single-select>
      <vscode-single-select
        class="assign"
        aria-label=${l10n.t('Assign the comment')}
        label=${l10n.t('Assign the comment')}
        .value=${live(assignee)}
        @change=${(e: Event) => app.setDraft(`${draftKey}:assignee`, val(e) || '')}
      >
        <vscode-option value="" ?selected=${!assignee}>${l10n.t('Not assigned')}</vscode-option>
        ${members.map((m) => html`<vscode-option value=${m.id} ?selected=${m.id === assignee}>${l10n.t('Assign to {0}', m.name)}</vscode-option>`)}
      </vscode-single-select>
      <vscode-button
        data-action=${editing ? 'save-comment' : 'post-comment'}
        ?disabled=${app.busy(key)}
        aria-keyshortcuts=${POST_KEYS}
        title=${l10n.t('{0} in the text box', postKeyLabel())}
        @click=${() => send()}
        >${editing ? l10n.t('Save') : parentId ? l10n.t('Reply') : l10n.t('Comment')}</vscode-button
      >
      <span class="meta key-hint" aria-hidden="true">${postKeyLabel()}</span>
      ${
        editing || parentId
          ? html`<vscode-button
              secondary
              @click=${() => {
                app.setDraft(draftKey, undefined);
                app.toggle(draftKey, false);
              }}
              >${l10n.t('Cancel')}</vscode-button
            >`
          : nothing
      }
    </div>
    ${editing ? nothing : fieldState(app, key)}
  </div>`;
}

/** Tasks dropped on a comment box (from a tree, with Shift): their display ids, from the host, at the end. */
function dropTasks(app: App, e: DragEvent, draftKey: string, body: string, key: string): void {
  const taskIds = droppedTaskIds(e.dataTransfer?.getData('text/uri-list') ?? '');
  if (taskIds.length === 0) return;
  e.preventDefault();
  app.request(key, { type: 'dropTasks', taskIds }, (ok, text) => {
    if (!ok || !text) return;
    const current = app.drafts[draftKey] ?? body;
    app.setDraft(draftKey, `${current}${current && !/\s$/.test(current) ? ' ' : ''}${text} `);
    app.schedule();
  });
}
