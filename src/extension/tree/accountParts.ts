import * as vscode from 'vscode';
import { parseAccountKey } from '../../core/accounts/account';
import { inert } from '../../core/text/inert';
import type { TreeModel } from '../../core/tree/model';
import { accountScope, rootKey } from '../../core/tree/nodes';
import type { AccountNode, Scope, TreeNode } from '../../core/tree/nodes';
import type { AccountSessions } from '../auth/accountSessions';
import type { Session, SignedIn } from '../auth/session';

/** One account's share of a tree: its session, and the model made with its client once signed in. */
export interface Part<M> {
  readonly session: Session;
  /** Set with several accounts: the prefix of its keys and the account its nodes carry. */
  readonly scope?: Scope;
  model?: M;
  /** The session state the model was made for; another state means another client. */
  state?: SignedIn;
}

/**
 * Which accounts a tree shows, each with its own model: with one account (or none) the primary
 * session alone, unscoped, exactly as before there were several; with two or more signed in, one
 * scoped part per account in the order of `accounts.current()` (the primary first).
 */
export class AccountParts<M> {
  private parts: Part<M>[];

  constructor(
    private readonly primary: Session,
    private readonly accounts?: AccountSessions,
  ) {
    this.parts = [{ session: primary }];
  }

  get all(): readonly Part<M>[] {
    return this.parts;
  }

  get several(): boolean {
    return this.parts.length > 1;
  }

  /**
   * With several accounts stored, restores each (one `GET /user` per account, the first time),
   * then follows them. With one, nothing is restored here: the tree asks the primary as before.
   */
  async load(): Promise<readonly Part<M>[]> {
    if (this.accounts && this.accounts.current().length > 1) {
      await this.accounts.all();
    }
    this.sync();
    return this.parts;
  }

  /**
   * Follows the accounts known now (no request). A part whose session changed state loses its
   * model (its client may be another); the others keep theirs. True when anything shown changed.
   */
  sync(): boolean {
    const sessions = this.accounts?.current().filter((s) => s.key !== undefined) ?? [];
    const wanted = sessions.length > 1 ? sessions : [this.primary];
    const next = wanted.map((session): Part<M> => {
      const scope = wanted.length > 1 ? accountScope(session.key!) : undefined;
      const known = this.parts.find((p) => p.session === session && p.scope?.prefix === scope?.prefix);
      return known ?? { session, ...(scope && { scope }) };
    });
    let changed = next.length !== this.parts.length || next.some((p, i) => p !== this.parts[i]);
    for (const part of next) {
      if (part.model && part.state !== part.session.state) {
        part.model = undefined;
        part.state = undefined;
        changed = true;
      }
    }
    this.parts = next;
    return changed;
  }

  /** Forgets every model (a full refresh). */
  drop(): void {
    for (const part of this.parts) {
      part.model = undefined;
      part.state = undefined;
    }
  }

  /** The part a key belongs to (the only one with one account). */
  ofKey(key: string): Part<M> {
    return this.parts.find((p) => p.scope && key.startsWith(p.scope.prefix)) ?? this.parts[0]!;
  }

  of(node: TreeNode): Part<M> {
    return this.ofKey(node.key);
  }

  /** The part whose root `key` is, if it is one. */
  ofRoot(key: string): Part<M> | undefined {
    return this.parts.find((p) => rootKey(p.scope) === key);
  }

  *models(): Generator<M> {
    for (const part of this.parts) {
      if (part.model) {
        yield part.model;
      }
    }
  }
}

/** The root row of a scoped part: the user's name (the user id until the account is read) and host. */
export function accountNode(part: Part<unknown>): AccountNode | undefined {
  const scope = part.scope;
  const account = scope && parseAccountKey(scope.account);
  if (!scope || !account) {
    return undefined;
  }
  const state = part.session.state;
  return {
    kind: 'account',
    key: rootKey(scope),
    account: scope.account,
    name: state.kind === 'signedIn' ? state.user.name : account.userId,
    host: new URL(account.baseUrl).host,
  };
}

/**
 * The view's note while loaded rows could not be read again (their service cannot be reached). With
 * several accounts it names whose rows they are, so the others' are not taken for out of date.
 */
export function staleMessage(parts: readonly Part<TreeModel>[]): string | undefined {
  const stale = parts.filter((p) => (p.model?.cache.stale.size ?? 0) > 0);
  if (stale.length === 0) {
    return undefined;
  }
  const roots = stale.map((p) => accountNode(p)).filter((n): n is AccountNode => n !== undefined);
  if (roots.length === 0) {
    return vscode.l10n.t('Task Platform cannot be reached: showing what was loaded earlier, which may be out of date.');
  }
  const whose = roots.map((n) => vscode.l10n.t('{0} at {1}', inert(n.name), n.host)).join(', ');
  return vscode.l10n.t(
    'Task Platform cannot be reached for {0}: showing what was loaded earlier for that account, which may be out of date.',
    whose,
  );
}
