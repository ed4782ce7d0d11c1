import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleJson, scanL10n } from '../../../scripts/l10n';

const root = join(__dirname, '..', '..', '..');

describe('l10n bundle (package.json "l10n": "./l10n")', () => {
  const scan = scanL10n(root);

  it('every vscode.l10n.t message is a string literal, so translators can see it', () => {
    assert.deepEqual(scan.dynamic, []);
  });

  it('l10n/bundle.l10n.json lists exactly the messages in src/extension (run `npm run l10n`)', () => {
    assert.ok(scan.messages.size > 50, `found ${scan.messages.size} messages`);
    assert.equal(readFileSync(join(root, 'l10n', 'bundle.l10n.json'), 'utf8'), bundleJson(scan));
  });

  it('every %key% of package.json has an English text in package.nls.json', () => {
    const manifest = readFileSync(join(root, 'package.json'), 'utf8');
    const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const keys = [...manifest.matchAll(/"%([^%"]+)%"/g)].map((m) => m[1]!);
    assert.deepEqual(
      keys.filter((k) => !(k in nls)),
      [],
    );
  });
});
