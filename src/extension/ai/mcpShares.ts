import { randomUUID } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import * as vscode from 'vscode';
import { accountKey } from '../../core/accounts/account';
import type { Account } from '../../core/accounts/account';
import { SERVICE_LIMIT } from '../../core/mcp/budget';
import { BudgetShare, lastTouch } from '../../core/mcp/lease';
import type { RateLimiter } from '../../core/api/rateLimiter';
import { log } from '../log';

/** One token's lease and the editor client's limiter that takes its part of it. */
export interface LeasePair {
  readonly file: string;
  readonly limiter: RateLimiter;
}

/**
 * The editor's side of each token's shared budget while the MCP server VS Code started may be running
 * (core/mcp/lease.ts): one BudgetShare per account, through that account's lease, so every token's
 * editor and server requests together stay within its 60 a minute. VS Code does not report the
 * server's end; each record going stale does (check), and that account's client gets its whole
 * budget back.
 */
export class EditorShares {
  private readonly held = new Map<string, { share: BudgetShare; limiter: RateLimiter }>();

  get active(): boolean {
    return this.held.size > 0;
  }

  /** Shares each pair's budget; a lease whose limiter changed (another client) starts again; others stop. */
  follow(pairs: readonly LeasePair[]): void {
    const wanted = new Map(pairs.map((p) => [p.file, p.limiter]));
    for (const [file, held] of this.held) {
      if (wanted.get(file) !== held.limiter) this.stop(file);
    }
    for (const [file, limiter] of wanted) {
      if (this.held.has(file)) continue;
      this.held.set(file, { share: new BudgetShare({ file, side: 'editor', limiter }), limiter });
      log.info(
        `The AI tools' server and the editor share ${SERVICE_LIMIT} requests a minute, each lending what it does not use.`,
      );
    }
  }

  /**
   * Gives a client its whole budget back once the server's record in its lease is stale and the
   * server was started at least that long ago. Returns whether any budget is still shared.
   */
  check(now: number, resolvedAt: number): boolean {
    for (const [file, { share }] of this.held) {
      if (share.other(undefined, now) === undefined && now - resolvedAt >= share.staleMs) {
        this.stop(file);
        log.info(`The AI tools' server has stopped; the editor has all ${SERVICE_LIMIT} requests a minute again.`);
      }
    }
    return this.active;
  }

  stopAll(): void {
    for (const file of [...this.held.keys()]) this.stop(file);
  }

  private stop(file: string): void {
    const held = this.held.get(file);
    held?.share.stop();
    held?.limiter.setLimit(SERVICE_LIMIT);
    this.held.delete(file);
  }
}

/**
 * The lease files of one window: `mcp-lease-<id>` for the primary account's token (as before there
 * were several), `mcp-lease-<id>-<n>` for each other account's, numbered in the order first offered.
 */
export class LeaseFiles {
  private readonly first: vscode.Uri;
  private readonly numbers = new Map<string, number>();

  constructor(storage: vscode.Uri) {
    this.first = vscode.Uri.joinPath(storage, `mcp-lease-${randomUUID()}`);
  }

  /** The lease of an account's token; undefined is the primary's. */
  of(account: Account | undefined): string {
    if (!account) {
      return this.first.fsPath;
    }
    const key = accountKey(account);
    let n = this.numbers.get(key);
    if (n === undefined) {
      n = this.numbers.size + 1;
      this.numbers.set(key, n);
    }
    return `${this.first.fsPath}-${n}`;
  }

  /** Creates the storage folder, and forgets the leases of windows that ended without cleaning up. */
  async prepare(): Promise<void> {
    const dir = vscode.Uri.joinPath(this.first, '..');
    await vscode.workspace.fs.createDirectory(dir);
    const dayAgo = Date.now() - 24 * 3600_000;
    for (const [name] of await vscode.workspace.fs.readDirectory(dir)) {
      const file = vscode.Uri.joinPath(dir, name);
      if (
        name.startsWith('mcp-lease-') &&
        !file.fsPath.startsWith(this.first.fsPath) &&
        ((await lastTouch(file.fsPath)) ?? 0) < dayAgo
      ) {
        await Promise.resolve(vscode.workspace.fs.delete(file)).catch(() => undefined);
      }
    }
  }

  removeAll(): void {
    for (const file of [this.first.fsPath, ...[...this.numbers.values()].map((n) => `${this.first.fsPath}-${n}`)]) {
      try {
        unlinkSync(file);
      } catch {
        // Never written, or already gone.
      }
    }
  }
}
