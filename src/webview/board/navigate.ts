// The board's keyboard, as pure functions over the columns' card ids (unit-tested in Node).

/** Where a card is: column index and card index within it. */
export interface Place {
  readonly column: number;
  readonly card: number;
}

export type Step = 'up' | 'down' | 'left' | 'right' | 'home' | 'end';

/** The card of `id` in the columns of card ids, or undefined. */
export function placeOf(columns: readonly (readonly string[])[], id: string | undefined): Place | undefined {
  if (id === undefined) return undefined;
  for (let column = 0; column < columns.length; column++) {
    const card = columns[column]!.indexOf(id);
    if (card >= 0) return { column, card };
  }
  return undefined;
}

/**
 * The card focus goes to from `id`: up and down within its column, left and right to the nearest
 * column that has cards (same row, or its last card), home and end to the column's first and last.
 * Undefined when there is nowhere to go.
 */
export function focusStep(columns: readonly (readonly string[])[], id: string, step: Step): string | undefined {
  const at = placeOf(columns, id);
  if (!at) return undefined;
  const cards = columns[at.column]!;
  switch (step) {
    case 'up':
      return cards[at.card - 1];
    case 'down':
      return cards[at.card + 1];
    case 'home':
      return cards[0];
    case 'end':
      return cards[cards.length - 1];
    default: {
      const delta = step === 'left' ? -1 : 1;
      for (let c = at.column + delta; c >= 0 && c < columns.length; c += delta) {
        const other = columns[c]!;
        if (other.length > 0) return other[Math.min(at.card, other.length - 1)];
      }
      return undefined;
    }
  }
}

/** The column index a card moves to with Ctrl+Arrow (or Shift+Arrow): the next column that way, or undefined at the edge. */
export function moveTarget(columnCount: number, from: number, direction: 'left' | 'right'): number | undefined {
  const to = from + (direction === 'left' ? -1 : 1);
  return to >= 0 && to < columnCount ? to : undefined;
}
