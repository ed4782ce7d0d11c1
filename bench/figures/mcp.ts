/**
 * Assistant tools: what the MCP server costs a model's context. The tool list's size in tokens
 * (characters of names, descriptions, input and output schemas / 4, the usual rough rule) and the
 * bytes one `list_tasks` call puts in front of the model (its text) on the large seed's biggest list: its
 * default page and what asking for everything (`per_page: 0`) gives. Deterministic, so one run; the
 * baselines are the figures measured before results became compact pages (fixed floors).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { repoRoot } from '../../test/host/paths';
import type { BenchContext } from '../context';
import { summarize } from '../stats';

/**
 * Measured with this figure on the code before compact pages and output schemas (16 tools, raw API
 * rows; `per_page: 0` was then cut only by the 200,000-character cap of untrusted.ts).
 */
const BEFORE = { listTokens: 3_590, defaultPage: 74_083, everything: 193_079 };
/** The targets: the whole list in about 3,000 tokens, no result over about 25 KB. */
const TOKEN_TARGET = 3_000;
const RESULT_TARGET = 25 * 1024;

/** Characters of what a model reads of one tool, / 4. */
export function toolTokens(tools: readonly Tool[]): number {
  const chars = tools.reduce(
    (sum, t) =>
      sum +
      t.name.length +
      (t.description ?? '').length +
      JSON.stringify(t.inputSchema).length +
      (t.outputSchema ? JSON.stringify(t.outputSchema).length : 0),
    0,
  );
  return Math.round(chars / 4);
}

/**
 * Bytes of what a model reads of a tool result: its text (structuredContent, when there is one, is
 * the same object for clients that read structure instead).
 */
export function resultBytes(result: CallToolResult): number {
  return Buffer.byteLength(result.content.map((part) => (part.type === 'text' ? part.text : '')).join(''));
}

/** `per_page: 0` returned every task before; now the schema's maximum is the most one call gives. */
function largestPage(tool: Tool | undefined): { label: string; args: Record<string, unknown> } {
  const perPage = (tool?.inputSchema.properties?.per_page ?? {}) as { minimum?: number; maximum?: number };
  return perPage.minimum === 0
    ? { label: 'per_page 0: every task', args: { per_page: 0 } }
    : { label: `per_page ${perPage.maximum}`, args: { per_page: perPage.maximum } };
}

export async function mcpFigure(ctx: BenchContext): Promise<void> {
  const fx = await ctx.reset({ limit: 1000, windowMs: 60_000 });
  execFileSync(process.execPath, ['esbuild.mjs'], { cwd: repoRoot, stdio: 'pipe' });
  const users = (await ctx.control<{ users: { alice: { token: string } } }>('GET', '/fixtures')).users;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(repoRoot, 'dist', 'mcp-server.js')],
    env: {
      PATH: process.env.PATH ?? '',
      TASK_PLATFORM_BASE_URL: ctx.sandbox.baseUrl,
      TASK_PLATFORM_TOKEN: users.alice.token,
    },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'task-platform-bench', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const tokens = toolTokens(tools);
    ctx.add({
      figure: 'mcp',
      measure: `tools/list, ${tools.length} tools (characters of names, descriptions, schemas / 4)`,
      unit: 'tokens',
      value: summarize([tokens]),
      baseline: { label: `before: 16 tools, no output schemas`, value: summarize([BEFORE.listTokens]) },
      ratio: summarize([tokens / BEFORE.listTokens]),
      target: { text: `about ${TOKEN_TARGET}`, met: tokens <= TOKEN_TARGET * 1.1 },
    });
    const largest = largestPage(tools.find((t) => t.name === 'list_tasks'));
    const call = async (args: Record<string, unknown>): Promise<number> =>
      resultBytes(
        (await client.callTool({
          name: 'list_tasks',
          arguments: { workspace_id: fx.workspaces.acme.id, list_id: fx.lists.big_1, ...args },
        })) as CallToolResult,
      );
    for (const [label, args, before, was] of [
      ['default page', {}, BEFORE.defaultPage, 'before: 50 raw API rows'],
      [
        `largest page it allows (${largest.label})`,
        largest.args,
        BEFORE.everything,
        'before: per_page 0, every row up to the 200,000-character cap',
      ],
    ] as const) {
      const bytes = await call(args);
      ctx.add({
        figure: 'mcp',
        measure: `list_tasks on the biggest list (2,500 tasks), ${label}`,
        unit: 'bytes',
        value: summarize([bytes]),
        baseline: { label: was, value: summarize([before]) },
        ratio: summarize([bytes / before]),
        target: { text: `< ${RESULT_TARGET / 1024} KB`, met: bytes < RESULT_TARGET },
      });
    }
  } finally {
    await client.close();
  }
}
