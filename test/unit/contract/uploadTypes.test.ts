// The client and the sandbox each keep their own table of accepted upload types, on purpose: the
// sandbox must not trust the client's code. This keeps both in line with the documented list.
import * as assert from 'node:assert/strict';
import { MIME_BY_EXT } from '../../../sandbox/routes/attachments';
import { UPLOAD_TYPES } from '../../../src/core/api/upload';
import { loadSpec } from './spec';

describe('contract: accepted upload types', () => {
  const documented: string[] = [...loadSpec()['x-limits'].upload.extensions].sort();

  it('the spec lists the extensions', () => {
    assert.ok(documented.length >= 10, JSON.stringify(documented));
  });

  it('the client accepts exactly the documented extensions', () => {
    assert.deepEqual(Object.keys(UPLOAD_TYPES).sort(), documented);
  });

  it('the sandbox accepts exactly the documented extensions', () => {
    assert.deepEqual(Object.keys(MIME_BY_EXT).sort(), documented);
  });

  it('the client and the sandbox name the same media type for each', () => {
    assert.deepEqual({ ...UPLOAD_TYPES }, { ...MIME_BY_EXT });
  });
});
