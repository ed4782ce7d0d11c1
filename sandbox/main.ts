// CLI: npm run sandbox -- --port 4010 --seed demo --rate-limit 60 (--seed other: the second world)
import type { SeedName } from './app';
import { startSandbox } from './server';
import { SEEDS, WORLD_TOKENS, worldOf } from './worlds';

function flag(args: string[], name: string): string | undefined {
  const idx = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (idx < 0) return undefined;
  const arg = args[idx] as string;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[idx + 1];
}

function fail(message: string): never {
  console.error(`sandbox: ${message}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const port = Number(flag(args, 'port') ?? '4010');
  const seed = (flag(args, 'seed') ?? 'demo') as SeedName;
  const rateLimit = Number(flag(args, 'rate-limit') ?? '60');
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be an integer 0..65535');
  if (!SEEDS.includes(seed)) fail(`--seed must be one of ${SEEDS.join(', ')}`);
  if (!Number.isInteger(rateLimit) || rateLimit < 0) fail('--rate-limit must be an integer >= 0');
  const sandbox = await startSandbox({ port, seed, rateLimit, quiet: args.includes('--quiet') });
  const tokens = WORLD_TOKENS[worldOf(seed)].map((t) => t.token);
  console.log(`SANDBOX READY ${JSON.stringify({ base_url: sandbox.baseUrl, seed, tokens })}`);
  const shutdown = (): void => {
    void sandbox.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
