import { isDisplayId } from '../tasks/displayId';

/**
 * What a task dragged out of a tree drops as `text/plain` (into an editor, a comment, any text
 * box): its display id (`ACME-12`), several joined by a space, in the order they were dragged.
 * A display id comes from the service, so only one of the strict grammar is written; a task without
 * one drops nothing. Undefined when nothing is left.
 */
export function dragText(rows: readonly { readonly display_id?: unknown }[]): string | undefined {
  const ids: string[] = [];
  for (const row of rows) {
    const id = row.display_id;
    if (isDisplayId(id) && !ids.includes(id)) {
      ids.push(id);
    }
  }
  return ids.length > 0 ? ids.join(' ') : undefined;
}
