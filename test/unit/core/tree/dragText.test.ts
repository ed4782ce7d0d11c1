import * as assert from 'node:assert/strict';
import { dragText } from '../../../../src/core/tree/dragText';
import { corpus } from '../../../hostile/corpus';

describe('dragText: what a dragged task drops as text', () => {
  const cases: [string, { display_id?: unknown }[], string | undefined][] = [
    ['one task', [{ display_id: 'ACME-12' }], 'ACME-12'],
    [
      'several, in drag order, once each',
      [{ display_id: 'ACME-3' }, { display_id: 'SIDE-1' }, { display_id: 'ACME-3' }],
      'ACME-3 SIDE-1',
    ],
    ['none', [], undefined],
    ['no display id', [{}, { display_id: null }], undefined],
    [
      'outside the grammar',
      [{ display_id: 'ACME-12\n// run' }, { display_id: 'ACME 12' }, { display_id: 12 }],
      undefined,
    ],
    ['the good ones of a mix', [{ display_id: '<b>X-1</b>' }, { display_id: 'X-2' }], 'X-2'],
  ];
  for (const [label, rows, expected] of cases) {
    it(label, () => assert.equal(dragText(rows), expected));
  }

  it('drops no hostile payload as a display id', () => {
    for (const payload of corpus) {
      assert.equal(dragText([{ display_id: payload.text }]), undefined, payload.name);
    }
  });
});
