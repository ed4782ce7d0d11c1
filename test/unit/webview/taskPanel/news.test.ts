import * as assert from 'node:assert/strict';
import { App } from '../../../../src/webview/taskPanel/app';
import { isPostKey } from '../../../../src/webview/taskPanel/keys';
import { modelNews, successNews } from '../../../../src/webview/taskPanel/news';
import type { Comment } from '../../../../src/core/api/schemas';
import type { PanelModel } from '../../../../src/shared/taskPanel/protocol';

const ME = 'u-me';
const comment = (id: string, by: string, name = by): Comment => ({
  id,
  task_id: 't',
  body: `body ${id}`,
  created_at: '2026-01-01T00:00:00Z',
  user: { id: by, name },
});
const model = (comments: Comment[] | undefined, errors: Record<string, string> = {}, task = 't'): PanelModel => ({
  workspaceId: 'w',
  task: { id: task, title: 'T' },
  complete: true,
  me: ME,
  breadcrumb: [],
  errors,
  comments: comments && { items: comments, hasMore: false },
});

describe('task panel news: what the status line says', () => {
  it('says what a write did, nothing for reads', () => {
    const cases: [Parameters<typeof successNews>[0], string | undefined][] = [
      [{ type: 'addComment', parent_id: null }, 'Comment posted'],
      [{ type: 'addComment', parent_id: 'c1' }, 'Reply posted'],
      [{ type: 'editComment' }, 'Comment saved'],
      [{ type: 'edit' }, 'Saved'],
      [{ type: 'setCustomField' }, 'Saved'],
      [{ type: 'upload' }, 'File attached'],
      [{ type: 'loadMore' }, undefined],
      [{ type: 'download' }, undefined],
      [{ type: 'preview' }, undefined],
    ];
    for (const [request, said] of cases) assert.equal(successNews(request), said, request.type);
  });

  it('announces comments by someone else, never my own, never on the first model or another task', () => {
    const before = model([comment('c1', 'bob', 'Bob')]);
    assert.deepEqual(modelNews(undefined, before), [], 'first model');
    assert.deepEqual(modelNews(before, model([comment('c1', 'bob'), comment('c2', ME)])), [], 'my own comment');
    assert.deepEqual(modelNews(before, model([comment('c1', 'bob'), comment('c3', 'carol', 'Carol')])), [
      'New comment from Carol',
    ]);
    assert.deepEqual(
      modelNews(before, model([comment('c1', 'bob'), comment('c3', 'carol', 'Carol'), comment('c4', 'bob', 'Bob')])),
      ['2 new comments from Carol, Bob'],
    );
    assert.deepEqual(modelNews(model(undefined), model([comment('c9', 'bob')])), [], 'the first page is no news');
    assert.deepEqual(modelNews(before, model([comment('c5', 'carol')], {}, 'other')), [], 'another task');
  });

  it('announces a section that failed to load, once', () => {
    const failed = model([], { activity: 'Could not load the activity.' });
    assert.deepEqual(modelNews(model([]), failed), ['Could not load the activity.']);
    assert.deepEqual(modelNews(failed, failed), []);
  });

  it('the app announces a post, an error and a comment by someone else; never a plain re-render', () => {
    (globalThis as { requestAnimationFrame?: (cb: () => void) => number }).requestAnimationFrame ??= () => 0;
    const said: string[] = [];
    const app = new App(
      { postMessage: () => undefined, getState: () => undefined, setState: () => undefined },
      () => undefined,
    );
    app.announce = (text) => void said.push(text);
    app.receive({ type: 'model', model: model([comment('c1', 'bob', 'Bob')]) });
    app.receive({ type: 'model', model: model([comment('c1', 'bob', 'Bob')]) });
    assert.deepEqual(said, [], 'the same model again is no news');
    app.request('body', { type: 'addComment', parent_id: null, body: 'hi', mentions: [], assignee_id: null });
    app.receive({ type: 'result', id: 'r1', ok: true });
    app.request('title', { type: 'edit', change: { field: 'title', value: '' } });
    app.receive({ type: 'result', id: 'r2', ok: false, error: 'The title cannot be empty.' });
    app.request('comments', { type: 'upload', commentId: null });
    app.receive({ type: 'result', id: 'r3', ok: false, error: '' }); // cancelled: nothing to say
    app.receive({ type: 'model', model: model([comment('c1', 'bob'), comment('c2', 'carol', 'Carol')]) });
    assert.deepEqual(said, ['Comment posted', 'The title cannot be empty.', 'New comment from Carol']);
  });

  it('Ctrl+Enter and Cmd+Enter post; Enter, Shift+Enter and Ctrl+Alt+Enter do not', () => {
    const key = (mods: Partial<KeyboardEvent>) => ({
      key: 'Enter',
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      ...mods,
    });
    assert.ok(isPostKey(key({ ctrlKey: true })));
    assert.ok(isPostKey(key({ metaKey: true })));
    assert.ok(!isPostKey(key({})));
    assert.ok(!isPostKey(key({ shiftKey: true, ctrlKey: true })));
    assert.ok(!isPostKey(key({ altKey: true, ctrlKey: true })));
    assert.ok(!isPostKey({ ...key({ ctrlKey: true }), key: 'a' }));
  });
});
