import { Emitter } from '../util/event';
import { runCheck } from './check';
import type { CheckInput, CheckResult, InboxApi } from './check';
import * as S from './state';
import type { FollowRef, InboxEntry, InboxState } from './state';

/** Where one account's inbox state is stored (the extension: a key of global state per account). */
export interface InboxStore {
  read(): unknown;
  write(state: InboxState): Promise<void>;
}

export interface InboxOptions {
  /** Whether tasks the user is assigned to or created are followed without asking. */
  autoFollow(): boolean;
  now?(): number;
}

/**
 * One account's inbox. Every change reads the stored state again and writes it back changed, so what
 * another window of the same account stored meanwhile is kept (entries have ids every window derives
 * alike; read marks only ever turn on).
 */
export class Inbox {
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;
  private writing: Promise<void> = Promise.resolve();
  private parsed: { raw: unknown; state: InboxState } | undefined;
  private followSet: { state: InboxState; autoFollow: boolean; set: ReadonlyMap<string, FollowRef> } | undefined;

  constructor(
    private readonly store: InboxStore,
    readonly me: string,
    private readonly options: InboxOptions,
  ) {}

  /**
   * The stored state, checked. Parsed again only when the stored value is another object (a write,
   * another window's change): the panel asks on every tab change, and a state that follows
   * thousands of tasks takes tens of milliseconds to check.
   */
  get state(): InboxState {
    const raw = this.store.read();
    if (raw === undefined || raw !== this.parsed?.raw) {
      this.parsed = { raw, state: S.parseState(raw) };
    }
    return this.parsed.state;
  }

  get entries(): readonly InboxEntry[] {
    return this.state.entries;
  }

  get unread(): number {
    return S.unreadCount(this.state);
  }

  /** Milliseconds since any window of the account last checked (Infinity if never). */
  sinceLastCheck(): number {
    const at = this.state.lastCheckAt;
    return at === undefined ? Infinity : this.now() - at;
  }

  isFollowed(taskId: string): boolean {
    return this.followed().has(taskId);
  }

  follows(): Map<string, FollowRef> {
    return new Map(this.followed());
  }

  /** The follow set of the current state, built once per state and setting. */
  private followed(): ReadonlyMap<string, FollowRef> {
    const state = this.state;
    const autoFollow = this.options.autoFollow();
    if (this.followSet?.state !== state || this.followSet.autoFollow !== autoFollow) {
      this.followSet = { state, autoFollow, set: S.followSet(state, autoFollow) };
    }
    return this.followSet.set;
  }

  follow(taskId: string, ref: FollowRef, updatedAt?: string): Promise<void> {
    return this.update((s) => S.follow(s, taskId, ref, updatedAt));
  }

  unfollow(taskId: string): Promise<void> {
    return this.update((s) => S.unfollow(s, taskId));
  }

  /** A task the user created here: followed like an assigned one. */
  created(taskId: string, ref: FollowRef, updatedAt?: string): Promise<void> {
    return this.update((s) => {
      const next = S.autoFollow(s, taskId, ref);
      const seen = next.seen[taskId] ?? { workspaceId: ref.workspaceId, ...(updatedAt ? { updatedAt } : {}) };
      return { ...next, seen: { ...next.seen, [taskId]: seen } };
    });
  }

  markRead(ids: Iterable<string>): Promise<void> {
    return this.update((s) => S.markRead(s, new Set(ids)));
  }

  markAllRead(): Promise<void> {
    return this.update((s) => S.markRead(s, 'all'));
  }

  /** Runs one check and stores what it found; resolves with the check's result. */
  async check(api: InboxApi, input: Omit<CheckInput, 'me' | 'autoFollow'>): Promise<CheckResult> {
    const result = await runCheck(api, this.state, { ...input, me: this.me, autoFollow: this.options.autoFollow() });
    await this.update((s) => result.apply(s, this.now()));
    return result;
  }

  /** Something changed the stored value from outside (another window): tell the listeners. */
  refresh(): void {
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }

  private update(change: (state: InboxState) => InboxState): Promise<void> {
    // Chained so that each change starts from the value the previous one stored.
    this.writing = this.writing
      .then(() => this.store.write(change(this.state)))
      .catch(() => undefined)
      .then(() => this.changed.fire());
    return this.writing;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
