// The grid's keyboard, as pure functions (unit-tested in Node): where the focused cell goes for a key.
// Grid rows count from 0, the header row; body row i is grid row i + 1.

export interface Cell {
  readonly row: number;
  readonly col: number;
}

export type Move = 'up' | 'down' | 'left' | 'right' | 'home' | 'end' | 'first' | 'last' | 'pageUp' | 'pageDown';

/** The move of a key (Ctrl/Cmd with Home or End goes to the first or last row), or undefined. */
export function moveOf(key: string, ctrl: boolean): Move | undefined {
  switch (key) {
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'ArrowLeft':
      return 'left';
    case 'ArrowRight':
      return 'right';
    case 'Home':
      return ctrl ? 'first' : 'home';
    case 'End':
      return ctrl ? 'last' : 'end';
    case 'PageUp':
      return 'pageUp';
    case 'PageDown':
      return 'pageDown';
    default:
      return undefined;
  }
}

/**
 * The cell focus goes to: `rows` grid rows (header included) of `cols` columns, `page` rows a page.
 * Moves stop at the edges (no wrap); the column is kept across rows.
 */
export function step(at: Cell, move: Move, rows: number, cols: number, page: number): Cell {
  const row = (r: number): number => Math.max(0, Math.min(rows - 1, r));
  const col = (c: number): number => Math.max(0, Math.min(cols - 1, c));
  switch (move) {
    case 'up':
      return { row: row(at.row - 1), col: at.col };
    case 'down':
      return { row: row(at.row + 1), col: at.col };
    case 'left':
      return { row: at.row, col: col(at.col - 1) };
    case 'right':
      return { row: at.row, col: col(at.col + 1) };
    case 'home':
      return { row: at.row, col: 0 };
    case 'end':
      return { row: at.row, col: col(cols - 1) };
    case 'first':
      return { row: row(1), col: at.col };
    case 'last':
      return { row: row(rows - 1), col: at.col };
    case 'pageUp':
      // Page Up stops at the first body row: the header is reached with the arrow.
      return { row: at.row <= 1 ? row(at.row - 1) : Math.max(1, at.row - page), col: at.col };
    case 'pageDown':
      return { row: row(at.row + Math.max(1, page)), col: at.col };
  }
}
