import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Commands, internalCommands } from '../../../../src/extension/common/commandIds';

const root = join(__dirname, '..', '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { commands: { command: string }[] };
};
const contributed = manifest.contributes.commands.map((c) => c.command);
const constants: string[] = Object.values(Commands);

describe('command ids (src/extension/common/commandIds.ts) against package.json contributes.commands', () => {
  it('every contributed command has a constant', () => {
    assert.deepEqual(
      contributed.filter((id) => !constants.includes(id)),
      [],
    );
  });
  it('every constant is contributed, or listed as internal (and then not contributed)', () => {
    assert.deepEqual(
      constants.filter((id) => !contributed.includes(id) && !internalCommands.includes(id as never)),
      [],
    );
    assert.deepEqual(
      internalCommands.filter((id) => contributed.includes(id)),
      [],
    );
  });
  it('no two constants share an id', () => {
    assert.equal(new Set(constants).size, constants.length);
  });
});
