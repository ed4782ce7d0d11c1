// When VS Code loads the extension. A language list (onLanguage:*) loaded it in almost every window
// while the editor restored; it now waits for start-up to finish. Views, commands and chat tools
// activate it by themselves, so they need no event here.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { panelOwners } from '../../../src/extension/start/owners';

const root = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { activationEvents: string[] };

describe('activation events', () => {
  it('start after the window has restored, not on any language or at start-up', () => {
    assert.deepEqual([...manifest.activationEvents].sort(), [
      // The Accounts menu asks for the account before start-up has finished (start/accounts.ts).
      'onAuthenticationRequest:taskPlatform',
      'onStartupFinished',
      'onUri',
      // The tabs VS Code restores after a reload: a task, a board, a table.
      'onWebviewPanel:taskPlatform.board',
      'onWebviewPanel:taskPlatform.table',
      'onWebviewPanel:taskPlatform.task',
    ]);
  });

  it('every panel VS Code restores has a feature that restores it, and no feature waits for one it never gets', () => {
    const restored = manifest.activationEvents
      .filter((e) => e.startsWith('onWebviewPanel:'))
      .map((e) => e.slice('onWebviewPanel:'.length));
    assert.deepEqual(
      restored.filter((viewType) => !Object.hasOwn(panelOwners, viewType)),
      [],
    );
    assert.deepEqual(Object.keys(panelOwners).sort(), [...restored].sort());
  });
});
