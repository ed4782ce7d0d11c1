import * as assert from 'node:assert/strict';
import { App } from '../../../../src/webview/taskPanel/app';
import type { PanelModel } from '../../../../src/shared/taskPanel/protocol';

/** The page's state across tasks shown one after another in the same preview panel. */
describe('webview App: one preview panel, one task after another', () => {
  let posted: unknown[];
  let state: unknown;
  let app: App;

  before(() => {
    // The App paints on the next animation frame; in Node there is none, and nothing to paint.
    (globalThis as { requestAnimationFrame?: (cb: () => void) => number }).requestAnimationFrame ??= () => 0;
  });

  beforeEach(() => {
    posted = [];
    state = undefined;
    app = new App(
      {
        postMessage: (m) => void posted.push(m),
        getState: () => state,
        setState: (s) => void (state = s),
      },
      () => undefined,
    );
  });

  const model = (id: string, inPreview = true): PanelModel => ({
    workspaceId: 'w',
    task: { id, title: `Task ${id}` },
    complete: true,
    breadcrumb: [],
    errors: {},
    inPreview,
  });

  it('asks to keep the preview open on the first edit only, never for a read', () => {
    app.receive({ type: 'model', model: model('a') });
    app.request('comments', { type: 'loadMore', section: 'comments' });
    assert.deepEqual(posted, [{ type: 'loadMore', section: 'comments', id: 'r1' }], 'loading more is no edit');
    app.request('title', { type: 'edit', change: { field: 'title', value: 'New' } });
    app.keep();
    assert.deepEqual(
      posted.slice(1).map((m) => (m as { type: string }).type),
      ['keep', 'edit'],
      'keep once, before the edit',
    );
  });

  it('does not ask to keep a panel that is not a preview', () => {
    app.receive({ type: 'model', model: model('a', false) });
    app.keep();
    app.request('title', { type: 'edit', change: { field: 'title', value: 'New' } });
    assert.deepEqual(
      posted.map((m) => (m as { type: string }).type),
      ['edit'],
    );
  });

  it('a fresh model forgets everything of the task before, and says which task it shows', () => {
    app.receive({ type: 'model', model: model('a') });
    app.setDraft('comment:new', 'half a comment about A');
    let answered = 0;
    app.request('title', { type: 'edit', change: { field: 'title', value: 'A!' } }, () => (answered += 1));
    app.errors.set('due_date', 'bad date for A');
    app.parked.typing.add('description');
    app.toggle('description', true);
    const view = app.view;
    posted = [];

    app.receive({ type: 'model', model: model('b'), fresh: true });
    assert.equal(app.model?.task.id, 'b');
    assert.equal(app.view, view + 1, 'the page renders new controls');
    assert.deepEqual(app.drafts, {}, "A's drafts are not B's");
    assert.deepEqual((state as { taskId: string; drafts: object }).taskId, 'b', 'the saved state names B');
    assert.deepEqual((state as { drafts: object }).drafts, {});
    assert.equal(app.busy('title'), false);
    assert.equal(app.errors.size, 0);
    assert.equal(app.parked.typing.size, 0);
    assert.equal(app.open.size, 0);
    assert.deepEqual(posted, [{ type: 'showing', taskId: 'b' }]);

    // A's answer, late: nothing of it reaches B's page.
    app.receive({ type: 'result', id: 'r1', ok: false, error: 'refused for A', fieldErrors: { title: 'A only' } });
    assert.equal(answered, 0, "A's callback is gone");
    assert.equal(app.errors.size, 0, "A's error does not show on B");
    assert.equal(app.generation('title'), 0);
  });

  it('the saved state names the account the task is shown as, for the restore after a reload', () => {
    const account = 'http://127.0.0.1:1/api#u-frank';
    app.receive({ type: 'model', model: { ...model('a'), account } });
    assert.deepEqual([(state as { account?: string }).account, (state as { taskId?: string }).taskId], [account, 'a']);
    app.receive({ type: 'model', model: model('b'), fresh: true });
    assert.equal((state as { account?: string }).account, undefined, "B is the primary account's");
  });

  it("a page re-created with another task's saved state drops those drafts, and keeps its own", () => {
    state = { workspaceId: 'w', taskId: 'a', drafts: { 'comment:new': 'about A' } };
    const hidden = new App(
      { postMessage: () => undefined, getState: () => state, setState: () => undefined },
      () => undefined,
    );
    hidden.receive({ type: 'model', model: model('b') });
    assert.deepEqual(hidden.drafts, {});
    const same = new App(
      { postMessage: () => undefined, getState: () => state, setState: () => undefined },
      () => undefined,
    );
    same.receive({ type: 'model', model: model('a') });
    assert.deepEqual(same.drafts, { 'comment:new': 'about A' });
  });

  it('a model that is not fresh keeps the drafts (the same task, updated)', () => {
    app.receive({ type: 'model', model: model('a') });
    app.setDraft('comment:new', 'kept');
    app.receive({ type: 'model', model: { ...model('a'), complete: true } });
    assert.deepEqual(app.drafts, { 'comment:new': 'kept' });
  });
});

describe('webview App: the known row the host wrote into the page', () => {
  let frames: (() => void)[];
  let saved: typeof globalThis.requestAnimationFrame | undefined;

  beforeEach(() => {
    frames = [];
    saved = globalThis.requestAnimationFrame;
    (globalThis as { requestAnimationFrame?: (cb: () => void) => number }).requestAnimationFrame = (cb) =>
      frames.push(cb);
  });
  afterEach(() => {
    (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame = saved;
  });

  const api = { postMessage: () => undefined, getState: () => undefined, setState: () => undefined };
  const model: PanelModel = {
    workspaceId: 'w',
    task: { id: 't', title: 'Task t' },
    complete: true,
    breadcrumb: [],
    errors: {},
    inPreview: true,
  };
  const paintsOf = (app: App, paints: string[]): string[] => {
    app.schedule();
    frames.splice(0).forEach((frame) => frame());
    return paints;
  };

  it('stays until the task model arrives: nothing ("Loading task…") is painted over it before', () => {
    const paints: string[] = [];
    const app = new App(api, () => paints.push(app.model ? 'task' : 'loading'), true);
    assert.deepEqual(paintsOf(app, paints), [], 'no paint without the model');
    app.receive({ type: 'model', model });
    frames.splice(0).forEach((frame) => frame());
    assert.deepEqual(paints, ['task']);
  });

  it('without a known row, the page says it is loading until the model arrives', () => {
    const paints: string[] = [];
    const app = new App(api, () => paints.push(app.model ? 'task' : 'loading'));
    assert.deepEqual(paintsOf(app, paints), ['loading']);
  });
});
