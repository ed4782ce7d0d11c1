// Navigation (docs/api/openapi.yaml#listSpaces) plus the sidebar tree.
import { canSeeSpace, requireList, requireMember } from '../access';
import { notFound, ok } from '../http';
import type { Ctx, Reply } from '../http';
import type { Router } from '../router';
import { canSeeView } from './views';
import type { Store } from '../store';
import type { Folder, Space, User } from '../types';

function getUser(ctx: Ctx): Reply {
  const { store } = ctx.app;
  const workspaces = store.memberships
    .filter((m) => m.user_id === ctx.user.id)
    .map((m) => {
      const ws = store.workspaces.get(m.workspace_id);
      return { id: m.workspace_id, name: ws?.name ?? '', pivot: { role_id: m.role_id, is_active: m.is_active } };
    });
  return ok({ id: ctx.user.id, name: ctx.user.name, email: ctx.user.email, workspaces });
}

export function visibleSpaces(store: Store, user: User, workspaceId: string): Space[] {
  return [...store.spaces.values()].filter((s) => s.workspace_id === workspaceId && canSeeSpace(store, user, s));
}

function requireSpace(ctx: Ctx): Space {
  const { store } = ctx.app;
  requireMember(store, ctx.user, ctx.params.workspace as string);
  const space = store.spaces.get(ctx.params.space as string);
  if (!space || space.workspace_id !== ctx.params.workspace || !canSeeSpace(store, ctx.user, space)) throw notFound();
  return space;
}

function requireFolder(ctx: Ctx): Folder {
  const space = requireSpace(ctx);
  const folder = ctx.app.store.folders.get(ctx.params.folder as string);
  if (!folder || folder.space_id !== space.id) throw notFound();
  return folder;
}

function listSpaces(ctx: Ctx): Reply {
  requireMember(ctx.app.store, ctx.user, ctx.params.workspace as string);
  return ok(
    visibleSpaces(ctx.app.store, ctx.user, ctx.params.workspace as string).map((s) => ({
      id: s.id,
      name: s.name,
      workspace_id: s.workspace_id,
    })),
  );
}

function listFolders(ctx: Ctx): Reply {
  const space = requireSpace(ctx);
  return ok(
    [...ctx.app.store.folders.values()]
      .filter((f) => f.space_id === space.id)
      .map((f) => ({ id: f.id, name: f.name, space_id: f.space_id })),
  );
}

function listLists(ctx: Ctx): Reply {
  const folder = requireFolder(ctx);
  return ok(
    [...ctx.app.store.lists.values()]
      .filter((l) => l.folder_id === folder.id)
      .map((l) => ({ id: l.id, name: l.name, folder_id: l.folder_id })),
  );
}

function listStatuses(ctx: Ctx): Reply {
  const { store } = ctx.app;
  const meta = requireList(store, ctx.user, ctx.params.list as string);
  const { statuses, source } = store.listStatuses(meta.list.id);
  return ok({
    data: statuses.map((s) => ({ id: s.id, name: s.name, type: s.type, color: s.color })),
    is_customized: source === 'list',
    source,
  });
}

function listMembers(ctx: Ctx): Reply {
  const { store } = ctx.app;
  const wsId = ctx.params.workspace as string;
  requireMember(store, ctx.user, wsId);
  return ok(
    store.memberships
      .filter((m) => m.workspace_id === wsId && m.is_active)
      .map((m) => {
        const u = store.users.get(m.user_id);
        return { id: m.user_id, name: u?.name ?? '', email: u?.email ?? '', role: m.role, role_slug: m.role_slug };
      }),
  );
}

/** Sidebar tree: shape designed by the sandbox (docs/api/openapi.yaml#getWorkspaceSidebar). */
function sidebar(ctx: Ctx): Reply {
  const { store } = ctx.app;
  const wsId = ctx.params.workspace as string;
  requireMember(store, ctx.user, wsId);
  const ws = store.workspaces.get(wsId);
  const spaces = visibleSpaces(store, ctx.user, wsId);
  const spaceIds = new Set(spaces.map((s) => s.id));
  const tree = spaces.map((s) => ({
    id: s.id,
    name: s.name,
    workspace_id: s.workspace_id,
    is_private: s.is_private,
    folders: [...store.folders.values()]
      .filter((f) => f.space_id === s.id)
      .map((f) => ({
        id: f.id,
        name: f.name,
        space_id: f.space_id,
        lists: [...store.lists.values()]
          .filter((l) => l.folder_id === f.id)
          .map((l) => ({
            id: l.id,
            name: l.name,
            folder_id: l.folder_id,
            task_count: liveCount(store, l.id),
          })),
      })),
  }));
  const sprints = [...store.sprints.values()]
    .filter((sp) => sp.workspace_id === wsId && spaceIds.has(sp.space_id))
    .map((sp) => ({ id: sp.id, name: sp.name, space_id: sp.space_id, starts_at: sp.starts_at, ends_at: sp.ends_at }));
  // Views have no documented listing; the sidebar is where a client can discover them.
  const views = [...store.views.values()]
    .filter((v) => v.workspace_id === wsId && canSeeView(store, ctx.user, v))
    .map((v) => ({ id: v.id, name: v.name, viewable_type: v.viewable_type, viewable_id: v.viewable_id }));
  return ok({ data: { id: wsId, name: ws?.name ?? '', spaces: tree, sprints, views } });
}

function liveCount(store: Store, listId: string): number {
  let n = 0;
  for (const id of store.tasksByList.get(listId) ?? []) if (store.tasks.get(id)?.deleted_at === null) n += 1;
  return n;
}

export function registerNavigation(router: Router): void {
  router.add('GET', '/user', getUser);
  router.add('GET', '/workspaces/:workspace/spaces', listSpaces);
  router.add('GET', '/workspaces/:workspace/spaces/:space/folders', listFolders);
  router.add('GET', '/workspaces/:workspace/spaces/:space/folders/:folder/lists', listLists);
  router.add('GET', '/lists/:list/statuses', listStatuses);
  router.add('GET', '/workspaces/:workspace/members', listMembers);
  router.add('GET', '/workspaces/:workspace/sidebar', sidebar);
}
