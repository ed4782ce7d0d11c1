import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../../sandbox/server';
import type { Sandbox } from '../../sandbox/server';
import { artifactsDir, repoRoot } from '../host/paths';
import { Workbench } from './workbench';

export const vsixPath = join(repoRoot, 'dist', 'task-platform.vsix');

export interface Session {
  sandbox: Sandbox;
  workbench: Workbench;
}

/** A sandbox and a fresh workbench pointed at it, with the packaged extension installed. */
export async function openSession(
  name: string,
  options: { theme?: string; settings?: Record<string, unknown> } = {},
): Promise<Session> {
  const runDir = join(artifactsDir, 'e2e', name);
  rmSync(runDir, { recursive: true, force: true });
  const sandbox = await startSandbox({ seed: 'demo', rateLimit: 60, quiet: true });
  try {
    const workbench = await Workbench.open({
      runDir,
      vsix: vsixPath,
      theme: options.theme,
      // The Inbox does not poll unless a test asks (its checks would add to other tests' request counts).
      settings: {
        'taskPlatform.baseUrl': sandbox.baseUrl,
        'taskPlatform.inbox.pollIntervalSeconds': 0,
        ...options.settings,
      },
    });
    return { sandbox, workbench };
  } catch (error) {
    await sandbox.stop();
    throw error;
  }
}

/**
 * Waits until sign-in has taught the extension the display-id prefixes: it reads one task row per
 * workspace in the background, and references in code are recognised only after that.
 */
export async function waitForPrefixes(session: Session): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const log: { path: string; query?: Record<string, string> }[] = (
      (await (await fetch(`${session.sandbox.origin}/__sandbox/requests`)).json()) as { data: [] }
    ).data;
    if (log.filter((r) => /\/tasks$/.test(r.path) && r.query?.per_page === '1').length >= 2) return;
    if (Date.now() > deadline) throw new Error('the prefixes were not learned within 30 s of sign-in');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const otherWorlds = new WeakMap<Session, Promise<Sandbox>>();

/**
 * A second sandbox for the session, serving the other world (sandbox/README.md#worlds: its own ids,
 * users and tokens `sandbox.tokens`, e.g. other-token-frank; prefixes ACME and NIM) on its own port,
 * with its own request log. Started on the first call only, so sessions that never ask pay nothing;
 * `closeSession` stops it. The workbench is not pointed at it: a test adds it as a second account.
 */
export function otherWorld(session: Session): Promise<Sandbox> {
  let started = otherWorlds.get(session);
  if (!started) {
    started = startSandbox({ seed: 'other', rateLimit: 60, quiet: true });
    otherWorlds.set(session, started);
  }
  return started;
}

/** A call to the sandbox's control API (`/__sandbox/...`) of a session, its JSON answer. */
export function sandboxCall<T>(session: Session, method: string, path: string, body?: unknown): Promise<T> {
  return controlCall<T>(session.sandbox, method, path, body);
}

/** A call to the control API of any sandbox (the session's or its `otherWorld`), its JSON answer. */
export async function controlCall<T>(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<T> {
  const init =
    body === undefined
      ? { method }
      : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(`${sandbox.origin}/__sandbox${path}`, init);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** The task as the sandbox stores it, once `ok` holds (within 30 s); `what` names the wait in the error. */
export async function storedTask(
  session: Session,
  taskId: string,
  ok: (task: Record<string, unknown>) => boolean,
  what: string,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows = (await sandboxCall<{ data: Record<string, unknown>[] }>(session, 'GET', `/state/tasks?id=${taskId}`))
      .data;
    const task = rows.find((r) => r.id === taskId);
    if (task && ok(task)) return task;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(task)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function closeSession(session: Session | undefined): Promise<void> {
  await session?.workbench.close();
  await session?.sandbox.stop();
  const other = session && otherWorlds.get(session);
  if (other) {
    otherWorlds.delete(session);
    await (await other.catch(() => undefined))?.stop();
  }
}

/**
 * Every file under `dir` whose bytes contain `needle`. Used after a run to prove the token was written
 * nowhere on disk by the extension or the host (settings, state, logs, storage). The Chromium profile
 * is included: SecretStorage keeps its values there, encrypted, so the plain token must not appear.
 */
export function filesContaining(dir: string, needle: string, skip: (path: string) => boolean = () => false): string[] {
  const hits: string[] = [];
  const bytes = Buffer.from(needle);
  const walk = (path: string): void => {
    let entries: string[];
    try {
      entries = readdirSync(path);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = join(path, entry);
      if (skip(full)) {
        continue;
      }
      const stat = statSync(full, { throwIfNoEntry: false });
      if (stat?.isDirectory()) {
        walk(full);
      } else if (stat?.isFile() && stat.size < 64 * 1024 * 1024 && readFileSync(full).includes(bytes)) {
        hits.push(full);
      }
    }
  };
  walk(dir);
  return hits;
}
