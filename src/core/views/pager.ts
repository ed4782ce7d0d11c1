// Pages of a saved view's rows, as the user asks for them (docs/api/openapi.yaml#listViewTasks:
// per_page 1..100, page >= 1; never `filter`, `sorts` or `group_by`, which the server refuses).
import type { TaskPage } from '../api/envelopes';
import type { RequestPriority } from '../api/rateLimiter';
import type { TaskRow } from '../api/schemas';
import { VIEW_BUDGET } from '../budgets';

export const VIEW_PAGE_SIZE = 50;

export interface ViewApi {
  runView(
    viewId: string,
    query: { per_page?: number; page?: number },
    opts?: { signal?: AbortSignal; priority?: RequestPriority },
  ): Promise<TaskPage>;
}

export interface ViewCounts {
  readonly total: number | undefined;
  readonly completed: number | undefined;
  readonly filtered: number | undefined;
}

export class ViewPager {
  readonly rows: TaskRow[] = [];
  private page = 0;
  private lastPage: number | undefined;
  private pending: Promise<TaskRow[]> | undefined;
  counts: ViewCounts = { total: undefined, completed: undefined, filtered: undefined };

  constructor(
    private readonly api: ViewApi,
    readonly viewId: string,
    private readonly perPage = VIEW_PAGE_SIZE,
  ) {
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
      throw new RangeError(`per_page must be 1 to 100 (got ${perPage})`);
    }
  }

  get pagesLoaded(): number {
    return this.page;
  }

  /** True once the last page has been read. */
  get done(): boolean {
    return this.lastPage !== undefined && this.page >= this.lastPage;
  }

  /** True when pages are left but the budget's are read (src/core/budgets.ts): the caller says so. */
  get capped(): boolean {
    return !this.done && this.page >= VIEW_BUDGET.pages;
  }

  /** Reads the next page (one request); concurrent calls share it. Resolves to the new rows. */
  next(signal?: AbortSignal): Promise<TaskRow[]> {
    if (this.done || this.capped) {
      return Promise.resolve([]);
    }
    this.pending ??= this.load(signal).finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async load(signal?: AbortSignal): Promise<TaskRow[]> {
    const page = this.page + 1;
    const answer = await this.api.runView(this.viewId, { per_page: this.perPage, page }, { signal, priority: 'user' });
    this.page = page;
    this.lastPage = answer.last_page ?? (answer.data.length < this.perPage ? page : undefined);
    this.counts = { total: answer.total_count, completed: answer.completed_count, filtered: answer.filtered_count };
    this.rows.push(...answer.data);
    return answer.data;
  }
}
