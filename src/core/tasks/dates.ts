// Due dates as the commands offer them. The API takes `due_date` as a date-time or null
// (docs/api/openapi.yaml#createTask); we send a calendar day `YYYY-MM-DD`, which the sandbox reads as 00:00 UTC
// (docs/api/README.md#conventions).

export type DuePresetId = 'today' | 'tomorrow' | 'nextMonday' | 'inAWeek';

export const DUE_DATE_PRESETS: readonly DuePresetId[] = ['today', 'tomorrow', 'nextMonday', 'inAWeek'];

/** The calendar day (local time of `now`) a preset stands for, as `YYYY-MM-DD`. */
export function presetDate(preset: DuePresetId, now: Date): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  switch (preset) {
    case 'today':
      break;
    case 'tomorrow':
      day.setDate(day.getDate() + 1);
      break;
    case 'nextMonday': {
      // getDay(): Sunday 0 ... Saturday 6. On a Monday "next Monday" is a week away, never today.
      const ahead = (8 - day.getDay()) % 7 || 7;
      day.setDate(day.getDate() + ahead);
      break;
    }
    case 'inAWeek':
      day.setDate(day.getDate() + 7);
      break;
  }
  return formatDay(day);
}

export function formatDay(day: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

export type DateCheck =
  { readonly ok: true; readonly date: string } | { readonly ok: false; readonly reason: 'format' | 'notADay' };

/** Checks a typed due date: `YYYY-MM-DD` and a real calendar day (no 2026-02-30). */
export function checkDate(input: string): DateCheck {
  const text = input.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) {
    return { ok: false, reason: 'format' };
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  const real = probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
  return real ? { ok: true, date: text } : { ok: false, reason: 'notADay' };
}

/** The day part of a stored due date (`2026-11-30T00:00:00.000Z` -> `2026-11-30`), for display. */
export function dayOf(dueDate: string | null | undefined): string | undefined {
  return dueDate ? dueDate.slice(0, 10) : undefined;
}
