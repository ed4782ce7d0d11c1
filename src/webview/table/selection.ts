// Which task rows are selected, as pure functions over the rows' ids in display order (unit-tested).

export interface Selection {
  readonly ids: ReadonlySet<string>;
  /** Where a Shift range starts: the row last clicked, toggled or moved to without Shift. */
  readonly anchor?: string;
}

export const NONE: Selection = { ids: new Set() };

/**
 * A click (or key) on row `id`: `only` selects it alone, `toggle` (Ctrl/Cmd) adds or removes it,
 * `range` (Shift) selects every row from the anchor to it.
 */
export function select(
  selection: Selection,
  order: readonly string[],
  id: string,
  mode: 'only' | 'toggle' | 'range',
): Selection {
  if (mode === 'only') return { ids: new Set([id]), anchor: id };
  if (mode === 'toggle') {
    const ids = new Set(selection.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id };
  }
  const anchor = selection.anchor !== undefined && order.includes(selection.anchor) ? selection.anchor : id;
  const from = order.indexOf(anchor);
  const to = order.indexOf(id);
  if (to < 0) return selection;
  const [a, b] = from <= to ? [from, to] : [to, from];
  return { ids: new Set(order.slice(a, b + 1)), anchor };
}

/** Every loaded row (Ctrl/Cmd+A). */
export function selectAll(order: readonly string[]): Selection {
  return { ids: new Set(order), anchor: order[0] };
}

/** The selection after the rows changed: rows that are gone are no longer selected. */
export function prune(selection: Selection, order: readonly string[]): Selection {
  const present = new Set(order);
  const ids = new Set([...selection.ids].filter((id) => present.has(id)));
  const anchor = selection.anchor !== undefined && present.has(selection.anchor) ? selection.anchor : undefined;
  return ids.size === selection.ids.size && anchor === selection.anchor ? selection : { ids, anchor };
}

/** The selected ids in display order. */
export function selectedInOrder(selection: Selection, order: readonly string[]): string[] {
  return order.filter((id) => selection.ids.has(id));
}
