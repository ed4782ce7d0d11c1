import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { ANSWER_ERRORS, startHostileServer } from '../../hostile/server';
import type { HostileServer } from '../../hostile/server';
import { buildServer, connect } from './harness';
import { mcpError, S } from './resourceHarness';

/**
 * Resources, prompts and completion of the real stdio server against a service that answers every
 * request with a broken body: each request ends in an MCP error that says what was wrong (or, for a
 * completion, an empty answer), and the process lives on. The modes that fail at once only; the
 * slow ones (hang, drip, reset, storm) end at the client's call deadline like the tools do
 * (hostile.test.ts).
 */
const MODES = Object.keys(ANSWER_ERRORS) as (keyof typeof ANSWER_ERRORS)[];

describe('mcp server: resources and prompts against a hostile server fail clearly, and the process lives', function () {
  this.timeout(60_000);
  let server: HostileServer;

  before(async () => {
    buildServer();
    server = await startHostileServer({ lifetimeMs: 55_000 });
  });
  after(() => server?.close());

  for (const mode of MODES) {
    it(`${mode}: read, list and prompt are MCP errors naming the fault; completion is empty`, async () => {
      const session = await connect(server.baseUrl(mode), 'hostile-token');
      try {
        const { client } = session;
        const errors = [
          await mcpError(client.readResource({ uri: `${S}tasks/${randomUUID()}` })),
          await mcpError(client.readResource({ uri: `${S}lists/${randomUUID()}/tasks` })),
          await mcpError(client.listResources()),
          await mcpError(client.getPrompt({ name: 'summarise_task', arguments: { task: 'ACME-12' } })),
        ];
        for (const error of errors) {
          assert.match(error.message, /^MCP error -32603: resources\/(read|list) failed: getUser: /);
          assert.match(error.message, ANSWER_ERRORS[mode]);
          assert.ok(!error.message.includes('hostile-token'));
        }
        const { completion } = await client.complete({
          ref: { type: 'ref/resource', uri: `${S}lists/{list}/tasks` },
          argument: { name: 'list', value: 'a' },
        });
        assert.deepEqual(completion.values, []);
        const { resourceTemplates } = await client.listResourceTemplates();
        assert.equal(resourceTemplates.length, 5, 'the process still answers');
        assert.doesNotMatch(session.stderr(), /failed:|Error:|exception/i);
      } finally {
        await session.close();
      }
    });
  }
});
