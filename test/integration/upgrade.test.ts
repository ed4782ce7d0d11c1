import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { accountKey } from '../../src/core/accounts/account';
import { INBOX_KEY } from '../../src/extension/inbox/inboxes';
import { useExtension } from './driver';
import type { Json } from './driver';
import { requestLog, sandboxControl, waitFor } from './helpers';

// The release before account keys kept each account's state under `<url> <user>` (offline queue,
// Inbox) and `savedViews:<url>|<user>` (pinned views). A user who upgrades keeps all of it, and a
// queued write is sent once: its first save moves it to the account key (core/accounts/account.ts).
describe('Upgrade: state stored by the release before account keys', () => {
  const driver = useExtension();
  let fx: Json;

  beforeEach(async () => {
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    fx = await sandboxControl('GET', '/fixtures');
    await driver.signInAs('demo-token-alice');
  });
  after(() => driver.api.session.signOut());

  it('comes back under the same account: two queued writes applied once, Inbox marks and pins kept', async () => {
    const { api } = driver;
    const state = api.session.state;
    assert.equal(state.kind, 'signedIn');
    const { baseUrl, user } = state as { baseUrl: string; user: { id: string } };
    const legacy = `${baseUrl} ${user.id}`;
    const acme: string = fx.workspaces.acme.id;
    const task = fx.tasks.task_with_comments;
    const path = `/workspaces/${acme}/tasks/${task.id}/comments`;
    const queued = (n: number): Json => ({
      key: `upgrade-${n}-${Date.now()}`,
      operation: 'createComment',
      method: 'POST',
      path,
      body: JSON.stringify({ body: `queued before the upgrade ${n}` }),
      heldAt: Date.now(),
      reason: 'offline',
    });
    const entry = (id: string, read: boolean): Json => ({
      id,
      kind: 'comment',
      taskId: task.id,
      workspaceId: acme,
      title: task.title,
      when: '2026-11-01T10:00:00Z',
      read,
    });
    const inbox = {
      version: 1,
      spaces: {},
      seen: { [task.id]: { workspaceId: acme, updatedAt: '2026-11-01T10:00:00Z' } },
      follows: { [task.id]: { workspaceId: acme, title: task.title } },
      autoFollows: {},
      unfollowed: [],
      entries: [entry('e-read', true), entry('e-unread', false)],
    };
    const pinned = [{ id: fx.views.list_view, name: 'Pinned before the upgrade', pinned: true }];
    const global = api.services.globalState;
    // Only the previous release's keys: what earlier suites kept under the account key is not there.
    const key = accountKey({ baseUrl, userId: user.id });
    await global.update(`savedViews:${key}`, undefined);
    await global.update('taskPlatform.outbox', { [legacy]: [queued(1), queued(2)] });
    await global.update(INBOX_KEY, { [legacy]: inbox });
    await global.update(`savedViews:${baseUrl}|${user.id}`, pinned);

    // What a window of the new release does on start: nothing loaded, the session restored from the token.
    await sandboxControl('DELETE', '/requests');
    api.outbox.outboxes.forgetLoaded();
    api.inbox.inboxes.forgetLoaded();
    api.session.invalidate();
    const restored = await api.session.ensure();
    assert.equal(restored.kind, 'signedIn');
    assert.equal((restored as { user: { id: string } }).user.id, user.id, 'the same account');

    const inboxNow = api.inbox.inboxes.current(restored);
    assert.deepEqual(
      inboxNow?.state.entries.map((e) => [e.id, e.read]),
      [
        ['e-read', true],
        ['e-unread', false],
      ],
      'read marks kept',
    );
    assert.ok(inboxNow?.isFollowed(task.id), 'follows kept');
    const roots = await api.savedViews.getChildren();
    assert.deepEqual(
      roots.map((r) => String(api.savedViews.getTreeItem(r).label)),
      ['Pinned before the upgrade'],
      'pins kept',
    );

    await api.outbox.connectivity.flush();
    const stored = (): Json => global.get<Json>('taskPlatform.outbox', {});
    await waitFor(() => (Object.keys(stored()).length === 0 ? true : undefined), 'the queue emptied', 30_000);
    const sent = (await requestLog()).filter((r) => r.method === 'POST' && r.path === `/api${path}`);
    assert.equal(sent.length, 2, 'each queued write sent once');
    const comments: Json[] = (await sandboxControl<Json>('GET', `/state/comments?task_id=${task.id}`)).data;
    for (const n of [1, 2]) {
      assert.equal(comments.filter((c) => c.body === `queued before the upgrade ${n}`).length, 1, `write ${n} once`);
    }
    assert.equal(stored()[legacy], undefined, 'nothing left under the old key to be sent again');
    assert.equal(stored()[key], undefined);

    await inboxNow?.markAllRead();
    const inboxes = global.get<Json>(INBOX_KEY, {});
    assert.deepEqual(Object.keys(inboxes), [key], 'the Inbox moved to the account key on its first change');
  });

  it("the token stored under the service's address comes back under its account, and only there", async () => {
    const { api } = driver;
    const state = api.session.state;
    assert.equal(state.kind, 'signedIn');
    const { baseUrl, user } = state as { baseUrl: string; user: { id: string } };
    const account = { baseUrl, userId: user.id };
    // The previous release's SecretStorage entry, written as it wrote it (TokenStore keeps its storage private).
    const secrets = (api.services.tokens as unknown as { secrets: vscode.SecretStorage }).secrets;
    const legacyKey = `taskPlatform.token:${baseUrl}`;
    await api.services.tokens.remove(account);
    await secrets.store(legacyKey, 'demo-token-alice');
    assert.deepEqual(api.services.tokens.accounts(), []);

    await sandboxControl('DELETE', '/requests');
    api.session.invalidate();
    const restored = await api.session.ensure();
    assert.equal(restored.kind, 'signedIn');
    assert.equal((restored as { user: { id: string } }).user.id, user.id, 'the same account');
    // The tree may read in the background meanwhile: the token's check is one GET /user.
    assert.deepEqual(
      (await requestLog()).filter((r) => r.path === '/api/user').map((r) => `${r.method} ${r.path} ${r.token_label}`),
      ['GET /api/user alice'],
    );
    assert.deepEqual(api.services.tokens.accounts(), [account], 'listed under its account');
    assert.equal(await api.services.tokens.get(account), 'demo-token-alice');
    assert.equal(await secrets.get(legacyKey), undefined, 'one copy of the token, not two');
    assert.deepEqual(
      (await api.accounts.getSessions()).map((s) => [s.id, s.account.label]),
      [[accountKey(account), 'Alice Admin']],
      'the Accounts menu shows the same account, with the same id',
    );
  });
});
