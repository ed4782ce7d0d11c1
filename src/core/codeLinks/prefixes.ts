// Which display-id prefixes count, and in which workspace each lives: learned from the task rows the
// extension sees (display ids are `<workspace prefix>-<n>`, docs/api/openapi.yaml#getTask), plus the
// user's setting `taskPlatform.codeLinks.prefixes`. A prefix only the setting names maps to every
// workspace (the resolver then asks each one).
import { isValidPrefix, prefixOf } from './references';

export type PrefixMap = Record<string, string[]>;

export class PrefixBook {
  private readonly map = new Map<string, Set<string>>();

  private configured: readonly string[] = [];

  constructor(initial: PrefixMap = {}, configured: unknown = []) {
    this.setConfigured(configured);
    for (const [prefix, workspaces] of Object.entries(initial)) {
      if (isValidPrefix(prefix) && Array.isArray(workspaces)) {
        this.map.set(prefix, new Set(workspaces.filter((w) => typeof w === 'string')));
      }
    }
  }

  /** The setting's value, whatever a folder put there (a string or an object is ignored, not thrown on). */
  setConfigured(prefixes: unknown): void {
    this.configured = Array.isArray(prefixes) ? prefixes.slice(0, 1000).filter(isValidPrefix) : [];
  }

  /** Learns the prefix of a row's display id; true when it was new (the matcher must be rebuilt). */
  learn(workspaceId: string, displayId: string | undefined): boolean {
    const prefix = displayId ? prefixOf(displayId) : undefined;
    if (!prefix) {
      return false;
    }
    const workspaces = this.map.get(prefix) ?? new Set<string>();
    const isNew = !workspaces.has(workspaceId);
    workspaces.add(workspaceId);
    this.map.set(prefix, workspaces);
    return isNew;
  }

  prefixes(): string[] {
    return [...new Set([...this.map.keys(), ...this.configured])];
  }

  workspacesKnown(): Set<string> {
    return new Set([...this.map.values()].flatMap((s) => [...s]));
  }

  workspacesFor(prefix: string, all: readonly string[]): string[] {
    const known = this.map.get(prefix);
    return known && known.size > 0 ? [...known].filter((w) => all.length === 0 || all.includes(w)) : [...all];
  }

  /** Whether a row of one of `workspaces` taught the prefix (the setting alone does not count). */
  learnedIn(prefix: string, workspaces: readonly string[]): boolean {
    return [...(this.map.get(prefix) ?? [])].some((w) => workspaces.includes(w));
  }

  toJSON(): PrefixMap {
    return Object.fromEntries([...this.map].map(([p, s]) => [p, [...s]]));
  }
}
