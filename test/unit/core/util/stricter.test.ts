import { strict as assert } from 'node:assert';
import { allOn, anyOn, intersection, strictest, union } from '../../../../src/core/util/stricter';

describe('stricter: a folder can only tighten the user’s AI and write settings', () => {
  it('read-only is on when the user or the folder turns it on', () => {
    assert.equal(anyOn({ defaultValue: false, globalValue: true, workspaceValue: false }), true);
    assert.equal(anyOn({ defaultValue: false, globalValue: false, workspaceValue: true }), true);
    assert.equal(anyOn({ defaultValue: false, workspaceFolderValue: 'yes' }), false, 'a wrong type counts as unset');
    assert.equal(anyOn(undefined), false);
  });

  it('the MCP server is on only when the user turned it on and no folder turned it off', () => {
    assert.equal(allOn({ defaultValue: false, workspaceValue: true }), false);
    assert.equal(allOn({ defaultValue: false, globalValue: true, workspaceValue: false }), false);
    assert.equal(allOn({ defaultValue: false, globalValue: true }), true);
  });

  it('toolsets and included tools are what every scope allows; excluded tools are what any excludes', () => {
    const all = ['navigation', 'tasks', 'comments', 'views'];
    assert.deepEqual(intersection({ defaultValue: all, globalValue: ['comments'], workspaceValue: all }), ['comments']);
    assert.deepEqual(intersection({ defaultValue: all, workspaceValue: ['views'] }), ['views']);
    assert.deepEqual(intersection({ defaultValue: [], workspaceValue: ['update_task'] }), []);
    assert.equal(intersection({}), undefined);
    assert.deepEqual(union({ defaultValue: [], globalValue: ['a'], workspaceValue: ['b', 'a'] }), ['a', 'b']);
  });

  it("Start Work's task update is the strictest of never, ask and always", () => {
    const order = ['never', 'ask', 'always'] as const;
    assert.equal(strictest({ defaultValue: 'ask', globalValue: 'never', workspaceValue: 'always' }, order), 'never');
    assert.equal(strictest({ defaultValue: 'ask', globalValue: 'always', workspaceFolderValue: 'ask' }, order), 'ask');
    assert.equal(strictest({ defaultValue: 'ask', workspaceValue: 'sometimes' }, order), 'ask');
  });
});
