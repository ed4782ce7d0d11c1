import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderReadme, tables } from '../../../scripts/readmeTables';

const root = join(__dirname, '..', '..', '..');

describe('README tables of commands, settings and keybindings (generated from package.json)', () => {
  it('are current (run `npm run readme`)', () => {
    assert.equal(readFileSync(join(root, 'README.md'), 'utf8'), renderReadme(root));
  });

  it('name every palette command and every setting', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const generated = tables(root);
    for (const key of Object.keys(manifest.contributes.configuration.properties)) {
      assert.ok(generated.settings!.includes(`\`${key}\``), key);
    }
    assert.ok(generated.commands!.includes('`taskPlatform.signIn`'));
    assert.ok(!generated.commands!.includes('`taskPlatform.tree.more`'), 'hidden commands are not listed');
  });
});
