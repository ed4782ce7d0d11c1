import * as vscode from 'vscode';
import { SEARCH_BUDGET } from '../../core/budgets';
import { signedIn } from '../auth/guard';
import type { SearchResult } from '../../core/api/envelopes';
import { UnauthorizedError } from '../../core/api/errors';
import type { Priority } from '../../core/api/schemas';
import { taskWebLink } from '../../core/tasks/links';
import { LatestOnly } from '../../core/util/latest';
import type { SignedIn } from '../auth/session';
import { isUuid } from '../../core/util/ids';
import type { TaskRef } from '../tasks/ref';
import { describeFailure, reportFailure } from '../ui/failure';
import { prompter } from '../ui/prompter';
import type { LiveQuickPick } from '../ui/prompter';
import { openTask } from '../common/commandContext';
import type { CommandContext } from '../common/commandContext';
import { pickWorkspace, priorityLabel } from '../ui/pickers';
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
 * Search Tasks: a QuickPick over GET /search (docs/api/openapi.yaml#searchWorkspace: q 1-255, type, priority, page,
 * per_page 1-50).
 * Typing is debounced and a newer query aborts the request of an older one; buttons filter by
 * priority and switch between tasks, comments and attachments; "more results" loads the next page;
 * Enter opens the task; an item button copies its link. Resolves to the task opened, if any.
 */
export async function searchTasks(ctx: CommandContext, arg?: unknown): Promise<TaskRef | undefined> {
  const state = await signedIn(ctx.services.session);
  // A task or list node carries workspaceId; the tree's workspace node carries its own id.
  const node = arg as { workspaceId?: unknown; kind?: unknown; id?: unknown } | undefined;
  const given = node?.workspaceId ?? (node?.kind === 'workspace' ? node.id : undefined);
  const workspaceId = state && (isUuid(given) ? given : await pickWorkspace(state, vscode.l10n.t('Search Tasks')));
  if (!state || !workspaceId) {
    return undefined;
  }
  return new Promise((resolve) => new SearchPick(state, workspaceId, resolve).show());
}

class SearchPick {
  private readonly pick: LiveQuickPick<HitItem> = prompter().createQuickPick<HitItem>();
  private readonly runner: LatestOnly<Query, SearchResult>;
  private type: SearchType = 'tasks';
  private priority: Priority | undefined;
  private last: Query | undefined;
  private settled = false;

  constructor(
    private readonly state: SignedIn,
    private readonly workspaceId: string,
    private readonly done: (ref: TaskRef | undefined) => void,
  ) {
    this.runner = new LatestOnly(
      SEARCH_DEBOUNCE_MS,
      (query, signal) =>
        state.client.search(
          {
            q: query.q,
            workspace_id: workspaceId,
            type: query.type,
            priority: query.priority,
            page: query.page,
            per_page: PER_PAGE,
          },
          { signal, priority: 'user' },
        ),
      (query, result) => this.showResult(query, result),
      (_query, error) => this.showError(error),
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
    pick.show();
  }

  private search(immediate: boolean, page = 1): void {
    const q = this.pick.value.trim().slice(0, 255);
    if (q === '') {
      this.runner.cancel();
      this.pick.items = [];
      this.pick.busy = false;
      return;
    }
    this.pick.busy = true;
    this.runner.update({ q, type: this.type, priority: this.priority, page }, immediate);
  }

  private showResult(query: Query, result: SearchResult): void {
    this.last = query;
    const items = hitItems(result, query.type, this.workspaceId);
    const kept = query.page === 1 ? [] : this.pick.items.filter((i) => !i.more);
    const all = [...kept, ...items];
    const total = totalOf(result, query.type);
    if (all.length < total && items.length > 0 && query.page >= SEARCH_BUDGET.pages) {
      // The search's budget (src/core/budgets.ts): more is found by narrowing, not by paging on.
      all.push({
        label: vscode.l10n.t('Type more words to narrow the search'),
        description: vscode.l10n.t('{0} of {1} shown', all.length, total),
        alwaysShow: true,
        iconPath: new vscode.ThemeIcon('info'),
      });
    } else if (all.length < total && items.length > 0) {
      all.push({
        label: vscode.l10n.t('More results…'),
        description: vscode.l10n.t('{0} of {1} shown', all.length, total),
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

  private showError(error: unknown): void {
    this.pick.busy = false;
    const message = describeFailure(vscode.l10n.t('Search failed'), error);
    this.pick.items = [{ label: message, alwaysShow: true, iconPath: new vscode.ThemeIcon('error') }];
    // The reason is shown in the pick itself; a 401 also goes through the shared reporting, which
    // turns the session to "token rejected" (and shows no second popup).
    if (UnauthorizedError.is(error)) {
      void reportFailure(vscode.l10n.t('Search failed'), error);
    }
  }

  private accept(): void {
    const item = this.pick.activeItems[0];
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
    ].filter(Boolean);
    this.pick.title = [vscode.l10n.t('Search Tasks'), ...filters].join(' · ');
    this.pick.placeholder = vscode.l10n.t('Search {0} by text or display id', typeLabel(this.type));
    const others = (['tasks', 'comments', 'attachments'] as const).filter((t) => t !== this.type).map(typeButton);
    this.pick.buttons = [...PRIORITY_FILTERS.map((p) => priorityButton(p, p === this.priority)), ...others];
  }

  private async copyLink(item: HitItem): Promise<void> {
    if (!item.ref) {
      return;
    }
    const link = taskWebLink(this.state.baseUrl, item.displayId ?? item.ref.taskId);
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
