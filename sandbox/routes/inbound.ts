// Inbound email address (docs/api/openapi.yaml#getInboundAddress,
// docs/api/openapi.yaml#generateInboundAddress). GET never creates; POST creates (201) or returns the existing one
// (200).
import { randomUUID } from 'node:crypto';
import { canManage, requireList } from '../access';
import { ok } from '../http';
import type { Ctx, Reply } from '../http';
import type { Router } from '../router';
import type { Store } from '../store';
import type { InboundAddress, User } from '../types';

function addressOf(store: Store, listId: string): InboundAddress | undefined {
  for (const a of store.inbound.values()) if (a.list_id === listId) return a;
  return undefined;
}

/** `can_reset` is computed per request for the caller, never cached (docs/api/openapi.yaml#generateInboundAddress). */
function addressJson(store: Store, user: User, a: InboundAddress, workspaceId: string): Record<string, unknown> {
  return {
    id: a.id,
    list_id: a.list_id,
    email_address: a.email_address,
    can_reset: canManage(store, user, workspaceId),
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}

function getAddress(ctx: Ctx): Reply {
  const { store } = ctx.app;
  const meta = requireList(store, ctx.user, ctx.params.list as string, true);
  const a = addressOf(store, meta.list.id);
  return ok({ data: a ? addressJson(store, ctx.user, a, meta.workspace_id) : null });
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 24) || 'list'
  );
}

function generate(ctx: Ctx): Reply {
  const { store, clock } = ctx.app;
  const meta = requireList(store, ctx.user, ctx.params.list as string, true);
  const existing = addressOf(store, meta.list.id);
  if (existing) return ok({ data: addressJson(store, ctx.user, existing, meta.workspace_id) }, 200);
  const ws = store.workspaces.get(meta.workspace_id);
  const now = clock.iso();
  const id = randomUUID();
  const a: InboundAddress = {
    id,
    list_id: meta.list.id,
    email_address: `${(ws?.prefix ?? 'ws').toLowerCase()}-${slug(meta.list.name)}-${id.slice(0, 5)}@inbound.sandbox.test`,
    created_at: now,
    updated_at: now,
  };
  store.inbound.set(a.id, a);
  return ok({ data: addressJson(store, ctx.user, a, meta.workspace_id) }, 201);
}

export function registerInbound(router: Router): void {
  router.add('GET', '/lists/:list/inbound-address', getAddress);
  router.add('POST', '/lists/:list/inbound-address', generate);
}
