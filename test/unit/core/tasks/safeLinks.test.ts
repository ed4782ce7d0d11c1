import { strict as assert } from 'node:assert';
import type { ApiClient } from '../../../../src/core/api/client';
import { linkCaution, safeLink } from '../../../../src/core/tasks/safeLinks';
import { describeHost } from '../../../../src/core/util/hosts';
import { parseMarkdown } from '../../../../src/webview/taskPanel/markdown';
import type { MdNode } from '../../../../src/webview/taskPanel/markdown';
import { corpus } from '../../../hostile/corpus';
import { XSS_CORPUS } from '../../../../sandbox/seeds/xss';
import { useSandbox } from '../api/env';

/** Links a description or comment may hold, and what may be opened of each (undefined: nothing). */
const LINKS: Array<[string, string | undefined]> = [
  ['https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
  ['HTTPS://EXAMPLE.COM/', 'https://example.com/'],
  ['http://example.com', 'http://example.com/'],
  ['mailto:ann@example.com', 'mailto:ann@example.com'],
  ['mailto:a@evil.example?attach=/etc/passwd&bcc=spy@evil.example', 'mailto:a@evil.example'],
  ['mailto:a@evil.example?ATTACH=%2Fetc%2Fpasswd', 'mailto:a@evil.example'],
  ['mailto:a@evil.example?attachment=file:///c:/secrets.txt', 'mailto:a@evil.example'],
  ['mailto:a@b.example?cc=x@y.example&Cc=z@y.example&bcc=w@y.example&to=v@y.example', 'mailto:a@b.example'],
  ['mailto:a@b.example?%62cc=x@y.example', 'mailto:a@b.example'],
  [
    'mailto:a@b.example?subject=Hi%20there&body=line%201%0Aline%202&from=boss@b.example',
    'mailto:a@b.example?subject=Hi%20there&body=line%201%0Aline%202',
  ],
  ['mailto:a@b.example?body=x&subject=y&body=z', 'mailto:a@b.example?subject=y&body=x'],
  ['mailto:a@b.example?subject=%ZZ', undefined],
  ['mailto:a@b.example,c@d.example', undefined],
  ['mailto:a@b.example;c@d.example', undefined],
  ['mailto:?to=a@b.example', undefined],
  ['mailto:%22a%20b%22@b.example', undefined],
  ['mailto:a@b.example%0Abcc:x@y.example', undefined],
  ['mailto:javascript:alert(1)', undefined],
  ['javascript:alert(1)', undefined],
  [' JaVaScRiPt:alert(1)', undefined],
  ['java\tscript:alert(1)', undefined],
  ['vbscript:msgbox(1)', undefined],
  ['data:text/html;base64,PHNjcmlwdD4=', undefined],
  ['file:///etc/passwd', undefined],
  ['command:workbench.action.openSettings', undefined],
  ['vscode://vscode.git/clone?url=x', undefined],
  ['vscode-webview://x/index.html', undefined],
  ['ftp://example.com/x', undefined],
  ['//example.com/x', undefined],
  ['/relative/path', undefined],
  ['https://user:pw@example.com/', undefined],
  ['https://@example.com/', 'https://example.com/'],
  ['https:', undefined],
  ['https://', undefined],
  [`https://example.com/${'a'.repeat(5000)}`, undefined],
];

/** Hosts that ask before opening, in every spelling the URL parser folds into one. */
const CAUTIONS: Array<[string, ReturnType<typeof linkCaution>]> = [
  ['http://localhost:3000/admin', 'loopback'],
  ['http://LocalHost./', 'loopback'],
  ['http://app.localhost/', 'loopback'],
  ['http://127.0.0.1/', 'loopback'],
  ['http://127.255.255.254/', 'loopback'],
  ['http://2130706433/', 'loopback'],
  ['http://0x7f000001/', 'loopback'],
  ['http://0x7f.0.0.1/', 'loopback'],
  ['http://0177.0.0.01/', 'loopback'],
  ['http://127.1/', 'loopback'],
  ['http://0.0.0.0:8080/', 'loopback'],
  ['http://0/', 'loopback'],
  ['http://[::1]/', 'loopback'],
  ['http://[0:0:0:0:0:0:0:1]/', 'loopback'],
  ['http://[::]/', 'loopback'],
  ['http://[::ffff:127.0.0.1]/', 'loopback'],
  ['http://[::ffff:7f00:1]/', 'loopback'],
  ['http://10.1.2.3/', 'private'],
  ['http://012.1.2.3/', 'private'],
  ['http://172.16.0.1/', 'private'],
  ['http://172.31.255.255/', 'private'],
  ['http://192.168.0.1/', 'private'],
  ['http://3232235521/', 'private'], // 192.168.0.1
  ['http://169.254.169.254/latest/meta-data/', 'private'],
  ['http://100.64.0.1/', 'private'],
  ['http://[fc00::1]/', 'private'],
  ['http://[fdff:ffff::1]/', 'private'],
  ['http://[fe80::1%25eth0]/', undefined], // a zone id is refused by the parser: not a link at all
  ['http://[fe80::abcd]/', 'private'],
  ['http://[::ffff:192.168.1.1]/', 'private'],
  ['http://[::ffff:a9fe:a9fe]/', 'private'],
  ['http://[2002:a00:1::]/', 'private'],
  ['http://router/', 'private'],
  ['http://printer.local/', 'private'],
  ['http://build.internal/', 'private'],
  ['http://nas.home.arpa/', 'private'],
  ['http://8.8.8.8/', 'ip'],
  ['http://134744072/', 'ip'],
  ['http://[2606:4700::1111]/', 'ip'],
  ['http://[::ffff:8.8.8.8]/', 'ip'],
  ['https://xn--80ak6aa92e.com/', 'idn'],
  ['https://\u0430\u0440\u0440\u04cf\u0435.com/', 'idn'], // Cyrillic look-alike of a known name
  ['https://b\u00fccher.example/', 'idn'],
  ['https://example.com/', undefined],
  ['https://172.32.0.1.example.com/', undefined],
  ['https://localhost.example.com/', undefined],
  ['https://10.example.com/', undefined],
  ['mailto:a@localhost', undefined],
];

function hrefs(nodes: MdNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    if (n.kind === 'element') {
      if (n.href !== undefined) out.push(n.href);
      hrefs(n.children, out);
    }
  }
  return out;
}

/** What makes a link opened from task text harmful, or undefined when it is fine. */
function harm(href: string): string | undefined {
  const url = new URL(href);
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    return url.username || url.password ? 'credentials' : url.hostname === '' ? 'no host' : undefined;
  }
  if (url.protocol !== 'mailto:') {
    return `scheme ${url.protocol}`;
  }
  const fields = url.search
    .replace(/^\?/, '')
    .split('&')
    .filter((f) => f !== '')
    .map((f) => decodeURIComponent(f.split('=')[0]!).toLowerCase());
  const extra = fields.filter((f) => f !== 'subject' && f !== 'body');
  return extra.length > 0
    ? `mailto field ${extra.join(',')}`
    : /[,;]/.test(decodeURIComponent(url.pathname))
      ? 'several recipients'
      : undefined;
}

describe('core/tasks safeLinks: what a link from task text may open', function () {
  const env = useSandbox(this, { reset: false, timeout: 60_000 });
  let api: ApiClient;

  before(async () => {
    api = env.client('demo-token-alice');
  });

  it('every link of the hostile corpora and our URL corpus, stored by the service and read back, renders only harmless links', async () => {
    const acme = env.acme;
    const list = env.fx.lists.webapp;
    const texts = [
      ...corpus.map((p) => p.text),
      ...XSS_CORPUS,
      ...LINKS.map(([link]) => `[link](${link}) <${link}> ${link}`),
    ];
    let links = 0;
    for (const text of texts) {
      const task = await api.createTask(acme, { list_id: list, title: 'links', description: text.slice(0, 60_000) });
      const stored = await api.getTask(acme, task.id);
      for (const href of hrefs(parseMarkdown(stored.description ?? ''))) {
        links++;
        assert.equal(harm(href), undefined, `${href} (from ${JSON.stringify(text.slice(0, 60))})`);
        assert.equal(safeLink(href), href, 'what the webview shows is what the host accepts');
      }
    }
    assert.ok(links >= LINKS.filter(([, safe]) => safe).length, `links rendered: ${links}`);
  });

  for (const [input, expected] of LINKS) {
    it(`safeLink(${JSON.stringify(input.slice(0, 80))}) is ${expected ?? 'refused'}`, () => {
      assert.equal(safeLink(input), expected);
    });
  }

  it('the hostile corpus run through safeLink as a whole never gives a harmful link, within 1 s for 100,000 characters', () => {
    for (const { name, text } of corpus) {
      const started = performance.now();
      const href = safeLink(text);
      assert.ok(performance.now() - started < 1000, name);
      assert.ok(href === undefined || harm(href) === undefined, `${name}: ${href}`);
    }
    const started = performance.now();
    for (const text of [
      `mailto:${'a'.repeat(100_000)}@b.example`,
      `mailto:a@${'-a'.repeat(50_000)}`,
      `mailto:a@b.example?${'subject=x&'.repeat(10_000)}`,
      `https://${'a.'.repeat(50_000)}com/`,
    ]) {
      safeLink(text);
      safeLink(text.slice(0, 4000));
    }
    assert.ok(performance.now() - started < 1000);
  });

  it('classifies 100,000-character host names within 1 s (redirect targets are not capped like links)', () => {
    const hosts = [
      '.'.repeat(100_000),
      `${'.'.repeat(100_000)}x`,
      `${'a.'.repeat(50_000)}localhost`,
      `[${'0:'.repeat(50_000)}1]`,
      `${'1.'.repeat(50_000)}1`,
      `${'xn--a.'.repeat(16_000)}com`,
    ];
    const started = performance.now();
    for (const host of hosts) {
      describeHost(host);
    }
    assert.ok(performance.now() - started < 1000, `${(performance.now() - started).toFixed(0)} ms`);
    assert.equal(describeHost(`${'a.'.repeat(50_000)}localhost`).kind, 'loopback');
  });

  for (const [input, expected] of CAUTIONS) {
    it(`${JSON.stringify(input)} ${expected ? `asks first (${expected})` : 'opens without asking'}`, () => {
      const href = safeLink(input);
      if (input.includes('%25eth0')) {
        assert.equal(href, undefined);
        return;
      }
      assert.ok(href, 'a link we open');
      assert.equal(linkCaution(href), expected);
    });
  }
});

/** The parts of a Lit TemplateResult looked at here (lit is ESM only: this test's tsconfig cannot import its types). */
interface TemplateResult {
  strings: readonly string[];
  values: readonly unknown[];
}

/**
 * The webview's markdown view, loaded at run time (tsx compiles it; the test tsconfig does not check the
 * webview), with its parser loaded (the page loads it after it has started).
 */
async function markdownView(): Promise<(app: { post(message: unknown): void }, source: string) => unknown> {
  const path = '../../../../src/webview/taskPanel/view/markdownView';
  const parser = '../../../../src/webview/taskPanel/markdown';
  /* eslint-disable @typescript-eslint/no-require-imports -- runtime paths the test tsconfig does not follow */
  const view = require(path) as {
    markdown: (app: { post(message: unknown): void }, source: string) => unknown;
    loadMarkdown(load: () => Promise<unknown>): Promise<unknown>;
  };
  await view.loadMarkdown(async () => require(parser));
  /* eslint-enable @typescript-eslint/no-require-imports */
  return view.markdown;
}

describe('task panel links: one click, one message, no link VS Code would open by itself', () => {
  /** The Lit templates a render produced, nested values included. */
  function templates(value: unknown, out: TemplateResult[] = []): TemplateResult[] {
    if (Array.isArray(value)) {
      value.forEach((v) => templates(v, out));
    } else if (typeof value === 'object' && value !== null && 'strings' in value && 'values' in value) {
      out.push(value as TemplateResult);
      templates((value as TemplateResult).values, out);
    }
    return out;
  }

  it('an anchor has no href (the webview frame opens every clicked <a href> on its own) and posts openLink once per click', async () => {
    const posted: unknown[] = [];
    const app = { post: (message: unknown) => posted.push(message) };
    const markdown = await markdownView();
    const source = [
      '[docs](https://example.com/docs)',
      '<https://example.com/auto>',
      '[mail](mailto:a@b.example?bcc=x@y.example)',
      ...corpus.map((p) => p.text),
    ].join('\n\n');
    const anchors = templates(markdown(app, source)).filter((t) => t.strings.join('').trimStart().startsWith('<a'));
    assert.ok(anchors.length >= 3, `anchors: ${anchors.length}`);
    for (const anchor of anchors) {
      const markup = anchor.strings.join('${}');
      assert.doesNotMatch(markup, /\shref\s*=/i, markup);
      const onClick = anchor.values[anchor.strings.findIndex((s) => /@click=$/.test(s))] as (e: {
        preventDefault(): void;
      }) => void;
      let prevented = 0;
      posted.length = 0;
      onClick({ preventDefault: () => prevented++ });
      assert.equal(posted.length, 1);
      assert.equal(prevented, 1);
      const message = posted[0] as { type: string; url: string };
      assert.equal(message.type, 'openLink');
      assert.equal(harm(message.url), undefined, message.url);
    }
  });
});
