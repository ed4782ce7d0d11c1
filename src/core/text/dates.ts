// Due dates as every surface shows them: the tree, the board, the table and the task panel call the
// same function, so a task reads the same everywhere and is overdue by one rule. Pure: the caller
// gives the clock and the locale (VS Code's display language, vscode.env.language; the webviews get it
// in their page's `lang`). Why relative near today and absolute further out: docs/decisions/dates.md.

const DAY_MS = 86_400_000;

/** Within this many days of today a due date is said relatively ("yesterday", "in 3 days"). */
export const RELATIVE_DAYS = 6;

export interface DueDisplay {
  /** The calendar day the task is due, `YYYY-MM-DD` (for editors and sorting). */
  readonly day: string;
  /** The day in words, in the user's locale: `today`, `in 3 days`, `2 days ago`, `Dec 24`, `Dec 24, 2027`. */
  readonly text: string;
  /** Due before now and not completed. */
  readonly overdue: boolean;
}

/**
 * The one overdue rule: due before now and the task not completed, as the service's `overdue`
 * preset counts it (docs/api/openapi.yaml#listTasks).
 */
export function isOverdue(dueDate: string | null | undefined, completed: boolean, now: Date): boolean {
  const due = dueDate ? Date.parse(dueDate) : Number.NaN;
  return !Number.isNaN(due) && due < now.getTime() && !completed;
}

/**
 * How a due date reads. The stored date is a calendar day at 00:00 UTC (docs/api/README.md#conventions),
 * so its day is the UTC day; "today" is the user's own (local) day. Undefined when there is no date
 * or it does not parse.
 */
export function dueDisplay(
  dueDate: string | null | undefined,
  completed: boolean,
  now: Date,
  locale: string | undefined,
): DueDisplay | undefined {
  const due = dueDate ? new Date(dueDate) : undefined;
  if (!due || Number.isNaN(due.getTime())) {
    return undefined;
  }
  const dueDay = Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate());
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  const days = Math.round((dueDay - today) / DAY_MS);
  const text =
    Math.abs(days) <= RELATIVE_DAYS
      ? formatters(locale).relative.format(days, 'day')
      : (due.getUTCFullYear() === now.getFullYear() ? formatters(locale).day : formatters(locale).dayYear).format(due);
  return { day: new Date(dueDay).toISOString().slice(0, 10), text, overdue: isOverdue(dueDate, completed, now) };
}

/** The words around a due date, from the caller's l10n (the host's and the page's read the same bundle). */
export interface DueWords {
  /** `Due {0}`. */
  due(text: string): string;
  /** `overdue`. */
  readonly overdue: string;
}

/** One line for a surface without a due column, and for screen readers: `Due yesterday, overdue`. */
export function dueLabel(display: Pick<DueDisplay, 'text' | 'overdue'>, words: DueWords): string {
  return display.overdue ? `${words.due(display.text)}, ${words.overdue}` : words.due(display.text);
}

interface Formatters {
  readonly relative: Intl.RelativeTimeFormat;
  readonly day: Intl.DateTimeFormat;
  readonly dayYear: Intl.DateTimeFormat;
}

const cache = new Map<string, Formatters>();

/** Per locale, made once. A tag Intl refuses (it throws RangeError) falls back to the runtime's default. */
function formatters(locale: string | undefined): Formatters {
  const key = locale ?? '';
  let found = cache.get(key);
  if (!found) {
    found = make(locale);
    cache.set(key, found);
  }
  return found;
}

function make(locale: string | undefined): Formatters {
  try {
    return {
      // numeric 'auto': "yesterday", "today", "tomorrow" rather than "1 day ago", as VS Code's own dates read.
      relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
      day: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
      dayYear: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
    };
  } catch {
    return make(undefined);
  }
}
