import * as vscode from 'vscode';
import { isBranchName } from '../../core/codeLinks/branch';

/** The part of the built-in Git extension's API (`vscode.git`, API version 1) that Start Work uses. */
export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: { readonly HEAD?: { readonly name?: string }; readonly onDidChange: vscode.Event<void> };
  readonly inputBox: { value: string };
  createBranch(name: string, checkout: boolean, ref?: string): Promise<void>;
  checkout(treeish: string): Promise<void>;
  getBranch(name: string): Promise<{ name?: string }>;
}

export interface GitApi {
  readonly repositories: readonly GitRepository[];
  getRepository(uri: vscode.Uri): GitRepository | null;
  openRepository?(root: vscode.Uri): Promise<GitRepository | null>;
}

/** The Git API, or undefined when the built-in extension is missing or disabled (`git.enabled: false`). */
export async function gitApi(): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<{ enabled: boolean; getAPI(version: 1): GitApi }>('vscode.git');
  if (!extension) {
    return undefined;
  }
  const exports = extension.isActive ? extension.exports : await extension.activate();
  return exports.enabled ? exports.getAPI(1) : undefined;
}

/** The repository of the active editor, else the only one, else undefined (the caller asks). */
export function repositoryFor(api: GitApi): GitRepository | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  const own = uri ? api.getRepository(uri) : null;
  if (own) {
    return own;
  }
  return api.repositories.length === 1 ? api.repositories[0] : undefined;
}

/** Creates and checks out `name`, or checks it out when it exists already (only a name of core/codeLinks/branch.ts). */
export async function checkoutBranch(repo: GitRepository, name: string): Promise<'created' | 'existing'> {
  if (!isBranchName(name)) {
    throw new Error(vscode.l10n.t('not a branch name Start Work can use'));
  }
  const exists = await repo.getBranch(name).then(
    (b) => b.name !== undefined,
    () => false,
  );
  if (exists) {
    await repo.checkout(name);
    return 'existing';
  }
  await repo.createBranch(name, true);
  return 'created';
}
