import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import { occurrences, outermost, ReferenceIndex } from '../../core/codeLinks/referenceIndex';
import type { Occurrence } from '../../core/codeLinks/referenceIndex';
import { indexedLanguage } from '../../core/codeLinks/syntax';
import { chartColorFor } from '../../core/tasks/colors';
import { inert } from '../../core/text/inert';
import { isCompleted } from '../../core/tree/rows';
import { Disposable } from '../disposable';
import { prompter } from '../ui/prompter';
import { Exclusions } from './exclusions';
import type { ReferenceFinder } from './finder';

export const REFERENCES_VIEW = 'taskPlatform.codeReferences';
const MAX_FILES = 20_000;
const MAX_BYTES = 1_000_000;
const YIELD_EVERY = 50;

export type ReferenceNode =
  | { readonly kind: 'task'; readonly displayId: string }
  | { readonly kind: 'file'; readonly displayId: string; readonly file: string; readonly occurrences: Occurrence[] }
  | { readonly kind: 'line'; readonly file: string; readonly occurrence: Occurrence };

/**
 * Task References view: every reference in the workspace, grouped by task (with its status) and file.
 * Files come from findFiles (files.exclude, search.exclude and each folder's root .gitignore applied,
 * see Exclusions), are scanned in slices that yield to the editor, and only when the view is first
 * shown; then watchers (files, new and deleted folders, .gitignore) and open-document edits keep it
 * current.
 */
export class ReferencesView extends Disposable implements vscode.TreeDataProvider<ReferenceNode> {
  private readonly index = new ReferenceIndex();
  private readonly changed = this.register(new vscode.EventEmitter<ReferenceNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private started = false;
  private readonly view: vscode.TreeView<ReferenceNode>;

  constructor(private readonly finder: ReferenceFinder) {
    super();
    this.view = this.register(
      vscode.window.createTreeView(REFERENCES_VIEW, { treeDataProvider: this, showCollapseAll: true }),
    );
    this.register(
      this.view.onDidChangeVisibility(
        (e) => e.visible && (this.started ? this.dirty && void this.rebuild() : void this.start()),
      ),
    );
    // Created by the view's first getChildren when loaded lazily: already visible, no event comes.
    if (this.view.visible) {
      void this.start();
    }
    // New prefixes change what counts as a reference: index again, now if the view is shown, else
    // when it is next shown (a hidden view sends nothing and reads no files). Other changes (a task
    // written, sign-in) only change the rows' titles and statuses.
    this.register(
      finder.onDidChangePrefixes(() => this.started && (this.view.visible ? void this.rebuild() : (this.dirty = true))),
    );
    this.register(finder.onDidChange(() => this.changed.fire(undefined)));
    // Extensions installed or removed, or `files.associations` changed: other files may be code now.
    // Watch and index again once indexing has started (the first read is awaited by start itself).
    this.register(
      finder.languages.onDidChange(() => {
        if (this.glob !== '') {
          this.watchFiles();
          if (this.view.visible) {
            void this.rebuild();
          } else {
            this.dirty = true;
          }
        }
      }),
    );
    this.register({ dispose: () => this.fileWatcher?.dispose() });
  }

  /** Indexes the workspace (once; later changes are incremental). Resolves when the first pass is done. */
  async start(): Promise<void> {
    if (this.started) {
      return;
    }
    this.started = true;
    // Which files hold code (names and extensions of every language with comments) comes from the
    // installed languages, read now rather than at activation.
    await this.finder.languages.ready();
    this.watchFiles();
    // A changed .gitignore changes which files count: index again (now if shown, else when next shown).
    const ignoreWatcher = this.register(vscode.workspace.createFileSystemWatcher('**/.gitignore'));
    // A save is often reported as several events: one pass for all of them.
    const ignoresChanged = (uri: vscode.Uri): void => {
      // Only a folder's root .gitignore is read (Exclusions); a tool's own nested one changes nothing.
      if (vscode.workspace.getWorkspaceFolder(uri)?.uri.toString() !== vscode.Uri.joinPath(uri, '..').toString()) {
        return;
      }
      clearTimeout(this.ignoreTimer);
      this.ignoreTimer = setTimeout(() => (this.view.visible ? void this.rebuild() : (this.dirty = true)), 200);
    };
    this.register(ignoreWatcher.onDidChange(ignoresChanged));
    this.register(ignoreWatcher.onDidCreate(ignoresChanged));
    this.register(ignoreWatcher.onDidDelete(ignoresChanged));
    // A folder created or deleted at once (a checkout, an unzip) may be reported as the folder only.
    const folders = this.register(vscode.workspace.createFileSystemWatcher('**/*', false, true, false));
    this.register(folders.onDidCreate((uri) => this.folderCreated(uri)));
    this.register(
      folders.onDidDelete(
        (uri) => !this.languageOf(uri) && this.index.deleteUnder(uri.toString()) && this.changed.fire(undefined),
      ),
    );
    this.register({ dispose: () => (clearTimeout(this.folderTimer), clearTimeout(this.ignoreTimer)) });
    this.register(vscode.workspace.onDidChangeTextDocument((e) => this.scanDocument(e.document)));
    return this.rebuild();
  }

  /** Every file the index reads (set when indexing starts, and when the languages change). */
  private glob = '';
  private fileWatcher: vscode.Disposable | undefined;
  private generation = 0;
  private dirty = false;
  /** Full passes completed so far (tests wait on it after changing .gitignore). */
  rebuilds = 0;

  /** Watches the files of the current glob (a new glob replaces the watcher). */
  private watchFiles(): void {
    const glob = this.finder.languages.glob();
    if (glob === this.glob) {
      return;
    }
    this.glob = glob;
    this.fileWatcher?.dispose();
    const watcher = vscode.workspace.createFileSystemWatcher(glob);
    this.fileWatcher = vscode.Disposable.from(
      watcher,
      watcher.onDidChange((uri) => void this.scanFile(uri)),
      watcher.onDidCreate((uri) => void this.scanFile(uri)),
      watcher.onDidDelete((uri) => this.index.delete(uri.toString()) && this.changed.fire(undefined)),
    );
  }

  /** Indexes every file again; a newer rebuild (prefixes changed meanwhile) stops this one. */
  private async rebuild(): Promise<void> {
    const generation = ++this.generation;
    this.dirty = false;
    this.index.clear();
    await this.exclusions.reload();
    // With several folders, one folder's anchored .gitignore lines must not hide another's files:
    // findFiles gets the globs that mean the same everywhere, and scanFile applies the rest per folder.
    const single = (vscode.workspace.workspaceFolders?.length ?? 0) <= 1;
    const files = await vscode.workspace.findFiles(this.glob, this.exclusions.glob(!single), MAX_FILES);
    // In the status bar while it runs. Not cancellable: it reads in slices that yield to the editor, a
    // newer pass replaces it, and without it the view would be empty.
    const whole = await prompter().progress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Indexing task references') },
      async (progress) => {
        for (let i = 0; i < files.length; i += 1) {
          await this.scanFile(files[i] as vscode.Uri, false);
          if (i % YIELD_EVERY === 0) {
            progress.report({ message: vscode.l10n.t('{0} of {1} files', i, files.length) });
            await new Promise((resolve) => setImmediate(resolve));
          }
          if (generation !== this.generation) {
            return false;
          }
        }
        return true;
      },
    );
    if (!whole) {
      return;
    }
    this.rebuilds++;
    this.changed.fire(undefined);
    const resolver = this.view.visible ? this.finder.router() : undefined;
    if (resolver && resolver.accounts.length > 0) {
      void resolver.resolve(this.index.displayIds(), 'background').then(() => this.changed.fire(undefined));
    }
  }

  private readonly exclusions = new Exclusions();
  private readonly newFolders = new Set<string>();
  private folderTimer: ReturnType<typeof setTimeout> | undefined;
  private ignoreTimer: ReturnType<typeof setTimeout> | undefined;

  /** Something was created that is not a code file: perhaps a folder. Looked at in one batch. */
  private folderCreated(uri: vscode.Uri): void {
    if (this.languageOf(uri) || this.exclusions.excludes(uri)) {
      return;
    }
    this.newFolders.add(uri.toString());
    clearTimeout(this.folderTimer);
    this.folderTimer = setTimeout(() => void this.scanNewFolders(), 300);
  }

  /** The code files below the new folders (a folder inside another new one is searched once). */
  private async scanNewFolders(): Promise<void> {
    const tops = outermost([...this.newFolders]);
    this.newFolders.clear();
    for (const top of tops) {
      const folder = vscode.Uri.parse(top);
      try {
        if (((await vscode.workspace.fs.stat(folder)).type & vscode.FileType.Directory) === 0) {
          continue;
        }
        const files = await vscode.workspace.findFiles(
          new vscode.RelativePattern(folder, this.glob),
          this.exclusions.glob(true),
          MAX_FILES,
        );
        for (const [i, file] of files.entries()) {
          await this.scanFile(file, false);
          if (i % YIELD_EVERY === 0) {
            await new Promise((resolve) => setImmediate(resolve));
          }
        }
      } catch {
        // Gone again, or not readable.
      }
    }
    this.changed.fire(undefined);
  }

  private async scanFile(uri: vscode.Uri, fire = true): Promise<void> {
    if (this.exclusions.excludes(uri)) {
      return;
    }
    const language = this.languageOf(uri);
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (!language || stat.size > MAX_BYTES) {
        return;
      }
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      if (this.index.set(uri.toString(), occurrences(text, this.finder.matcher().scan(text, language))) && fire) {
        this.changed.fire(undefined);
      }
    } catch {
      // A file that vanished or cannot be read has no references.
    }
  }

  /** The language of a file by its name (no document is opened for indexing). */
  private languageOf(uri: vscode.Uri): string | undefined {
    return this.finder.languages.languageOfPath(uri.path);
  }

  private scanDocument(document: vscode.TextDocument): void {
    if (
      document.uri.scheme === 'file' &&
      indexedLanguage(document.languageId) &&
      !this.exclusions.excludes(document.uri) &&
      this.index.set(document.uri.toString(), occurrences(document.getText(), this.finder.scan(document)))
    ) {
      this.changed.fire(undefined);
    }
  }

  getChildren(node?: ReferenceNode): ReferenceNode[] {
    if (!node) {
      return this.index.displayIds().map((displayId) => ({ kind: 'task', displayId }));
    }
    if (node.kind === 'task') {
      return this.index
        .filesOf(node.displayId)
        .map((f) => ({ kind: 'file', displayId: node.displayId, file: f.file, occurrences: f.occurrences }));
    }
    return node.kind === 'file'
      ? node.occurrences.map((occurrence) => ({ kind: 'line', file: node.file, occurrence }))
      : [];
  }

  /**
   * File names, folders and lines come from the workspace, titles and statuses from the service:
   * every label, description and tooltip is inert. A file row sets its own label, not the one VS Code
   * derives from the URI, so the name is shown, never rendered.
   */
  getTreeItem(node: ReferenceNode): vscode.TreeItem {
    if (node.kind === 'task') {
      return this.taskItem(node.displayId);
    }
    if (node.kind === 'file') {
      const uri = vscode.Uri.parse(node.file);
      const item = new vscode.TreeItem(uri, vscode.TreeItemCollapsibleState.Collapsed);
      const relative = vscode.workspace.asRelativePath(uri, false);
      const folder = relative.includes('/') ? relative.slice(0, relative.lastIndexOf('/')) : '';
      const count = vscode.l10n.t('{0} reference(s)', node.occurrences.length);
      item.label = inert(uri.path.slice(uri.path.lastIndexOf('/') + 1));
      item.description = inert(folder ? `${folder} · ${count}` : count);
      item.tooltip = inert(relative);
      return item;
    }
    const item = new vscode.TreeItem(vscode.l10n.t('Line {0}', node.occurrence.line + 1));
    item.description = inert(node.occurrence.preview);
    const position = new vscode.Position(node.occurrence.line, node.occurrence.character);
    item.command = {
      command: 'vscode.open',
      title: vscode.l10n.t('Open'),
      arguments: [vscode.Uri.parse(node.file), { selection: new vscode.Range(position, position) }],
    };
    return item;
  }

  private taskItem(displayId: string): vscode.TreeItem {
    const item = new vscode.TreeItem(inert(displayId), vscode.TreeItemCollapsibleState.Collapsed);
    const resolution = this.finder.router().peek(displayId);
    if (resolution?.kind === 'found') {
      const { task } = resolution;
      item.description = inert([task.status?.name, task.title].filter(Boolean).join(' · '));
      item.tooltip = inert(`${displayId} ${task.title}`);
      item.iconPath = new vscode.ThemeIcon(
        isCompleted(task) ? 'pass-filled' : 'circle-large-filled',
        new vscode.ThemeColor(chartColorFor(task.status?.color)),
      );
    } else if (resolution?.kind === 'ambiguous') {
      item.description = vscode.l10n.t('in {0} workspaces', String(resolution.candidates.length));
      item.iconPath = new vscode.ThemeIcon('question');
    } else if (resolution) {
      item.description = resolution.kind === 'trashed' ? vscode.l10n.t('in Trash') : vscode.l10n.t('not found');
      item.iconPath = new vscode.ThemeIcon('warning');
    }
    item.contextValue = 'codeReferenceTask';
    item.command = { command: Commands.codeLinksOpen, title: vscode.l10n.t('Open'), arguments: [{ displayId }] };
    return item;
  }
}
