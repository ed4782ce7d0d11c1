// The views an account knows: pinned ones (roots of the Saved Views tree) and recently run ones.
// Kept per account (service + user), never across accounts; pure, over a small key-value store.
import { accountKey } from '../accounts/account';
import type { Account } from '../accounts/account';

export interface KnownView {
  readonly id: string;
  readonly name: string;
  readonly scopeType?: string;
  readonly workspaceId?: string;
  readonly pinned: boolean;
  /** ISO time of the last run from this machine, and what it counted then. */
  readonly lastRunAt?: string;
  readonly lastTotal?: number;
}

export interface KeyValue {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

const MAX_RECENT = 20;

export class KnownViews {
  constructor(
    private readonly store: KeyValue,
    private readonly account: Account,
  ) {}

  /** `savedViews:<account key>`; Settings Sync carries every key of this prefix (start/sync.ts). */
  private get key(): string {
    return `savedViews:${accountKey(this.account)}`;
  }

  /** Where the release before account keys kept them; moved to `key` by the first change. */
  private get legacyKey(): string {
    return `savedViews:${this.account.baseUrl}|${this.account.userId}`;
  }

  all(): KnownView[] {
    return this.store.get<KnownView[]>(this.key) ?? this.store.get<KnownView[]>(this.legacyKey) ?? [];
  }

  private async save(views: KnownView[]): Promise<void> {
    await this.store.update(this.key, views);
    if (this.store.get(this.legacyKey) !== undefined) {
      await this.store.update(this.legacyKey, undefined);
    }
  }

  pinned(): KnownView[] {
    return this.all().filter((v) => v.pinned);
  }

  get(id: string): KnownView | undefined {
    return this.all().find((v) => v.id === id);
  }

  /** Adds or updates a view; unpinned views beyond the 20 most recent runs are forgotten. */
  async put(view: KnownView): Promise<void> {
    const others = this.all().filter((v) => v.id !== view.id);
    const next = [view, ...others];
    const recent = next
      .filter((v) => !v.pinned)
      .sort((a, b) => (b.lastRunAt ?? '').localeCompare(a.lastRunAt ?? ''))
      .slice(0, MAX_RECENT);
    await this.save(next.filter((v) => v.pinned || recent.includes(v)));
  }

  async patch(id: string, change: Partial<Omit<KnownView, 'id'>>): Promise<KnownView | undefined> {
    const current = this.get(id);
    if (!current) {
      return undefined;
    }
    const updated = { ...current, ...change };
    await this.save(this.all().map((v) => (v.id === id ? updated : v)));
    return updated;
  }
}
