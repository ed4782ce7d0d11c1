import type { ApiClient } from '../api/client';
import type { RequestOptions } from '../api/requester';
import type { TaskRow, WorkspaceRef } from '../api/schemas';
import { PrefixBook } from '../codeLinks/prefixes';
import { TaskResolver } from '../codeLinks/resolver';
import { prefixOf } from '../tasks/displayId';
import { targetsFromSidebar } from '../tasks/sidebar';

/**
 * What the MCP server's resources and completions know about the account, kept in memory so that
 * the service's 60 requests a minute go to reads the user asked for: who the user is (their
 * workspaces), each workspace's tree (lists and saved views, one sidebar request each) and every task
 * seen so far (display id, id, title). Display ids resolve through the extension's own TaskResolver.
 */
export interface NamedItem {
  readonly id: string;
  readonly name: string;
  readonly workspaceId: string;
  /** Lists: "Space / Folder". */
  readonly path?: string;
}

export interface SeenTask {
  readonly id: string;
  readonly displayId?: string;
  readonly title: string;
  readonly workspaceId: string;
}

interface Tree {
  readonly lists: readonly NamedItem[];
  readonly views: readonly NamedItem[];
}

export type DirectoryApi = Pick<
  ApiClient,
  'getUser' | 'getSidebar' | 'listSpaces' | 'listTasks' | 'search' | 'getTask'
>;

/** Workspaces whose trees are read at most (a completion or a listing never reads more). */
export const MAX_WORKSPACES = 10;
const MAX_SEEN = 5_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function viewsOf(body: unknown, workspaceId: string): NamedItem[] {
  const root = isObject(body) && isObject(body.data) ? body.data : body;
  const views = isObject(root) && Array.isArray(root.views) ? root.views : [];
  return views.flatMap((v) =>
    isObject(v) && typeof v.id === 'string' && typeof v.name === 'string'
      ? [{ id: v.id, name: v.name, workspaceId }]
      : [],
  );
}

export class McpDirectory {
  private me: { at: number; workspaces: Promise<WorkspaceRef[]> } | undefined;
  private readonly trees = new Map<string, { at: number; tree: Promise<Tree> }>();
  private readonly seen = new Map<string, SeenTask>();
  private readonly byDisplayId = new Map<string, string>();
  private readonly prefixes = new PrefixBook();
  private readonly searches = new Map<string, Promise<void>>();
  /** What the last answers said, for memory-only readers (never waiting on a request in flight). */
  private settledWorkspaces: WorkspaceRef[] | undefined;
  private readonly settledTrees = new Map<string, Tree>();
  readonly resolver: TaskResolver;

  constructor(
    private readonly api: DirectoryApi,
    private readonly ttlMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {
    this.resolver = new TaskResolver(api, {
      workspacesFor: (prefix) => this.prefixes.workspacesFor(prefix, this.knownWorkspaceIds()),
      ttlMs,
      now,
    });
  }

  private fresh(at: number): boolean {
    return this.now() - at < this.ttlMs;
  }

  /** The user's workspaces (one request, then memory). */
  workspaces(opts: RequestOptions = {}): Promise<WorkspaceRef[]> {
    if (!this.me || !this.fresh(this.me.at)) {
      const workspaces = this.api.getUser(opts).then((user) => {
        const kept = user.workspaces.slice(0, MAX_WORKSPACES);
        this.settledWorkspaces = kept;
        return kept;
      });
      workspaces.catch(() => (this.me = undefined));
      this.me = { at: this.now(), workspaces };
    }
    return this.me.workspaces;
  }

  /** The lists and saved views of one workspace (one sidebar request, then memory). */
  tree(workspaceId: string, opts: RequestOptions = {}): Promise<Tree> {
    const held = this.trees.get(workspaceId);
    if (held && this.fresh(held.at)) {
      return held.tree;
    }
    const tree = this.api.getSidebar(workspaceId, opts).then((body) => {
      const read: Tree = {
        lists: (targetsFromSidebar(body)?.lists ?? []).map((l) => ({
          id: l.id,
          name: l.name,
          path: l.path,
          workspaceId,
        })),
        views: viewsOf(body, workspaceId),
      };
      this.settledTrees.set(workspaceId, read);
      return read;
    });
    tree.catch(() => this.trees.delete(workspaceId));
    this.trees.set(workspaceId, { at: this.now(), tree });
    return tree;
  }

  /** Every tree (one request per workspace not yet read). */
  async allTrees(opts: RequestOptions = {}): Promise<Tree[]> {
    const workspaces = await this.workspaces(opts);
    return Promise.all(workspaces.map((w) => this.tree(w.id, opts)));
  }

  /**
   * At most ONE request towards knowing the whole directory: the user when unknown, else the first
   * workspace tree not yet read (`preferred` first). Completion calls it once per request.
   */
  async step(preferred: string | undefined, opts: RequestOptions = {}): Promise<void> {
    if (!this.me || !this.fresh(this.me.at)) {
      await this.workspaces(opts);
      return;
    }
    const ids = (await this.me.workspaces).map((w) => w.id);
    const next = [preferred, ...ids].find(
      (id) => id !== undefined && ids.includes(id) && !(this.trees.has(id) && this.fresh(this.trees.get(id)!.at)),
    );
    if (next) {
      await this.tree(next, opts);
    }
  }

  /** What is already in memory: never a request. */
  cached(): { workspaces: WorkspaceRef[]; lists: NamedItem[]; views: NamedItem[] } {
    const trees = [...this.settledTrees.values()];
    return {
      workspaces: this.settledWorkspaces ?? [],
      lists: trees.flatMap((t) => t.lists),
      views: trees.flatMap((t) => t.views),
    };
  }

  /** The user's workspace ids once read (the resolver asks each of them for an unknown prefix). */
  knownWorkspaceIds(): string[] {
    return (this.settledWorkspaces ?? []).map((w) => w.id);
  }

  /** The workspace of a list, from the trees (reading the ones not read yet). */
  async workspaceOfList(listId: string, opts: RequestOptions = {}): Promise<string | undefined> {
    const known = this.cached().lists.find((l) => l.id === listId);
    if (known) {
      return known.workspaceId;
    }
    // One workspace tree at a time, stopping at the list's.
    for (const workspace of await this.workspaces(opts)) {
      if ((await this.tree(workspace.id, opts)).lists.some((l) => l.id === listId)) {
        return workspace.id;
      }
    }
    return undefined;
  }

  /** Learns a task seen in any answer: later look-ups and completions of it cost nothing. */
  note(workspaceId: string, row: Pick<TaskRow, 'id' | 'title' | 'display_id'>): void {
    if (this.seen.size >= MAX_SEEN) {
      const oldest = this.seen.values().next().value as SeenTask;
      this.seen.delete(oldest.id);
      this.byDisplayId.delete(oldest.displayId ?? '');
    }
    this.seen.delete(row.id);
    this.seen.set(row.id, { id: row.id, displayId: row.display_id, title: row.title, workspaceId });
    if (row.display_id) {
      this.byDisplayId.set(row.display_id, row.id);
    }
    if (this.prefixes.learn(workspaceId, row.display_id) && row.display_id) {
      this.resolver.forgetPrefix(prefixOf(row.display_id) ?? '');
    }
    if (row.display_id && 'status_id' in row) {
      this.resolver.note(workspaceId, row as TaskRow);
    }
  }

  seenTasks(): SeenTask[] {
    return [...this.seen.values()];
  }

  /** A task seen under this display id (exact match), from memory. */
  seenDisplayId(displayId: string): SeenTask | undefined {
    const ids = this.byDisplayId.get(displayId);
    return ids === undefined ? undefined : this.seen.get(ids);
  }

  workspaceOfTask(taskId: string): string | undefined {
    return this.seen.get(taskId)?.workspaceId;
  }

  /**
   * Whether a display id's prefix is known not to exist: every workspace of the user has shown its
   * prefix and this one is none of them. Then the id is refused without a request.
   */
  /** Whether more than one workspace has been seen using the id's prefix (learned from rows, no request). */
  prefixShared(displayId: string): boolean {
    return (this.prefixes.toJSON()[prefixOf(displayId) ?? '']?.length ?? 0) > 1;
  }

  prefixUnknown(displayId: string): boolean {
    const workspaces = this.settledWorkspaces;
    const prefix = prefixOf(displayId);
    if (!workspaces || !prefix) {
      return false;
    }
    const learned = this.prefixes.toJSON();
    const covered = new Set(Object.values(learned).flat());
    return workspaces.every((w) => covered.has(w.id)) && !(prefix in learned);
  }

  /**
   * One display id through search, which ranks the exact display id first
   * (docs/api/openapi.yaml#searchWorkspace): one request in the prefix's workspace (each workspace
   * in turn while the prefix is not known). Undefined when no hit is exactly that id.
   */
  async searchDisplayId(displayId: string, opts: RequestOptions = {}): Promise<SeenTask | undefined> {
    for (const workspaceId of this.prefixes.workspacesFor(prefixOf(displayId) ?? '', this.knownWorkspaceIds())) {
      const result = await this.api.search(
        { q: displayId, workspace_id: workspaceId, type: 'tasks', per_page: 1 },
        opts,
      );
      const hit = result.tasks?.hits[0] as { id?: unknown; title?: unknown; display_id?: unknown } | undefined;
      if (hit && hit.display_id === displayId && typeof hit.id === 'string') {
        this.note(workspaceId, {
          id: hit.id,
          title: typeof hit.title === 'string' ? hit.title : '',
          display_id: displayId,
        });
        return this.seenDisplayId(displayId);
      }
    }
    return undefined;
  }

  /** One search request for task hits matching `text`, remembered per workspace and text. */
  searchOnce(workspaceId: string, text: string, opts: RequestOptions = {}): Promise<void> {
    const key = `${workspaceId}\n${text.toLowerCase()}`;
    let running = this.searches.get(key);
    if (!running) {
      running = this.api
        .search({ q: text, workspace_id: workspaceId, type: 'tasks', per_page: 20 }, opts)
        .then((result) => {
          for (const hit of result.tasks?.hits ?? []) {
            const row = hit as { id?: unknown; title?: unknown; display_id?: unknown };
            if (typeof row.id === 'string' && typeof row.title === 'string') {
              this.note(workspaceId, {
                id: row.id,
                title: row.title,
                display_id: typeof row.display_id === 'string' ? row.display_id : undefined,
              });
            }
          }
        });
      running.catch(() => this.searches.delete(key));
      this.searches.set(key, running);
    }
    return running;
  }
}
