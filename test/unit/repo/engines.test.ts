// Which VS Code the extension says it runs on, and where. The declared minimum is also what the
// types are pinned to (a newer API would not type-check) and what the second integration tier runs.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const read = (file: string): string => readFileSync(join(root, file), 'utf8');
const manifest = JSON.parse(read('package.json')) as {
  engines: { vscode: string };
  extensionKind?: string[];
  devDependencies: Record<string, string>;
};

describe('engines and extension kind', () => {
  it('pins @types/vscode to the declared minimum, exactly', () => {
    const minimum = /^\^(\d+\.\d+\.\d+)$/.exec(manifest.engines.vscode)?.[1];
    assert.ok(minimum, `engines.vscode is a caret range: ${manifest.engines.vscode}`);
    assert.equal(manifest.devDependencies['@types/vscode'], minimum);
  });

  it('runs the integration tier on a code-server of the declared minimum line too', () => {
    const minor = /^\^1\.(\d+)\./.exec(manifest.engines.vscode)?.[1];
    assert.match(read('scripts/host/setup.sh'), new RegExp(`code-server 4\\.${minor}\\.\\d+ \\(VS Code 1\\.${minor}`));
    assert.match(read('scripts/host/setup.sh'), new RegExp(`cs-1\\.${minor} 4\\.${minor}\\.\\d+`));
    assert.match(read('test/host/paths.ts'), new RegExp(`'cs-1\\.${minor}'`));
    assert.match(read('scripts/test-all.mjs'), new RegExp(`name: 'integration-1\\.${minor}'`));
  });

  it('declares where it runs: with the workspace (files, git, the MCP server process)', () => {
    assert.deepEqual(manifest.extensionKind, ['workspace']);
  });
});
