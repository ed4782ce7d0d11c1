import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import type { Resolution } from '../../core/codeLinks/resolver';
import { isCompleted } from '../../core/tree/rows';
import { SECTION } from '../config';
import { Disposable } from '../disposable';
import type { ReferenceFinder } from './finder';
import { notVisible } from './providers';

const SOURCE = 'Task Platform';
const DELAY_MS = 1000;
/** When less than half the request budget is left, unknown ids wait this long (cached ones still show). */
const BUDGET_RETRY_MS = 15_000;
type Stale = 'completed' | 'trashed' | 'missing';

export function staleDiagnosticsEnabled(uri?: vscode.Uri): boolean {
  return vscode.workspace.getConfiguration(SECTION, uri).get<boolean>('codeLinks.staleReferenceDiagnostics', false);
}

function staleKind(resolution: Resolution | undefined): Stale | undefined {
  if (!resolution) {
    return undefined;
  }
  if (resolution.kind === 'found') {
    return isCompleted(resolution.task) ? 'completed' : undefined;
  }
  // An id two workspaces answer for is not stale: it names live tasks.
  return resolution.kind === 'ambiguous' ? undefined : resolution.kind;
}

function message(displayId: string, kind: Stale): string {
  switch (kind) {
    case 'completed':
      return vscode.l10n.t('{0} is completed.', displayId);
    case 'trashed':
      return vscode.l10n.t('{0} is in Trash.', displayId);
    default:
      return notVisible(displayId);
  }
}

/**
 * Stale references (opt-in per workspace: `taskPlatform.codeLinks.staleReferenceDiagnostics`): open
 * documents are checked a moment after they change, at background priority, through the batching
 * resolver (one pass per document change, cache hits after), so the budget goes to what the user waits on.
 */
export class StaleReferences extends Disposable implements vscode.CodeActionProvider {
  readonly collection = this.register(vscode.languages.createDiagnosticCollection('taskPlatform.codeLinks'));
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly finder: ReferenceFinder) {
    super();
    this.register(vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d)));
    this.register(vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document)));
    this.register(vscode.workspace.onDidCloseTextDocument((d) => this.collection.delete(d.uri)));
    this.register(finder.onDidChange(() => this.checkAll()));
    this.register(
      vscode.workspace.onDidChangeConfiguration(
        (e) => e.affectsConfiguration(`${SECTION}.codeLinks`) && this.checkAll(),
      ),
    );
    this.register({ dispose: () => this.timers.forEach((t) => clearTimeout(t)) });
  }

  checkAll(): void {
    vscode.workspace.textDocuments.forEach((d) => this.schedule(d));
  }

  private schedule(document: vscode.TextDocument, delay = DELAY_MS): void {
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    if (!staleDiagnosticsEnabled(document.uri)) {
      this.collection.delete(document.uri);
      return;
    }
    this.timers.set(
      key,
      setTimeout(() => void this.check(document), delay),
    );
  }

  /** Background work keeps to the first half of the budget (as the tree's poller does). */
  private budgetLow(): boolean {
    // Every account has a budget of its own: a check waits while any of them is low.
    return this.finder.signedInAll().some((state) => {
      const budget = state.client.limiter.snapshot();
      return budget.paused || budget.remaining < budget.limit / 2;
    });
  }

  /** Computes the diagnostics of one document now (tests call it through the test API). */
  async check(document: vscode.TextDocument): Promise<vscode.Diagnostic[]> {
    this.timers.delete(document.uri.toString());
    await this.finder.languages.ready();
    // Each id is asked of the accounts that have its prefix only (core/codeLinks/routing.ts).
    const resolver = this.finder.router();
    const refs = this.finder.scan(document);
    if (resolver.accounts.length === 0 || document.isClosed) {
      return [];
    }
    const version = document.version;
    const ids = refs.map((r) => r.displayId);
    let answers = new Map<string, Resolution>();
    if (ids.some((id) => !resolver.isFresh(id)) && this.budgetLow()) {
      this.schedule(document, BUDGET_RETRY_MS);
    } else {
      answers = await resolver.resolve(ids, 'background');
    }
    if (document.version !== version) {
      return [];
    }
    const diagnostics = refs.flatMap((ref) => {
      const kind = staleKind(answers.get(ref.displayId) ?? resolver.peek(ref.displayId));
      if (!kind) {
        return [];
      }
      const range = new vscode.Range(document.positionAt(ref.start), document.positionAt(ref.end));
      const severity = kind === 'completed' ? vscode.DiagnosticSeverity.Information : vscode.DiagnosticSeverity.Warning;
      const diagnostic = new vscode.Diagnostic(range, message(ref.displayId, kind), severity);
      diagnostic.source = SOURCE;
      diagnostic.code = kind;
      return [diagnostic];
    });
    this.collection.set(document.uri, diagnostics);
    return diagnostics;
  }

  provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    return context.diagnostics.filter((d) => d.source === SOURCE).flatMap((d) => this.fixes(document, d));
  }

  private fixes(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): vscode.CodeAction[] {
    const displayId =
      this.finder.referenceAt(document, diagnostic.range.start)?.displayId ?? document.getText(diagnostic.range);
    const remove = new vscode.CodeAction(
      vscode.l10n.t('Remove the reference to {0}', displayId),
      vscode.CodeActionKind.QuickFix,
    );
    remove.edit = new vscode.WorkspaceEdit();
    remove.edit.delete(document.uri, removalRange(document, diagnostic.range));
    remove.diagnostics = [diagnostic];
    remove.isPreferred = diagnostic.code !== 'completed';
    const actions = [remove];
    const ref = this.finder.referenceAt(document, diagnostic.range.start);
    if (ref) {
      const replace = new vscode.CodeAction(
        vscode.l10n.t('Replace {0} with another task…', displayId),
        vscode.CodeActionKind.QuickFix,
      );
      replace.command = {
        command: Commands.codeLinksReplaceReference,
        title: replace.title,
        arguments: [{ uri: document.uri.toString(), start: ref.start, end: ref.end }],
      };
      replace.diagnostics = [diagnostic];
      actions.push(replace);
    }
    if (diagnostic.code !== 'missing') {
      const open = new vscode.CodeAction(vscode.l10n.t('Open {0}', displayId), vscode.CodeActionKind.QuickFix);
      open.command = { command: Commands.codeLinksOpen, title: open.title, arguments: [{ displayId }] };
      open.diagnostics = [diagnostic];
      actions.unshift(open);
    }
    return actions;
  }
}

/** The reference plus its wrapping `(…)` and one space before it, so `TODO(ACME-1): x` reads `TODO: x`. */
function removalRange(document: vscode.TextDocument, range: vscode.Range): vscode.Range {
  const line = document.lineAt(range.start.line).text;
  let start = range.start.character;
  let end = range.end.character;
  if (line[start - 1] === '(' && line[end] === ')') {
    start -= 1;
    end += 1;
  } else if (line[start - 1] === ' ') {
    start -= 1;
  }
  return new vscode.Range(range.start.line, start, range.end.line, end);
}
