// Where view ids come from (docs/api/openapi.yaml#listViewTasks). A user pastes a view id or a
// view link, or the sidebar route names views. The web app's view link is not documented: we
// accept a UUID that follows `/v/` or `/views/` in a link of the configured service
// (docs/api/README.md#web-app-links); nothing else is guessed.
import * as z from 'zod/mini';
import { UUID, UUID_SOURCE } from '../util/ids';

const IN_PATH = new RegExp(`/(?:v|views)/(${UUID_SOURCE})(?:[/?#]|$)`, 'i');

export type ViewReference =
  | { readonly kind: 'id'; readonly viewId: string }
  | { readonly kind: 'empty' }
  | { readonly kind: 'foreignLink'; readonly origin: string }
  | { readonly kind: 'invalid' };

export function isViewId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Reads a pasted view id or view link; a link to another service is refused (never followed). */
export function parseViewReference(input: string, baseUrl: string): ViewReference {
  const text = input.trim();
  if (text === '') {
    return { kind: 'empty' };
  }
  if (UUID.test(text)) {
    return { kind: 'id', viewId: text.toLowerCase() };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { kind: 'invalid' };
  }
  if (url.origin !== new URL(baseUrl).origin) {
    return { kind: 'foreignLink', origin: url.origin };
  }
  const match = IN_PATH.exec(url.pathname);
  return match ? { kind: 'id', viewId: match[1]!.toLowerCase() } : { kind: 'invalid' };
}

export interface SidebarView {
  readonly id: string;
  readonly name: string;
  readonly scopeType?: string;
  readonly scopeId?: string;
}

const SidebarViewSchema = z.looseObject({
  id: z.string().check(z.regex(UUID)),
  name: z.string(),
  viewable_type: z.optional(z.string()),
  viewable_id: z.optional(z.string()),
});

/**
 * The views a sidebar answer names, if it names any (its shape is not documented): read
 * defensively, entry by entry, so one odd entry or a missing `views` costs nothing but those views.
 */
export function viewsFromSidebar(answer: unknown): SidebarView[] {
  const data =
    typeof answer === 'object' && answer !== null && 'data' in answer ? (answer as { data: unknown }).data : answer;
  const views = typeof data === 'object' && data !== null ? (data as { views?: unknown }).views : undefined;
  if (!Array.isArray(views)) {
    return [];
  }
  return views.flatMap((entry) => {
    const parsed = SidebarViewSchema.safeParse(entry);
    return parsed.success
      ? [
          {
            id: parsed.data.id.toLowerCase(),
            name: parsed.data.name,
            scopeType: parsed.data.viewable_type,
            scopeId: parsed.data.viewable_id,
          },
        ]
      : [];
  });
}
