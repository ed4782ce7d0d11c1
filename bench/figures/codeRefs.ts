/**
 * Code references: indexing task references in a generated 5,000-file workspace (14
 * languages; references in comments, and noise that must not match: the same ids in strings, dates,
 * versions, colours, UUIDs, unknown prefixes) with the extension's scanner, then resolving every
 * distinct id with its resolver. Baseline in the same run: reading the same files without scanning.
 * Requests are bounded by spaces, not ids: spaces x ceil(ids / chunk) + 1 (the spaces call).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { ApiClient } from '../../src/core/api/client';
import { RateLimiter } from '../../src/core/api/rateLimiter';
import { ReferenceMatcher } from '../../src/core/codeLinks/references';
import { TaskResolver } from '../../src/core/codeLinks/resolver';
import type { BenchContext } from '../context';
import { pairedRatios, summarize } from '../stats';

const FILES = 5000;
const DISTINCT_IDS = 80;
const CHUNK = 100;
const kinds: [string, string, (id: string) => string][] = [
  ['.ts', 'typescript', (id) => `// Fixes ${id}\nconst s = "${id}"; /* released 2026-08, v1.2-3 */\n`],
  ['.js', 'javascript', (id) => `/** See ${id} and ABC-123 */\nlet color = "#A0C0E0";\n`],
  [
    '.py',
    'python',
    (id) => `def f():\n    """Implements ${id}."""\n    return "ACME-1"  # 3f2a0c1e-face-1234-9abc-0123456789ab\n`,
  ],
  ['.go', 'go', (id) => `package x\n// ${id}: retry\nvar s = "${id}"\n`],
  ['.rs', 'rust', (id) => `/// ${id}\nfn main() {}\n`],
  ['.java', 'java', (id) => `/* ${id} */ class A { String s = "${id}"; }\n`],
  ['.rb', 'ruby', (id) => `# ${id}\nputs "2026-08-15"\n`],
  ['.sh', 'shellscript', (id) => `# ${id}\necho "ABC-9"\n`],
  ['.sql', 'sql', (id) => `-- ${id}\nSELECT 'ACME-2';\n`],
  ['.lua', 'lua', (id) => `-- ${id}\nlocal v = "1.2.3"\n`],
  ['.html', 'html', (id) => `<!-- ${id} -->\n<p>ACME-3</p>\n`],
  ['.css', 'css', (id) => `/* ${id} */ .a { color: #fff; }\n`],
  ['.yaml', 'yaml', (id) => `key: value # ${id}\n`],
  ['.c', 'c', (id) => `// ${id}\nint main(void) { return 0; }\n`],
];
const languageOf = new Map(kinds.map(([ext, lang]) => [ext, lang]));

function generate(root: string, ids: readonly string[]): void {
  const filler = '// plain comment without references\nfunction noop() { return 42; }\n'.repeat(20);
  for (let i = 0; i < FILES; i++) {
    const [ext, , body] = kinds[i % kinds.length]!;
    const dir = join(root, `pkg${i % 50}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `file${i}${ext}`), body(ids[i % ids.length]!) + filler);
  }
}

function eachFile(root: string, visit: (path: string, text: string) => void): void {
  for (const dir of readdirSync(root)) {
    for (const file of readdirSync(join(root, dir))) {
      const path = join(root, dir, file);
      visit(path, readFileSync(path, 'utf8'));
    }
  }
}

const gc = (globalThis as { gc?: () => void }).gc;

function index(root: string, matcher: ReferenceMatcher): { ids: Set<string>; ms: number; heap: number } {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const found: { file: string; ids: string[] }[] = [];
  eachFile(root, (path, text) =>
    found.push({
      file: path,
      ids: matcher.scan(text, languageOf.get(extname(path)) ?? 'plaintext').map((r) => r.displayId),
    }),
  );
  const ms = performance.now() - started;
  gc?.();
  const heap = process.memoryUsage().heapUsed - heapBefore;
  return { ids: new Set(found.flatMap((f) => f.ids)), ms, heap };
}

export async function codeRefsFigure(ctx: BenchContext): Promise<void> {
  const fx = await ctx.reset({ limit: 0, windowMs: 60_000 });
  const tasks = (
    await ctx.control<{ data: { display_id: string; parent_task_id: string | null; deleted_at: string | null }[] }>(
      'GET',
      '/state/tasks',
    )
  ).data;
  const ids = tasks
    .filter((t) => t.parent_task_id === null && t.deleted_at === null)
    .slice(0, DISTINCT_IDS)
    .map((t) => t.display_id);
  const root = mkdtempSync(join(tmpdir(), 'bench-code-refs-'));
  try {
    generate(root, ids);
    const read: number[] = [];
    const scan: number[] = [];
    const heap: number[] = [];
    const requests: number[] = [];
    let bound = 0;
    for (let run = 0; run < ctx.runs; run++) {
      const readStarted = performance.now();
      let bytes = 0;
      eachFile(root, (_path, text) => (bytes += text.length));
      read.push(performance.now() - readStarted);
      const result = index(root, new ReferenceMatcher(['ACME'], ctx.sandbox.baseUrl));
      scan.push(result.ms);
      heap.push(result.heap);
      const client = new ApiClient({
        baseUrl: ctx.sandbox.baseUrl,
        token: 'demo-token-alice',
        limiter: new RateLimiter({ limit: 100_000, windowMs: 1000 }),
      });
      const spaces = (await client.listSpaces(fx.workspaces.acme.id)).length;
      const resolver = new TaskResolver(client, { workspacesFor: () => [fx.workspaces.acme.id], chunkSize: CHUNK });
      await resolver.resolve(result.ids);
      requests.push(resolver.requests);
      bound = spaces * Math.ceil(result.ids.size / CHUNK) + 1;
      if (result.ids.size !== ids.length) {
        ctx.note(`code references: ${result.ids.size} distinct ids found, ${ids.length} planted`);
      }
    }
    ctx.add({
      figure: 'code references',
      measure: `index ${FILES} files: time`,
      unit: 'ms',
      value: summarize(scan),
      baseline: { label: 'read the files', value: summarize(read) },
      ratio: pairedRatios(scan, read),
    });
    ctx.add({
      figure: 'code references',
      measure: `index ${FILES} files: heap held`,
      unit: 'bytes',
      value: summarize(heap),
      note: gc ? undefined : 'run with node --expose-gc',
    });
    ctx.add({
      figure: 'code references',
      measure: `resolve ${ids.length} distinct ids: requests`,
      unit: 'req',
      value: summarize(requests),
      baseline: { label: 'spaces × ⌈ids/100⌉ + 1', value: summarize([bound]) },
      ratio: pairedRatios(
        requests,
        requests.map(() => bound),
      ),
      target: { text: '≤ bound', met: Math.max(...requests) <= bound },
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
