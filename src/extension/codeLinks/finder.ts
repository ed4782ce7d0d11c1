import * as vscode from 'vscode';
import { prefixOf } from '../../core/codeLinks/references';
import type { ApiClient } from '../../core/api/client';
import { PrefixBook } from '../../core/codeLinks/prefixes';
import type { PrefixMap } from '../../core/codeLinks/prefixes';
import { ReferenceMatcher } from '../../core/codeLinks/references';
import type { CodeReference } from '../../core/codeLinks/references';
import { TaskResolver } from '../../core/codeLinks/resolver';
import { SpaceBook } from '../../core/codeLinks/spaceBook';
import type { SignedIn } from '../auth/session';
import { readBaseUrl, SECTION } from '../config';
import { Disposable } from '../disposable';
import { Languages } from './languageRegistry';
import { log } from '../log';
import type { Services } from '../services';
import type { TaskChange } from '../tasks/changes';
import { errorText } from '../../core/util/errorText';

const PREFIXES_KEY = 'taskPlatform.codeLinks.prefixes';
/** Where each prefix's tasks were found, per service address (core/codeLinks/spaceBook.ts). */
const SPACES_KEY = 'taskPlatform.codeLinks.spaces';

/**
 * Finds task references in code and what they name, for every code-links provider: the prefixes
 * (learned, persisted per service address, plus the setting), the matcher built from them, the
 * per-session resolver, and scans of documents cached by version so providers called on the same
 * document version scan once.
 */
export class ReferenceFinder extends Disposable {
  private readonly resolvers = new WeakMap<ApiClient, TaskResolver>();
  private book = new PrefixBook();
  private bookFor: string | undefined;
  private spaceBook: { for: string; book: SpaceBook; saving: boolean } | undefined;
  private cachedMatcher: { key: string; matcher: ReferenceMatcher } | undefined;
  private readonly scans = new Map<string, { version: number; key: string; refs: CodeReference[] }>();
  private bootstrapped = new WeakSet<ApiClient>();
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when the prefixes or the session changed: links, diagnostics and lenses recompute. */
  readonly onDidChange = this.changed.event;
  private readonly prefixesChanged = this.register(new vscode.EventEmitter<void>());
  /** Fires when the set of prefixes may have changed: what counts as a reference is different now. */
  readonly onDidChangePrefixes = this.prefixesChanged.event;
  /** The installed languages' comment tokens and file names, read on first need. */
  readonly languages = this.register(new Languages());

  constructor(
    private readonly memento: vscode.Memento,
    readonly services: Services,
  ) {
    super();
    // Loaded while already signed in (code links load on first use): learn now, not at the next sign-in.
    const state = services.session.state;
    if (state.kind === 'signedIn') {
      queueMicrotask(() => !this.isDisposed && this.resolver());
    }
    this.register(
      services.session.onDidChange((state) => {
        // Signed in: learn the prefixes of workspaces not seen yet (background, once per session).
        if (state.kind === 'signedIn') {
          this.resolver();
        }
        this.changed.fire();
      }),
    );
    this.register(vscode.workspace.onDidCloseTextDocument((d) => this.scans.delete(d.uri.toString())));
    // Languages read (or extensions changed): a document of a language not known before may hold
    // references now.
    this.register(
      this.languages.onDidChange(() => {
        this.scans.clear();
        this.changed.fire();
      }),
    );
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.codeLinks.prefixes`) || e.affectsConfiguration(`${SECTION}.baseUrl`)) {
          this.prefixesChanged.fire();
          this.changed.fire();
        }
      }),
    );
    this.register(services.changes.onDidChange((change) => this.onTaskChange(change)));
  }

  /** The signed-in session, without any I/O (providers must not restore a session per keystroke). */
  get signedIn(): SignedIn | undefined {
    const state = this.services.session.state;
    return state.kind === 'signedIn' ? state : undefined;
  }

  /** A workspace's name, as the signed-in user's record has it (no I/O). */
  workspaceName(workspaceId: string): string | undefined {
    return this.signedIn?.user.workspaces.find((w) => w.id === workspaceId)?.name;
  }

  prefixes(): PrefixBook {
    const key = this.baseUrl() ?? '';
    if (this.bookFor !== key) {
      this.bookFor = key;
      this.book = new PrefixBook(this.memento.get<Record<string, PrefixMap>>(PREFIXES_KEY, {})[key] ?? {});
    }
    this.book.setConfigured(vscode.workspace.getConfiguration(SECTION).get<unknown>('codeLinks.prefixes', []));
    return this.book;
  }

  matcher(): ReferenceMatcher {
    const book = this.prefixes();
    const baseUrl = this.baseUrl();
    const key = `${baseUrl ?? ''}|${book.prefixes().sort().join(',')}`;
    if (this.cachedMatcher?.key !== key) {
      this.cachedMatcher = { key, matcher: new ReferenceMatcher(book.prefixes(), baseUrl) };
    }
    return this.cachedMatcher.matcher;
  }

  /** The configured service (setting, no I/O): prefixes are kept per service address. */
  baseUrl(): string | undefined {
    const setting = readBaseUrl();
    return setting.kind === 'valid' ? setting.url : this.signedIn?.baseUrl;
  }

  /** The resolver, restoring the session first when it was not yet (a hover or a click: the user waits). */
  async ensureResolver(): Promise<TaskResolver | undefined> {
    if (this.services.session.state.kind === 'unknown') {
      await this.services.session.ensure();
    }
    return this.resolver();
  }

  /** References of a document version (scanned once per version and prefix set). */
  scan(document: vscode.TextDocument): CodeReference[] {
    const matcher = this.matcher();
    const key = this.cachedMatcher?.key ?? '';
    const uri = document.uri.toString();
    const hit = this.scans.get(uri);
    if (hit && hit.version === document.version && hit.key === key) {
      return hit.refs;
    }
    const refs = matcher.scan(document.getText(), document.languageId);
    this.scans.set(uri, { version: document.version, key, refs });
    return refs;
  }

  referenceAt(document: vscode.TextDocument, position: vscode.Position): CodeReference | undefined {
    const offset = document.offsetAt(position);
    return this.scan(document).find((r) => offset >= r.start && offset <= r.end);
  }

  /** The resolver of the current session (created without I/O), or undefined when signed out. */
  resolver(): TaskResolver | undefined {
    const state = this.signedIn;
    if (!state) {
      return undefined;
    }
    let resolver = this.resolvers.get(state.client);
    if (!resolver) {
      const all = state.user.workspaces.map((w) => w.id);
      resolver = new TaskResolver(state.client, {
        workspacesFor: (prefix) => this.prefixes().workspacesFor(prefix, all),
        knownSpaces: (workspaceId, prefix) => this.spaces().spacesFor(workspaceId, prefix),
        foundIn: (workspaceId, prefix, spaceId) =>
          this.spaces().found(workspaceId, prefix, spaceId) && this.saveSpaces(),
        forgetSpace: (workspaceId, spaceId) => {
          this.spaces().forget(workspaceId, spaceId);
          this.saveSpaces();
        },
      });
      this.resolvers.set(state.client, resolver);
    }
    this.bootstrap(state, resolver);
    return resolver;
  }

  /**
   * Learns the prefix of each workspace not seen yet from one task row (spaces, then one row per
   * space until one is found), at background priority, once per session; persisted afterwards.
   */
  private bootstrap(state: SignedIn, resolver: TaskResolver): void {
    if (this.bootstrapped.has(state.client)) {
      return;
    }
    this.bootstrapped.add(state.client);
    const known = this.prefixes().workspacesKnown();
    const missing = state.user.workspaces.filter((w) => !known.has(w.id));
    void Promise.all(missing.map((w) => this.learnWorkspace(state, resolver, w.id))).then(
      (learned) => learned.some(Boolean) && this.changed.fire(),
    );
  }

  private async learnWorkspace(state: SignedIn, resolver: TaskResolver, workspaceId: string): Promise<boolean> {
    try {
      for (const space of await resolver.spacesOf(workspaceId, 'background')) {
        const page = await state.client.listTasks(
          workspaceId,
          { scope: { space_id: space.id }, per_page: 1 },
          { priority: 'background' },
        );
        const row = page.data[0];
        if (row?.display_id) {
          return this.learn(workspaceId, row.display_id);
        }
      }
    } catch (error) {
      log.warn(`Code links: could not learn the id prefix of a workspace: ${errorText(error)}`);
    }
    return false;
  }

  /** The spaces where each prefix's tasks were found, for the configured service (persisted, no I/O). */
  private spaces(): SpaceBook {
    const key = this.baseUrl() ?? '';
    if (this.spaceBook?.for !== key) {
      const stored = this.memento.get<Record<string, unknown>>(SPACES_KEY, {});
      this.spaceBook = { for: key, book: new SpaceBook(stored[key]), saving: false };
    }
    return this.spaceBook.book;
  }

  /** Persists the space book once per burst of finds (a pass may find ids in many spaces). */
  private saveSpaces(): void {
    const held = this.spaceBook;
    if (!held || held.saving) {
      return;
    }
    held.saving = true;
    setTimeout(() => {
      held.saving = false;
      const all = this.memento.get<Record<string, unknown>>(SPACES_KEY, {});
      void this.memento.update(SPACES_KEY, { ...all, [held.for]: held.book.toJSON() });
    }, 0);
  }

  /** Learns a prefix; persists it; true when new. */
  learn(workspaceId: string, displayId: string | undefined): boolean {
    const book = this.prefixes();
    if (!book.learn(workspaceId, displayId)) {
      return false;
    }
    const all = this.memento.get<Record<string, PrefixMap>>(PREFIXES_KEY, {});
    void this.memento.update(PREFIXES_KEY, { ...all, [this.bookFor ?? '']: book.toJSON() });
    // A second workspace with this prefix: ids found in the first may have a twin now.
    const client = this.signedIn?.client;
    const prefix = displayId ? prefixOf(displayId) : undefined;
    if (client && prefix) {
      this.resolvers.get(client)?.forgetPrefix(prefix);
    }
    this.prefixesChanged.fire();
    return true;
  }

  /** Writes made elsewhere in the extension keep the cache right without a request. */
  private onTaskChange(change: TaskChange): void {
    const resolver = this.resolver();
    if (change.kind === 'deleted') {
      resolver?.noteTrashed(change.workspaceId, change.taskId);
    } else if (change.task) {
      resolver?.note(change.workspaceId, change.task);
      this.learn(change.workspaceId, change.task.display_id);
    }
    this.changed.fire();
  }
}
