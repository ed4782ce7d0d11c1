import { strict as assert } from 'node:assert';
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BadResponseError,
  ConflictError,
  ForbiddenError,
  IdempotencyMismatchError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from '../../../../src/core/api/errors';
import { useSandbox } from './env';
import type { Json } from './env';

/** A real HTTP server in front of the sandbox that can rewrite JSON answers (a broken upstream). */
async function startProxy(
  target: string,
  rewrite: (path: string, body: Json) => Json,
): Promise<{ baseUrl: string; server: Server }> {
  const upstream = new URL(target);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const body = JSON.stringify(rewrite(req.url ?? '', JSON.parse(Buffer.concat(chunks).toString('utf8'))));
          res.writeHead(answer.statusCode ?? 500, { 'content-type': 'application/json' }).end(body);
        });
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, server };
}

describe('api/client error classes against real answers', function () {
  const env = useSandbox(this, { timeout: 30_000 });

  it('401 -> UnauthorizedError, and the message never contains the token', async () => {
    const lines: string[] = [];
    const api = env.client('not-a-real-token-123', { log: (_level, line) => lines.push(line) });
    const error = await api.getUser().catch((e: unknown) => e);
    assert.ok(UnauthorizedError.is(error));
    assert.equal(error.status, 401);
    assert.equal(error.operation, 'getUser');
    assert.doesNotMatch(`${error.message} ${error.stack}`, /not-a-real-token-123/);
    assert.deepEqual(lines.length, 1);
    assert.match(lines[0] ?? '', /^GET \/user 401 \d+ms$/);
  });

  it('every 401 is told to onUnauthorized (the account marks itself), other failures are not', async () => {
    let told = 0;
    const revoked = env.client('not-a-real-token-123', { onUnauthorized: () => (told += 1) });
    await revoked.getUser().catch(() => undefined);
    await revoked.listSpaces(env.acme).catch(() => undefined);
    assert.equal(told, 2);
    let wrongly = 0;
    const fine = env.client('demo-token-bob', { onUnauthorized: () => (wrongly += 1) });
    await fine.getSubtasks(env.acme, env.fx.tasks.private_task.id).catch(() => undefined); // 403
    await fine.getUser();
    assert.equal(wrongly, 0, 'a 403 or a success is not a refused token');
  });

  it('403 -> ForbiddenError (member without access, subtasks route)', async () => {
    const error = await env
      .client('demo-token-bob')
      .getSubtasks(env.acme, env.fx.tasks.private_task.id)
      .catch((e: unknown) => e);
    assert.ok(ForbiddenError.is(error), String(error));
  });

  it('404 -> NotFoundError', async () => {
    const error = await env
      .client()
      .getTask(env.acme, '00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e);
    assert.ok(NotFoundError.is(error));
    assert.match(error.message, /getTask: not found/);
  });

  it('409 -> ConflictError when the dependency already exists', async () => {
    const api = env.client();
    const a = await api.createTask(env.acme, { list_id: env.fx.lists.api, title: 'A' });
    const b = await api.createTask(env.acme, { list_id: env.fx.lists.api, title: 'B' });
    await api.addDependency(env.acme, a.id, b.id);
    const started = Date.now();
    const error = await api.addDependency(env.acme, a.id, b.id).catch((e: unknown) => e);
    assert.ok(ConflictError.is(error), String(error));
    assert.ok(Date.now() - started < 1000, 'a first-attempt 409 is not waited out');
  });

  it('422 -> ValidationError with per-field messages', async () => {
    const error = await env
      .client()
      .createTask(env.acme, { list_id: env.fx.lists.api, title: '' })
      .catch((e: unknown) => e);
    assert.ok(ValidationError.is(error));
    assert.ok(error.fields.title?.length);
  });

  it('422 for a reused Idempotency-Key with another body -> IdempotencyMismatchError', async () => {
    const api = env.client();
    const key = 'fixed-key-1';
    await api.createTask(env.acme, { list_id: env.fx.lists.api, title: 'First' }, { idempotencyKey: key });
    const replay = await api.createTask(
      env.acme,
      { list_id: env.fx.lists.api, title: 'First' },
      { idempotencyKey: key },
    );
    assert.equal(replay.title, 'First');
    const error = await api
      .createTask(env.acme, { list_id: env.fx.lists.api, title: 'Other' }, { idempotencyKey: key })
      .catch((e: unknown) => e);
    assert.ok(IdempotencyMismatchError.is(error), String(error));
    assert.equal((await env.state('tasks')).filter((t: Json) => t.title === 'First').length, 1);
  });

  it('429 that outlasts the retries -> RateLimitedError with retryAfterMs', async () => {
    await env.fault({ path: '/api/user', kind: 'status429' });
    const error = await env
      .client('demo-token-alice', { retry: { rateLimitRetries: 0 } })
      .getUser()
      .catch((e: unknown) => e);
    assert.ok(RateLimitedError.is(error), String(error));
    assert.ok((error.retryAfterMs ?? 0) >= 1000);
  });

  it('connection refused -> NetworkError with host, timeout false', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const api = env.client('demo-token-alice', {
      baseUrl: `http://127.0.0.1:${port}/api`,
      retry: { transientRetries: 1 },
    });
    const error = await api.getUser().catch((e: unknown) => e);
    assert.ok(NetworkError.is(error), String(error));
    assert.equal(error.host, `127.0.0.1:${port}`);
    assert.equal(error.timeout, false);
  });

  it('no answer in time -> NetworkError with timeout true', async () => {
    await env.fault({ path: '/api/user', kind: 'latency', latency_ms: 1500 });
    const api = env.client('demo-token-alice', { timeoutMs: 200, retry: { transientRetries: 0 } });
    const error = await api.getUser().catch((e: unknown) => e);
    assert.ok(NetworkError.is(error), String(error));
    assert.equal(error.timeout, true);
  });

  it('malformed JSON -> BadResponseError', async () => {
    await env.fault({ path: '/api/user', kind: 'malformed_json' });
    const error = await env
      .client()
      .getUser()
      .catch((e: unknown) => e);
    assert.ok(BadResponseError.is(error), String(error));
  });

  it('an HTML page at the base URL -> BadResponseError saying so', async () => {
    const server = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html>Welcome</html>'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    try {
      const error = await env
        .client('demo-token-alice', { baseUrl })
        .getUser()
        .catch((e: unknown) => e);
      assert.ok(BadResponseError.is(error));
      assert.equal(
        error.message,
        `${baseUrl} did not answer like the Task Platform API (got text/html). Check the base URL; it must include the API prefix.`,
      );
    } finally {
      server.close();
    }
  });

  it('a documented field broken by the server -> BadResponseError naming operation and field; extra fields are kept', async () => {
    const { baseUrl, server } = await startProxy(env.sandbox.origin, (path, body) => {
      if (path.endsWith('/user')) {
        body.workspaces[1].id = 42;
      }
      if (path.includes('/tasks/')) {
        body.from_the_future = { shiny: true };
      }
      return body;
    });
    try {
      const api = env.client('demo-token-alice', { baseUrl });
      const error = await api.getUser().catch((e: unknown) => e);
      assert.ok(BadResponseError.is(error), String(error));
      assert.equal(error.operation, 'getUser');
      assert.equal(error.field, 'workspaces[1].id');
      assert.match(error.message, /getUser: .*"workspaces\[1\]\.id"/);
      const task = await api.getTask(env.acme, env.fx.tasks.completed_task.id);
      assert.deepEqual((task as Json).from_the_future, { shiny: true });
    } finally {
      server.close();
    }
  });
});
