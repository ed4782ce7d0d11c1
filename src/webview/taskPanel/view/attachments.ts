import * as l10n from '@vscode/l10n';
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { Attachment } from '../../../core/api/schemas';
import type { App } from '../app';
import { bytes, fieldState, loading, sectionError, when } from './common';

const previewable = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Files per context (task, description, comment): name, type, size, uploader; upload, download, preview, delete. */
export function attachments(app: App): TemplateResult {
  const model = app.model!;
  const files = model.attachments;
  const contexts: [string, string][] = [
    ['task', l10n.t('Task files')],
    ['description', l10n.t('In the description')],
    ['comment', l10n.t('On comments')],
  ];
  return html`<section class="attachments" aria-label=${l10n.t('Attachments')}>
    <h2>${l10n.t('Attachments')}${files ? html` <vscode-badge>${files.length}</vscode-badge>` : nothing}</h2>
    ${sectionError(app, 'attachments')}
    ${
      files === undefined
        ? model.errors.attachments
          ? nothing
          : loading(l10n.t('attachments'))
        : files.length === 0
          ? html`<p class="empty">${l10n.t('No files.')}</p>`
          : contexts.map(([ctx, title]) =>
              group(
                app,
                title,
                files.filter((f) => (f.context ?? 'task') === ctx),
              ),
            )
    }
    ${
      model.preview
        ? html`<figure class="preview">
            <img src=${model.preview.src} alt=${model.preview.name} />
            <figcaption>${model.preview.name}</figcaption>
          </figure>`
        : nothing
    }
    ${model.gone ? nothing : html`<vscode-button secondary data-action="upload" @click=${() => app.request('upload', { type: 'upload', commentId: null })}>${l10n.t('Attach File…')}</vscode-button>`}
    ${fieldState(app, 'upload')}
  </section>`;
}

function group(app: App, title: string, files: Attachment[]): TemplateResult | typeof nothing {
  if (files.length === 0) return nothing;
  return html`<h3>${title}</h3>
    <ul class="rows">
      ${files.map(
        (f) =>
          html`<li data-attachment=${f.id}>
            <span class="file-name">${f.file_name}</span>
            <span class="meta"
              >${f.mime_type} ·
              ${bytes(f.file_size)}${f.uploadedBy ? ` · ${f.uploadedBy.name}` : ''}${f.created_at ? ` · ${when(f.created_at)}` : ''}</span
            >
            ${previewable.has(f.mime_type) ? html`<vscode-button secondary class="small" @click=${() => app.request(`file:${f.id}`, { type: 'preview', attachmentId: f.id })}>${l10n.t('Preview')}</vscode-button>` : nothing}
            <vscode-button
              secondary
              class="small"
              @click=${() => app.request(`file:${f.id}`, { type: 'download', attachmentId: f.id })}
              >${l10n.t('Download…')}</vscode-button
            >
            <vscode-button
              secondary
              class="small"
              @click=${() => app.request(`file:${f.id}`, { type: 'deleteAttachment', attachmentId: f.id })}
              >${l10n.t('Delete')}</vscode-button
            >
            ${fieldState(app, `file:${f.id}`)}
          </li>`,
      )}
    </ul>`;
}
