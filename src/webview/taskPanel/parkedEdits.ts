import { UUID } from '../../core/util/ids';
import type { EditableField } from '../../shared/taskPanel/fields';
import type { PanelModel, ChangeNotice } from '../../shared/taskPanel/protocol';

/** Someone else's new value, parked off a field the user is editing until they choose. */
export interface ParkedEdit {
  /** Who changed it (from the notice's entries). */
  readonly by: string;
  /** The value the field showed when the change arrived: what the page keeps rendering. */
  readonly base: unknown;
  /** "Keep mine" was chosen: the question is gone, the edit stays parked until the user saves. */
  acknowledged: boolean;
}

const ACTION: Record<EditableField, string> = {
  title: 'title_changed',
  description: 'description_changed',
  status_id: 'status_changed',
  priority: 'priority_changed',
  assignee_id: 'assignee_changed',
  due_date: 'due_date_changed',
};

/**
 * What the user is typing wins over what someone else saved. The host posts the whole
 * model; when a poll changed a field the user is editing (typed into, or a description draft),
 * the page keeps rendering the value it had (Lit then leaves the control, and the user's text, alone)
 * and asks "Show theirs / Keep mine". Untouched fields update at once.
 */
export class ParkedEdits {
  /** The parked edits, by field. */
  readonly edits = new Map<EditableField, ParkedEdit>();
  /** Fields typed into since their last save (input events, see main.ts). */
  readonly typing = new Set<string>();
  private seenNotice: string | undefined;
  /**
   * Custom field values as shown when someone else's change arrived while a custom field was being
   * typed in (its key is the definition id). No question for these: the typed value is saved when
   * the field is left, then the service's values show.
   */
  private customBase: { value: unknown } | undefined;

  /** The model to render: the host's, with parked fields showing their base value. */
  apply(real: PanelModel, shown: PanelModel | undefined, isEditing: (f: EditableField) => boolean): PanelModel {
    const notice = real.notice;
    if (notice && notice.id !== this.seenNotice && shown) {
      this.seenNotice = notice.id;
      if (this.typingCustomField()) {
        this.customBase ??= { value: shown.task.custom_field_values };
      }
      for (const field of notice.fields) {
        if (!this.edits.has(field) && isEditing(field)) {
          this.edits.set(field, {
            by: actorOf(notice, field),
            base: (shown.task as Record<string, unknown>)[field],
            acknowledged: false,
          });
        }
      }
    }
    if (this.edits.size === 0 && !this.customBase) {
      return real;
    }
    const task: Record<string, unknown> = { ...real.task };
    for (const [field, edit] of this.edits) {
      task[field] = edit.base;
    }
    if (this.customBase) {
      task.custom_field_values = this.customBase.value;
    }
    return { ...real, task: task as unknown as PanelModel['task'] };
  }

  /** The user saved (or gave up on) a field: its own value or the service's answer shows now. */
  release(field: string): boolean {
    this.typing.delete(field);
    const custom = this.customBase !== undefined && !this.typingCustomField();
    if (custom) {
      this.customBase = undefined;
    }
    return this.edits.delete(field as EditableField) || custom;
  }

  private typingCustomField(): boolean {
    // Custom field editors are keyed by their definition id (view/customFields.ts).
    return [...this.typing].some((key) => UUID.test(key));
  }
}

function actorOf(notice: ChangeNotice, field: EditableField): string {
  const entry = notice.entries.find((e) => e.action === ACTION[field]);
  return entry?.actor_name || notice.actors[0] || '';
}
