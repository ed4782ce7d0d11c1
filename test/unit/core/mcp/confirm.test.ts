import { strict as assert } from 'node:assert';
import MarkdownIt from 'markdown-it';
import {
  confirmation,
  confirmTarget,
  HEAD_CHARS,
  HEAD_LINES,
  SHOW_INPUT_COMMAND,
} from '../../../../src/core/mcp/confirm';
import type { ConfirmContext, Localizer } from '../../../../src/core/mcp/confirm';
import { inertLines } from '../../../../src/core/text/inert';
import { corpus, liveInPlainText } from '../../../hostile/corpus';

// CommonMark with every extension that could make a link: raw HTML on, bare URLs linkified.
const markdown = new MarkdownIt({ html: true, linkify: true });
// vscode.l10n.t's English behaviour: `{n}` replaced once by the n-th argument.
const l10n: Localizer = {
  t: (message, ...args) => message.replace(/\{(\d+)\}/g, (all, i: string) => args[Number(i)] ?? all),
};
const OWN = `command:${SHOW_INPUT_COMMAND}?`;
const W = '6f1c2b1e-8a7d-4c1e-9f00-0a1b2c3d4e5f';
const T = '0b6f0f5e-3c1d-4a8e-9b7a-2f4e6d8c0a11';

function linkTo(field: string): string {
  return `${OWN}${encodeURIComponent(JSON.stringify([`${field}/id`]))}`;
}

/** The Markdown rendered, and what a reader sees of it (tags removed, entities decoded). */
function rendered(
  tool: string,
  input: Record<string, unknown>,
  context: Omit<ConfirmContext, 'fullTextLink'>,
): { html: string; text: string } {
  const built = confirmation(l10n, tool, input, { ...context, fullTextLink: linkTo });
  assert.ok(built, tool);
  assert.ok(!/[[\]<>`*]/.test(built.title), 'the title is plain text, no data');
  const html = markdown.render(built.markdown);
  const text = html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  return { html, text };
}

const points = (text: string): number => [...text].length;

function writes(payload: string): [string, Record<string, unknown>, string[]][] {
  return [
    [
      'create_task',
      {
        workspace_id: W,
        list_id: T,
        title: payload,
        description: payload,
        parent_task_id: T,
        priority: 'high',
        status_id: T,
        assignee_id: T,
      },
      ['title', 'description'],
    ],
    [
      'update_task',
      { workspace_id: W, task_id: T, title: payload, description: payload, assignee_id: null },
      ['title', 'description'],
    ],
    ['add_comment', { workspace_id: W, task_id: T, body: payload, mentions: [payload] }, ['body', 'mentions']],
  ];
}

describe('AI write confirmations (the Markdown VS Code shows before a chat tool writes)', () => {
  for (const payload of corpus) {
    it(`"${payload.name}" in every field, name and title: no link, tag or icon but the extension's own`, () => {
      const contexts: Omit<ConfirmContext, 'fullTextLink'>[] = [
        { workspaceName: payload.text, task: { displayId: payload.text, title: payload.text } },
        { task: { error: payload.text } },
        { names: { list_id: payload.text, status_id: payload.text, assignee_id: payload.text } },
      ];
      for (const [tool, input, fields] of writes(payload.text)) {
        for (const context of contexts) {
          const { html, text } = rendered(tool, input, context);
          const tags = html.match(/<\/?[a-z][^>]*>/gi) ?? [];
          for (const tag of tags) {
            assert.match(tag, /^<\/?(p|br|strong|em|a)( href="[^"]*")?\s*\/?>$/, `${tool}: ${tag.slice(0, 100)}`);
          }
          const hrefs = [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
          const long = fields.filter((f) => {
            const value = input[f];
            const shown = typeof value === 'string' ? value : JSON.stringify(value);
            return points(shown) > HEAD_CHARS || shown.split('\n').length > HEAD_LINES;
          });
          assert.deepEqual(hrefs, long.map(linkTo), `${tool}: only the extension's own links, one per long field`);
          assert.equal(liveInPlainText(text), undefined, `${tool}: ${text.slice(0, 200)}`);
          assert.doesNotMatch(html, /\$\((?!\u200b)/, `${tool}: an icon`);
        }
      }
    });

    it(`"${payload.name}": the whole text, or its head and how much more`, () => {
      const { text } = rendered(
        'update_task',
        { workspace_id: W, task_id: T, description: payload.text },
        { workspaceName: 'Acme', task: { displayId: 'ACME-12', title: 'Fix login' } },
      );
      const all = points(payload.text);
      const flat = (s: string): string => s.replace(/\s+/g, ' ').trim();
      const more = /… and ([\d,]+) more characters\./.exec(text);
      if (all <= HEAD_CHARS && payload.text.split('\n').length <= HEAD_LINES) {
        assert.equal(more, null);
        assert.ok(flat(text).includes(flat(inertLines(payload.text, HEAD_CHARS))), 'shown whole');
      } else {
        assert.ok(more, 'says how much is not shown');
        const shown = all - Number(more[1]!.replace(/,/g, ''));
        assert.ok(shown > 0 && shown <= HEAD_CHARS);
        assert.ok(
          flat(text).includes(flat(inertLines([...payload.text].slice(0, shown).join(''), HEAD_CHARS))),
          'the head is shown',
        );
        assert.match(text, /Show the whole text/);
      }
    });
  }

  it('names the workspace and the task by display id and title, not by UUID alone', () => {
    const { text } = rendered(
      'update_task',
      { workspace_id: W, task_id: T, priority: 'high' },
      { workspaceName: 'Acme', task: { displayId: 'ACME-12', title: 'Fix the login page' } },
    );
    assert.match(text, /Workspace: Acme/);
    assert.match(text, /Task: ACME-12 Fix the login page/);
    assert.match(text, /priority:\s*high/);
    assert.ok(!text.includes(W) && !text.includes(T), 'the ids are not what the user has to judge by');
    const comment = rendered(
      'add_comment',
      { workspace_id: W, task_id: T, body: 'LGTM' },
      { workspaceName: 'Acme', task: { displayId: 'ACME-12', title: 'Fix' } },
    );
    assert.match(comment.text, /add this comment[\s\S]*Task: ACME-12 Fix[\s\S]*body:\s*LGTM/);
    const sub = rendered(
      'create_task',
      { workspace_id: W, list_id: T, title: 'Child', parent_task_id: T },
      { workspaceName: 'Acme', task: { displayId: 'ACME-1', title: 'Parent' } },
    );
    assert.match(sub.text, /Parent task: ACME-1 Parent/);
    const top = rendered('create_task', { workspace_id: W, list_id: T, title: 'Top' }, { workspaceName: 'Acme' });
    assert.doesNotMatch(top.text, /Parent task/);
  });

  it("says when the task could not be read, and when the workspace is not one of the user's", () => {
    const { text } = rendered(
      'update_task',
      { workspace_id: W, task_id: T, title: 'x' },
      { task: { error: 'Not found (404).' } },
    );
    assert.match(
      text,
      new RegExp(
        `Task: ${T}, which could not be read \\(Not found \\(404\\)\\.\\)\\. Check it before you allow this\\.`,
      ),
    );
    assert.match(text, new RegExp(`Workspace: ${W} \\(not one of your workspaces\\)`));
  });

  it('a field longer than the head: its first characters, the count of the rest, and the link', () => {
    const description = `${'a'.repeat(HEAD_CHARS)}${'b'.repeat(1_234)}`;
    const { text, html } = rendered(
      'update_task',
      { workspace_id: W, task_id: T, description },
      { workspaceName: 'Acme', task: { displayId: 'A-1', title: 't' } },
    );
    assert.ok(text.includes('a'.repeat(HEAD_CHARS)));
    assert.ok(!text.includes('b'));
    assert.match(text, /… and 1,234 more characters\. Show the whole text/);
    assert.ok(html.includes(`href="${linkTo('description')}"`));
    const many = rendered(
      'add_comment',
      { workspace_id: W, task_id: T, body: 'line\n'.repeat(100) },
      { workspaceName: 'Acme', task: { displayId: 'A-1', title: 't' } },
    );
    assert.match(many.text, /… and \d+ more characters\./, 'more than 40 lines are cut too');
    // Without a link maker, the count alone.
    const built = confirmation(
      l10n,
      'update_task',
      { workspace_id: W, task_id: T, description },
      { workspaceName: 'Acme' },
    );
    assert.ok(built && !built.markdown.includes('command:'));
  });

  it('reads ask nothing; the target is the task, or the parent of a subtask', () => {
    assert.equal(confirmation(l10n, 'get_task', { workspace_id: W, task_id: T }, {}), undefined);
    assert.deepEqual(confirmTarget('update_task', { workspace_id: W, task_id: T }), { workspaceId: W, taskId: T });
    assert.deepEqual(confirmTarget('create_task', { workspace_id: W, list_id: T, parent_task_id: T }), {
      workspaceId: W,
      taskId: T,
    });
    assert.equal(confirmTarget('create_task', { workspace_id: W, list_id: T }), undefined);
    assert.equal(confirmTarget('get_task', { workspace_id: W, task_id: T }), undefined);
    assert.ok(confirmation(l10n, 'update_task', 'not an object', {}), 'odd input still asks, showing what it can');
  });

  it('shows a status, a member and a list by name, and an id it could not name as unknown', () => {
    const member = '5d2c8e4a-1b3f-4c6d-8e9f-0a1b2c3d4e60';
    const input = { workspace_id: W, list_id: T, title: 'x', status_id: T, assignee_id: member };
    const named = rendered('create_task', input, {
      names: { list_id: 'Engineering / Backend / API', status_id: 'Shipped', assignee_id: 'Bob Member' },
    }).text;
    assert.match(named, /list_id: Engineering \/ Backend \/ API/);
    assert.match(named, /status_id: Shipped/);
    assert.match(named, /assignee_id: Bob Member/);
    assert.ok(!named.includes(T) && !named.includes(member), 'no bare id where a name was found');
    const unnamed = rendered('create_task', input, { names: { list_id: null } }).text;
    assert.ok(unnamed.includes(`list_id: ${T} (unknown id)`));
    assert.ok(unnamed.includes(`status_id: ${T} (unknown id)`), 'no name given counts as unknown');
  });
});
