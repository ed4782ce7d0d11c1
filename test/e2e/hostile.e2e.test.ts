/*
 * Outside corpus: set HOSTILE_CORPUS=/path/corpus.json (a JSON array of { "name": string, "text": string })
 * to run a second corpus, kept outside the repository, through every step below against the packaged
 * extension; its payloads come first and are added to test/hostile/corpus.ts (HOSTILE_CORPUS_ONLY=1
 * runs the outside corpus alone). This file alone (test/e2e/.mocharc.json would add every e2e file):
 * `npm run --silent package && HOSTILE_CORPUS=~/c.json npx mocha --no-config --no-package --require tsx/cjs
 * --timeout 600000 --exit test/e2e/hostile.e2e.test.ts`.
 */
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Locator } from 'playwright-core';
import { HOVER_COMMANDS } from '../../src/core/codeLinks/hover';
import { corpus, liveInPlainText } from '../hostile/corpus';
import type { Payload } from '../hostile/corpus';
import { until } from './steps';
import { closeSession, openSession, waitForPrefixes } from './fixtures';
import type { Session } from './fixtures';
import type { Workbench } from './workbench';

/* eslint-disable @typescript-eslint/no-explicit-any -- sandbox JSON */
type Json = any;

/** The task of the hostile-content report, created by another member and deleted by the user. */
const ISSUE_TITLE = 'Evil [Open Settings Now](command:workbench.action.openSettings) task';

function outsideCorpus(): Payload[] {
  const file = process.env.HOSTILE_CORPUS;
  if (!file) {
    return [];
  }
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const valid =
    Array.isArray(parsed) &&
    parsed.every(
      (p) => p !== null && typeof p === 'object' && typeof p.name === 'string' && typeof p.text === 'string',
    );
  assert.ok(valid, `HOSTILE_CORPUS (${file}) must be a JSON array of { "name": string, "text": string }`);
  return (parsed as Payload[]).map((p) => ({ name: `outside: ${p.name}`, text: p.text }));
}

const payloads: readonly Payload[] = [...outsideCorpus(), ...(process.env.HOSTILE_CORPUS_ONLY === '1' ? [] : corpus)];
const oneLine = (p: Payload): boolean => !/[\r\n\u2028\u2029\u0085]/.test(p.text);
/** Payloads a title can hold (the service caps titles at 255 characters). */
const titlePayloads = payloads.filter((p) => oneLine(p) && [...p.text].length <= 255);

/** A title holding as many payloads as fit in 255 characters: the first of the corpus, then the shortest. */
function packedTitle(): string {
  const [first, ...rest] = titlePayloads;
  let title = first?.text ?? '';
  for (const p of [...rest].sort((a, b) => a.text.length - b.text.length)) {
    const next = `${title} ${p.text}`;
    if (next.length <= 255) {
      title = next;
    }
  }
  return title;
}

/** What a finding is traced back to: the corpus, and the title of the issue's task. */
const traced: readonly Payload[] = [...payloads, { name: 'report title', text: ISSUE_TITLE }];
const bare = (s: string): string =>
  s
    .replace(/&nbsp;/g, ' ')
    .replace(/[\\\u200b-\u200d\u2060\ufeff]/g, '')
    .trim();

/** Names of the payloads that hold what went live (its text, its href, or the `$(name)` of its icon). */
function source(live: Live): string {
  // The payloads holding the needle, or failing that its longest head (a renderer may have run a link on).
  const held = (needle: string): string[] => {
    for (
      let head = bare(needle).slice(0, 200);
      head.length >= 8 || (head !== '' && head === bare(needle));
      head = head.slice(0, -1)
    ) {
      const names = traced.filter((p) => bare(p.text).includes(head)).map((p) => p.name);
      if (names.length) return names;
    }
    return [];
  };
  let href = live.href ?? '';
  try {
    href = decodeURIComponent(href);
  } catch {
    // kept as is
  }
  const byText = held(live.text);
  const byHref = held(href);
  const both = byText.filter((n) => byHref.includes(n));
  const char = /invisible character U\+([0-9a-f]+)/i.exec(live.what)?.[1];
  const names = live.icon
    ? traced.filter((p) => p.text.toLowerCase().includes(`$(${live.icon}`)).map((p) => p.name)
    : char
      ? traced.filter((p) => p.text.includes(String.fromCodePoint(parseInt(char, 16)))).map((p) => p.name)
      : both.length
        ? both
        : [...new Set([...byText, ...byHref])];
  return names.length
    ? names.slice(0, 3).join(', ') + (names.length > 3 ? `, +${names.length - 3}` : '')
    : 'no payload matched';
}

/** Icon names a payload asks for with `$(name)`: a `.codicon-name` rendered from data is live. */
const payloadIcons = [
  ...new Set(
    payloads.flatMap((p) => [...p.text.slice(0, 5000).matchAll(/\$\(([a-z0-9-]+)/gi)].map((m) => m[1]!.toLowerCase())),
  ),
];

interface Live {
  what: string;
  text: string;
  href?: string;
  /** The codicon's name, for an icon. */
  icon?: string;
}

/**
 * What is live inside `root` (a notification message, a dialog text, a tree label, a pick label):
 * any link (an `<a>`, `.monaco-link`, anything with an href or the link role) and any icon.
 * `allowed` lets the extension's own links through.
 */
async function liveIn(root: Locator, allowed: (link: Live) => boolean = () => false): Promise<Live[]> {
  // No named arrow functions in here: the page has no `__name` helper that tsx would wrap them with.
  const { found, texts } = await root.evaluateAll(
    (roots, selectors) => {
      const [links, icons, media] = selectors.map((selector) => [
        ...new Set(roots.flatMap((r) => Array.from(r.querySelectorAll(selector)))),
      ]);
      const found = [
        // A bare <a> is how VS Code draws a label's name; a link has somewhere to go.
        ...links!
          .filter((a) => !a.closest('.monaco-button, .action-label, .monaco-action-bar'))
          .map((a) => ({
            what: 'link',
            text: a.textContent ?? '',
            href: a.getAttribute('data-href') ?? a.getAttribute('href') ?? '',
          })),
        // The row's own icon (QuickPickItem.iconPath) sits outside its label text.
        ...icons!
          .filter((i) => !i.classList.contains('quick-input-list-icon'))
          .map((i) => ({
            what: `icon ${i.className}`,
            text: i.parentElement?.textContent ?? '',
            icon: /codicon-([a-z0-9-]+)/.exec(
              Array.from(i.classList)
                .filter((c) => c !== 'codicon-colored')
                .join(' '),
            )?.[1],
          })),
        ...media!.map((m) => ({ what: `<${m.tagName.toLowerCase()}>`, text: m.outerHTML.slice(0, 120) })),
      ];
      return { found, texts: roots.map((r) => r.textContent ?? '') };
    },
    [
      'a[href], [data-href], .monaco-link, [role="link"]',
      '.codicon, [class*="codicon-"]',
      'img, script, iframe, svg, style, object, embed',
    ],
  );
  // Text that reorders or hides itself (bidi controls, zero-width and tag characters) is live too.
  // (Links and icons in the text are found above as elements: here every `](` and `$(` reads as broken.)
  const hidden = texts.flatMap((text): Live[] => {
    const problem = liveInPlainText(text.replace(/\]\(/g, ']\u200b(').replace(/\$\(/g, '$\u200b('));
    if (!problem) return [];
    const at = text.indexOf(String.fromCodePoint(parseInt(/U\+([0-9a-f]+)/i.exec(problem)?.[1] ?? '0', 16)));
    return [{ what: problem, text: JSON.stringify(text.slice(Math.max(0, at - 30), at + 30)).slice(1, -1) }];
  });
  // Nested roots (a pick row's label inside its container) show the same character once.
  const once = [...new Map(hidden.map((h) => [`${h.what}|${h.text}`, h])).values()];
  return [...(found as Live[]), ...once].filter((f) => !allowed(f));
}

describe('e2e: hostile content stays inert in the real workbench', function () {
  this.timeout(600_000);
  let session: Session | undefined;
  let fx: Json;
  /** Task 2: every field holds a payload. */
  let omnibus: Json;
  const findings: string[] = [];
  const cspReports: string[] = [];

  const control = async (path: string, body?: unknown): Promise<Json> => {
    const init =
      body === undefined
        ? undefined
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    return (await fetch(`${session!.sandbox.origin}/__sandbox${path}`, init)).json();
  };

  /** The public API as another member (Bob by default): the hostile data is theirs. */
  const api = async (
    method: string,
    path: string,
    body?: unknown,
    token = 'demo-token-bob',
  ): Promise<{ status: number; json: Json }> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${session!.sandbox.baseUrl}${path}`, { method, headers, body: payload });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };

  /** Seeding notes: what the sandbox refused (so a payload that never reached a field is known). */
  const refused: string[] = [];
  const must = async (what: string, method: string, path: string, body?: unknown): Promise<Json> => {
    const res = await api(method, path, body);
    if (res.status >= 300) {
      refused.push(`${what}: ${res.status} ${JSON.stringify(res.json)?.slice(0, 160)}`);
      return undefined;
    }
    return res.json;
  };

  /** The text of the extension's notifications (VS Code's own, such as forwarded ports, have their own links). */
  const ours = (where: Locator): Locator =>
    where
      .locator('.notification-list-item', {
        has: where.page().locator('.notification-list-item-source', { hasText: 'Task Platform' }),
      })
      .locator('.notification-list-item-message, .notification-list-item-source');

  const record = (step: string, where: string, live: Live[]): void => {
    for (const l of live) {
      findings.push(
        `${step} | ${where} | ${l.what} "${[...l.text].slice(0, 80).join('')}"${l.href ? ` -> ${l.href.slice(0, 100)}` : ''} | payload: ${source(l)}`,
      );
    }
  };

  /** Asserts that the step added no finding, printing each (which payload went live where). */
  const noFindings = (step: string, before: number): void => {
    const mine = findings.slice(before);
    console.log(`      ${step}: ${mine.length} finding(s)${mine.map((f) => `\n        ${f}`).join('')}`);
    assert.deepEqual(mine, [], `${step}: something from a payload is live`);
  };

  async function createTask(title: string, extra: Record<string, unknown> = {}): Promise<Json> {
    const res = await api('POST', `/workspaces/${fx.workspaces.acme.id}/tasks`, {
      list_id: fx.lists.database,
      title,
      ...extra,
    });
    assert.equal(res.status, 201, `create "${title.slice(0, 40)}": ${JSON.stringify(res.json)}`);
    return res.json.data ?? res.json;
  }

  before(async () => {
    // Sticky tree headers would sit over the rows this test hovers.
    session = await openSession('hostile', { settings: { 'workbench.tree.enableStickyScroll': false } });
    const wb = session.workbench;
    fx = await control('/fixtures');
    wb.page.on('console', (m) => {
      if (/Content.Security.Policy|Refused to (load|execute|apply|connect|frame|run)/i.test(m.text()))
        cspReports.push(`${m.location().url.slice(0, 80)}: ${m.text().slice(0, 300)}`);
    });
    await wb.signInFromView();
    await wb.dismissSignInToast();
    await waitForPrefixes(session);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await session?.workbench
        .screenshot(`hostile-failed-${this.currentTest.title.replace(/\W+/g, '-').slice(0, 60)}`)
        .catch(() => undefined);
    }
    // A step that stopped half-way may leave a dialog, a pick or a hover open: the next starts clean.
    for (let i = 0; i < 3; i++) await session?.workbench.page.keyboard.press('Escape');
  });

  after(async () => {
    console.log(
      `      all findings: ${findings.length}; seeding refused by the sandbox: ${refused.length}${refused.map((r) => `\n        ${r}`).join('')}`,
    );
    await closeSession(session);
  });

  /** Deletes a task from the palette by its id, as the user would, and checks the dialog and the toast. */
  async function deleteAndCheck(wb: Workbench, task: Json, step: string): Promise<void> {
    await wb.runCommand('Task Platform: Delete Task');
    await wb.answerInput(task.id);
    const dialog = wb.page.locator('.monaco-dialog-box').first();
    await dialog.waitFor({ timeout: 30_000 });
    record(
      step,
      'confirmation dialog text',
      await liveIn(wb.page.locator('.monaco-dialog-box .dialog-message-container')),
    );
    await dialog
      .locator('.monaco-button', { hasText: /^Delete$/ })
      .first()
      .click();
    const toast = wb.page
      .locator('.notification-toast', { hasText: 'Trash for 30 days' })
      .filter({ hasText: task.display_id })
      .first();
    await toast.waitFor({ timeout: 30_000 });
    await toast.locator('.monaco-button', { hasText: 'Undo' }).first().waitFor({ timeout: 5_000 });
    record(
      step,
      `"Deleted ${task.display_id}" notification`,
      await liveIn(toast.locator('.notification-list-item-message, .notification-list-item-source')),
    );
  }

  it('1. deleting a task titled with a command link: the notification and the notification centre show it as text', async () => {
    const wb = session!.workbench;
    const before = findings.length;
    const issueTask = await createTask(ISSUE_TITLE);
    const packed = await createTask(packedTitle());
    await deleteAndCheck(wb, issueTask, 'step 1');
    await wb.settleToasts();
    await wb.screenshot('hostile-01-deleted-notification');
    await deleteAndCheck(wb, packed, 'step 1');
    await wb.settleToasts();
    await wb.screenshot('hostile-01b-deleted-packed-title');
    await wb.runCommand('Notifications: Show Notifications');
    const center = wb.page.locator('.notifications-center');
    await center
      .locator('.notification-list-item', { hasText: issueTask.display_id })
      .first()
      .waitFor({ timeout: 30_000 });
    record('step 1', 'notification centre', await liveIn(ours(center)));
    await wb
      .quickInput()
      .waitFor({ state: 'hidden', timeout: 10_000 })
      .catch(() => undefined);
    await wb.screenshot('hostile-02-notification-centre-after-delete');
    await wb.page.keyboard.press('Escape');
    noFindings('step 1 (delete notification)', before);
  });

  it('2. a task whose every field holds a payload opens in the panel with nothing live, no script, no CSP report', async () => {
    const wb = session!.workbench;
    const before = findings.length;
    // Seeding: the extension's user keeps the sandbox's rate limit; the seeding member does not need it.
    await control('/config', { rateLimit: 0 });
    try {
      const description = payloads
        .filter((p) => p.text.length <= 2_000)
        .map((p) => p.text)
        .join('\n\n');
      omnibus = await createTask(packedTitle(), { description, priority: 'high' });
      const ws = fx.workspaces.acme.id;
      for (const p of payloads) {
        await must(`comment ${p.name}`, 'POST', `/workspaces/${ws}/tasks/${omnibus.id}/comments`, { body: p.text });
      }
      // Subtasks: every title-sized payload as a title (panel, tree rows).
      for (const p of titlePayloads) {
        await must(`subtask ${p.name}`, 'POST', `/workspaces/${ws}/tasks`, {
          list_id: fx.lists.database,
          title: p.text,
          parent_task_id: omnibus.id,
        });
      }
      const defs: Json[] =
        (await must('custom field definitions', 'GET', `/tasks/${omnibus.id}/custom-fields`))?.data ?? [];
      // Text fields take any string (url fields only http(s) URLs); one request each, so one refusal spares the rest.
      for (const [i, d] of defs.filter((def) => def.type === 'text').entries()) {
        const p = titlePayloads[i % titlePayloads.length]!;
        await must(`custom field ${d.name}: ${p.name}`, 'PUT', `/tasks/${omnibus.id}/custom-field-values`, {
          values: [{ custom_field_definition_id: d.id, value: p.text }],
        });
      }
      for (const p of titlePayloads.filter((q) => q.text.length <= 120).slice(0, 12)) {
        const form = new FormData();
        form.append('file', new Blob([`${p.name}\n`], { type: 'text/plain' }), `${p.text}.txt`);
        await must(`attachment ${p.name}`, 'POST', `/workspaces/${ws}/tasks/${omnibus.id}/attachments`, form);
      }
    } finally {
      await control('/config', { rateLimit: 60 });
    }
    const seen = cspReports.length;
    const dialogs: string[] = [];
    wb.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await wb.runCommand('Task Platform: Open Task');
    await wb.answerInput(omnibus.id);
    const frame = wb.webview();
    await frame.locator('.title-row .display-id', { hasText: omnibus.display_id }).waitFor({ timeout: 90_000 });
    await frame.locator('article.comment').first().waitFor({ timeout: 90_000 });
    await wb.page.waitForTimeout(2_000);
    await wb.screenshot('hostile-03-panel-top');
    const inner: Frame = await wb.activeWebviewFrame();
    const probe = await inner.evaluate((icons) => {
      const root = document.querySelector('#root') ?? document.body;
      const all = Array.from(root.querySelectorAll('*'));
      const bad = /^\s*(command|javascript|data|file|vscode|vscode-insiders|vbscript):/i;
      return {
        xss: (window as unknown as { __xss?: unknown }).__xss,
        comments: root.querySelectorAll('article.comment').length,
        hrefs: Array.from(root.querySelectorAll('a[href]')).map((a) => (a.getAttribute('href') ?? '').slice(0, 60)),
        elements: Array.from(
          root.querySelectorAll(
            'script, iframe, frame, object, embed, svg, style, link, meta, base, form, img, video, audio',
          ),
        ).map((e) => e.outerHTML.slice(0, 160)),
        links: Array.from(root.querySelectorAll('a[href], [data-href]'))
          .map((a) => ({
            text: a.textContent ?? '',
            href: a.getAttribute('href') ?? a.getAttribute('data-href') ?? '',
          }))
          .filter((a) => bad.test(a.href)),
        handlers: all.flatMap((el) =>
          Array.from(el.attributes)
            .filter((a) => /^on/i.test(a.name))
            .map((a) => `<${el.tagName.toLowerCase()} ${a.name}="${a.value.slice(0, 60)}">`),
        ),
        icons: all
          .filter(
            (el) =>
              Array.from(el.classList).some((c) => c === 'codicon' || icons.some((n) => c === `codicon-${n}`)) ||
              (el.tagName === 'VSCODE-ICON' && icons.includes((el.getAttribute('name') ?? '').toLowerCase())),
          )
          .map((el) => ({
            cls: `${el.tagName.toLowerCase()}.${el.className} ${el.getAttribute('name') ?? ''}`,
            name: el.getAttribute('name') ?? undefined,
            text: el.parentElement?.textContent ?? '',
          })),
      };
    }, payloadIcons);
    console.log(
      `      step 2: ${probe.comments} comments shown; links in the panel: ${probe.hrefs.length} (${[...new Set(probe.hrefs)].join(' | ')})`,
    );
    if (probe.xss !== undefined)
      findings.push(`step 2 | task panel | a payload ran: window.__xss = ${String(probe.xss)}`);
    for (const e of probe.elements)
      findings.push(`step 2 | task panel | element from data: ${e} | payload: ${source({ what: 'element', text: e })}`);
    record(
      'step 2',
      'task panel',
      probe.links.map((l) => ({ what: 'link', text: l.text, href: l.href })),
    );
    for (const h of probe.handlers) findings.push(`step 2 | task panel | event handler attribute ${h}`);
    record(
      'step 2',
      'task panel',
      probe.icons.map((i) => ({
        what: `icon ${i.cls}`,
        text: i.text,
        icon: /codicon-([a-z0-9-]+)/.exec(i.cls)?.[1] ?? i.name,
      })),
    );
    await frame
      .locator('section.comments')
      .scrollIntoViewIfNeeded()
      .catch(() => undefined);
    await wb.screenshot('hostile-04-panel-comments');
    for (const d of dialogs) findings.push(`step 2 | task panel | a dialog opened: ${d.slice(0, 80)}`);
    for (const c of cspReports.slice(seen)) findings.push(`step 2 | task panel | CSP report: ${c}`);
    noFindings('step 2 (task panel)', before);
  });

  it("3. hovering a reference to that task in a code comment shows only the extension's own links", async () => {
    const wb = session!.workbench;
    const before = findings.length;
    assert.ok(omnibus, 'step 2 created the task');
    writeFileSync(
      join(wb.runDir, 'workspace', 'hostile.ts'),
      [`// Fixes ${omnibus.display_id}: see the task`, 'export const x = 1;', ''].join('\n'),
    );
    await wb.runCommand('Go to File');
    await wb.page.locator('.quick-input-widget input').fill('hostile.ts');
    await wb.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'hostile.ts' })
      .first()
      .waitFor({ timeout: 30_000 });
    await wb.page.keyboard.press('Enter');
    const link = wb.page.locator('.monaco-editor .view-line .detected-link', { hasText: omnibus.display_id }).first();
    await link.waitFor({ timeout: 60_000 });
    const hover = wb.page.locator('.monaco-hover', { hasText: 'Start Work' }).first();
    for (let attempt = 0; attempt < 5 && !(await hover.isVisible()); attempt++) {
      await wb.page.mouse.move(5, 5);
      await link.hover();
      await hover.waitFor({ timeout: 15_000 }).catch(() => undefined);
    }
    await hover.waitFor({ timeout: 5_000 });
    await wb.settle();
    // The extension's own links: the hover's actions (the commands its builder may link, and their
    // words), and VS Code's "follow link" part for its document link.
    const own = new RegExp(`^command:(${HOVER_COMMANDS.map((c) => c.replace(/\./g, '\\.')).join('|')})(\\?|$)`);
    const ownText = [
      'Open',
      'Copy Link',
      'Open in Browser',
      'Start Work',
      'Summarise in Chat',
      'Follow',
      `Open ${omnibus.display_id} in Task Platform`,
    ];
    record(
      'step 3',
      'hover',
      await liveIn(
        hover.locator('.hover-contents'),
        (l) => l.what === 'link' && ownText.includes(l.text.trim()) && own.test(l.href ?? ''),
      ),
    );
    // Markup from data: the hover's own markup is the bold display id only.
    const markup = await hover.locator('.rendered-markdown').evaluateAll(
      (els, id) =>
        els.flatMap((el) =>
          Array.from(
            el.querySelectorAll(
              'strong, b, em, i, code, del, s, h1, h2, h3, h4, h5, h6, table, ul, ol, blockquote, pre, hr',
            ),
          )
            .filter((m) => !(m.tagName === 'STRONG' && m.textContent === id))
            .map((m) => ({ what: `<${m.tagName.toLowerCase()}>`, text: m.textContent ?? '' })),
        ),
      omnibus.display_id,
    );
    record('step 3', 'hover markup', markup);
    await wb.screenshot('hostile-05-hover');
    await wb.page.mouse.move(5, 5);
    noFindings('step 3 (hover)', before);
  });

  it('4. the tree rows and a quick pick that list it show the text, with no icon or link from it', async () => {
    const wb = session!.workbench;
    const before = findings.length;
    assert.ok(omnibus, 'step 2 created the task');
    await wb.openContainer('Task Platform');
    await wb.setSidebarWidth(560);
    await wb.page.locator('.part.sidebar .pane-header', { hasText: 'Workspaces' }).hover();
    await wb.page.locator('.part.sidebar .action-label[aria-label^="Filter Tasks"]').first().click();
    await wb.quickInput().locator('.monaco-list-row', { hasText: 'Title or Id Contains' }).click();
    await wb.answerInput(omnibus.display_id);
    // Give the Workspaces view the height: fold My Tasks.
    const myTasks = wb.page.locator('.part.sidebar .pane-header', { hasText: 'My Tasks' });
    if ((await myTasks.getAttribute('aria-expanded')) === 'true') await myTasks.click();
    for (const name of ['Acme', 'Engineering', 'Backend', 'Database']) {
      const row = wb.treeRow(name);
      await row.waitFor({ timeout: 30_000 });
      if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
    }
    const taskRow = wb.page.locator('.part.sidebar .monaco-list-row', { hasText: omnibus.display_id }).first();
    await taskRow.waitFor({ timeout: 30_000 });
    if ((await taskRow.getAttribute('aria-expanded')) === 'false') {
      await taskRow.locator('.monaco-tl-twistie').click();
      await wb.page
        .locator(`.part.sidebar .monaco-list-row[aria-level="${Number(await taskRow.getAttribute('aria-level')) + 1}"]`)
        .first()
        .waitFor({ timeout: 30_000 });
    }
    await wb.settle();
    // The list draws only the rows in view: scroll through all of them (one finding per distinct thing).
    const list = wb.page.locator('.part.sidebar .monaco-list').first();
    const inTree = new Map<string, Live>();
    let last = '';
    for (let round = 0; round < 30; round++) {
      for (const l of await liveIn(wb.page.locator('.part.sidebar .monaco-list-row .monaco-icon-label-container')))
        inTree.set(`${l.what}|${l.text}|${l.href ?? ''}`, l);
      const bottom = (await wb.page.locator('.part.sidebar .monaco-list-row').last().textContent()) ?? '';
      if (bottom === last) break;
      last = bottom;
      await list.hover({ position: { x: 150, y: 60 } });
      await wb.page.mouse.wheel(0, 300);
      // Drawn on scroll: wait for the bottom row to change (at the end it does not).
      await until(
        async () => ((await wb.page.locator('.part.sidebar .monaco-list-row').last().textContent()) ?? '') !== bottom,
        2_000,
      );
    }
    record('step 4', 'tree rows (label, description)', [...inTree.values()]);
    // Back to the top (Home moves the list's focus to its first row and scrolls there).
    await wb.focusSideBar();
    await wb.page.keyboard.press('Home');
    await taskRow.waitFor({ timeout: 10_000 });
    await wb.screenshot('hostile-06-tree');
    // The tooltips of the task row and of its first subtask rows (markdown: links would be live there).
    const level = Number(await taskRow.getAttribute('aria-level'));
    const rows = [
      taskRow,
      ...(await wb.page.locator(`.part.sidebar .monaco-list-row[aria-level="${level + 1}"]`).all()).slice(0, 6),
    ];
    let tooltips = 0;
    for (const [i, row] of rows.entries()) {
      // The row's own display id is the last one in it (its description); a title may hold others.
      const id = [...((await row.textContent()) ?? '').matchAll(/[A-Z][A-Z0-9]*-\d+/g)].pop()?.[0] ?? '';
      // The previous row's tooltip goes first, so the next one found is this row's.
      await wb.page.mouse.move(5, 5);
      await until(
        async () => (await wb.page.locator('.workbench-hover-container .monaco-hover, .workbench-hover').count()) === 0,
        5_000,
      );
      // Over the row, not its label: hovering the label would scroll the tree sideways.
      await row.hover({ position: { x: 120, y: 11 } });
      const tip = wb.page
        .locator('.workbench-hover-container .monaco-hover, .workbench-hover')
        .filter({ hasText: id })
        .first();
      if (
        await tip.waitFor({ timeout: 8_000 }).then(
          () => true,
          () => false,
        )
      ) {
        tooltips++;
        record('step 4', `tooltip of ${id}`, await liveIn(tip));
        if (i === 0 || i === 4) await wb.screenshot(`hostile-07-tree-tooltip-${i}`);
      } else {
        findings.push(`step 4 | tooltip of ${id} | no tooltip appeared within 8 s (could not be checked)`);
      }
    }
    console.log(`      step 4: ${inTree.size} live thing(s) over the tree rows, ${tooltips} tooltip(s) checked`);
    await wb.page.mouse.move(5, 5);
    await wb.runCommand('Task Platform: Search Tasks');
    await wb.quickInput().locator('.monaco-list-row', { hasText: 'Acme' }).first().waitFor({ timeout: 30_000 });
    await wb.page.locator('.quick-input-widget input').fill('Acme');
    await wb.page.keyboard.press('Enter');
    await wb.page.locator('.quick-input-widget input[placeholder^="Search tasks"]').waitFor({ timeout: 30_000 });
    await wb.page.locator('.quick-input-widget input').fill(omnibus.display_id);
    const pickRow = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: omnibus.display_id }).first();
    await pickRow.waitFor({ timeout: 30_000 });
    await wb.settle();
    record(
      'step 4',
      'quick pick rows',
      await liveIn(
        wb.page.locator(
          '.quick-input-list .monaco-list-row .monaco-icon-label-container, .quick-input-list .monaco-list-row .quick-input-list-label',
        ),
      ),
    );
    await wb.screenshot('hostile-08-quick-pick');
    await wb.page.keyboard.press('Escape');
    noFindings('step 4 (tree and quick pick)', before);
  });

  it('5. the notification centre after all of it holds nothing live', async () => {
    const wb = session!.workbench;
    const before = findings.length;
    await wb.runCommand('Notifications: Show Notifications');
    const center = wb.page.locator('.notifications-center');
    await center.waitFor({ timeout: 30_000 });
    await wb.settle();
    record('step 5', 'notification centre', await liveIn(ours(center)));
    await wb.screenshot('hostile-09-notification-centre');
    noFindings('step 5 (notification centre)', before);
  });
});
