import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { GitApi, GitRepository } from '../../src/extension/codeLinks/git';
import { waitFor } from './helpers';

export interface TempRepo {
  readonly root: string;
  readonly api: GitApi;
  readonly repo: GitRepository;
  git(...args: string[]): string;
}

/** A new git repository with one commit on `main`, opened in the Git extension, its file in front. */
export async function tempGitRepo(prefix: string): Promise<TempRepo> {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const git = (...args: string[]): string => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: root, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  writeFileSync(join(root, 'main.ts'), '// work\n');
  git('add', '.');
  git('commit', '-q', '-m', 'init');
  const api = (await vscode.extensions.getExtension<{ getAPI(v: 1): GitApi }>('vscode.git')!.activate()).getAPI(1);
  await api.openRepository?.(vscode.Uri.file(root));
  await vscode.window.showTextDocument(vscode.Uri.file(join(root, 'main.ts')));
  const repo = await waitFor(() => api.getRepository(vscode.Uri.file(join(root, 'main.ts'))) ?? undefined, 'the git extension sees the temp repo');
  return { root, api, repo, git };
}
