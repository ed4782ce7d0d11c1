import * as vscode from 'vscode';
import { Commands } from '../common/commandIds';
import type { Candidate, Resolution } from '../../core/codeLinks/resolver';
import { isDisplayId } from '../../core/tasks/links';
import { isUuid } from '../../core/util/ids';
import { inert } from '../../core/text/inert';
import { openTask } from '../common/commandContext';
import { prompter } from '../ui/prompter';
import type { ReferenceFinder } from './finder';
import { commandUri, hoverMarkdown } from './markdown';

const PREFETCH_DELAY_MS = 1000;

/**
 * Links and hovers over task references. Neither sends a request per keystroke: links come from the
 * scan alone (the target is a command that resolves on click), and the ids of a document are looked
 * up in one background pass a second after the last change, so hovers are served from the cache.
 */
export class ReferenceProviders implements vscode.DocumentLinkProvider, vscode.HoverProvider {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly unlinked = new vscode.EventEmitter<void>();
  /**
   * Fires when a lookup found that an id names no task the user can see: links drawn before it are
   * stale, and a link provider has no change event, so register.ts registers this one again.
   */
  readonly onDidUnlink = this.unlinked.event;

  constructor(private readonly finder: ReferenceFinder) {}

  async provideDocumentLinks(document: vscode.TextDocument): Promise<vscode.DocumentLink[]> {
    await this.finder.languages.ready();
    const refs = this.finder.scan(document);
    this.schedulePrefetch(
      document,
      refs.map((r) => r.displayId),
    );
    // An id already known to name no visible task is no link: following it could only fail.
    const router = this.finder.router();
    const linked = refs.filter((ref) => !isDeadEnd(router.peek(ref.displayId)));
    return linked.map((ref) => {
      const range = new vscode.Range(document.positionAt(ref.start), document.positionAt(ref.end));
      const link = new vscode.DocumentLink(range, commandUri(Commands.codeLinksOpen, { displayId: ref.displayId }));
      link.tooltip = inert(vscode.l10n.t('Open {0} in Task Platform', ref.displayId));
      return link;
    });
  }

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    await this.finder.languages.ready();
    const ref = this.finder.referenceAt(document, position);
    if (!ref) {
      return undefined;
    }
    const router = await this.finder.ensureRouter();
    const signedIn = router.accounts.length > 0;
    const range = new vscode.Range(document.positionAt(ref.start), document.positionAt(ref.end));
    // Cache first; an id not looked up yet joins the current batch (coalesced, cached after).
    let resolution = router.isFresh(ref.displayId) ? router.peek(ref.displayId) : undefined;
    if (!resolution && signedIn) {
      resolution = (await router.resolve([ref.displayId], 'user')).get(ref.displayId) ?? router.peek(ref.displayId);
      if (isDeadEnd(resolution)) {
        this.unlinked.fire();
      }
    }
    const markdown = hoverMarkdown(ref.displayId, resolution, (id, account) => this.finder.placeName(id, account));
    if (resolution && signedIn && !router.isFresh(ref.displayId)) {
      // Could not be checked now (offline, budget): the last answer, said to be possibly old.
      markdown.appendMarkdown(`\n\n_${vscode.l10n.t('Could not be refreshed just now: this may be out of date.')}_`);
    }
    return new vscode.Hover(markdown, range);
  }

  private schedulePrefetch(document: vscode.TextDocument, ids: string[]): void {
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    if (ids.length === 0) {
      return;
    }
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        const router = this.finder.router();
        const stale = ids.filter((id) => !router.isFresh(id));
        if (router.accounts.length > 0 && stale.length > 0) {
          void router.resolve(stale, 'background').then((found) => {
            if ([...found.values()].some(isDeadEnd)) {
              this.unlinked.fire();
            }
          });
        }
      }, PREFETCH_DELAY_MS),
    );
  }

  dispose(): void {
    this.timers.forEach((t) => clearTimeout(t));
    this.timers.clear();
    this.unlinked.dispose();
  }
}

/** The one wording for an id that names no task the user can see (warning, diagnostic). */
export function notVisible(displayId: string): string {
  return vscode.l10n.t(
    'No task {0} is visible to you: it may not exist, be deleted or in Trash, or be private.',
    displayId,
  );
}

/** Not found or in Trash: opening it can only say so. */
function isDeadEnd(resolution: Resolution | undefined): boolean {
  return resolution !== undefined && resolution.kind !== 'found';
}

/**
 * `taskPlatform.codeLinks.open` (link and hover targets): the argument arrives from a command URI, so
 * it is checked before use; only a display id is accepted.
 */
export async function openReference(finder: ReferenceFinder, arg: unknown): Promise<boolean> {
  const displayId = (arg as { displayId?: unknown } | undefined)?.displayId;
  // From a hover that showed several workspaces' tasks: the one its Open link was under.
  const chosen = (arg as { workspaceId?: unknown } | undefined)?.workspaceId;
  const chosenAccount = (arg as { account?: unknown } | undefined)?.account;
  if (typeof displayId !== 'string' || !isDisplayId(displayId)) {
    void prompter().warn(vscode.l10n.t('This is not a task reference.'));
    return false;
  }
  const router = await finder.ensureRouter();
  if (router.accounts.length === 0) {
    void prompter().warn(vscode.l10n.t('Sign in to Task Platform to open {0}.', displayId));
    return false;
  }
  let resolution = (await router.resolve([displayId], 'user')).get(displayId) ?? router.peek(displayId);
  if (resolution?.kind === 'ambiguous') {
    const given = isUuid(chosen) ? { workspaceId: chosen, account: chosenAccount } : undefined;
    resolution = await chooseCandidate(finder, displayId, resolution.candidates, given);
    if (!resolution) {
      return false;
    }
  }
  if (resolution?.kind !== 'found') {
    void prompter().warn(
      resolution?.kind === 'trashed' ? vscode.l10n.t('{0} is in Trash.', displayId) : notVisible(displayId),
    );
    return false;
  }
  const { workspaceId, task, account } = resolution;
  // The task opens as its own account (none: the primary's, as with one account).
  await openTask({ workspaceId, taskId: task.id, row: task, ...(account && { account }) });
  return true;
}

/** The candidate of the workspace given, else the one the user picks; nothing is picked for them. */
async function chooseCandidate(
  finder: ReferenceFinder,
  displayId: string,
  candidates: readonly Candidate[],
  given: { workspaceId: string; account: unknown } | undefined,
): Promise<Resolution | undefined> {
  const match = candidates.find(
    (c) => c.workspaceId === given?.workspaceId && (c.account === undefined || c.account === given.account),
  );
  if (match) {
    return { kind: 'found', ...match };
  }
  // With several accounts each item names its account too: the same prefix may be on two services.
  const picked = await prompter().quickPick(
    candidates.map((c) => ({
      label: inert(finder.placeName(c.workspaceId, c.account) ?? c.workspaceId),
      description: inert(`${displayId} ${c.task.title}`),
      candidate: c,
    })),
    {
      title: vscode.l10n.t('{0} is in more than one workspace', displayId),
      placeHolder: vscode.l10n.t('Which workspace’s {0} do you mean?', displayId),
      matchOnDescription: true,
    },
  );
  return picked ? { kind: 'found', ...picked.candidate } : undefined;
}
