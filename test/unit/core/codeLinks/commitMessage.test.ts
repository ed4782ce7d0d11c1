import * as assert from 'node:assert/strict';
import { commitMessage, DEFAULT_COMMIT_TEMPLATE } from '../../../../src/core/codeLinks/commitMessage';

describe('commitMessage: Start Work fills the commit box from a template', () => {
  it('replaces {displayId}, as often as it appears', () => {
    assert.equal(commitMessage('{displayId}: ', 'ACME-12'), 'ACME-12: ');
    assert.equal(commitMessage('Fixes {displayId}', 'ACME-12'), 'Fixes ACME-12');
    assert.equal(commitMessage('[{displayId}] ({displayId})', 'ACME-12'), '[ACME-12] (ACME-12)');
  });

  it('uses the default when the template names no task or is not text', () => {
    assert.equal(DEFAULT_COMMIT_TEMPLATE, '{displayId}: ');
    for (const template of ['', 'Fixes', '{displayid}', undefined, 42, null, ['{displayId}']]) {
      assert.equal(commitMessage(template, 'ACME-12'), 'ACME-12: ', String(template));
    }
  });

  it('keeps one line without control characters, of bounded length', () => {
    assert.equal(commitMessage('Fixes {displayId}\nrm -rf /', 'ACME-12'), 'Fixes ACME-12');
    assert.equal(commitMessage('\u0007Fixes\u001b {displayId}', 'ACME-12'), 'Fixes ACME-12');
    assert.equal(commitMessage(`{displayId} ${'x'.repeat(100_000)}`, 'ACME-12')!.length, 200 - 11 + 7);
  });

  it('offers nothing for a display id outside the grammar', () => {
    for (const id of ['acme 12', 'ACME-12\nx', '<b>ACME-12</b>', '']) {
      assert.equal(commitMessage('{displayId}: ', id), undefined, id);
    }
  });
});
