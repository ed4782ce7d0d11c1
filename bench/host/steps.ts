/**
 * What the workbench figures do in a real VS Code (code-server + headless Chromium, the .vsix
 * installed), as a user would: through the activity bar, the command palette, quick inputs and the
 * task panel's webview. Each step returns what it measured; the sandbox's request log says what
 * was sent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import type { Workbench } from '../../test/e2e/workbench';
import type { BenchContext, LargeFixtures, LoggedRequest } from '../context';

export const TOKEN = 'demo-token-alice';

/** The log once no request arrived for `quietMs` (bounded): trailing requests of a step are counted. */
export async function settledRequests(ctx: BenchContext, quietMs = 1000, maxMs = 10_000): Promise<LoggedRequest[]> {
  const deadline = Date.now() + maxMs;
  let log = await ctx.requests();
  for (;;) {
    const last = log.at(-1)?.at_ms ?? 0;
    const pending = log.some((r) => r.status === null);
    if ((!pending && Date.now() - last >= quietMs) || Date.now() > deadline) {
      return log;
    }
    await new Promise((r) => setTimeout(r, 100));
    log = await ctx.requests();
  }
}

/** VS Code's own activation time of an extension (code loading + activate()), from Developer: Show Running Extensions. */
export async function runningActivationMs(wb: Workbench, displayName: string): Promise<number> {
  await wb.runCommand('Developer: Show Running Extensions');
  const rows = wb.page.locator('.runtime-extensions-editor .monaco-list-row');
  const row = rows.filter({ hasText: displayName }).first();
  // The list is virtualised and sorted by activation time: a quick extension sits below the fold.
  await rows.first().waitFor({ timeout: 60_000 });
  const deadline = Date.now() + 60_000;
  while (!(await row.isVisible())) {
    if (Date.now() > deadline) {
      throw new Error(`${displayName} is not among the running extensions`);
    }
    await rows.first().click();
    await wb.page.keyboard.press('End');
    await row.waitFor({ timeout: 2000 }).catch(() => undefined);
  }
  await row.locator('text=/Activation: \\d+/').waitFor({ timeout: 60_000 });
  const text = await row.innerText();
  // VS Code 1.139 shows it as a modal editor, which holds the palette back until it is closed.
  await wb.page.keyboard.press('Escape');
  await wb.page
    .locator('.runtime-extensions-editor')
    .waitFor({ state: 'hidden', timeout: 5000 })
    .catch(async () => {
      await wb.runCommand('View: Close All Editors');
    });
  const match = /Activation:\s*(\d+(?:\.\d+)?)\s*ms/.exec(text);
  if (!match) {
    throw new Error(`no activation time for ${displayName} in: ${text}`);
  }
  return Number(match[1]);
}

/** The "Activated in N ms" line an extension logged from inside activate() (both extensions log it). */
export function loggedActivateMs(userDataDir: string, extensionId: string): number {
  const logs = join(userDataDir, 'logs');
  for (const session of readdirSync(logs).sort().reverse()) {
    for (const host of readdirSync(join(logs, session)).filter((d) => d.startsWith('exthost'))) {
      const dir = join(logs, session, host, extensionId);
      let files: string[];
      try {
        files = readdirSync(dir);
      } catch {
        continue;
      }
      for (const file of files) {
        const match = /Activated in (\d+(?:\.\d+)?) ms/.exec(readFileSync(join(dir, file), 'utf8'));
        if (match) {
          return Number(match[1]);
        }
      }
    }
  }
  return Number.NaN;
}

/** Shows the Task Platform side bar, clicking its activity bar item when the side bar is hidden or elsewhere. */
export async function showTaskPlatform(wb: Workbench): Promise<void> {
  const title = wb.page.locator('.part.sidebar .composite.title', { hasText: 'Task Platform' }).first();
  for (let attempt = 0; attempt < 3 && !(await title.isVisible()); attempt++) {
    await wb.activityBarItem('Task Platform').click();
    await title.waitFor({ timeout: 5000 }).catch(() => undefined);
  }
  await title.waitFor({ timeout: 30_000 });
}

export async function signIn(wb: Workbench): Promise<void> {
  await showTaskPlatform(wb);
  await wb.sidebar().getByRole('button', { name: 'Sign In' }).first().click();
  await wb.answerInput(TOKEN);
  await wb.treeRow('Acme').waitFor({ timeout: 60_000 });
}

export interface PanelOpen {
  shellMs: number;
  firstRenderMs: number;
  loadedMs: number;
  /** The open's own requests. */
  requests: number;
  /** Index reads of the tasks assigned to the user that landed in the same seconds (not the open's). */
  assignedReads: number;
  sandboxMs: number;
}

/**
 * An index read of the tasks assigned to the user: the Inbox's check (one per space) or My Tasks,
 * which may run while a panel opens; a panel never sends one.
 */
function isAssignedRead(r: LoggedRequest): boolean {
  return r.method === 'GET' && r.path.endsWith('/tasks') && (r.query.filter ?? '').includes('"assignee_id"');
}

/** Open Task with the heavy task's id; first render = its title row, loaded = first pages of comments and activity. */
export async function openHeavyTask(ctx: BenchContext, wb: Workbench, fx: LargeFixtures): Promise<PanelOpen> {
  await wb.runCommand('Task Platform: Open Task');
  const input = wb.page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  await input.fill(fx.task_with_3000_activity);
  await ctx.clearRequests();
  const started = Date.now();
  await wb.page.keyboard.press('Enter');
  const frame = wb.webview();
  await frame.locator('#root > *').first().waitFor({ timeout: 60_000 });
  const shellMs = Date.now() - started;
  await frame
    .locator('.title-row .display-id', { hasText: fx.tasks.task_with_1000_comments.display_id })
    .waitFor({ timeout: 60_000 });
  const firstRenderMs = Date.now() - started;
  await frame.locator('article.comment').first().waitFor({ timeout: 60_000 });
  await frame.locator('[data-activity]').first().waitFor({ timeout: 60_000 });
  const loadedMs = Date.now() - started;
  const log = await settledRequests(ctx);
  const own = log.filter((r) => !isAssignedRead(r));
  return {
    shellMs,
    firstRenderMs,
    loadedMs,
    requests: own.length,
    assignedReads: log.length - own.length,
    sandboxMs: own.reduce((n, r) => n + (r.duration_ms ?? 0), 0),
  };
}

// Titles of the large seed read "Task <n> <word>"; search matches a substring of the title.
export const SEARCH_QUERY = 'Task 15 alph';
export const KEY_DELAY_MS = 80;

/** Search Tasks in Acme, typing the 12-character query at 80 ms a key; returns the /search requests sent. */
export async function typeSearch(ctx: BenchContext, wb: Workbench): Promise<number> {
  await wb.runCommand('Task Platform: Search Tasks');
  // Alice is in two workspaces, so the command asks which one first.
  await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Acme' }).first().waitFor({ timeout: 30_000 });
  await wb.answerInput('Acme');
  const input = wb.page.locator('.quick-input-widget input');
  await wb.page
    .locator('.quick-input-widget .quick-input-title', { hasText: /Search/ })
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => undefined);
  await ctx.clearRequests();
  await input.pressSequentially(SEARCH_QUERY, { delay: KEY_DELAY_MS });
  await wb.page
    .locator('.quick-input-list .monaco-list-row', { hasText: /Task 15 alpha/ })
    .first()
    .waitFor({ timeout: 30_000 });
  const log = await settledRequests(ctx);
  await wb.page.keyboard.press('Escape');
  return log.filter((r) => r.path === '/api/search').length;
}

/** Expands (where collapsed) Acme > Space 1 > Folder 1.1 > List 1.1.1 in the explorer (one list loaded). */
export async function expandFirstList(wb: Workbench): Promise<void> {
  for (const [label, next] of [
    ['Acme', 'Space 1'],
    ['Space 1', 'Folder 1.1'],
    ['Folder 1.1', 'List 1.1.1'],
    ['List 1.1.1', 'ACME-'],
  ] as const) {
    const row = wb.treeRow(label);
    await row.waitFor({ timeout: 30_000 });
    if ((await row.getAttribute('aria-expanded')) !== 'true') {
      await row.click();
    }
    await wb.treeRow(next).waitFor({ timeout: 60_000 });
  }
}

/** Presses `key` every 100 ms until `done` shows (a key bound by an extension works once VS Code has read it). */
export async function pressUntil(wb: Workbench, key: string, done: Locator, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done.isVisible())) {
    if (Date.now() > deadline) {
      throw new Error(`nothing came of pressing ${key}`);
    }
    await wb.page.keyboard.press(key);
    await done.waitFor({ timeout: 100 }).catch(() => undefined);
  }
}
