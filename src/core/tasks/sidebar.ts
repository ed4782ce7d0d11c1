// Targets for "move" and "create": the lists and sprints of a workspace. They come from the sidebar
// route, whose shape is not documented (docs/api/openapi.yaml#getWorkspaceSidebar);
// the sandbox's choice is in docs/api/openapi.yaml#getWorkspaceSidebar. This reader takes only the fields
// it needs and gives up (undefined) on anything else, so the caller falls back to walking
// spaces -> folders -> lists through the documented routes.

export interface ListTarget {
  readonly id: string;
  readonly name: string;
  /** "Space / Folder", to tell apart lists of the same name. */
  readonly path: string;
  readonly spaceId?: string;
}

export interface SprintTarget {
  readonly id: string;
  readonly name: string;
  readonly spaceId?: string;
}

export interface Targets {
  readonly lists: readonly ListTarget[];
  /** Empty when the source cannot tell (the documented routes have no sprint listing). */
  readonly sprints: readonly SprintTarget[];
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function targetsFromSidebar(body: unknown): Targets | undefined {
  const root = isObject(body) && isObject(body.data) ? body.data : body;
  if (!isObject(root) || !Array.isArray(root.spaces)) {
    return undefined;
  }
  const lists: ListTarget[] = [];
  for (const space of root.spaces.filter(isObject)) {
    for (const folder of arr(space.folders).filter(isObject)) {
      for (const list of arr(folder.lists).filter(isObject)) {
        const id = str(list.id);
        const name = str(list.name);
        if (!id || name === undefined) {
          return undefined;
        }
        lists.push({
          id,
          name,
          path: `${str(space.name) ?? '?'} / ${str(folder.name) ?? '?'}`,
          spaceId: str(space.id),
        });
      }
    }
  }
  const sprints = arr(root.sprints)
    .filter(isObject)
    .flatMap((s) =>
      str(s.id) && str(s.name) ? [{ id: s.id as string, name: s.name as string, spaceId: str(s.space_id) }] : [],
    );
  return { lists, sprints };
}

/** One level of where a list sits: the task panel's breadcrumb is the workspace and these three. */
export interface ListPlace {
  readonly level: 'space' | 'folder' | 'list';
  readonly id: string;
  readonly name: string;
}

/**
 * The space, folder and list of a list in a sidebar answer (docs/api/openapi.yaml#getWorkspaceSidebar),
 * whose shape is not documented: read defensively (every level checked); a list that is not there,
 * or a shape we do not recognise, gives none rather than an error.
 */
export function placeOfList(body: unknown, listId: string): ListPlace[] {
  const root = isObject(body) ? body.data : undefined;
  for (const space of arr(isObject(root) ? root.spaces : undefined).filter(isObject)) {
    for (const folder of arr(space.folders).filter(isObject)) {
      const list = arr(folder.lists)
        .filter(isObject)
        .find((l) => l.id === listId);
      if (list) {
        return [place('space', space), place('folder', folder), place('list', list)];
      }
    }
  }
  return [];
}

function place(level: ListPlace['level'], value: Json): ListPlace {
  return { level, id: String(value.id ?? ''), name: typeof value.name === 'string' ? value.name : '' };
}
