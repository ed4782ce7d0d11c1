import type { ApiClient } from '../api/client';
import type { RequestOptions } from '../api/requester';
import type { User } from '../api/schemas';
import { inert } from '../text/inert';
import { errorText } from '../util/errorText';
import { isUuid } from '../util/ids';
import { budgetOf, callTool, toolErrorText } from './call';
import type { ToolOutcome } from './call';
import type { Budget } from './outputSchemas';
import type { ToolSpec } from './tools';
import { untrustedEnvelope, untrustedText } from './untrusted';

/** Ids placed from earlier answers, at most (the oldest is forgotten first). */
const MAX_PLACED = 5_000;
/** Nodes of one answer walked for ids, at most. */
const MAX_WALKED = 5_000;
/** An account's workspaces are read again for an unknown workspace id at most this often. */
const RELEARN_MS = 60_000;

type Placement = { readonly ok: true; readonly account: number } | { readonly ok: false; readonly text: string };

/**
 * The accounts of one MCP server (the first is TASK_PLATFORM_BASE_URL's) and the rule that picks the
 * one a tool call acts with, the same as the chat tools' (src/extension/ai/route.ts): the first
 * account, in order, whose user sees the input's `workspace_id`. A call keyed by a list or view id
 * alone goes to the account whose earlier answer showed that id. What cannot be placed is refused,
 * saying what to pass: a call is never sent to a service on a guess. With one account, everything
 * goes to it, with no request of its own, as before there were several.
 */
export class AccountRouter {
  private readonly users: (Promise<User> | undefined)[];
  private readonly learnedAt: number[];
  private readonly placed = new Map<string, number>();

  constructor(
    readonly clients: readonly ApiClient[],
    private readonly now: () => number = Date.now,
  ) {
    if (clients.length === 0) {
      throw new Error('An MCP server needs an account.');
    }
    this.users = clients.map(() => undefined);
    this.learnedAt = clients.map(() => 0);
  }

  get primary(): ApiClient {
    return this.clients[0] as ApiClient;
  }

  get several(): boolean {
    return this.clients.length > 1;
  }

  /** Reads every account's user (its workspaces) once; a failed read is asked again on the next need. */
  learn(opts: RequestOptions = {}): Promise<(User | undefined)[]> {
    return Promise.all(this.clients.map((_, i) => this.user(i, opts).catch(() => undefined)));
  }

  /** A tool call with several accounts: routed by its input; get_me covers every account. */
  async call(spec: ToolSpec, args: unknown, opts: RequestOptions = {}): Promise<ToolOutcome> {
    const parsed = spec.input.safeParse(args ?? {});
    if (!this.several || !parsed.success) {
      // Bad input is refused by callTool without a request, whichever account it names.
      return callTool(spec, this.primary, args, opts);
    }
    if (spec.name === 'get_me') {
      return this.me({ priority: 'user', ...opts });
    }
    const place = await this.place(spec.name, parsed.data as Record<string, unknown>);
    if (!place.ok) {
      return { ok: false, text: place.text };
    }
    const outcome = await callTool(spec, this.clients[place.account] as ApiClient, args, opts);
    if (outcome.ok) {
      this.remember(place.account, outcome.structured.data);
    }
    return outcome;
  }

  private user(i: number, opts: RequestOptions): Promise<User> {
    let user = this.users[i];
    if (!user) {
      user = (this.clients[i] as ApiClient).getUser({ priority: 'user', ...opts });
      this.users[i] = user;
      this.learnedAt[i] = this.now();
      user.catch(() => (this.users[i] = undefined));
    }
    return user;
  }

  private async place(tool: string, input: Record<string, unknown>): Promise<Placement> {
    const workspaceId = input.workspace_id;
    if (isUuid(workspaceId)) {
      return this.placeWorkspace(workspaceId);
    }
    const [key, id] = isUuid(input.list_id) ? ['list_id', input.list_id] : ['view_id', input.view_id];
    if (!isUuid(id)) {
      return { ok: true, account: 0 };
    }
    const account = this.placed.get(id.toLowerCase());
    if (account !== undefined) {
      return { ok: true, account };
    }
    return {
      ok: false,
      text:
        `${tool}: this server has several accounts, and which one ${key} ${id} belongs to is not known yet. ` +
        `Call get_sidebar with the workspace_id of its workspace (get_me lists every account's workspaces) first, ` +
        `then call ${tool} again. No request was sent.`,
    };
  }

  /** Without the call's signal: the look-up is shared, and one cancelled call must not fail the others'. */
  private async placeWorkspace(workspaceId: string): Promise<Placement> {
    const sees = (user: User | undefined): boolean =>
      user?.workspaces.some((w) => w.id.toLowerCase() === workspaceId.toLowerCase()) === true;
    let users = await this.learn();
    let account = users.findIndex(sees);
    if (account < 0) {
      // Joined since the server started? Each account's workspaces are read again, at most once a minute.
      this.users.forEach((_, i) => {
        if (this.now() - (this.learnedAt[i] ?? 0) >= RELEARN_MS) this.users[i] = undefined;
      });
      users = await this.learn();
      account = users.findIndex(sees);
    }
    if (account >= 0) {
      return { ok: true, account };
    }
    const unread = users.flatMap((u, i) => (u ? [] : [new URL((this.clients[i] as ApiClient).baseUrl).host]));
    return {
      ok: false,
      text:
        `No account of this server sees workspace ${workspaceId}. Pass a workspace_id that get_me lists ` +
        `(it names the account of each workspace). The call was not sent.` +
        (unread.length > 0 ? ` The workspaces of ${unread.join(', ')} could not be read now.` : ''),
    };
  }

  /** Learns the ids an answer of `account` shows (lists, views, tasks), for calls keyed by one alone. */
  private remember(account: number, data: unknown): void {
    const stack: unknown[] = [data];
    for (let walked = 0; stack.length > 0 && walked < MAX_WALKED; walked++) {
      const node = stack.pop();
      if (Array.isArray(node)) {
        stack.push(...node);
      } else if (typeof node === 'object' && node !== null) {
        for (const [key, value] of Object.entries(node)) {
          if ((key === 'id' || key === 'list_id' || key === 'view_id') && isUuid(value)) {
            this.placeId(value.toLowerCase(), account);
          } else if (typeof value === 'object') {
            stack.push(value);
          }
        }
      }
    }
  }

  /** An id seen by two accounts (one workspace, two users) stays with the first account in order. */
  private placeId(id: string, account: number): void {
    const held = this.placed.get(id);
    if (held !== undefined && held <= account) {
      return;
    }
    this.placed.delete(id);
    if (this.placed.size >= MAX_PLACED) {
      this.placed.delete(this.placed.keys().next().value as string);
    }
    this.placed.set(id, account);
  }

  /**
   * get_me with several accounts: one GET /user per account; the first account's user on top, and
   * every account's workspaces, each naming its account (the user's name and the service's host) and
   * the user's id there (what assignee_id takes in that workspace).
   */
  private async me(opts: RequestOptions): Promise<ToolOutcome> {
    const read = await Promise.allSettled(this.clients.map((c) => c.getUser(opts)));
    const users = read.flatMap((r, i) => (r.status === 'fulfilled' ? [{ user: r.value, i }] : []));
    const first = users[0];
    if (!first) {
      const error = (read[0] as PromiseRejectedResult).reason;
      return { ok: false, text: toolErrorText('get_me', error), error };
    }
    for (const { user, i } of users) {
      this.users[i] = Promise.resolve(user);
      this.learnedAt[i] = this.now();
    }
    const host = (i: number): string => new URL((this.clients[i] as ApiClient).baseUrl).host;
    const workspaces = users.flatMap(({ user, i }) =>
      user.workspaces.map((w) => ({
        id: w.id,
        name: w.name,
        account: `${inert(user.name, 100)} (${host(i)})`,
        user_id: user.id,
      })),
    );
    const failed = read.flatMap((r, i) =>
      r.status === 'rejected' ? [`${host(i)}: ${untrustedText(errorText(r.reason), 200)}`] : [],
    );
    const structured = untrustedEnvelope(
      { id: first.user.id, name: first.user.name, email: first.user.email, workspaces },
      {
        ...(failed.length > 0
          ? { left_out: `The workspaces of accounts that could not be read: ${failed.join('; ')}` }
          : {}),
        budget: this.lowestBudget(),
      },
    );
    return { ok: true, text: JSON.stringify(structured), structured };
  }

  /** Across accounts, the budget that binds: the account with the fewest requests left. */
  private lowestBudget(): Budget {
    return this.clients.map((c) => budgetOf(c)).reduce((a, b) => (b.requests_left < a.requests_left ? b : a));
  }
}
