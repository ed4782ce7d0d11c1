import { strict as assert } from 'node:assert';
import {
  ApiError,
  BadResponseError,
  ConflictError,
  errorForStatus,
  ForbiddenError,
  IdempotencyMismatchError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
  UnexpectedStatusError,
  ValidationError,
} from '../../../../src/core/api/errors';

const secret = 'demo-token-alice';
const map = (status: number, body: unknown = { message: 'x' }, keyMayBeKnown = false): ApiError =>
  errorForStatus({ operation: 'createTask', status, body, keyMayBeKnown, secret, retryAfterMs: 2000 });

describe('api/errors errorForStatus (the one status -> class mapping)', () => {
  const table: Array<[number, (e: unknown) => boolean, string]> = [
    [401, UnauthorizedError.is, 'UnauthorizedError'],
    [403, ForbiddenError.is, 'ForbiddenError'],
    [404, NotFoundError.is, 'NotFoundError'],
    [409, ConflictError.is, 'ConflictError'],
    [422, ValidationError.is, 'ValidationError'],
    [429, RateLimitedError.is, 'RateLimitedError'],
    [500, ServerError.is, 'ServerError'],
    [503, ServerError.is, 'ServerError'],
    [405, UnexpectedStatusError.is, 'UnexpectedStatusError'],
  ];
  for (const [status, guard, name] of table) {
    it(`${status} -> ${name}`, () => {
      const error = map(status);
      assert.ok(guard(error));
      assert.ok(ApiError.is(error));
      assert.equal(error.name, name);
      assert.equal(error.status, status);
      assert.equal(error.operation, 'createTask');
      assert.match(error.message, /^createTask: /);
    });
  }

  it('guards are exclusive', () => {
    const error = map(404);
    assert.equal(UnauthorizedError.is(error), false);
    assert.equal(NetworkError.is(error), false);
    assert.equal(BadResponseError.is(new Error('x')), false);
    assert.equal(ApiError.is({ kind: 'notFound' }), false);
  });

  it('422 keeps per-field messages', () => {
    const error = map(422, {
      message: 'The title field is required.',
      errors: { title: ['The title field is required.'], list_id: ['bad'] },
    });
    assert.ok(ValidationError.is(error));
    assert.deepEqual(error.fields, { title: ['The title field is required.'], list_id: ['bad'] });
    assert.match(error.message, /title: The title field is required\./);
  });

  it('422 about the Idempotency-Key, or without fields on a known key, is an IdempotencyMismatchError', () => {
    const onKey = map(422, { message: 'reused', errors: { 'Idempotency-Key': ['reused with another body'] } }, true);
    assert.ok(IdempotencyMismatchError.is(onKey));
    assert.match(onKey.message, /bug/);
    assert.ok(IdempotencyMismatchError.is(map(422, { message: 'reused' }, true)));
    assert.ok(ValidationError.is(map(422, { message: 'reused' }, false)));
  });

  it('429 carries retryAfterMs', () => {
    const error = map(429);
    assert.ok(RateLimitedError.is(error));
    assert.equal(error.retryAfterMs, 2000);
  });

  it('never puts the token in a message, even when the server echoes it', () => {
    const error = map(422, { message: `bad token ${secret}`, errors: { x: [`${secret} is wrong`] } });
    assert.doesNotMatch(error.message, /demo-token-alice/);
    assert.doesNotMatch(JSON.stringify((error as ValidationError).fields), /demo-token-alice/);
    assert.doesNotMatch(String(error.serverMessage), /demo-token-alice/);
  });
});
