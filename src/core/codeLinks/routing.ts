// Display ids of code in several signed-in accounts (docs/decisions/accounts.md): an id is asked
// only of the accounts whose learned prefixes hold its prefix, each through its own resolver (its
// own token, budget and cache), and the answers are put together. With one account every call goes
// straight to its resolver and nothing is tagged: exactly what one account always did.
import type { AccountKey } from '../accounts/account';
import type { RequestPriority } from '../api/rateLimiter';
import type { TaskRow } from '../api/schemas';
import { prefixOf } from './references';
import type { Candidate, Resolution } from './resolver';

/** What the router needs of a resolver (TaskResolver has it). */
export interface AccountResolver {
  peek(displayId: string): Resolution | undefined;
  isFresh(displayId: string): boolean;
  resolve(displayIds: Iterable<string>, priority?: RequestPriority): Promise<Map<string, Resolution>>;
  cachedTasks(): { workspaceId: string; task: TaskRow }[];
  clear(): void;
}

/** One signed-in account, as references see it. */
export interface RoutedAccount {
  /** Its key; undefined when it is the only account (answers then carry none, as always). */
  readonly key: AccountKey | undefined;
  /** Its service: two users of one service who see one workspace see the same task. */
  readonly baseUrl: string;
  readonly resolver: AccountResolver;
  /** Whether it learned `prefix` from a row of its own (the setting's prefixes do not count). */
  learned(prefix: string): boolean;
}

export class ReferenceRouter {
  constructor(readonly accounts: readonly RoutedAccount[]) {}

  /** More than one account is signed in: answers say whose. */
  get several(): boolean {
    return this.accounts.length > 1;
  }

  /**
   * The accounts an id is asked of: those that learned its prefix; when none did (the setting alone
   * names it), every account, as one account asks every workspace for such a prefix.
   */
  accountsFor(displayId: string): readonly RoutedAccount[] {
    if (this.accounts.length <= 1) {
      return this.accounts;
    }
    const prefix = prefixOf(displayId) ?? '';
    const having = this.accounts.filter((a) => a.learned(prefix));
    return having.length > 0 ? having : this.accounts;
  }

  /** The cached answer of every account asked for the id, put together; never a request. */
  peek(displayId: string): Resolution | undefined {
    const [one, ...more] = this.accountsFor(displayId);
    if (one && more.length === 0) {
      return tagged(one.resolver.peek(displayId), one.key);
    }
    return combined(this.accountsFor(displayId).map((a) => ({ account: a, answer: a.resolver.peek(displayId) })));
  }

  /** Fresh in every account it is asked of. */
  isFresh(displayId: string): boolean {
    const asked = this.accountsFor(displayId);
    return asked.length > 0 && asked.every((a) => a.resolver.isFresh(displayId));
  }

  /** Each account resolves its own ids (side by side); an id answered by none is left out. */
  async resolve(
    displayIds: Iterable<string>,
    priority: RequestPriority = 'background',
  ): Promise<Map<string, Resolution>> {
    const ids = [...new Set(displayIds)];
    const asked = ids.map((id) => ({ id, accounts: this.accountsFor(id) }));
    const answers = await Promise.all(
      this.accounts.map((account) =>
        account.resolver.resolve(
          asked.filter((a) => a.accounts.includes(account)).map((a) => a.id),
          priority,
        ),
      ),
    );
    const result = new Map<string, Resolution>();
    for (const { id, accounts } of asked) {
      const each = accounts.map((account) => ({ account, answer: answers[this.accounts.indexOf(account)]?.get(id) }));
      const answer = each.length === 1 ? tagged(each[0]?.answer, each[0]?.account.key) : combined(each);
      if (answer) result.set(id, answer);
    }
    return result;
  }

  /** Forgets every account's answers (a new session would start so). */
  clear(): void {
    this.accounts.forEach((a) => a.resolver.clear());
  }

  /** Every task found so far, in every account. */
  cachedTasks(): Candidate[] {
    return this.accounts.flatMap((a) => a.resolver.cachedTasks().map((c) => (a.key ? { ...c, account: a.key } : c)));
  }
}

/** The answer with its account named (none with one account). */
function tagged(answer: Resolution | undefined, key: AccountKey | undefined): Resolution | undefined {
  if (!answer || !key) return answer;
  if (answer.kind === 'found') return { ...answer, account: key };
  if (answer.kind === 'ambiguous')
    return { ...answer, candidates: answer.candidates.map((c) => ({ ...c, account: key })) };
  return answer;
}

/**
 * Several accounts' answers as one: every task found (one per service and workspace, the first
 * account's), found when one, ambiguous when more; else in Trash, else missing.
 */
function combined(each: readonly { account: RoutedAccount; answer: Resolution | undefined }[]): Resolution | undefined {
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const { account, answer } of each) {
    const tasks =
      answer?.kind === 'found' ? [answer] : answer?.kind === 'ambiguous' ? answer.candidates : ([] as Candidate[]);
    for (const c of tasks) {
      const where = `${account.baseUrl} ${c.workspaceId}`;
      if (seen.has(where)) continue;
      seen.add(where);
      candidates.push({ workspaceId: c.workspaceId, task: c.task, ...(account.key && { account: account.key }) });
    }
  }
  const [first] = candidates;
  if (first) {
    return candidates.length === 1 ? { kind: 'found', ...first } : { kind: 'ambiguous', candidates };
  }
  // Not found anywhere it was checked: said only once every account answered (one may have it).
  const answers = each.map((e) => e.answer);
  if (answers.some((a) => a === undefined)) return undefined;
  return answers.find((a) => a?.kind === 'trashed') ?? answers.find((a) => a?.kind === 'missing');
}
