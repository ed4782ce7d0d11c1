// When VS Code loads the extension. A language list (onLanguage:*) loaded it in almost every window
// while the editor restored; it now waits for start-up to finish. Views, commands and chat tools
// activate it by themselves, so they need no event here.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { activationEvents: string[] };

describe('activation events', () => {
  it('start after the window has restored, not on any language or at start-up', () => {
    assert.deepEqual([...manifest.activationEvents].sort(), [
      // The Accounts menu asks for the account before start-up has finished (start/accounts.ts).
      'onAuthenticationRequest:taskPlatform',
      'onStartupFinished',
      'onUri',
      'onWebviewPanel:taskPlatform.task',
    ]);
  });
});
