import * as vscode from 'vscode';
import { prefixOf } from '../../core/codeLinks/references';
import type { ApiClient } from '../../core/api/client';
import { PrefixBook } from '../../core/codeLinks/prefixes';
import type { PrefixMap } from '../../core/codeLinks/prefixes';
import { ReferenceMatcher } from '../../core/codeLinks/references';
import type { CodeReference } from '../../core/codeLinks/references';
import { TaskResolver } from '../../core/codeLinks/resolver';
import { ReferenceRouter } from '../../core/codeLinks/routing';
import { accountKey } from '../../core/accounts/account';
import type { AccountKey } from '../../core/accounts/account';
import type { SpaceBook } from '../../core/codeLinks/spaceBook';
import { accountLabel } from '../auth/label';
import type { SignedIn } from '../auth/session';
import { SpaceBooks } from './spaceBooks';
import { readBaseUrl, SECTION } from '../config';
import { Disposable } from '../disposable';
import { Languages } from './languageRegistry';
import { log } from '../log';
import type { Services } from '../services';
import type { TaskChange } from '../tasks/changes';
import { errorText } from '../../core/util/errorText';

const PREFIXES_KEY = 'taskPlatform.codeLinks.prefixes';

/**
 * Finds task references in code and what they name, for every code-links provider: the prefixes
 * (learned, persisted per service address, plus the setting), the matcher built from them, a
 * resolver per signed-in account with the router that asks each id of the accounts that have its
 * prefix, and scans of documents cached by version so providers called on the same document
 * version scan once.
 */
export class ReferenceFinder extends Disposable {
  private readonly resolvers = new WeakMap<ApiClient, TaskResolver>();
  /** The primary account's service's book. */
  private book = new PrefixBook();
  private bookFor: string | undefined;
  /** The books of the other accounts' services. */
  private readonly books = new Map<string, PrefixBook>();
  private readonly spaceBooks: SpaceBooks;
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
    this.spaceBooks = new SpaceBooks(memento);
    // Loaded while already signed in (code links load on first use): learn now, not at the next sign-in.
    queueMicrotask(() => !this.isDisposed && this.restoreOthers() && this.router());
    this.register(
      services.accounts.onDidChange(() => {
        // Signed in: learn the prefixes of workspaces not seen yet (background, once per session).
        this.restoreOthers();
        this.router();
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

  /**
   * With several accounts, the ones not restored yet are (their own GET /user each): what counts as
   * a reference depends on every account's prefixes, learned once it is signed in. With one
   * account nothing is restored here, as always (a hover or a click restores it).
   */
  private restoreOthers(): true {
    const sessions = this.services.accounts.current();
    if (sessions.length > 1 && sessions.some((s) => s !== this.services.session && s.state.kind === 'unknown')) {
      void this.services.accounts.all();
    }
    return true;
  }

  /** Every signed-in account's state, the primary's first, without any I/O. */
  signedInAll(): SignedIn[] {
    return this.services.accounts
      .current()
      .map((s) => s.state)
      .filter((s): s is SignedIn => s.kind === 'signedIn');
  }

  /** A workspace's name, as the signed-in user's record has it (no I/O). */
  workspaceName(workspaceId: string): string | undefined {
    return this.signedIn?.user.workspaces.find((w) => w.id === workspaceId)?.name;
  }

  /**
   * How a task's place is named: its workspace, and with several accounts the account too (its
   * user and service), so the same prefix on two services is told apart (no I/O).
   */
  placeName(workspaceId: string, account?: string): string | undefined {
    const state = account ? this.signedInAll().find((s) => keyOf(s) === account) : this.signedIn;
    const workspace = state?.user.workspaces.find((w) => w.id === workspaceId)?.name;
    if (!account || !state) {
      return workspace;
    }
    return `${workspace ?? workspaceId} · ${accountLabel(state, true)}`;
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

  /** The book of an account's service: the primary's when it is the same service. */
  private bookOf(state: SignedIn): PrefixBook {
    const primary = this.baseUrl() ?? '';
    if (state.baseUrl === primary || state === this.signedIn) {
      return this.prefixes();
    }
    let book = this.books.get(state.baseUrl);
    if (!book) {
      book = new PrefixBook(this.memento.get<Record<string, PrefixMap>>(PREFIXES_KEY, {})[state.baseUrl] ?? {});
      this.books.set(state.baseUrl, book);
    }
    book.setConfigured(vscode.workspace.getConfiguration(SECTION).get<unknown>('codeLinks.prefixes', []));
    return book;
  }

  /** What counts as a reference: every signed-in account's prefixes and the setting's. */
  matcher(): ReferenceMatcher {
    const all = new Set(this.prefixes().prefixes());
    for (const state of this.signedInAll()) {
      this.bookOf(state)
        .prefixes()
        .forEach((p) => all.add(p));
    }
    const prefixes = [...all].sort();
    const baseUrl = this.baseUrl();
    const key = `${baseUrl ?? ''}|${prefixes.join(',')}`;
    if (this.cachedMatcher?.key !== key) {
      this.cachedMatcher = { key, matcher: new ReferenceMatcher(prefixes, baseUrl) };
    }
    return this.cachedMatcher.matcher;
  }

  /** The configured service (setting, no I/O): prefixes are kept per service address. */
  baseUrl(): string | undefined {
    const setting = readBaseUrl();
    return setting.kind === 'valid' ? setting.url : this.signedIn?.baseUrl;
  }

  /** The primary account's resolver, restoring its session first when it was not yet. */
  async ensureResolver(): Promise<TaskResolver | undefined> {
    if (this.services.session.state.kind === 'unknown') {
      await this.services.session.ensure();
    }
    return this.resolver();
  }

  /** The router, restoring the sessions first when they were not yet (a hover or a click: the user waits). */
  async ensureRouter(): Promise<ReferenceRouter> {
    if (this.services.accounts.current().some((s) => s.state.kind === 'unknown')) {
      await this.services.accounts.all();
    }
    return this.router();
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

  /** The primary account's resolver (created without I/O), or undefined when it is signed out. */
  resolver(): TaskResolver | undefined {
    const state = this.signedIn;
    return state && this.resolverOf(state);
  }

  /**
   * Every signed-in account's resolver behind one router (no I/O): an id goes to the accounts whose
   * learned prefixes hold its prefix, and only to them. With one account, that account's resolver.
   */
  router(): ReferenceRouter {
    const states = this.signedInAll();
    const several = states.length > 1;
    return new ReferenceRouter(
      states.map((state) => {
        const workspaces = state.user.workspaces.map((w) => w.id);
        return {
          key: several ? keyOf(state) : undefined,
          baseUrl: state.baseUrl,
          resolver: this.resolverOf(state),
          learned: (prefix: string) => this.bookOf(state).learnedIn(prefix, workspaces),
        };
      }),
    );
  }

  /** An account's resolver, with its service's prefixes and spaces (created without I/O). */
  private resolverOf(state: SignedIn): TaskResolver {
    let resolver = this.resolvers.get(state.client);
    if (!resolver) {
      const all = state.user.workspaces.map((w) => w.id);
      const spaces = (): SpaceBook => this.spaceBooks.of(this.serviceOf(state));
      const save = (): void => this.spaceBooks.save(this.serviceOf(state));
      resolver = new TaskResolver(state.client, {
        workspacesFor: (prefix) => this.bookOf(state).workspacesFor(prefix, all),
        knownSpaces: (workspaceId, prefix) => spaces().spacesFor(workspaceId, prefix),
        foundIn: (workspaceId, prefix, spaceId) => spaces().found(workspaceId, prefix, spaceId) && save(),
        forgetSpace: (workspaceId, spaceId) => {
          spaces().forget(workspaceId, spaceId);
          save();
        },
      });
      this.resolvers.set(state.client, resolver);
    }
    this.bootstrap(state, resolver);
    return resolver;
  }

  /** The address an account's learned state is kept under: the primary's is the configured one. */
  private serviceOf(state: SignedIn): string {
    return state === this.signedIn ? (this.baseUrl() ?? '') : state.baseUrl;
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
    const known = this.bookOf(state).workspacesKnown();
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
          return this.learn(workspaceId, row.display_id, state);
        }
      }
    } catch (error) {
      log.warn(`Code links: could not learn the id prefix of a workspace: ${errorText(error)}`);
    }
    return false;
  }

  /** Learns a prefix of the account's service (none: the primary's); persists it; true when new. */
  learn(workspaceId: string, displayId: string | undefined, account?: SignedIn): boolean {
    const owner = account ?? this.signedIn;
    const book = owner ? this.bookOf(owner) : this.prefixes();
    if (!book.learn(workspaceId, displayId)) {
      return false;
    }
    const service = owner ? this.serviceOf(owner) : (this.bookFor ?? '');
    const all = this.memento.get<Record<string, PrefixMap>>(PREFIXES_KEY, {});
    void this.memento.update(PREFIXES_KEY, { ...all, [service]: book.toJSON() });
    // A second workspace with this prefix: ids found in the first may have a twin now.
    const prefix = displayId ? prefixOf(displayId) : undefined;
    for (const state of prefix ? this.signedInAll() : []) {
      if (this.bookOf(state) === book) this.resolvers.get(state.client)?.forgetPrefix(prefix as string);
    }
    this.prefixesChanged.fire();
    return true;
  }

  /**
   * Writes made elsewhere in the extension keep the cache right without a request: in the accounts
   * that see the workspace (a change names none), else the primary's as always.
   */
  private onTaskChange(change: TaskChange): void {
    const seeing = this.signedInAll().filter((s) => s.user.workspaces.some((w) => w.id === change.workspaceId));
    const owners = seeing.length > 0 ? seeing : this.signedIn ? [this.signedIn] : [];
    for (const state of owners) {
      const resolver = this.resolverOf(state);
      if (change.kind === 'deleted') {
        resolver.noteTrashed(change.workspaceId, change.taskId);
      } else if (change.task) {
        resolver.note(change.workspaceId, change.task);
        this.learn(change.workspaceId, change.task.display_id, state);
      }
    }
    this.changed.fire();
  }
}

const keyOf = (state: SignedIn): AccountKey => accountKey({ baseUrl: state.baseUrl, userId: state.user.id });
