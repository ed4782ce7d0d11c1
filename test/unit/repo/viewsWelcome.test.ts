import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

interface Welcome {
  view: string;
  when: string;
  contents: string;
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { viewsWelcome: Welcome[] };
};
const texts = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const welcomes = manifest.contributes.viewsWelcome;

type Context = Readonly<Record<string, string | boolean | undefined>>;

/**
 * The part of VS Code's when-clause language the manifest's welcome views use: `||` over `&&` over
 * `!key`, `key`, `key == value`, `key != value` (values unquoted). Anything else fails the test.
 */
function holds(when: string, context: Context): boolean {
  return when.split('||').some((all) =>
    all.split('&&').every((term) => {
      const t = term.trim();
      const match = /^([\w.]+)\s*(==|!=)\s*([\w.]+)$/.exec(t);
      if (match) {
        const equal = String(context[match[1]!]) === match[3];
        return match[2] === '==' ? equal : !equal;
      }
      const key = /^(!?)([\w.]+)$/.exec(t);
      assert.ok(key, `a when clause this test cannot read: ${t}`);
      return key[1] === '!' ? !context[key[2]!] : Boolean(context[key[2]!]);
    }),
  );
}

function shown(view: string, context: Context): string[] {
  return welcomes.filter((w) => w.view === view && holds(w.when, context)).map((w) => w.contents);
}

const signInOffered = (contents: string): boolean =>
  (texts[contents.replace(/^%|%$/g, '')] ?? contents).includes('command:taskPlatform.signIn');

const views = [...new Set(welcomes.map((w) => w.view))];

// Before the session is restored (nothing set yet after a reload, or 'unknown'), a view says it is
// checking, not that the user is signed out; once known, the signed-out views still offer Sign In.
const cases: [string, Context, 'loading' | 'signIn' | 'neither'][] = [
  ['after a reload, before any context key is set', {}, 'loading'],
  ['while the session is restored', { 'taskPlatform.sessionState': 'unknown' }, 'loading'],
  ['signed out', { 'taskPlatform.sessionState': 'signedOut', 'taskPlatform.signedIn': false }, 'signIn'],
  ['signed in', { 'taskPlatform.sessionState': 'signedIn', 'taskPlatform.signedIn': true }, 'neither'],
];

describe('the welcome views while the session is unknown', () => {
  for (const view of views) {
    for (const [label, context, expected] of cases) {
      it(`${view}, ${label}: ${expected}`, () => {
        const contents = shown(view, context);
        const loading = contents.includes('%welcome.loading%');
        assert.equal(loading, expected === 'loading', `the loading text: ${contents.join(', ')}`);
        if (expected === 'loading' || expected === 'neither') {
          assert.ok(!contents.some(signInOffered), `no Sign In button: ${contents.join(', ')}`);
        }
        if (expected === 'signIn') {
          assert.ok(contents.some(signInOffered), `a Sign In button: ${contents.join(', ')}`);
        }
      });
    }
  }
});
