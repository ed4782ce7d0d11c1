import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

interface Setting {
  type?: string;
  default?: unknown;
  scope?: string;
  markdownDescription?: string;
  description?: string;
  enum?: unknown[];
  enumDescriptions?: string[];
  markdownEnumDescriptions?: string[];
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, Setting> } };
};
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const settings = Object.entries(manifest.contributes.configuration.properties);
const localized = (text: string | undefined): boolean =>
  typeof text === 'string' && /^%[^%]+%$/.test(text) && (nls[text.slice(1, -1)] ?? '').trim() !== '';

describe('settings in package.json (every setting documented, defaulted, scoped)', () => {
  it('there are settings to check', () => {
    assert.ok(settings.length >= 10);
  });

  for (const [key, s] of settings) {
    it(`${key}: a localized markdownDescription, a default, a scope, enum descriptions`, () => {
      assert.ok(localized(s.markdownDescription), 'markdownDescription is a %key% of package.nls.json');
      assert.equal(s.description, undefined, 'markdownDescription only (the settings editor prefers it)');
      assert.ok('default' in s, 'has a default');
      assert.ok(
        ['application', 'machine', 'window', 'resource', 'machine-overridable', 'language-overridable'].includes(
          s.scope ?? '',
        ),
        `scope ${s.scope}`,
      );
      if (s.enum) {
        const descriptions = s.markdownEnumDescriptions ?? s.enumDescriptions ?? [];
        assert.equal(descriptions.length, s.enum.length, 'one description per enum value');
        assert.ok(descriptions.every(localized), 'enum descriptions are localized');
        assert.ok(s.enum.includes(s.default), 'the default is one of the values');
      }
    });
  }

  it('the service address is application-scoped: a workspace must never redirect the token elsewhere', () => {
    assert.equal(manifest.contributes.configuration.properties['taskPlatform.baseUrl']?.scope, 'application');
  });

  it('per-folder behaviour (code links, start work) is resource-scoped', () => {
    for (const [key, s] of settings.filter(([k]) => /\.(codeLinks|startWork)\./.test(k))) {
      assert.equal(s.scope, 'resource', key);
    }
  });
});
