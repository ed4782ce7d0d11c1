import * as assert from 'node:assert/strict';
import { focusStep, moveTarget, placeOf } from '../../../../src/webview/board/navigate';

describe('board keyboard (webview/board/navigate.ts)', () => {
  const columns = [['a1', 'a2', 'a3'], [], ['c1']];

  it('up and down stay in the column; home and end go to its ends', () => {
    assert.equal(focusStep(columns, 'a2', 'up'), 'a1');
    assert.equal(focusStep(columns, 'a2', 'down'), 'a3');
    assert.equal(focusStep(columns, 'a3', 'down'), undefined);
    assert.equal(focusStep(columns, 'a3', 'home'), 'a1');
    assert.equal(focusStep(columns, 'a1', 'end'), 'a3');
  });

  it('left and right skip empty columns and keep the row where they can', () => {
    assert.equal(focusStep(columns, 'a3', 'right'), 'c1');
    assert.equal(focusStep(columns, 'c1', 'left'), 'a1');
    assert.equal(focusStep(columns, 'a1', 'left'), undefined);
    assert.equal(focusStep(columns, 'zz', 'left'), undefined);
  });

  it('a card moves one column at a time, into empty columns too, and not past the edges', () => {
    assert.deepEqual(placeOf(columns, 'c1'), { column: 2, card: 0 });
    assert.equal(moveTarget(3, 0, 'right'), 1);
    assert.equal(moveTarget(3, 2, 'left'), 1);
    assert.equal(moveTarget(3, 0, 'left'), undefined);
    assert.equal(moveTarget(3, 2, 'right'), undefined);
  });
});
