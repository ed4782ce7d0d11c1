// No file in the repository points outside it, and every link into the API description names
// something that exists: `docs/api/openapi.yaml#<operationId>`, `docs/api/README.md#<heading>`.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { loadSpec, operations, ROOT } from './spec';

/** Documents that live outside the clone; written in pieces so this file does not name them. */
const OUTSIDE = [['/wo', 'rk/'], ['api-refer', 'ence.md'], ['STY', 'LE.md'], ['ASSUMP', 'TIONS.md'], ['\u00a7']].map(
  (p) => p.join(''),
);

const BINARY = /\.(png|gif|jpe?g|ico|vsix|woff2?|ttf|pdf|zip)$/i;

function trackedTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out
    .split('\0')
    .filter((f) => f.length > 0 && !BINARY.test(f) && !/(^|\/)(node_modules|dist)\//.test(f))
    .filter((f) => existsSync(join(ROOT, f)));
}

/** GitHub-style anchor of a Markdown heading. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function headings(markdown: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (m) out.add(slug(m[1] as string));
  }
  return out;
}

describe('contract: citations stay inside the repository', () => {
  const files = trackedTextFiles();
  const texts = new Map(files.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));

  it('reads the tracked files', () => {
    assert.ok(files.length > 100 && texts.has('package.json'), `${files.length} files`);
  });

  it('names no document outside the clone', () => {
    const hits: string[] = [];
    for (const [file, text] of texts) {
      text.split('\n').forEach((line, i) => {
        const word = OUTSIDE.find((w) => line.includes(w));
        if (word) hits.push(`${file}:${i + 1}: ${word}`);
      });
    }
    assert.deepEqual(hits, []);
  });

  it('names no issue by number (the tracker is outside the clone: name the feature instead)', () => {
    const issue = /\b[Ii]ssue \d+\b/;
    const hits: string[] = [];
    for (const [file, text] of texts) {
      text.split('\n').forEach((line, i) => {
        if (issue.test(line)) hits.push(`${file}:${i + 1}`);
      });
    }
    assert.deepEqual(hits, []);
  });

  it('links only to operations that docs/api/openapi.yaml defines', () => {
    const ids = new Set(operations(loadSpec()).map((o) => o.id));
    const broken: string[] = [];
    for (const [file, text] of texts) {
      for (const m of text.matchAll(/openapi\.yaml#([A-Za-z0-9_-]+)/g)) {
        if (!ids.has(m[1] as string)) broken.push(`${file}: #${m[1]}`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('links only to headings that the named Markdown file has', () => {
    const anchorsOf = new Map<string, Set<string>>();
    const broken: string[] = [];
    for (const [file, text] of texts) {
      for (const m of text.matchAll(/(?<![\w/.:-])((?:\.\.?\/)*[\w-]+(?:\/[\w.-]+)*\.md)#([\w-]+)/g)) {
        const [, link, anchor] = m as unknown as [string, string, string];
        const target = [link, posix.join(posix.dirname(file), link)]
          .map((p) => posix.normalize(p))
          .find((p) => texts.has(p));
        if (target === undefined) {
          broken.push(`${file}: ${link} (no such file)`);
          continue;
        }
        if (!anchorsOf.has(target)) anchorsOf.set(target, headings(texts.get(target) as string));
        if (!anchorsOf.get(target)?.has(anchor)) broken.push(`${file}: ${link}#${anchor}`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('links from Markdown only to files that exist in the clone', () => {
    const broken: string[] = [];
    for (const [file, text] of texts) {
      if (!file.endsWith('.md')) continue;
      // Inline code spans show link syntax as an example (`[text](link)`): not links.
      const prose = text.replace(/`[^`\n]*`/g, '');
      for (const m of prose.matchAll(/\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)) {
        const target = m[1] as string;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, vscode: ...
        if (!existsSync(join(ROOT, posix.dirname(file), target))) broken.push(`${file}: ${target}`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('makes anchors the way GitHub does', () => {
    assert.equal(slug('Rate limit'), 'rate-limit');
    assert.equal(slug('Web-app links'), 'web-app-links');
    assert.equal(slug('`Idempotency-Key`'), 'idempotency-key');
  });
});
