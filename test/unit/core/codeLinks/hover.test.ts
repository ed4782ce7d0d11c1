import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import type { AccountKey } from '../../../../src/core/accounts/account';
import type { TaskRow } from '../../../../src/core/api/schemas';
import { hoverSource } from '../../../../src/core/codeLinks/hover';
import type { HoverWords } from '../../../../src/core/codeLinks/hover';
import type { Resolution } from '../../../../src/core/codeLinks/resolver';
import { inertLines } from '../../../../src/core/text/inert';
import { corpus } from '../../../hostile/corpus';

// The hover allows HTML (the status dot) and three commands: render it as permissively as anything
// could, raw HTML on and bare URLs linkified, and look for anything else.
const markdown = new MarkdownIt({ html: true, linkify: true });

const words: HoverWords = {
  notLookedUp: (id) => `**${id}**: not looked up yet`,
  inTrash: 'in Trash',
  notFound: 'not found',
  ambiguous: (count) => `${count} workspaces have a task with this id`,
  priority: (p) => `priority ${p}`,
  assignedTo: (name) => `assigned to ${name}`,
  unassigned: 'unassigned',
  due: (date) => `due ${date.slice(0, 10)}`,
  blocked: '⊘ blocked',
  open: 'Open',
  copyLink: 'Copy Link',
  openInBrowser: 'Open in Browser',
  startWork: 'Start Work',
  summarise: 'Summarise in Chat',
  follow: 'Follow',
};

const WS = '0b7f2a8e-6f0d-4c5e-9a39-1f5a2b3c4d5e';
const TASK = '5d1e8b3a-2c4f-4e6a-8b7d-9c0e1f2a3b4c';

function found(text: string, overrides: Partial<TaskRow> = {}): Resolution {
  const task: TaskRow = {
    id: TASK,
    title: text,
    description: `${text}\nsecond ${text}`,
    priority: text as TaskRow['priority'],
    status: { id: TASK, name: text, color: '#12ab34', type: 'open' },
    assignee: { id: TASK, name: text } as TaskRow['assignee'],
    is_blocked: true,
    due_date: '2027-01-02T00:00:00Z',
    ...overrides,
  };
  return { kind: 'found', workspaceId: WS, task };
}

interface Rendered {
  html: string;
  tags: { name: string; raw: string }[];
  links: { command: string; args: unknown }[];
}

function render(source: string): Rendered {
  const html = markdown.render(source);
  const tags = [...html.matchAll(/<([a-z][a-z0-9]*)\b[^>]*>/gi)].map((m) => ({ name: m[1]!.toLowerCase(), raw: m[0] }));
  const links = tags
    .filter((t) => t.name === 'a')
    .map((t) => {
      const [command, query] = decodeURIComponent(
        (/href="([^"]*)"/.exec(t.raw)?.[1] ?? '').replace(/&amp;/g, '&'),
      ).split('?');
      return { command: command ?? '', args: query === undefined ? undefined : JSON.parse(query) };
    });
  return { html, tags, links };
}

/** No tag but text, the status dot and the hover's links; no icon syntax left whole. */
function assertOnlyOwnMarkup(what: string, source: string, { html, tags }: Rendered): void {
  assert.deepEqual(
    [...new Set(tags.map((t) => t.name))].filter((t) => !['p', 'strong', 'br', 'span', 'a'].includes(t)),
    [],
    `${what}: ${html.slice(0, 300)}`,
  );
  for (const span of tags.filter((t) => t.name === 'span')) {
    assert.equal(span.raw, '<span style="color:#12ab34;">', `${what}: only the status dot is HTML`);
  }
  assert.doesNotMatch(source, /(^|[^\\])\$\([a-z0-9-]+(~[a-z]+)?\)/i, `${what}: no icon`);
}

const OWN_LINKS = (displayId: string): { command: string; args: unknown }[] => [
  { command: 'command:taskPlatform.codeLinks.open', args: [{ displayId }] },
  { command: 'command:taskPlatform.copyLink', args: [{ workspaceId: WS, taskId: TASK }] },
  { command: 'command:taskPlatform.openInBrowser', args: [{ workspaceId: WS, taskId: TASK }] },
  { command: 'command:taskPlatform.startWork', args: [{ workspaceId: WS, taskId: TASK }] },
  { command: 'command:taskPlatform.ai.summarizeTask', args: [{ workspaceId: WS, taskId: TASK }] },
  { command: 'command:taskPlatform.followTask', args: [{ workspaceId: WS, taskId: TASK }] },
];

const decode = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('the hover of a task reference', () => {
  for (const payload of corpus) {
    it(`shows "${payload.name}" in every field as text, with only its own three links`, () => {
      const source = hoverSource('ACME-12', found(payload.text), words);
      const rendered = render(source);
      assertOnlyOwnMarkup(payload.name, source, rendered);
      assert.deepEqual(rendered.links, OWN_LINKS('ACME-12'));
      const shown = decode(rendered.html).replace(/\s+/g, ' ');
      assert.ok(
        shown.includes(inertLines(payload.text).replace(/\s+/g, ' ').trim().slice(0, 150)),
        `${payload.name}: the title reads as sent`,
      );
    });

    it(`refuses "${payload.name}" as a display id, workspace or task id in its command links`, () => {
      for (const [displayId, resolution] of [
        [payload.text, found('Title')],
        ['ACME-12', { ...found('Title'), workspaceId: payload.text }],
        ['ACME-12', found('Title', { id: payload.text })],
      ] as [string, Resolution][]) {
        const source = hoverSource(displayId, resolution, words);
        const rendered = render(source);
        assertOnlyOwnMarkup(payload.name, source, rendered);
        const expected = OWN_LINKS('ACME-12').filter((l) =>
          displayId === 'ACME-12' ? l.command.endsWith('.open') : !l.command.endsWith('.open'),
        );
        assert.deepEqual(rendered.links, expected, `${payload.name}: ${JSON.stringify(rendered.links).slice(0, 300)}`);
      }
    });

    it(`shows "${payload.name}" as an unresolved, trashed or missing reference as text`, () => {
      for (const resolution of [undefined, { kind: 'trashed', workspaceId: WS, taskId: TASK }, { kind: 'missing' }] as (
        Resolution | undefined
      )[]) {
        const source = hoverSource(payload.text, resolution, words);
        const rendered = render(source);
        assertOnlyOwnMarkup(payload.name, source, rendered);
        assert.deepEqual(rendered.links, []);
      }
    });
  }

  it('the same id on two services: each task under its workspace and account, its links carrying the account', () => {
    const alice = 'https://one.example/api#alice' as AccountKey;
    const frank = 'https://two.example/api#frank' as AccountKey;
    const task = (found('T') as { task: TaskRow }).task;
    const resolution: Resolution = {
      kind: 'ambiguous',
      candidates: [
        { workspaceId: WS, task, account: alice },
        { workspaceId: WS, task, account: frank },
      ],
    };
    for (const payload of corpus.filter((p) => p.text.length < 10_000)) {
      const source = hoverSource('ACME-12', resolution, words, (_ws, account) => `${payload.text} ${account}`);
      const rendered = render(source);
      // The list's own rule and emphasis besides the one task's markup; the names are text.
      const own = ['p', 'strong', 'br', 'span', 'a', 'hr', 'em'];
      assert.deepEqual(
        rendered.tags.filter((t) => !own.includes(t.name)),
        [],
        payload.name,
      );
      assert.equal(rendered.links.length, 12, `${payload.name}: the two tasks' own links only`);
      for (const account of [alice, frank]) {
        const carried = rendered.links.filter((l) => JSON.stringify(l.args).includes(account));
        assert.equal(carried.length, 6, `${payload.name}: every action of ${account}'s task names it`);
      }
      assert.deepEqual(rendered.links[0]?.args, [{ displayId: 'ACME-12', workspaceId: WS, account: alice }]);
    }
    // An account that is not exactly a key rides on no link.
    const forged = { kind: 'found', workspaceId: WS, task, account: 'javascript:x' } as unknown as Resolution;
    assert.deepEqual(render(hoverSource('ACME-12', forged, words)).links, OWN_LINKS('ACME-12'));
  });

  it('draws the status dot only in a plain #rrggbb colour', () => {
    for (const color of [
      'red',
      '#12ab34;background:url(https://evil.example/x)',
      '#12ab3',
      'expression(alert(1))',
      '#12ab34"><img src=x>',
    ]) {
      const { tags } = render(hoverSource('ACME-12', found('T', { status: { id: TASK, name: 'Open', color } }), words));
      assert.deepEqual(
        tags.filter((t) => t.name === 'span'),
        [],
        color,
      );
    }
  });

  it('builds the hover of 100,000-character fields within 1 s', () => {
    for (const payload of corpus.filter((p) => p.text.length >= 100_000)) {
      const started = performance.now();
      const source = hoverSource(payload.text, found(payload.text), words);
      assert.ok(performance.now() - started < 1000, payload.name);
      assert.ok(source.length < 20_000, `${payload.name}: the hover is bounded (${source.length})`);
    }
  });
});
