// Task references in code with two accounts of different worlds (docs/decisions/accounts.md): Alice
// on the demo sandbox (ACME, SIDE) and Frank on the other world's (ACME, NIM). An id is looked up
// only in the accounts that have its prefix, each through its own service; ACME, on both services,
// shows both tasks in the hover and the link asks which one. Each check reads both request logs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { inertMarkdown } from '../../src/core/text/inert';
import type { TestApi } from '../../src/extension/main';
import { useExtension } from './driver';
import type { OtherWorld, RequestLogEntry } from './helpers';
import { clientQuiet, otherWorld, requestLog, sandboxControl, waitFor, workspaceFile } from './helpers';

interface Row {
  id: string;
  display_id: string;
  title: string;
  workspace_id: string;
  parent_task_id: string | null;
  deleted_at: string | null;
}

function markdownOf(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

/** Requests that look up `displayId` (the index filter or a search naming it). */
function lookUpsOf(log: readonly RequestLogEntry[], displayId: string): RequestLogEntry[] {
  return log.filter((r) => JSON.stringify(r.query ?? {}).includes(displayId) || r.path.includes(displayId));
}

describe('Accounts: task references in code route by prefix to the account that has it', function () {
  this.timeout(120_000);
  const driver = useExtension();
  let api: TestApi;
  let other: OtherWorld;
  let frank: string;
  /** Tasks to refer to: SIDE of the demo world only, NIM of the other only, ACME of both. */
  let side: Row;
  let nim: Row;
  let acme: { demo: Row; other: Row };
  let uri: vscode.Uri;

  const rowsOf = async (control: OtherWorld['control'], query: string): Promise<Row[]> =>
    (await control<{ data: Row[] }>('GET', `/state/tasks?${query}`)).data;
  const demoControl: OtherWorld['control'] = (method, path, body) => sandboxControl(method, path, body);
  const topLevel = (r: Row | undefined): r is Row => r !== undefined && !r.parent_task_id && !r.deleted_at;
  const hover = async (line: number): Promise<string> =>
    markdownOf(
      await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        uri,
        new vscode.Position(line, 5),
      ),
    );
  /** Both clients idle, both logs cleared, nothing cached: what follows is the step's own. */
  const quietAndClear = async (): Promise<void> => {
    for (const session of api.services.accounts.current()) await clientQuiet(session, 'background reads to end');
    await sandboxControl('DELETE', '/requests');
    await other.control('DELETE', '/requests');
    // Answers the background pass cached are forgotten: the hover looks each id up again.
    api.codeLinks.finder.router().clear();
  };
  const host = (baseUrl: string): string => new URL(baseUrl).host;

  before(async () => {
    api = driver.api;
    other = await otherWorld();
    await other.control('POST', '/reset');
    await sandboxControl('POST', '/reset', { seed: 'demo' });
    await api.session.signOut();
    await driver.signOutOthers();
    await driver.signInAs('demo-token-alice');
    driver.script([other.baseUrl, 'other-token-frank']);
    frank = (await api.accounts.createSession()).id;
    driver.unscript();

    const ofx = await other.control<{ tasks: { nimbus_task: { id: string }; first_acme_task: { id: string } } }>(
      'GET',
      '/fixtures',
    );
    const dfx = await sandboxControl<{ tasks: { side_task: { id: string } } }>('GET', '/fixtures');
    side = (await rowsOf(demoControl, `id=${dfx.tasks.side_task.id}`))[0] as Row;
    nim = (await rowsOf(other.control, `id=${ofx.tasks.nimbus_task.id}`))[0] as Row;
    // An ACME id that names a top-level task in each world (display ids are per world).
    const otherAcme = (
      await rowsOf(
        other.control,
        `workspace_id=${(await rowsOf(other.control, `id=${ofx.tasks.first_acme_task.id}`))[0]?.workspace_id}`,
      )
    ).filter(topLevel);
    for (const candidate of otherAcme) {
      const twin = (await rowsOf(demoControl, `display_id=${candidate.display_id}`)).find(topLevel);
      if (twin) {
        acme = { demo: twin, other: candidate };
        break;
      }
    }
    assert.ok(side && nim && acme, 'a SIDE, a NIM and an ACME id of both worlds');
    assert.match(side.display_id, /^SIDE-/);
    assert.match(nim.display_id, /^NIM-/);

    // Each account learns its own prefixes at sign-in, in the background, from its own service.
    let learned = '';
    await waitFor(() => {
      learned = api.codeLinks.finder
        .router()
        .accounts.map((a) => ['ACME', 'SIDE', 'NIM'].filter((p) => a.learned(p)).join(','))
        .join(' ');
      return learned === 'ACME,SIDE ACME,NIM' || undefined;
    }, "each account's prefixes learned").catch((e: unknown) => {
      const states = api.services.accounts.current().map((x) => `${x.state.kind} ${x.key}`);
      throw new Error(`${String(e)}: ${learned} ${JSON.stringify(states)}`);
    });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    uri = workspaceFile(
      'accounts-refs.ts',
      `// ${side.display_id} demo only\n// ${nim.display_id} other only\n// ${acme.demo.display_id} both\n`,
    );
    await vscode.window.showTextDocument(uri);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await driver.signOutOthers();
    await api.session.signOut();
  });

  it("a SIDE id is looked up on the demo service alone, a NIM id on the other world's alone", async () => {
    await quietAndClear();
    const sideHover = await hover(0);
    assert.ok(sideHover.includes(inertMarkdown(side.title)), sideHover);
    assert.ok(lookUpsOf(await requestLog(), side.display_id).length > 0, 'looked up on the demo service');
    assert.deepEqual(lookUpsOf(await other.requestLog(), 'SIDE-'), [], 'nothing about SIDE sent to the other world');

    await quietAndClear();
    const nimHover = await hover(1);
    assert.ok(nimHover.includes(inertMarkdown(nim.title)), nimHover);
    assert.ok(
      nimHover.includes(inertMarkdown(`Nimbus · Frank Founder (${host(other.baseUrl)})`)),
      `the task names its account: ${nimHover}`,
    );
    const otherLog = await other.requestLog();
    assert.ok(lookUpsOf(otherLog, nim.display_id).length > 0, "looked up on the other world's service");
    assert.ok(
      otherLog.every((r) => r.token_label === 'frank'),
      "with Frank's token",
    );
    assert.deepEqual(lookUpsOf(await requestLog(), 'NIM-'), [], 'nothing about NIM sent to the demo service');
  });

  it('the same ACME id on both services: the hover shows both tasks, each under its account', async () => {
    await quietAndClear();
    const md = await hover(2);
    assert.match(md, /2 workspaces have a task with this id/, md);
    const alice = api.session.state;
    assert.ok(alice.kind === 'signedIn');
    for (const [place, task] of [
      [`Acme · Alice Admin (${host(alice.baseUrl)})`, acme.demo],
      [`Acme Labs · Frank Founder (${host(other.baseUrl)})`, acme.other],
    ] as const) {
      const at = md.indexOf(`*${inertMarkdown(place)}*`);
      assert.ok(at >= 0, `${place} is named: ${md}`);
      assert.ok(md.indexOf(inertMarkdown(task.title), at) > at, `${place}'s task is under its name`);
    }
    assert.ok(lookUpsOf(await requestLog(), acme.demo.display_id).length > 0, 'asked of the demo service');
    assert.ok(lookUpsOf(await other.requestLog(), acme.demo.display_id).length > 0, 'asked of the other world');
  });

  it("the ACME link asks which account's task; the pick opens in the panel as that account", async () => {
    const label = `Acme Labs · Frank Founder (${host(other.baseUrl)})`;
    const prompter = driver.script([], [label]);
    const opened = await vscode.commands.executeCommand('taskPlatform.codeLinks.open', {
      displayId: acme.demo.display_id,
    });
    assert.equal(opened, true);
    const offered = (prompter.offered[0] ?? []).map((i) => i.label).sort();
    assert.equal(offered.length, 2, JSON.stringify(offered));
    assert.ok(offered.includes(label), JSON.stringify(offered));
    const panel = await waitFor(
      () => api.taskPanels.get(acme.other.workspace_id, acme.other.id, frank),
      "Frank's task opened as Frank",
    );
    assert.equal(panel.account, frank);
  });

  it("the NIM link opens Frank's task as Frank without asking", async () => {
    const prompter = driver.script([], []);
    assert.equal(
      await vscode.commands.executeCommand('taskPlatform.codeLinks.open', { displayId: nim.display_id }),
      true,
    );
    assert.equal(prompter.offered.length, 0, 'one task: nothing to ask');
    await waitFor(() => api.taskPanels.get(nim.workspace_id, nim.id, frank), "Frank's NIM task opened as Frank");
  });

  it('a vscode:// link resolves in the signed-in accounts only and changes none of them', async () => {
    const before = (await api.accounts.getSessions()).map((s) => s.id).sort();
    const primary = api.session.key;
    const prompter = driver.script([], []);
    await api.uriHandler.handleUri(
      vscode.Uri.parse(`vscode://task-platform.task-platform/task/${encodeURIComponent(nim.display_id)}`),
    );
    await waitFor(() => api.taskPanels.get(nim.workspace_id, nim.id, frank), "the link's task opened as Frank");
    assert.equal(prompter.asked.length, 0, 'nothing asked: no account added or chosen');
    assert.deepEqual((await api.accounts.getSessions()).map((s) => s.id).sort(), before);
    assert.equal(api.session.key, primary, 'the primary account is the same');
    assert.equal(api.services.accounts.folderChoice, undefined, 'no account chosen for the folder');
  });
});
