import * as vscode from 'vscode';
import { globMatcher, parseGitignore, usableGlob } from '../../core/codeLinks/ignore';
import type { IgnoreRules } from '../../core/codeLinks/ignore';

/**
 * What the Task References index leaves out, besides `files.exclude` (which findFiles applies): the
 * `true` entries of `search.exclude` (a `{ when }` entry depends on sibling files) and each workspace
 * folder's root .gitignore. Read again by reload(), when the index is rebuilt.
 */
export class Exclusions {
  private gitignores = new Map<string, IgnoreRules>();
  private searchGlobs: string[] = [];
  private searchMatch = globMatcher([]);

  async reload(): Promise<void> {
    const setting = vscode.workspace.getConfiguration('search').get<unknown>('exclude', {});
    const searchExclude = setting !== null && typeof setting === 'object' ? (setting as Record<string, unknown>) : {};
    // Globs with braces, and globs outside the matching budget (core/codeLinks/ignore.ts), are left out.
    const searchGlobs = Object.keys(searchExclude).filter((glob) => searchExclude[glob] === true && usableGlob(glob));
    const gitignores = new Map<string, IgnoreRules>();
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      try {
        const text = new TextDecoder().decode(
          await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, '.gitignore')),
        );
        gitignores.set(folder.uri.toString(), parseGitignore(text));
      } catch {
        // No .gitignore in this folder.
      }
    }
    // Swapped at once: a file event handled while the files are read sees the old rules, not none.
    this.searchGlobs = searchGlobs;
    this.searchMatch = globMatcher(searchGlobs);
    this.gitignores = gitignores;
  }

  /**
   * One exclude glob for findFiles. `anywhereOnly` keeps only the globs that start with a double star
   * and a slash: they mean the same below any folder, so they suit a search under a new folder or
   * across several workspace folders, where a folder-anchored glob would be misread.
   */
  glob(anywhereOnly = false): string | undefined {
    const all = [...this.searchGlobs, ...[...this.gitignores.values()].flatMap((r) => r.globs)];
    const globs = [...new Set(anywhereOnly ? all.filter((g) => g.startsWith('**/')) : all)];
    return globs.length > 0 ? `{${globs.join(',')}}` : undefined;
  }

  excludes(uri: vscode.Uri): boolean {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) {
      return false;
    }
    const path = vscode.workspace.asRelativePath(uri, false);
    // Both matchers catch their own errors; this is the provider's last guard all the same.
    try {
      return this.searchMatch(path) || (this.gitignores.get(folder.uri.toString())?.ignores(path) ?? false);
    } catch {
      return false;
    }
  }
}
