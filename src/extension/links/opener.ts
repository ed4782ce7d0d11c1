import * as vscode from 'vscode';
import { linkCaution, safeLink } from '../../core/tasks/safeLinks';
import type { LinkCaution } from '../../core/tasks/safeLinks';
import { inert } from '../../core/text/inert';
import { log } from '../log';
import { prompter } from '../ui/prompter';

/** `refused`: not a link we open; `declined`: the user said no; `failed`: VS Code did not open it. */
export type LinkOutcome = 'opened' | 'refused' | 'declined' | 'failed';

/** What finally opens an approved link: VS Code. Tests count the calls instead (setLinkSink). */
let sink: (uri: vscode.Uri) => Thenable<boolean> = (uri) => vscode.env.openExternal(uri);

/** Test hook: replaces what opens approved links; returns a function that puts the previous one back. */
export function setLinkSink(next: (uri: vscode.Uri) => Thenable<boolean>): () => void {
  const previous = sink;
  sink = next;
  return () => {
    sink = previous;
  };
}

/**
 * THE way the extension opens a link that came from outside (task text, a url field, a comment): it is
 * checked again here whatever checked it before (the webview is not trusted), a link to this machine,
 * a private network, a raw IP address or a punycode name is shown in full in a modal first, and the
 * link is then handed to VS Code exactly once. A link the extension built itself on the configured
 * service's address (`serviceOrigin`: Open in Browser) is checked the same way but not questioned:
 * the user chose that address, and no task text wrote it.
 */
export async function openOutsideLink(raw: string, serviceOrigin?: string): Promise<LinkOutcome> {
  const href = safeLink(raw);
  if (!href) {
    log.warn('Links: refused to open a link that is not http(s) or mailto');
    void prompter().warn(vscode.l10n.t('Only http, https and mailto links are opened.'));
    return 'refused';
  }
  const caution = serviceOrigin !== undefined && new URL(href).origin === serviceOrigin ? undefined : linkCaution(href);
  if (
    caution &&
    !(await prompter().confirm(
      question(caution),
      `${inert(href, 4096)}\n\n${why(caution)}`,
      vscode.l10n.t('Open Link'),
    ))
  ) {
    log.info(`Links: the user did not open a link (${caution})`);
    return 'declined';
  }
  return (await sink(vscode.Uri.parse(href, true))) ? 'opened' : 'failed';
}

function question(caution: LinkCaution): string {
  switch (caution) {
    case 'loopback':
      return vscode.l10n.t('Open a link to this computer?');
    case 'private':
      return vscode.l10n.t('Open a link to a private network address?');
    case 'ip':
      return vscode.l10n.t('Open a link to a bare IP address?');
    case 'idn':
      return vscode.l10n.t('Open a link to an internationalized domain name?');
  }
}

function why(caution: LinkCaution): string {
  switch (caution) {
    case 'loopback':
    case 'private':
      return vscode.l10n.t(
        'It came from task content that anyone in the workspace can write, and it points to a service on your own computer or network.',
      );
    case 'ip':
      return vscode.l10n.t(
        'It came from task content that anyone in the workspace can write; an address alone does not say who runs the site.',
      );
    case 'idn':
      return vscode.l10n.t(
        'It came from task content that anyone in the workspace can write; a name in another script can look like a site you know. Above is its real (punycode) form.',
      );
  }
}
