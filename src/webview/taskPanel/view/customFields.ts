import * as l10n from '@vscode/l10n';
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { CustomFieldDefinition } from '../../../core/api/schemas';
import { currentValue, isWebUrl } from '../../../core/tasks/customFields';
import type { FieldValue } from '../../../core/tasks/customFields';
import type { App } from '../app';
import { control, fieldState, loading, sectionError, swatch } from './common';
import { val } from './details';

/**
 * Every definition in effect for the task, with the editor its type needs (docs/api/openapi.yaml#listTaskCustomFields).
 */
export function customFields(app: App): TemplateResult {
  const model = app.model!;
  const defs = model.customFields;
  return html`<section class="custom-fields" aria-label=${l10n.t('Custom fields')}>
    <h2>${l10n.t('Custom fields')}</h2>
    ${sectionError(app, 'customFields')}
    ${
      defs === undefined
        ? model.errors.customFields
          ? nothing
          : loading(l10n.t('custom fields'))
        : defs.length === 0
          ? html`<p class="empty">${l10n.t('No custom fields apply to this task.')}</p>`
          : html`<div class="fields">${defs.map((d) => row(app, d))}</div>`
    }
  </section>`;
}

function row(app: App, def: CustomFieldDefinition): TemplateResult {
  const value = currentValue(def, app.model!.task.custom_field_values);
  return html`<label data-cf-label=${def.id}
      >${def.name}${def.is_required ? html`<span class="required" title=${l10n.t('Required')}> *</span>` : nothing}</label
    >
    <div class="field" data-cf=${def.id} data-cf-type=${def.type}>
      ${control(app, def.id, editor(app, def, value))}${fieldState(app, def.id)}
    </div>`;
}

function editor(app: App, def: CustomFieldDefinition, value: FieldValue): TemplateResult {
  const off = !app.model!.complete || !!app.model!.gone;
  const set = (v: FieldValue): void => app.request(def.id, { type: 'setCustomField', fieldId: def.id, value: v });
  const label = def.name;
  switch (def.type) {
    case 'checkbox':
      return html`<vscode-checkbox
        aria-label=${label}
        ?disabled=${off}
        .checked=${value === true}
        @change=${(e: Event) => set((e.target as HTMLInputElement).checked)}
        ><span class="visually-hidden">${label}</span></vscode-checkbox
      >`;
    case 'number':
      return html`<vscode-textfield
        data-field=${def.id}
        type="number"
        min="0"
        aria-label=${label}
        .label=${label}
        ?disabled=${off}
        .value=${value === null ? '' : String(value)}
        @change=${(e: Event) => set(val(e) === '' ? null : Number(val(e)))}
      ></vscode-textfield>`;
    case 'date':
      return html`<vscode-textfield
        data-field=${def.id}
        type="date"
        aria-label=${label}
        .label=${label}
        ?disabled=${off}
        .value=${typeof value === 'string' ? value : ''}
        @change=${(e: Event) => set(val(e) || null)}
      ></vscode-textfield>`;
    case 'dropdown':
      // The dot and the select are one unit: the field's row wraps around them, never between them.
      return html`<span class="swatched"
        >${swatch(def.options?.find((o) => o.label === value)?.color)}<vscode-single-select
          aria-label=${label}
          label=${label}
          ?disabled=${off}
          .value=${typeof value === 'string' ? value : ''}
          @change=${(e: Event) => set(val(e) || null)}
        >
          <vscode-option value="" ?selected=${value === null}>${l10n.t('(none)')}</vscode-option>
          ${(def.options ?? []).map((o) => html`<vscode-option value=${o.label} ?selected=${o.label === value}>${o.label}</vscode-option>`)}
        </vscode-single-select></span
      >`;
    case 'multi_select':
      return multi(app, def, Array.isArray(value) ? value : [], off, set);
    case 'attachment':
      return html`<span class="meta"
        >${l10n.t('Files of this field are managed in Task Platform (read-only here).')}</span
      >`;
    case 'url':
      return html`<vscode-textfield
          data-field=${def.id}
          type="url"
          aria-label=${label}
          .label=${label}
          ?disabled=${off}
          .value=${typeof value === 'string' ? value : ''}
          @change=${(e: Event) => set(val(e))}
        ></vscode-textfield>
        ${typeof value === 'string' && isWebUrl(value) ? html`<vscode-button secondary @click=${() => app.post({ type: 'openLink', url: value })}>${l10n.t('Open')}</vscode-button>` : nothing}`;
    default:
      return html`<vscode-textfield
        data-field=${def.id}
        aria-label=${label}
        .label=${label}
        ?disabled=${off}
        .value=${typeof value === 'string' ? value : ''}
        @change=${(e: Event) => set(val(e))}
      ></vscode-textfield>`;
  }
}

/** Option labels with their colours as checkboxes: every choice visible at once. */
function multi(
  app: App,
  def: CustomFieldDefinition,
  chosen: string[],
  off: boolean,
  set: (v: FieldValue) => void,
): TemplateResult {
  const flip = (label: string, on: boolean): void => set(on ? [...chosen, label] : chosen.filter((c) => c !== label));
  void app;
  return html`<div class="multi">
    ${(def.options ?? []).map(
      (o) =>
        html`<span class="chip"
          >${swatch(o.color)}<vscode-checkbox
            ?disabled=${off}
            .checked=${chosen.includes(o.label)}
            @change=${(e: Event) => flip(o.label, (e.target as HTMLInputElement).checked)}
            >${o.label}</vscode-checkbox
          ></span
        >`,
    )}
  </div>`;
}
