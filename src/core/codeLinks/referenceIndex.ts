// The workspace's references, by file, for the Task References view: updated one file at a time (a
// change rescans only that file), grouped by task then file on demand.
import type { CodeReference } from './references';

export interface Occurrence {
  readonly displayId: string;
  /** 0-based line and character of the reference. */
  readonly line: number;
  readonly character: number;
  /** The trimmed text of the line, for the view's description. */
  readonly preview: string;
}

/** Turns scan offsets into lines and previews. */
export function occurrences(text: string, refs: readonly CodeReference[]): Occurrence[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    starts.push(i + 1);
  }
  return refs.map((ref) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= ref.start) lo = mid;
      else hi = mid - 1;
    }
    const lineStart = starts[lo] as number;
    const lineEnd = text.indexOf('\n', lineStart);
    const preview = text
      .slice(lineStart, lineEnd < 0 ? text.length : lineEnd)
      .trim()
      .slice(0, 120);
    return { displayId: ref.displayId, line: lo, character: ref.start - lineStart, preview };
  });
}

export class ReferenceIndex {
  private readonly byFile = new Map<string, Occurrence[]>();

  /** Replaces a file's references; true when anything changed. */
  set(file: string, found: Occurrence[]): boolean {
    const before = this.byFile.get(file);
    if (found.length === 0) {
      return this.byFile.delete(file) && (before?.length ?? 0) > 0;
    }
    this.byFile.set(file, found);
    return JSON.stringify(before) !== JSON.stringify(found);
  }

  delete(file: string): boolean {
    return this.byFile.delete(file);
  }

  /** Forgets the files under a folder (its address and a slash); true when any was known. */
  deleteUnder(folder: string): boolean {
    const prefix = folder.endsWith('/') ? folder : `${folder}/`;
    const gone = [...this.byFile.keys()].filter((file) => file.startsWith(prefix));
    gone.forEach((file) => this.byFile.delete(file));
    return gone.length > 0;
  }

  clear(): void {
    this.byFile.clear();
  }

  displayIds(): string[] {
    return [...new Set([...this.byFile.values()].flatMap((list) => list.map((o) => o.displayId)))].sort(compareIds);
  }

  /** Files referencing a task, with their occurrences, sorted by file. */
  filesOf(displayId: string): { file: string; occurrences: Occurrence[] }[] {
    return [...this.byFile]
      .map(([file, list]) => ({ file, occurrences: list.filter((o) => o.displayId === displayId) }))
      .filter((entry) => entry.occurrences.length > 0)
      .sort((a, b) => a.file.localeCompare(b.file));
  }

  get fileCount(): number {
    return this.byFile.size;
  }
}

/** `ACME-2` before `ACME-10` (split at the last dash: no regex over the id). */
function compareIds(a: string, b: string): number {
  const [pa, na] = [a.slice(0, Math.max(0, a.lastIndexOf('-'))), Number(a.slice(a.lastIndexOf('-') + 1))];
  const [pb, nb] = [b.slice(0, Math.max(0, b.lastIndexOf('-'))), Number(b.slice(b.lastIndexOf('-') + 1))];
  return pa === pb ? na - nb : pa.localeCompare(pb);
}

/**
 * The entries no other entry contains (`a/b` contains `a/b/c`, not `a/b-c`): a batch of created
 * folders is searched once from each outermost one. Linear in entries × depth.
 */
export function outermost(paths: readonly string[]): string[] {
  const kept = new Set<string>();
  for (const path of [...new Set(paths)].sort((a, b) => a.length - b.length)) {
    let inside = false;
    for (let cut = path.lastIndexOf('/'); cut > 0 && !inside; cut = path.lastIndexOf('/', cut - 1)) {
      inside = kept.has(path.slice(0, cut));
    }
    if (!inside) {
      kept.add(path);
    }
  }
  return [...kept];
}
