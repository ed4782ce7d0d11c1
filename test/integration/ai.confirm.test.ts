import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension/main';
import { useExtension } from './driver';
import { requestLog, sandboxControl } from './helpers';

// Erin: as in ai.test.ts, a token the suites of other features do not spend.
const erin = 'demo-token-erin';
const none = new vscode.CancellationTokenSource().token;

interface Fx {
  workspaces: { acme: { id: string } };
  users: { bob: { id: string; name: string } };
  lists: { api: string; webapp: string };
  statuses: { api: { id: string; name: string }[] };
  tasks: { task_with_comments: { id: string; display_id: string } };
}

describe('AI: write confirmations name what the ids stand for', function () {
  this.timeout(60_000);
  let api: TestApi;
  const driver = useExtension();

  before(async () => {
    api = driver.api;
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    await driver.signInAs(erin);
  });

  const shown = async (tool: string, input: Record<string, unknown>): Promise<string> => {
    const asked = await api.ai.confirmations?.prepare(tool, input, none);
    assert.ok(asked && typeof asked.message !== 'string', `${tool} asks`);
    return asked.message.value.replace(/\\(.)/g, '$1');
  };

  it('update_task and create_task show the status, the member and the list by name, not by id', async () => {
    const fx = await sandboxControl<Fx>('GET', '/fixtures');
    const acme = fx.workspaces.acme.id;
    const shipped = fx.statuses.api.find((s) => s.name === 'Shipped');
    assert.ok(shipped);
    const bob = fx.users.bob;
    const task = fx.tasks.task_with_comments;

    const update = await shown('update_task', {
      workspace_id: acme,
      task_id: task.id,
      status_id: shipped.id,
      assignee_id: bob.id,
    });
    assert.match(update, /status_id:\*\* \*\*Shipped\*\*/, update);
    assert.ok(update.includes(`assignee_id:** **${bob.name}**`), update);
    assert.ok(!update.includes(shipped.id) && !update.includes(bob.id), 'no bare id where a name was found');

    const create = await shown('create_task', {
      workspace_id: acme,
      list_id: fx.lists.api,
      title: 'New',
      status_id: shipped.id,
      assignee_id: bob.id,
    });
    assert.match(create, /list_id:\*\* \*\*Engineering \/ Backend \/ API\*\*/, create);
    assert.match(create, /status_id:\*\* \*\*Shipped\*\*/);
    assert.ok(create.includes(`assignee_id:** **${bob.name}**`));

    // Ids that name nothing this account can see are said to be unknown, with the id.
    const stranger = '00000000-0000-4000-8000-00000000abcd';
    const unknown = await shown('create_task', {
      workspace_id: acme,
      list_id: stranger,
      title: 'New',
      status_id: stranger,
      assignee_id: stranger,
    });
    for (const key of ['list_id', 'status_id', 'assignee_id']) {
      assert.ok(unknown.includes(`${key}:** ${stranger} (unknown id)`), `${key}: ${unknown}`);
    }
  });

  it('the names are read once for a burst of confirmations', async () => {
    const fx = await sandboxControl<Fx>('GET', '/fixtures');
    const input = {
      workspace_id: fx.workspaces.acme.id,
      list_id: fx.lists.webapp,
      title: 'Again',
      assignee_id: fx.users.bob.id,
    };
    await shown('create_task', input);
    await sandboxControl('DELETE', '/requests');
    await shown('create_task', input);
    assert.deepEqual(
      (await requestLog()).map((r) => r.path).filter((path) => /\/(members|sidebar)$/.test(path)),
      [],
      'members and the sidebar are kept',
    );
  });
});
