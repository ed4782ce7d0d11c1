import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension/main';
import type { TaskPanel } from '../../src/extension/taskPanel/panel';
import { useExtension } from './driver';
import { requestLog, sandboxControl, waitFor } from './helpers';

type Row = Record<string, unknown>;
const MB = 1024 * 1024;
const SIZE = 30 * MB;

/** "12.5 MB of 30.0 MB" → [12.5, 30]. */
function megabytes(message: string): [number, number] | undefined {
  const match = /^([\d.]+) MB of ([\d.]+) MB$/.exec(message);
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

/**
 * Uploading from the task panel: the notification shows the bytes sent, and its Cancel leaves no
 * attachment on the service, whether pressed mid-way (the request is aborted) or after the last byte
 * (what the service created is deleted again). Cancel is pressed through the prompter's progress.
 */
describe('Task panel uploads: byte progress and Cancel', function () {
  this.timeout(150_000);
  const driver = useExtension();
  let api: TestApi;
  let ws: string;
  let task: string;
  let dir: string;

  async function open(): Promise<TaskPanel> {
    await vscode.commands.executeCommand('taskPlatform.openTask', { workspaceId: ws, taskId: task });
    const panel = await waitFor(() => api.taskPanels.get(ws, task), 'the panel');
    await waitFor(() => panel.model.complete && panel.model.attachments, 'the attachments', 120_000);
    return panel;
  }

  async function attached(name: string): Promise<Row[]> {
    const rows = (await sandboxControl<{ data: Row[] }>('GET', `/state/attachments?task_id=${task}`)).data;
    return rows.filter((a) => a.file_name === name);
  }

  async function bigFile(name: string): Promise<vscode.Uri> {
    const path = join(dir, name);
    await fs.writeFile(path, '');
    await fs.truncate(path, SIZE);
    return vscode.Uri.file(path);
  }

  before(async () => {
    api = driver.api;
    dir = await fs.mkdtemp(join(tmpdir(), 'panel-upload-'));
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    const fx = await sandboxControl<{ workspaces: { acme: { id: string } }; attachments: { task_id: string } }>(
      'GET',
      '/fixtures',
    );
    ws = fx.workspaces.acme.id;
    task = fx.attachments.task_id;
    await driver.signInAs('demo-token-dave');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('shows the megabytes sent; Cancel mid-way aborts the request and nothing is attached', async () => {
    const panel = await open();
    const name = `cancelled-${Date.now()}.zip`;
    const prompter = driver.script([], [], [await bigFile(name)]);
    prompter.cancelProgressWhen = (message) => (megabytes(message)?.[0] ?? 0) >= 5;
    await sandboxControl('DELETE', '/requests');
    assert.deepEqual(await panel.receive({ type: 'upload', id: 'c1', commentId: null }), { ok: false, error: '' });
    assert.ok(prompter.shown.includes(`Uploading ${name}`), 'the notification names the file');
    const steps = prompter.shown.map(megabytes).filter((m) => m !== undefined);
    assert.ok(steps.length >= 2, `progress was reported: ${prompter.shown.join(' | ')}`);
    assert.deepEqual(steps[0], [0, 30], 'starts at 0 of 30.0 MB');
    assert.ok(
      steps.every(([sent, total], i) => total === 30 && sent >= (steps[i - 1]?.[0] ?? 0)),
      'rises, against the file size',
    );
    assert.ok((steps.at(-1)?.[0] ?? 30) < 30, 'cancelled before the end');
    await new Promise((r) => setTimeout(r, 300)); // the sandbox notices the closed connection
    assert.deepEqual(await attached(name), [], 'no attachment on the service');
    const uploads = (await requestLog()).filter((r) => r.method === 'POST' && /\/attachments$/.test(r.path));
    assert.deepEqual(
      uploads.map((r) => r.status),
      [0],
      'one request, never answered, not retried',
    );
    assert.ok(!prompter.messages.some((m) => m.level === 'error'), 'a cancel is not an error');
  });

  it('Cancel after the last byte: the attachment the service made is deleted again', async () => {
    const panel = await open();
    const name = `late-${Date.now()}.zip`;
    const prompter = driver.script([], [], [await bigFile(name)]);
    prompter.cancelProgressWhen = (message) => megabytes(message)?.[0] === 30;
    await sandboxControl('DELETE', '/requests');
    assert.deepEqual(await panel.receive({ type: 'upload', id: 'c2', commentId: null }), { ok: false, error: '' });
    assert.deepEqual(await attached(name), [], 'no attachment left on the service');
    const log = (await requestLog()).filter((r) => /\/attachments(\/[^/]+)?$/.test(r.path));
    assert.deepEqual(
      log.map((r) => `${r.method} ${r.status}`),
      ['POST 201', 'DELETE 204'],
    );
    assert.ok(!panel.model.attachments!.some((a) => a.file_name === name), 'the panel does not list it');
  });
});
