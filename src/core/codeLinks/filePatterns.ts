// File-name patterns that come from outside the extension: the `filenamePatterns` of installed
// extensions' languages and the user's or workspace's `files.associations`. Both name which files
// the Task References index reads and are matched against every path it sees, so both are held to a
// small glob subset before use: bounded length, plain characters, `*` and `?` only, at most two `*`
// runs per path component, and `**` only as a leading `**/`. No braces, classes or negations, so a
// pattern can sit inside the index's one brace list without changing its meaning or its cost
// (docs/decisions/index-files.md).

import { starRuns } from './ignore';

/** The longest pattern kept (the longest built-in one is about 40 characters). */
export const MAX_FILE_PATTERN_LENGTH = 100;
/** `files.associations` entries read; the rest are ignored. */
export const MAX_ASSOCIATIONS = 200;
/** Paths (or components) longer than this never match a pattern. */
const MAX_PATH_LENGTH = 1024;
const MAX_COMPONENT_LENGTH = 255;
const MAX_STAR_RUNS_PER_COMPONENT = 2;
const LANGUAGE_ID = /^[\w.+#-]{1,100}$/;

/** A file pattern as VS Code reads it: without `/` it matches the file name, with `/` the path. */
export function usableFilePattern(pattern: string): boolean {
  if (pattern.length === 0 || pattern.length > MAX_FILE_PATTERN_LENGTH || !/^[\w.*?/@+#~-]+$/.test(pattern)) {
    return false;
  }
  if (pattern.includes('/') && !pattern.startsWith('**/')) {
    // Matched against the absolute path by VS Code but relative to a folder by a file search: only
    // patterns that mean the same either way (anchored nowhere) are kept.
    return false;
  }
  return components(pattern).every(
    (part) =>
      part !== '' &&
      part !== '.' &&
      part !== '..' &&
      !part.includes('**') &&
      starRuns(part) <= MAX_STAR_RUNS_PER_COMPONENT,
  );
}

/** The path components a usable pattern matches, last ones of the path (the leading `**\/` dropped). */
function components(pattern: string): string[] {
  return (pattern.startsWith('**/') ? pattern.slice(3) : pattern).split('/');
}

/** The pattern inside the index's `**\/{…}` list: the leading `**\/` is already there. */
export function globBody(pattern: string): string {
  return pattern.startsWith('**/') ? pattern.slice(3) : pattern;
}

export type PathMatcher = (path: string) => boolean;

/**
 * A matcher for a usable pattern (case-insensitive, as VS Code matches associations). Each pattern
 * component is matched against one path component, the last ones of the path: with at most two `*`
 * runs and bounded components, a match costs at most quadratic time in a component's length.
 */
export function filePatternMatcher(pattern: string): PathMatcher {
  if (!usableFilePattern(pattern)) {
    return () => false;
  }
  const parts = components(pattern).map(
    (part) =>
      new RegExp(
        `^${part
          .replace(/\*+/g, '*')
          .split('')
          .map((ch) => (ch === '*' ? '[^/]*' : ch === '?' ? '[^/]' : ch.replace(/[.+^$()|[\]\\{}]/g, '\\$&')))
          .join('')}$`,
        'i',
      ),
  );
  return (path) => {
    if (path.length > MAX_PATH_LENGTH) {
      return false;
    }
    const names = path.split('/').filter((name) => name !== '');
    if (names.length < parts.length) {
      return false;
    }
    const tail = names.slice(names.length - parts.length);
    return parts.every((re, i) => (tail[i] as string).length <= MAX_COMPONENT_LENGTH && re.test(tail[i] as string));
  };
}

/** One `files.associations` entry: files matching `pattern` are in `language`. */
export interface FileAssociation {
  readonly pattern: string;
  readonly language: string;
  readonly matches: PathMatcher;
}

/**
 * The usable entries of a `files.associations` setting (workspace text: anything malformed, too long
 * or outside the pattern subset is dropped, and at most MAX_ASSOCIATIONS are read).
 */
export function fileAssociations(setting: unknown): FileAssociation[] {
  if (!setting || typeof setting !== 'object' || Array.isArray(setting)) {
    return [];
  }
  return Object.entries(setting as Record<string, unknown>)
    .slice(0, MAX_ASSOCIATIONS)
    .filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && LANGUAGE_ID.test(entry[1]) && usableFilePattern(entry[0]),
    )
    .map(([pattern, language]) => ({ pattern, language, matches: filePatternMatcher(pattern) }));
}
