import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../sandbox/server';
import type { Sandbox } from '../sandbox/server';
import { artifactsDir, repoRoot } from '../host/paths';
import { Workbench } from './workbench';

export const vsixPath = join(repoRoot, 'dist', 'task-platform.vsix');

export interface Session {
  sandbox: Sandbox;
  workbench: Workbench;
}

/** A sandbox and a fresh workbench pointed at it, with the packaged extension installed. */
export async function openSession(name: string, options: { theme?: string; settings?: Record<string, unknown> } = {}): Promise<Session> {
  const runDir = join(artifactsDir, 'e2e', name);
  rmSync(runDir, { recursive: true, force: true });
  const sandbox = await startSandbox({ seed: 'demo', rateLimit: 60, quiet: true });
  try {
    const workbench = await Workbench.open({ runDir, vsix: vsixPath, theme: options.theme, settings: { 'taskPlatform.baseUrl': sandbox.baseUrl, ...options.settings } });
    return { sandbox, workbench };
  } catch (error) {
    await sandbox.stop();
    throw error;
  }
}

export async function closeSession(session: Session | undefined): Promise<void> {
  await session?.workbench.close();
  await session?.sandbox.stop();
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
