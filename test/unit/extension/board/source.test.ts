import * as assert from 'node:assert/strict';
import { joins, sourceArg, sourceFromArg, sourceKey, stays } from '../../../../src/extension/board/source';

const W = '00000000-0000-4000-8000-000000000001';
const S = '00000000-0000-4000-8000-000000000002';
const F = '00000000-0000-4000-8000-000000000003';
const L = '00000000-0000-4000-8000-000000000004';
const V = '00000000-0000-4000-8000-000000000005';
const OTHER = '00000000-0000-4000-8000-000000000006';

describe('what a board shows (extension/board/source.ts)', () => {
  it('a tree node asks for its most specific level; a saved view row for the view', () => {
    assert.deepEqual(sourceFromArg({ kind: 'list', workspaceId: W, spaceId: S, folderId: F, listId: L, name: 'API' }), {
      kind: 'list',
      workspaceId: W,
      id: L,
      name: 'API',
    });
    assert.equal(
      sourceFromArg({ kind: 'folder', workspaceId: W, spaceId: S, folderId: F, name: 'Backend' })?.kind,
      'folder',
    );
    assert.equal(sourceFromArg({ kind: 'space', workspaceId: W, spaceId: S, name: 'Eng' })?.kind, 'space');
    assert.deepEqual(
      sourceFromArg({ kind: 'view', key: 'view:x', view: { id: V, name: 'Open work', workspaceId: W } }),
      {
        kind: 'view',
        id: V,
        name: 'Open work',
        workspaceId: W,
      },
    );
  });

  it('anything else asks for nothing (the palette then picks a list)', () => {
    assert.equal(sourceFromArg(undefined), undefined);
    assert.equal(sourceFromArg({ workspaceId: 'not-a-uuid', listId: L }), undefined);
    assert.equal(sourceFromArg({ workspaceId: W, listId: '../x' }), undefined);
    assert.equal(sourceFromArg({ kind: 'view', view: { id: 'x' } }), undefined);
  });

  it("a node's account is kept, and survives the argument made of the source; a malformed one asks for nothing", () => {
    const account = 'https://tasks.example.com/api#u-frank';
    const list = sourceFromArg({ kind: 'list', workspaceId: W, listId: L, name: 'API', account });
    assert.equal(list?.account, account);
    assert.deepEqual(sourceFromArg(sourceArg(list!)), list);
    const view = sourceFromArg({ kind: 'view', view: { id: V, name: 'Open work' }, account });
    assert.equal(view?.account, account);
    assert.deepEqual(sourceFromArg(sourceArg(view!)), view);
    assert.equal(
      sourceFromArg({ kind: 'list', workspaceId: W, listId: L, account: 'javascript:alert(1)#x' }),
      undefined,
    );
    assert.equal(sourceFromArg({ kind: 'list', workspaceId: W, listId: L, account: 42 }), undefined);
    assert.equal('account' in (sourceArg({ kind: 'list', workspaceId: W, id: L, name: '' }) as object), false);
  });

  it('one board per list, folder, space or view', () => {
    assert.notEqual(
      sourceKey({ kind: 'list', workspaceId: W, id: L, name: '' }),
      sourceKey({ kind: 'view', id: L, name: '' }),
    );
  });

  it('a new task joins a list board of its list, a folder or space board of a list it shows, never a view board', () => {
    const lists = new Set([L]);
    assert.equal(joins({ kind: 'list', workspaceId: W, id: L, name: '' }, lists, { list_id: L }), true);
    assert.equal(
      joins({ kind: 'list', workspaceId: W, id: L, name: '' }, lists, { list_id: L, parent_task_id: OTHER }),
      false,
    );
    assert.equal(joins({ kind: 'folder', workspaceId: W, id: F, name: '' }, lists, { list_id: L }), true);
    assert.equal(joins({ kind: 'folder', workspaceId: W, id: F, name: '' }, lists, { list_id: OTHER }), false);
    assert.equal(joins({ kind: 'view', id: V, name: '' }, lists, { list_id: L }), false);
  });

  it('a task moved to another list leaves a list board; other boards keep it until their next read', () => {
    assert.equal(stays({ kind: 'list', workspaceId: W, id: L, name: '' }, { list_id: OTHER }), false);
    assert.equal(stays({ kind: 'list', workspaceId: W, id: L, name: '' }, { list_id: L }), true);
    assert.equal(stays({ kind: 'space', workspaceId: W, id: S, name: '' }, { list_id: OTHER }), true);
  });

  it('the argument made of a source names the same source (switching between board and table)', () => {
    for (const source of [
      { kind: 'list' as const, workspaceId: W, id: L, name: 'API' },
      { kind: 'folder' as const, workspaceId: W, id: F, name: 'Backend' },
      { kind: 'space' as const, workspaceId: W, id: S, name: 'Eng' },
      { kind: 'view' as const, workspaceId: W, id: V, name: 'Open work' },
    ]) {
      assert.deepEqual(sourceFromArg(sourceArg(source)), source);
    }
  });
});
