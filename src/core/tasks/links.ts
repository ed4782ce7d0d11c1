// Links to a task and the references a user can paste to find one.
//
// The web app's address of a task is not documented. We use `{origin of baseUrl}/t/{display_id}`
// (docs/api/README.md#web-app-links); this file is the only place that knows it, so a different
// format on the real service is a one-file change.

import { isDisplayId } from './displayId';
import { safeLink } from './safeLinks';
import { UUID } from '../util/ids';

const LINK_PATH = /^\/t\/([^/?#]+)\/?$/;

/** Display ids look like `ACME-12`: one grammar for the whole extension (./displayId.ts). */
export { isDisplayId };

/** The web-app link of a task. */
export function taskWebLink(baseUrl: string, displayIdOrId: string): string {
  return `${new URL(baseUrl).origin}/t/${encodeURIComponent(displayIdOrId)}`;
}

export type TaskReference =
  | { readonly kind: 'id'; readonly taskId: string }
  | { readonly kind: 'displayId'; readonly displayId: string }
  | { readonly kind: 'empty' }
  /** A link, but to another service than the one configured: never followed with our token. */
  | { readonly kind: 'foreignLink'; readonly origin: string }
  | { readonly kind: 'invalid' };

/** Reads what a user typed or pasted: a UUID, a display id, or a web-app link of the configured service. */
export function parseTaskReference(input: string, baseUrl: string): TaskReference {
  const text = input.trim();
  if (text === '') {
    return { kind: 'empty' };
  }
  if (/^https?:\/\//i.test(text)) {
    return parseLink(text, baseUrl);
  }
  return plainReference(text);
}

function plainReference(text: string): TaskReference {
  if (UUID.test(text)) {
    return { kind: 'id', taskId: text.toLowerCase() };
  }
  return isDisplayId(text) ? { kind: 'displayId', displayId: text } : { kind: 'invalid' };
}

function parseLink(text: string, baseUrl: string): TaskReference {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'invalid' };
  }
  if (url.origin !== new URL(baseUrl).origin) {
    return { kind: 'foreignLink', origin: url.origin };
  }
  const match = LINK_PATH.exec(url.pathname);
  if (!match) {
    return { kind: 'invalid' };
  }
  let segment: string;
  try {
    segment = decodeURIComponent(match[1] as string);
  } catch {
    return { kind: 'invalid' };
  }
  return plainReference(segment);
}

/** The task of a `vscode://task-platform.task-platform/task/<id>` URI's path, or undefined. */
export function taskIdFromUriPath(path: string): TaskReference {
  const match = /^\/task\/([^/]+)\/?$/.exec(path);
  if (!match) {
    return { kind: 'invalid' };
  }
  try {
    return plainReference(decodeURIComponent(match[1] as string));
  } catch {
    return { kind: 'invalid' };
  }
}

/** Only http, https and mailto links are ever opened from task content (the rule lives in safeLinks.ts). */
export function isOpenableLink(text: string): boolean {
  return safeLink(text) !== undefined;
}
