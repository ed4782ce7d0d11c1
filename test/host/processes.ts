import { execFileSync } from 'node:child_process';

/** Every descendant PID of a process we started (code-server leaves children behind otherwise). */
function descendants(pid: number): number[] {
  let out: string;
  try {
    out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    return [];
  }
  const children = out
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);
  return children.flatMap((c) => [c, ...descendants(c)]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops a process we started and everything below it, by PID: TERM, then KILL after 5 s. */
export async function stopTree(pid: number | undefined): Promise<void> {
  if (!pid) {
    return;
  }
  const pids = [...descendants(pid), pid];
  for (const p of pids) {
    try {
      process.kill(p, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  for (let i = 0; i < 50 && pids.some(alive); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const p of pids.filter(alive)) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
