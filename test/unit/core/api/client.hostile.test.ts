import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { ApiClient } from '../../../../src/core/api/client';
import type { ApiError } from '../../../../src/core/api/errors';
import {
  BadResponseError,
  InvalidRequestError,
  NetworkError,
  RateLimitedError,
  ServerError,
} from '../../../../src/core/api/errors';
import { DOWNLOAD_MARGIN_BYTES, transferDeadlineMs } from '../../../../src/core/api/limits';
import { RateLimiter } from '../../../../src/core/api/rateLimiter';
import { ANSWER_ERRORS, HOSTILE_MODES, startHostileServer } from '../../../hostile/server';
import type { HostileMode, HostileServer } from '../../../hostile/server';

/**
 * The client against a server that answers every request badly (test/hostile/server.ts): every call
 * ends within its deadline with a typed error whose message says what happened, and nothing escapes as
 * an unhandled rejection or an uncaught exception. Every call of every mode runs at once, so the file
 * takes about as long as its longest deadline (a drip-fed download).
 */

/**
 * The client's per-attempt timeout and whole-call deadline here. Every call of every mode runs at once
 * in this process, beside the server streaming the huge bodies: on a loaded machine (a stress run, two
 * CPU hogs) a reset or a refused body took over a second to reach the client, so a 1 s timeout
 * turned them into timeouts by chance. These leave room for that; the file takes about 10 s.
 */
const TIMEOUT_MS = 4_000;
const DEADLINE_MS = 8_000;
/** Scheduling slack past a deadline, for the same reason. */
const SLACK_MS = 6_000;
const FILE_SIZE = 1_000;

type ErrorClass = abstract new (...args: never[]) => ApiError;
interface Expectation {
  type: ErrorClass;
  message: RegExp;
}

const answer = (mode: keyof typeof ANSWER_ERRORS): Expectation => ({
  type: BadResponseError,
  message: ANSWER_ERRORS[mode],
});
const expected: Record<HostileMode, Expectation> = {
  malformed: answer('malformed'),
  wrongTypes: answer('wrongTypes'),
  deep: answer('deep'),
  huge: answer('huge'),
  hugeDeclared: answer('hugeDeclared'),
  hang: {
    type: NetworkError,
    message: new RegExp(`did not (answer in time|give a complete answer within ${DEADLINE_MS / 1000} s)`),
  },
  // A late byte on a loaded machine can also trip the per-attempt idle timeout: either says it.
  drip: {
    type: NetworkError,
    message: new RegExp(`did not (answer in time|give a complete answer within ${DEADLINE_MS / 1000} s)`),
  },
  reset: { type: NetworkError, message: /closed the connection before answering/ },
  redirectLoop: answer('redirectLoop'),
  retryAfter: {
    type: RateLimitedError,
    message:
      /asked to wait \d+ days before trying again \(429\), longer than the limit of 60 requests a minute can explain/,
  },
  storm: { type: ServerError, message: /the service failed \(50\d\)/ },
};

/** Downloads do not read JSON: a small malformed or wrongly typed body is a file like any other. */
const downloadExpected: Partial<Record<HostileMode, Expectation>> = {
  huge: {
    type: BadResponseError,
    message: new RegExp(`larger than ${Math.round((FILE_SIZE + DOWNLOAD_MARGIN_BYTES) / 1024)} KB`),
  },
  hugeDeclared: {
    type: BadResponseError,
    message: new RegExp(`larger than ${Math.round((FILE_SIZE + DOWNLOAD_MARGIN_BYTES) / 1024)} KB`),
  },
  hang: expected.hang,
  drip: { type: NetworkError, message: /did not give a complete answer within \d+ s/ },
  reset: expected.reset,
  redirectLoop: { type: InvalidRequestError, message: /too many redirects/ },
  retryAfter: expected.retryAfter,
  storm: expected.storm,
};

interface Outcome {
  error: unknown;
  ms: number;
  bytes?: number;
}

const ws = randomUUID();
const list = randomUUID();

function client(server: HostileServer, mode: HostileMode): ApiClient {
  return new ApiClient({
    baseUrl: server.baseUrl(mode),
    token: 'hostile-token',
    limiter: new RateLimiter({ limit: 1_000, windowMs: 1_000 }),
    timeoutMs: TIMEOUT_MS,
    callDeadlineMs: DEADLINE_MS,
  });
}

async function timed(run: () => Promise<unknown>): Promise<Outcome> {
  const started = Date.now();
  try {
    await run();
    return { error: undefined, ms: Date.now() - started };
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
}

async function readAll(api: ApiClient, signal?: AbortSignal): Promise<number> {
  const file = await api.downloadAttachment(ws, randomUUID(), randomUUID(), { fileSize: FILE_SIZE, signal });
  let bytes = 0;
  for await (const chunk of file.body) {
    bytes += (chunk as Buffer).length;
  }
  return bytes;
}

const operations: Record<string, (api: ApiClient) => Promise<unknown>> = {
  getUser: (api) => api.getUser(),
  'listTasks per_page=0': (api) => api.listTasks(ws, { scope: { list_id: list }, per_page: 0 }),
  getSidebar: (api) => api.getSidebar(ws),
  createTask: (api) => api.createTask(ws, { list_id: list, title: 'hostile' }),
  createComment: (api) => api.createComment(ws, randomUUID(), { body: 'hostile' }),
};

describe('api/client against a hostile server: every call ends within its deadline with a typed error', function () {
  this.timeout(120_000);
  let server: HostileServer;
  const outcomes = new Map<string, Promise<Outcome>>();
  const escaped: unknown[] = [];
  const onEscape = (error: unknown): void => {
    escaped.push(error);
  };

  before(async () => {
    process.on('unhandledRejection', onEscape);
    process.on('uncaughtException', onEscape);
    server = await startHostileServer({ lifetimeMs: 110_000 });
    for (const mode of HOSTILE_MODES) {
      for (const [name, run] of Object.entries(operations)) {
        outcomes.set(
          `${mode} ${name}`,
          timed(() => run(client(server, mode))),
        );
      }
      if (downloadExpected[mode]) {
        outcomes.set(
          `${mode} download`,
          timed(() => readAll(client(server, mode))),
        );
      }
    }
  });
  after(async () => {
    await Promise.all(outcomes.values());
    await server?.close();
    process.off('unhandledRejection', onEscape);
    process.off('uncaughtException', onEscape);
  });

  function check(outcome: Outcome, want: Expectation, limitMs: number, what: string): void {
    assert.ok(outcome.error instanceof want.type, `${what}: expected ${want.type.name}, got ${String(outcome.error)}`);
    const message = (outcome.error as Error).message;
    assert.match(message, want.message, `${what}: ${message}`);
    assert.ok(!message.includes('hostile-token'), `${what}: the token stays out of messages`);
    assert.ok(outcome.ms <= limitMs, `${what}: ended after ${outcome.ms} ms, deadline ${limitMs} ms`);
  }

  for (const mode of HOSTILE_MODES) {
    for (const name of Object.keys(operations)) {
      it(`${mode}: ${name}`, async () => {
        check(await outcomes.get(`${mode} ${name}`)!, expected[mode], DEADLINE_MS + SLACK_MS, `${mode} ${name}`);
      });
    }
    const download = downloadExpected[mode];
    if (download) {
      it(`${mode}: downloadAttachment stops at file_size plus the margin, and within its own deadline`, async () => {
        const limit = transferDeadlineMs(FILE_SIZE + DOWNLOAD_MARGIN_BYTES);
        check(await outcomes.get(`${mode} download`)!, download, limit + SLACK_MS, `${mode} download`);
      });
    }
  }

  it('a Retry-After no budget explains is neither retried nor slept through: one request, a quick error', async () => {
    await Promise.all(outcomes.values()); // alone, so no other mode's load delays the answer
    const before = server.count('retryAfter');
    const outcome = await timed(() => client(server, 'retryAfter').getUser());
    check(outcome, expected.retryAfter, 1_000, 'retryAfter alone');
    assert.equal(server.count('retryAfter') - before, 1);
  });

  it('a Content-Length over the cap is refused before the body is read (quickly)', async () => {
    const outcome = await outcomes.get('hugeDeclared getUser')!;
    assert.ok(outcome.ms < 1_000, `took ${outcome.ms} ms`);
  });

  it('cancellation still works: an aborted drip-fed call rejects with AbortError at once', async () => {
    const api = new ApiClient({
      baseUrl: server.baseUrl('drip'),
      token: 't',
      limiter: new RateLimiter({ limit: 1_000, windowMs: 1_000 }),
    });
    const controller = new AbortController();
    const call = timed(() => api.getUser({ signal: controller.signal }));
    const download = timed(() => readAll(api, controller.signal));
    setTimeout(() => controller.abort(), 300);
    for (const outcome of [await call, await download]) {
      assert.equal((outcome.error as Error)?.name, 'AbortError', String(outcome.error));
      assert.ok(outcome.ms < 1_500, `took ${outcome.ms} ms`);
    }
  });

  it('nothing escaped as an unhandled rejection or an uncaught exception', async () => {
    await Promise.all(outcomes.values());
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(escaped.map(String), []);
  });
});
