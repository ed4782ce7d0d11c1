// Settings Sync: which globalState keys follow the user (src/extension/start/sync.ts). The entry
// cannot import the code that writes them (it holds only start/), so the names are checked here
// against that code: a renamed key would otherwise silently stop syncing, or start syncing the outbox.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KnownViews } from '../../../src/core/views/known';
import { SYNCED_KEY_PREFIXES, SYNCED_KEYS, syncedKeys } from '../../../src/extension/start/sync';

const root = join(__dirname, '..', '..', '..');
/** The string constant `name` declares in a source file. */
function constant(file: string, name: string): string {
  const match = new RegExp(`const ${name} = '([^']+)'`).exec(readFileSync(join(root, file), 'utf8'));
  assert.ok(match, `${name} in ${file}`);
  return match[1]!;
}

describe('Settings Sync keys (start/sync.ts)', () => {
  const outbox = constant('src/extension/outbox/outboxes.ts', 'STORAGE_KEY');
  const prefixes = constant('src/extension/codeLinks/finder.ts', 'PREFIXES_KEY');
  const currentTask = constant('src/extension/codeLinks/currentTask.ts', 'KEY');
  const recentLists = constant('src/extension/common/pickList.ts', 'RECENT_KEY');

  it("are the learned prefixes and each account's pinned and recent views, and nothing else", async () => {
    const written = new Map<string, unknown>();
    const views = new KnownViews(
      { get: <T>(key: string) => written.get(key) as T | undefined, update: async (k, v) => void written.set(k, v) },
      { baseUrl: 'https://tasks.example.com/api', userId: 'user-1' },
    );
    await views.put({ id: 'v1', name: 'Mine', pinned: true });
    const [viewsKey] = [...written.keys()];
    assert.ok(viewsKey);
    const stored = [outbox, prefixes, currentTask, recentLists, viewsKey, 'savedViews:http://127.0.0.1:4010/api|u2'];
    assert.deepEqual(syncedKeys(stored), [
      prefixes,
      'savedViews:http://127.0.0.1:4010/api|u2',
      'savedViews:https://tasks.example.com/api#user-1',
    ]);
    assert.deepEqual(SYNCED_KEYS, [prefixes], 'the prefixes key is declared before it is first written');
  });

  it('never the offline queue, the task being worked on, or a token', () => {
    for (const key of [outbox, currentTask, recentLists, 'taskPlatform.token', 'token']) {
      assert.deepEqual(syncedKeys([key]), SYNCED_KEYS, key);
      assert.ok(!SYNCED_KEY_PREFIXES.some((p) => key.startsWith(p)), key);
    }
  });
});
