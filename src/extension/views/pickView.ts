import * as vscode from 'vscode';
import type { KnownView } from '../../core/views/known';
import { parseViewReference, viewsFromSidebar } from '../../core/views/references';
import type { SidebarView } from '../../core/views/references';
import type { SignedIn } from '../auth/session';
import { directoryFor } from '../directory';
import { log } from '../log';
import { prompter } from '../ui/prompter';
import { knownViews, lastRunLabel, scopeLabel } from './context';
import type { ViewsContext } from './context';
import { errorText } from '../../core/util/errorText';

type ViewItem = vscode.QuickPickItem & { view?: KnownView; paste?: true };

/**
 * The views the sidebar route names in each workspace (the API documents no view listing; the
 * sidebar's shape is not shown, so it is read defensively and may name none). The sidebar answer is
 * the session directory's, shared with the other features.
 */
export async function sidebarViews(state: SignedIn): Promise<(SidebarView & { workspaceId: string })[]> {
  const lists = await Promise.all(
    state.user.workspaces.map(async (w) => {
      try {
        return viewsFromSidebar(await directoryFor(state.client).sidebar(w.id)).map((v) => ({
          ...v,
          workspaceId: w.id,
        }));
      } catch (error) {
        log.warn(`Views of ${w.name} could not be read from the sidebar: ${errorText(error)}`);
        return [];
      }
    }),
  );
  return lists.flat();
}

/** Pinned views first, then views run before, then the sidebar's, then "paste a link or id". */
export async function pickView(ctx: ViewsContext, state: SignedIn, title: string): Promise<KnownView | undefined> {
  const known = knownViews(ctx, state).all();
  const workspaceName = (id?: string): string => state.user.workspaces.find((w) => w.id === id)?.name ?? '';
  const seen = new Set(known.map((v) => v.id));
  const fromSidebar = (await sidebarViews(state)).filter((v) => !seen.has(v.id));
  const asItem = (view: KnownView): ViewItem => ({
    label: view.name,
    iconPath: view.pinned ? new vscode.ThemeIcon('pinned') : undefined,
    description: [scopeLabel(view), workspaceName(view.workspaceId)].filter(Boolean).join(' · '),
    detail: lastRunLabel(view),
    view,
  });
  const pinned = known.filter((v) => v.pinned);
  const recent = known.filter((v) => !v.pinned);
  const items: ViewItem[] = [
    ...section(vscode.l10n.t('Pinned'), pinned.map(asItem)),
    ...section(vscode.l10n.t('Recent'), recent.map(asItem)),
    ...section(
      vscode.l10n.t('In your workspaces'),
      fromSidebar.map((v) =>
        asItem({ id: v.id, name: v.name, scopeType: v.scopeType, workspaceId: v.workspaceId, pinned: false }),
      ),
    ),
    {
      label: vscode.l10n.t('Paste a View Link or Id…'),
      iconPath: new vscode.ThemeIcon('link'),
      paste: true,
      alwaysShow: true,
    },
  ];
  const picked = await prompter().quickPick(items, {
    title,
    placeHolder: vscode.l10n.t('Pick a saved view'),
    matchOnDescription: true,
  });
  if (!picked) {
    return undefined;
  }
  return picked.paste ? askForView(state, title) : picked.view;
}

function section(label: string, items: ViewItem[]): ViewItem[] {
  return items.length === 0 ? [] : [{ label, kind: vscode.QuickPickItemKind.Separator }, ...items];
}

/** A pasted id or link: checked before any request; a link to another service is refused. */
export async function askForView(state: SignedIn, title: string): Promise<KnownView | undefined> {
  const origin = new URL(state.baseUrl).origin;
  const problem = (text: string): string | undefined => {
    const ref = parseViewReference(text, state.baseUrl);
    switch (ref.kind) {
      case 'id':
        return undefined;
      case 'foreignLink':
        return vscode.l10n.t(
          'This link points to {0}, not to the Task Platform you are signed in to ({1}).',
          ref.origin,
          origin,
        );
      default:
        return vscode.l10n.t('Paste a view id (a UUID) or a view link of {0}.', origin);
    }
  };
  const text = await prompter().inputBox({
    title,
    prompt: vscode.l10n.t('A view id or a link to the view'),
    validateInput: (v) => (v.trim() === '' ? undefined : problem(v)),
  });
  if (text === undefined) {
    return undefined;
  }
  const ref = parseViewReference(text, state.baseUrl);
  if (ref.kind !== 'id') {
    void prompter().warn(problem(text) ?? vscode.l10n.t('Paste a view id (a UUID) or a view link of {0}.', origin));
    return undefined;
  }
  const named = (await sidebarViews(state)).find((v) => v.id === ref.viewId);
  return {
    id: ref.viewId,
    name: named?.name ?? ref.viewId,
    scopeType: named?.scopeType,
    workspaceId: named?.workspaceId,
    pinned: false,
  };
}
