/**
 * Benchmark of tasks in code (issue 9), not a timed test. Reports:
 *   1. indexing references in a generated 5,000-file workspace (14 languages; references in comments,
 *      the same ids in strings, dates, versions, colours, UUIDs and unknown prefixes as noise): time
 *      and heap growth of reading and scanning every file with the extension's scanner;
 *   2. (for 80 and 300 distinct ids) the API requests to resolve every distinct id found, against the `large` seed (10 spaces):
 *      the task index filter on display_id with match any, one call per space and chunk of ids
 *      (Reference: Tasks), against the bound spaces x ceil(ids / chunk) + 1 (spaces); target:
 *      bounded by spaces, not ids;
 *   3. the requests of a second resolve of the same ids (target 0: cache hits).
 * Run: npm run bench (node --expose-gc through tsx for the memory figure).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { request } from 'undici';
import { ApiClient } from '../src/core/api/client';
import { RateLimiter } from '../src/core/api/rateLimiter';
import { ReferenceMatcher } from '../src/core/codeLinks/references';
import { TaskResolver } from '../src/core/codeLinks/resolver';
import { startSandbox } from '../test/sandbox/server';

const FILES = 5000;
const CHUNK = 100;
const kinds: [string, string, (id: string) => string][] = [
  ['.ts', 'typescript', (id) => `// Fixes ${id}\nconst s = "${id}"; /* released 2026-08, v1.2-3 */\n`],
  ['.js', 'javascript', (id) => `/** See ${id} and ABC-123 */\nlet color = "#A0C0E0";\n`],
  ['.py', 'python', (id) => `def f():\n    """Implements ${id}."""\n    return "ACME-1"  # 3f2a0c1e-face-1234-9abc-0123456789ab\n`],
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

async function json<T>(url: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await request(url, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return (await res.body.json()) as T;
}

function generate(root: string, ids: string[]): void {
  for (let i = 0; i < FILES; i += 1) {
    const [ext, , body] = kinds[i % kinds.length] as (typeof kinds)[number];
    const dir = join(root, `pkg${i % 50}`);
    mkdirSync(dir, { recursive: true });
    const filler = '// plain comment without references\nfunction noop() { return 42; }\n'.repeat(20);
    writeFileSync(join(dir, `file${i}${ext}`), body(ids[i % ids.length] as string) + filler);
  }
}

function index(root: string, matcher: ReferenceMatcher): { ids: Set<string>; refs: number; ms: number; heapMb: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const found: { file: string; ids: string[] }[] = [];
  for (const dir of readdirSync(root)) {
    for (const file of readdirSync(join(root, dir))) {
      const path = join(root, dir, file);
      const refs = matcher.scan(readFileSync(path, 'utf8'), languageOf.get(extname(file)) ?? 'plaintext');
      found.push({ file: path, ids: refs.map((r) => r.displayId) });
    }
  }
  const ms = performance.now() - started;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  const ids = new Set(found.flatMap((f) => f.ids));
  return { ids, refs: found.reduce((n, f) => n + f.ids.length, 0), ms, heapMb };
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ seed: 'large', rateLimit: 0, quiet: true });
  try {
    for (const distinct of [80, 300]) {
      await scenario(sandbox, distinct);
    }
  } finally {
    await sandbox.stop();
  }
}

async function scenario(sandbox: { origin: string; baseUrl: string }, distinct: number): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'codelinks-bench-'));
  try {
    const fx = await json<{ workspaces: { acme: { id: string } } }>(`${sandbox.origin}/__sandbox/fixtures`);
    const tasks = (await json<{ data: { display_id: string; parent_task_id: string | null; deleted_at: string | null }[] }>(`${sandbox.origin}/__sandbox/state/tasks`)).data;
    const ids = tasks.filter((t) => t.parent_task_id === null && t.deleted_at === null).slice(0, distinct).map((t) => t.display_id);
    generate(root, ids);
    const matcher = new ReferenceMatcher(['ACME'], sandbox.baseUrl);
    const scan = index(root, matcher);
    const client = new ApiClient({ baseUrl: sandbox.baseUrl, token: 'demo-token-alice', limiter: new RateLimiter({ limit: 100_000, windowMs: 1000 }) });
    const spaces = (await client.listSpaces(fx.workspaces.acme.id)).length;
    const resolver = new TaskResolver(client, { workspacesFor: () => [fx.workspaces.acme.id], chunkSize: CHUNK });
    const started = performance.now();
    const first = await resolver.resolve(scan.ids);
    const resolveMs = performance.now() - started;
    const firstRequests = resolver.requests;
    await resolver.resolve(scan.ids);
    const bound = spaces * Math.ceil(scan.ids.size / CHUNK) + 1;
    console.log(`code links: ${FILES} files scanned in ${scan.ms.toFixed(0)} ms (${((scan.ms / FILES) * 1000).toFixed(0)} µs/file), heap +${scan.heapMb.toFixed(1)} MB`);
    console.log(`  ${scan.refs} references, ${scan.ids.size} distinct ids (noise in strings, dates, versions, colours, UUIDs, unknown prefixes: 0 matched)`);
    console.log(`  resolve: ${firstRequests} requests for ${scan.ids.size} ids over ${spaces} spaces (bound ${bound} = spaces x ceil(ids / ${CHUNK}) + 1), ${[...first.values()].filter((r) => r.kind === 'found').length} found, ${resolveMs.toFixed(0)} ms`);
    console.log(`  second resolve: ${resolver.requests - firstRequests} requests (cache hits)`);
    if (scan.ids.size !== ids.length || firstRequests > bound || resolver.requests !== firstRequests) {
      process.exitCode = 1;
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

void main();
