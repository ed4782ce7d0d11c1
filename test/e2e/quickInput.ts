import type { Page } from 'playwright-core';
import { step, until, waitUntil } from './steps';

/** What the quick input (palette, pick, input box) shows now, read in one go from the page. */
export interface QuickInputState {
  /** Shown and not closing (the workbench fades it out for 150 ms and ignores the pointer then). */
  open: boolean;
  /** The keyboard focus is in its text box. */
  focused: boolean;
  value: string;
  placeholder: string;
  title: string;
  message: string;
  /** The validation or progress state of its box ("error", "warning", busy). */
  flags: string;
  rows: number;
}

const CLOSED: QuickInputState = {
  open: false,
  focused: false,
  value: '',
  placeholder: '',
  title: '',
  message: '',
  flags: '',
  rows: 0,
};

/** Reads the quick input's state; a page that is navigating (a reload) reads as closed. */
export async function quickInputState(page: Page): Promise<QuickInputState> {
  return page
    .evaluate((): QuickInputState => {
      const widget = document.querySelector<HTMLElement>('.quick-input-widget');
      const closed = {
        open: false,
        focused: false,
        value: '',
        placeholder: '',
        title: '',
        message: '',
        flags: '',
        rows: 0,
      };
      if (!widget || getComputedStyle(widget).display === 'none') return closed;
      if (widget.classList.contains('quick-input-widget-closing')) return closed;
      const input =
        widget.querySelector<HTMLInputElement>('.quick-input-box input') ??
        widget.querySelector<HTMLInputElement>('input:not([type="checkbox"])');
      const box = widget.querySelector('.monaco-inputbox');
      const progress = widget.querySelector('.monaco-progress-container.active');
      const flags = [
        box?.classList.contains('error') ? 'error' : '',
        box?.classList.contains('warning') ? 'warning' : '',
        progress ? 'busy' : '',
      ].join(' ');
      return {
        open: true,
        focused: input !== null && document.activeElement === input,
        value: input?.value ?? '',
        placeholder: input?.placeholder ?? '',
        title: widget.querySelector('.quick-input-title')?.textContent ?? '',
        message: widget.querySelector('.quick-input-message')?.textContent ?? '',
        flags: flags.trim(),
        rows: widget.querySelectorAll('.monaco-list-row').length,
      };
    })
    .catch(() => CLOSED);
}

/** Closes whatever quick input is open (Escape) and waits until it has gone, closing animation included. */
export async function closeQuickInput(page: Page): Promise<void> {
  await step(page, 'close the quick input', {
    ready: async () => true,
    act: async () => {
      if ((await quickInputState(page)).open) await page.keyboard.press('Escape');
    },
    done: () => until(async () => !(await quickInputState(page)).open && !(await closing(page)), 5_000),
  });
}

/** The quick input is fading out: it ignores the pointer and a key may reach what is behind it. */
async function closing(page: Page): Promise<boolean> {
  return page
    .evaluate(() => document.querySelector('.quick-input-widget.quick-input-widget-closing') !== null)
    .catch(() => false);
}

/**
 * Opens the command palette and waits until it is open, focused and reads ">" (F1, then
 * Ctrl+Shift+P on a retry). A quick input already open is closed first: F1 on an open palette does
 * not always leave it open, and a pick closing by itself (its focus lost) would take F1's palette along.
 */
export async function openPalette(page: Page): Promise<void> {
  let attempt = 0;
  await step(page, 'open the command palette', {
    attempts: 4,
    ready: async () => {
      if ((await quickInputState(page)).open) await closeQuickInput(page);
      return until(async () => !(await closing(page)), 5_000);
    },
    act: async () => page.keyboard.press(attempt++ % 2 === 0 ? 'F1' : 'Control+Shift+P'),
    done: () =>
      until(async () => {
        const s = await quickInputState(page);
        return s.open && s.focused && s.value.startsWith('>');
      }, 10_000),
  });
}

/**
 * Picks the row of the open palette or pick whose label is exactly `label` (else the first that
 * contains it): Enter when it is the focused row, a click otherwise. Resolves false when no such row
 * came within `timeoutMs`.
 */
export async function acceptRow(page: Page, label: string, timeoutMs: number): Promise<boolean> {
  const rows = page.locator('.quick-input-widget .monaco-list-row');
  let index = -1;
  const found = await until(async () => {
    // No named inner functions here: tsx wraps them in a helper the page does not have.
    index = await rows.evaluateAll((els, want) => {
      const labels = els.map(
        (el) =>
          (el.querySelector('.label-name') ?? el.querySelector('.quick-input-list-label') ?? el).textContent?.trim() ??
          '',
      );
      const exact = labels.indexOf(want);
      return exact !== -1 ? exact : els.findIndex((el) => (el.textContent ?? '').includes(want));
    }, label);
    return index !== -1;
  }, timeoutMs);
  if (!found) return false;
  const row = rows.nth(index);
  if (await row.evaluate((el) => el.classList.contains('focused'))) {
    await page.keyboard.press('Enter');
  } else {
    await row.click();
  }
  return true;
}

/** Runs a palette command by its title: palette open and focused, the title typed, its row accepted. */
export async function runPaletteCommand(page: Page, title: string): Promise<void> {
  const typed = `>${title}`;
  await step(page, `run "${title}"`, {
    ready: async () => {
      await openPalette(page);
      return true;
    },
    act: async () => {
      const input = page.locator('.quick-input-widget .quick-input-box input');
      await input.fill(typed);
      // A palette that re-rendered (a reopening) may drop what was typed: read it back.
      await waitUntil(async () => (await quickInputState(page)).value === typed, `the palette to read ${typed}`, 5_000);
      if (!(await acceptRow(page, title, 30_000))) throw new Error(`no command "${title}" in the palette`);
    },
    // The palette closed, or shows the command's own input (another value).
    done: () =>
      until(async () => {
        const s = await quickInputState(page);
        return !s.open || s.value !== typed;
      }, 10_000),
  });
}

/**
 * Types `text` into the open quick input and presses Enter; the step took effect when anything the
 * input shows changed (closed, another value, title, prompt or validation state). An input box that
 * validates while it is busy ignores Enter: it is pressed again then, at most three times in all.
 */
export async function answerQuickInput(page: Page, text: string): Promise<void> {
  let before = CLOSED;
  await step(page, `answer "${text.slice(0, 40)}"`, {
    ready: () =>
      until(async () => {
        const s = await quickInputState(page);
        // Not the palette that ran the command: its own input has not replaced it yet.
        return s.open && !(s.value.startsWith('>') && !text.startsWith('>'));
      }, 30_000),
    act: async () => {
      const input = page.locator('.quick-input-widget .quick-input-box input');
      if ((await quickInputState(page)).value !== text) await input.fill(text);
      else await input.focus();
      await waitUntil(async () => (await quickInputState(page)).value === text, `the input to read ${text}`, 5_000);
      before = await quickInputState(page);
      await page.keyboard.press('Enter');
    },
    done: () =>
      until(async () => {
        const s = await quickInputState(page);
        return (
          !s.open ||
          s.value !== before.value ||
          s.placeholder !== before.placeholder ||
          s.title !== before.title ||
          s.message !== before.message ||
          s.flags.replace('busy', '').trim() !== before.flags.replace('busy', '').trim()
        );
        // The extension's host closes its own input box, late on a busy machine (seen: over 10 s
        // under two hogs): a second Enter is for one that was lost, not for one that is slow.
      }, 30_000),
  });
}

/** What the open quick input shows, as one string: it changes when a pick moves on or closes. */
async function signature(page: Page): Promise<string> {
  const s = await quickInputState(page);
  if (!s.open) return '';
  const rows = await page
    .locator('.quick-input-widget .monaco-list-row')
    .allTextContents()
    .catch(() => []);
  return JSON.stringify([s.title, s.placeholder, s.value, s.message, rows]);
}

/**
 * Accepts the row `label` (exact label first) of the open quick pick and waits until the pick moved
 * on: closed, or showing other rows, title or prompt. Retried, bounded, when the pick did not move.
 */
export async function pickQuickInputRow(page: Page, label: string): Promise<void> {
  let before = '';
  await step(page, `pick "${label}"`, {
    ready: () => until(async () => (await quickInputState(page)).open, 30_000),
    act: async () => {
      before = await signature(page);
      if (!(await acceptRow(page, label, 30_000))) throw new Error(`no row "${label}" in the quick pick`);
    },
    // As with answers: the extension's host moves its picks on, late under load.
    done: () => until(async () => (await signature(page)) !== before, 30_000),
  });
}
