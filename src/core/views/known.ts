// The views an account knows: pinned ones (roots of the Saved Views tree) and recently run ones.
// Kept per account (service + user), never across accounts; pure, over a small key-value store.

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
    private readonly account: string,
  ) {}

  private get key(): string {
    return `savedViews:${this.account}`;
  }

  all(): KnownView[] {
    return this.store.get<KnownView[]>(this.key) ?? [];
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
    await this.store.update(
      this.key,
      next.filter((v) => v.pinned || recent.includes(v)),
    );
  }

  async patch(id: string, change: Partial<Omit<KnownView, 'id'>>): Promise<KnownView | undefined> {
    const current = this.get(id);
    if (!current) {
      return undefined;
    }
    const updated = { ...current, ...change };
    await this.store.update(
      this.key,
      this.all().map((v) => (v.id === id ? updated : v)),
    );
    return updated;
  }
}
