import * as vscode from 'vscode';
import { SEARCH_BUDGET } from '../../core/budgets';
import { signedInAll } from '../auth/guard';
import type { SearchResult } from '../../core/api/envelopes';
import { UnauthorizedError } from '../../core/api/errors';
import type { Priority } from '../../core/api/schemas';
import { taskWebLink } from '../../core/tasks/links';
import { LatestOnly } from '../../core/util/latest';
import { isUuid } from '../../core/util/ids';
import type { TaskRef } from '../tasks/ref';
import { describeFailure, reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import type { LiveQuickPick } from '../ui/prompter';
import { openTask } from '../common/commandContext';
import type { CommandContext } from '../common/commandContext';
import { priorityLabel } from '../ui/pickers';
import { AbortError } from '../../core/util/abort';
import { placesOf, SearchScope } from './searchScope';
import type { Place } from './searchScope';
import { hitItems, PRIORITY_FILTERS, priorityButton, totalOf, typeButton, typeLabel } from './searchItems';
import type { HitItem, SearchType } from './searchItems';

/** Quiet time after a keystroke before searching: ten characters typed at speed make one request. */
export const SEARCH_DEBOUNCE_MS = 300;
const PER_PAGE = 20;

interface Query {
  readonly q: string;
  readonly type: SearchType;
  readonly priority?: Priority;
  readonly page: number;
}

/**
 * Search Tasks: a QuickPick over GET /search (docs/api/openapi.yaml#searchWorkspace: q 1-255,
 * workspace_id, type, priority, page, per_page 1-50). A search is per workspace in the API, so a query
 * reads each of the user's workspaces (SEARCH_BUDGET.workspaces at most; searchScope.ts), unless
 * started from a tree node or narrowed from the hint rows shown before a query.
 * Typing is debounced and a newer query aborts the requests of an older one; buttons filter by
 * priority and switch between tasks, comments and attachments; "more results" loads the next page;
 * Enter opens the task; an item button copies its link. Resolves to the task opened, if any.
 */
export async function searchTasks(ctx: CommandContext, arg?: unknown): Promise<TaskRef | undefined> {
  const states = await signedInAll(ctx.services.accounts);
  const [primary] = states;
  if (!primary) {
    return undefined;
  }
  const places = placesOf(states);
  if (places.length === 0) {
    void prompter().warn(vscode.l10n.t('Your account has no workspace.'));
    return undefined;
  }
  const scope = new SearchScope(places, givenPlace(places, primary, arg));
  return new Promise((resolve) => new SearchPick(scope, resolve).show());
}

/**
 * The one place a search started from a tree node reads: a task or list node carries workspaceId,
 * the tree's workspace node its own id, and any node of an account other than the primary its
 * account.
 */
function givenPlace(places: readonly Place[], primary: Place['state'], arg: unknown): Place | undefined {
  const node = arg as { workspaceId?: unknown; kind?: unknown; id?: unknown; account?: unknown } | undefined;
  const given = node?.workspaceId ?? (node?.kind === 'workspace' ? node.id : undefined);
  if (!isUuid(given)) {
    return undefined;
  }
  const mine = places.filter((p) => p.workspace.id === given);
  const place = mine.find((p) => (node?.account === undefined ? p.state === primary : p.account === node.account));
  return place ?? { id: given, state: primary, workspace: { id: given, name: '' } };
}

/** One place's answer to a query: its page of hits, or why it failed. */
interface Answer {
  readonly placeId: string;
  readonly result?: SearchResult;
  readonly error?: unknown;
}

class SearchPick {
  private readonly pick: LiveQuickPick<HitItem> = prompter().createQuickPick<HitItem>();
  private readonly runner: LatestOnly<Query, Answer[]>;
  private type: SearchType = 'tasks';
  private priority: Priority | undefined;
  private last: Query | undefined;
  /** Per workspace, the hits its last first page counted: "More results…" reads on where there are more. */
  private totals = new Map<string, number>();
  private settled = false;

  constructor(
    private readonly scope: SearchScope,
    private readonly done: (ref: TaskRef | undefined) => void,
  ) {
    this.runner = new LatestOnly(
      SEARCH_DEBOUNCE_MS,
      (query, signal) => this.read(query, signal),
      (query, answers) => this.showResult(query, answers),
      (_query, error) => this.showError(error),
    );
  }

  /** One request per place searched (on a later page, only those with more hits), side by side. */
  private read(query: Query, signal: AbortSignal): Promise<Answer[]> {
    const more = (id: string): boolean => query.page === 1 || (this.totals.get(id) ?? 0) > (query.page - 1) * PER_PAGE;
    const places = this.scope.searched.filter((p) => more(p.id));
    return Promise.all(
      places.map(({ id: placeId, state, workspace }) =>
        state.client
          .search(
            {
              q: query.q,
              workspace_id: workspace.id,
              type: query.type,
              priority: query.priority,
              page: query.page,
              per_page: PER_PAGE,
            },
            { signal, priority: 'user' },
          )
          .then(
            (result): Answer => ({ placeId, result }),
            (error: unknown): Answer => {
              if (AbortError.is(error)) {
                throw error; // a newer query or a cleared box: nothing to show
              }
              return { placeId, error };
            },
          ),
      ),
    );
  }

  show(): void {
    const pick = this.pick;
    pick.matchOnDescription = true;
    pick.keepScrollPosition = true;
    pick.onDidChangeValue(() => this.search(false));
    pick.onDidAccept(() => this.accept());
    pick.onDidTriggerButton((button) =>
      this.toggle(button as vscode.QuickInputButton & { priority?: Priority; type?: SearchType }),
    );
    pick.onDidTriggerItemButton((event) => void this.copyLink(event.item));
    pick.onDidHide(() => this.finish(undefined));
    this.decorate();
    this.search(false);
    pick.show();
  }

  private search(immediate: boolean, page = 1): void {
    const q = this.pick.value.trim().slice(0, 255);
    if (q === '') {
      // Before a query: what the search reads and how to narrow it, rather than "0 results".
      this.runner.cancel();
      this.pick.items = this.scope.hint(typeLabel(this.type));
      this.pick.busy = false;
      return;
    }
    if (this.pick.items.some((i) => i.scope !== undefined || (!i.ref && !i.more))) {
      this.pick.items = []; // the hint rows, which the typed text would filter down to "0 results"
    }
    this.pick.busy = true;
    this.runner.update({ q, type: this.type, priority: this.priority, page }, immediate);
  }

  private showResult(query: Query, answers: Answer[]): void {
    const failed = answers.find((a) => a.error !== undefined);
    if (failed && answers.every((a) => a.error !== undefined)) {
      this.showError(failed.error);
      return;
    }
    this.last = query;
    if (query.page === 1) {
      this.totals = new Map(answers.map((a) => [a.placeId, a.result ? totalOf(a.result, query.type) : 0]));
    }
    const items = answers.flatMap((a) => (a.result ? this.itemsOf(a.placeId, a.result, query.type) : []));
    const kept = query.page === 1 ? [] : this.pick.items.filter((i) => i.ref);
    const all: HitItem[] = [...(failed ? [this.failureItem(failed.error)] : []), ...kept, ...items];
    const shown = kept.length + items.length;
    const total = [...this.totals.values()].reduce((sum, n) => sum + n, 0);
    if (shown < total && items.length > 0 && query.page >= SEARCH_BUDGET.pages) {
      // The search's budget (src/core/budgets.ts): more is found by narrowing, not by paging on.
      all.push({
        label: vscode.l10n.t('Type more words to narrow the search'),
        description: vscode.l10n.t('{0} of {1} shown', shown, total),
        alwaysShow: true,
        iconPath: new vscode.ThemeIcon('info'),
      });
    } else if (shown < total && items.length > 0) {
      all.push({
        label: vscode.l10n.t('More results…'),
        description: vscode.l10n.t('{0} of {1} shown', shown, total),
        alwaysShow: true,
        more: true,
        iconPath: new vscode.ThemeIcon('ellipsis'),
      });
    }
    if (all.length === 0) {
      all.push({ label: vscode.l10n.t('No {0} match "{1}"', typeLabel(query.type), query.q), alwaysShow: true });
    }
    this.pick.items = all;
    this.pick.busy = false;
  }

  /**
   * A place's hits; across several places each says which one it is from, and with several accounts
   * each hit carries its account, so opening it acts with that account's client.
   */
  private itemsOf(placeId: string, result: SearchResult, type: SearchType): HitItem[] {
    const place = this.scope.place(placeId);
    if (!place) {
      return [];
    }
    const account = place.account;
    const items = hitItems(result, type, place.workspace.id).map((i) =>
      account && i.ref ? { ...i, ref: { ...i.ref, account } } : i,
    );
    const name = this.scope.several ? this.scope.nameOf(placeId) : undefined;
    return name === undefined ? items : items.map((i) => ({ ...i, detail: i.detail ? `${i.detail} · ${name}` : name }));
  }

  private showError(error: unknown): void {
    this.pick.busy = false;
    this.pick.items = [this.failureItem(error)];
  }

  /** The reason a search failed, as a row; a 401 also turns the session to "token rejected" (no second popup). */
  private failureItem(error: unknown): HitItem {
    if (UnauthorizedError.is(error)) {
      void reportFailure(vscode.l10n.t('Search failed'), error);
    }
    const message = describeFailure(vscode.l10n.t('Search failed'), error);
    return { label: message, alwaysShow: true, iconPath: new vscode.ThemeIcon('error') };
  }

  private accept(): void {
    const item = this.pick.activeItems[0];
    if (item && this.scope.choose(item)) {
      this.decorate();
      this.search(true);
      return;
    }
    if (item?.more && this.last) {
      this.pick.busy = true;
      this.runner.update({ ...this.last, page: this.last.page + 1 }, true);
      return;
    }
    if (item?.ref) {
      this.finish(item.ref);
      void openTask(item.ref);
    }
  }

  private toggle(button: vscode.QuickInputButton & { priority?: Priority; type?: SearchType }): void {
    if (button.priority) {
      this.priority = this.priority === button.priority ? undefined : button.priority;
    } else if (button.type) {
      this.type = button.type;
    }
    this.decorate();
    this.search(true);
  }

  private decorate(): void {
    const filters = [
      this.priority && vscode.l10n.t('{0} priority only', priorityLabel(this.priority)),
      this.type !== 'tasks' && typeLabel(this.type),
      this.scope.narrowedTo,
    ].filter(Boolean);
    this.pick.title = [vscode.l10n.t('Search Tasks'), ...filters].join(' · ');
    this.pick.placeholder = this.scope.several
      ? vscode.l10n.t('Search {0} in your workspaces by text or display id', typeLabel(this.type))
      : vscode.l10n.t('Search {0} by text or display id', typeLabel(this.type));
    const others = (['tasks', 'comments', 'attachments'] as const).filter((t) => t !== this.type).map(typeButton);
    this.pick.buttons = [...PRIORITY_FILTERS.map((p) => priorityButton(p, p === this.priority)), ...others];
  }

  private async copyLink(item: HitItem): Promise<void> {
    if (!item.ref) {
      return;
    }
    const place = this.scope.searched.find(
      (p) => p.workspace.id === item.ref?.workspaceId && p.account === item.ref.account,
    );
    if (!place) {
      return;
    }
    const link = taskWebLink(place.state.baseUrl, item.displayId ?? item.ref.taskId);
    await vscode.env.clipboard.writeText(link);
    prompter().status(vscode.l10n.t('Copied {0}', link), 4000);
  }

  private finish(ref: TaskRef | undefined): void {
    if (this.settled) {
      return;
    }
    this.settled = true;
    this.runner.dispose();
    this.pick.dispose();
    this.done(ref);
  }
}
