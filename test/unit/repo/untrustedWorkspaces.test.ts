// a folder the user opened is not trusted. Its own values of the settings that
// change what the extension writes (branch names, the commit box, task updates) or sends (lookups of
// ids found in its files, background checks, poll rates) are ignored in Restricted Mode: VS Code
// reads them from the user's settings only when they are listed in restrictedConfigurations.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

interface Manifest {
  capabilities: {
    untrustedWorkspaces: { supported: unknown; description?: string; restrictedConfigurations?: string[] };
  };
  contributes: { configuration: { properties: Record<string, { scope?: string }> } };
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
const properties = manifest.contributes.configuration.properties;
const restricted = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations ?? [];

/** Settings a folder may set that change neither what is written nor what is sent, and why. */
const harmless: Record<string, string> = {
  'taskPlatform.codeLinks.todoCodeLens': 'shows or hides a CodeLens; the command it runs still asks the user',
  'taskPlatform.afterCreateTask': 'what the UI shows after a task the user created themselves',
  'taskPlatform.panel.preview': 'whether task panels are reused as a preview; nothing is written or sent',
  'taskPlatform.statusBar.requestBudget':
    'whether the request budget item is in the status bar; nothing is written or sent',
};

describe('untrusted folders: settings that change what is written or sent are restricted', () => {
  it('Start Work, code-link prefixes and stale-reference checks are listed', () => {
    for (const key of [
      'taskPlatform.startWork.branchTemplate',
      'taskPlatform.startWork.commitTemplate',
      'taskPlatform.startWork.lowercaseBranch',
      'taskPlatform.startWork.updateTask',
      'taskPlatform.codeLinks.prefixes',
      'taskPlatform.codeLinks.staleReferenceDiagnostics',
    ]) {
      assert.ok(restricted.includes(key), key);
    }
  });

  it('every listed key is a setting of the extension, once', () => {
    assert.deepEqual(
      restricted.filter((key) => !(key in properties)),
      [],
    );
    assert.equal(new Set(restricted).size, restricted.length);
  });

  it('every setting a folder can set is restricted or known to be harmless (a new setting must be placed)', () => {
    const folderSettable = Object.entries(properties)
      .filter(([, s]) => !['application', 'machine'].includes(s.scope ?? 'window'))
      .map(([key]) => key);
    const unplaced = folderSettable.filter((key) => !restricted.includes(key) && !(key in harmless));
    assert.deepEqual(unplaced, []);
    assert.deepEqual(
      Object.keys(harmless).filter((key) => restricted.includes(key)),
      [],
      'harmless and restricted at once',
    );
  });

  it('the service address and timeout are user settings a folder cannot set at all', () => {
    assert.equal(properties['taskPlatform.baseUrl']?.scope, 'application');
    assert.equal(properties['taskPlatform.requestTimeoutSeconds']?.scope, 'machine');
  });

  it('the capability description says what Restricted Mode ignores', () => {
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.match(manifest.capabilities.untrustedWorkspaces.description ?? '', /ignored/);
  });
});
