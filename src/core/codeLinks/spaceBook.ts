// Where a prefix's tasks were found: per workspace and prefix, the spaces that answered for its ids,
// most recent first. The first look-up of an id asks these spaces before the rest of the workspace
// (one request for a known space instead of one per space, docs/api/openapi.yaml#listTasks).
// Persisted per service address like the learned prefixes; read back from storage, so checked.
import { isUuid } from '../util/ids';
import { isValidPrefix } from './references';

/** `<workspace id>/<prefix>` → space ids, most recent first. */
export type SpaceMap = Record<string, string[]>;

/** Spaces kept per workspace and prefix: ids of one prefix usually live in a few spaces. */
export const SPACES_PER_PREFIX = 3;
/** Workspace and prefix pairs kept; the least recently found go first. */
export const SPACE_ENTRIES = 100;

export class SpaceBook {
  /** In order of use: the first entry is the one found longest ago. */
  private readonly map = new Map<string, string[]>();

  constructor(initial: unknown = {}) {
    if (typeof initial !== 'object' || initial === null) {
      return;
    }
    for (const [key, spaces] of Object.entries(initial).slice(-SPACE_ENTRIES)) {
      const [workspaceId, prefix] = key.split('/');
      if (isUuid(workspaceId) && prefix !== undefined && isValidPrefix(prefix) && Array.isArray(spaces)) {
        const valid = spaces.filter((s): s is string => isUuid(s)).slice(0, SPACES_PER_PREFIX);
        if (valid.length > 0) this.map.set(key, valid);
      }
    }
  }

  /** The spaces where ids of `prefix` were found in the workspace, most recent first. */
  spacesFor(workspaceId: string, prefix: string): readonly string[] {
    return this.map.get(`${workspaceId}/${prefix}`) ?? [];
  }

  /** Notes that an id of `prefix` was found in the space; true when that changed what is kept. */
  found(workspaceId: string, prefix: string, spaceId: string): boolean {
    const key = `${workspaceId}/${prefix}`;
    const held = this.map.get(key) ?? [];
    if (held[0] === spaceId && [...this.map.keys()].at(-1) === key) {
      return false;
    }
    this.map.delete(key);
    this.map.set(key, [spaceId, ...held.filter((s) => s !== spaceId)].slice(0, SPACES_PER_PREFIX));
    for (const oldest of [...this.map.keys()].slice(0, Math.max(0, this.map.size - SPACE_ENTRIES))) {
      this.map.delete(oldest);
    }
    return true;
  }

  /** The space is gone (or no longer visible): forget it for every prefix of the workspace. */
  forget(workspaceId: string, spaceId: string): void {
    for (const [key, spaces] of this.map) {
      if (key.startsWith(`${workspaceId}/`) && spaces.includes(spaceId)) {
        const rest = spaces.filter((s) => s !== spaceId);
        if (rest.length > 0) this.map.set(key, rest);
        else this.map.delete(key);
      }
    }
  }

  toJSON(): SpaceMap {
    return Object.fromEntries(this.map);
  }
}
