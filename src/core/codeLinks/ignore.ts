/**
 * The root `.gitignore` of a workspace folder and the `search.exclude` globs, which keep generated and
 * vendored files out of the code-reference index; matched by `ignore`, with a budget on patterns
 * because they come from the workspace (docs/decisions/workspace-ignore-rules.md).
 */
import ignore from 'ignore';

export interface IgnoreRules {
  /** Globs for `workspace.findFiles`' exclude, relative to the folder. */
  readonly globs: readonly string[];
  /** Whether a folder-relative path (forward slashes) is ignored. */
  ignores(relativePath: string): boolean;
}

/** The longest pattern used (a line of .gitignore or a glob). */
export const MAX_PATTERN_LENGTH = 256;
/**
 * Paths longer than this, deeper, or with a longer component, are treated as excluded and never
 * matched (the package also matches every folder above a path: cost grows with the depth).
 */
export const MAX_PATH_LENGTH = 1024;
export const MAX_PATH_DEPTH = 32;
const MAX_COMPONENT_LENGTH = 255;
/** Most runs of `*` in one pattern, in one path component of it, and `**` components not at either end. */
const MAX_STAR_RUNS = 4;
const MAX_STAR_RUNS_PER_COMPONENT = 2;
const MAX_INNER_GLOBSTARS = 1;
/** Lines of a .gitignore read, and patterns kept (each path is matched against every one). */
const MAX_GITIGNORE_LINES = 10_000;
const MAX_PATTERNS = 1_000;

/**
 * Why a pattern is left out, or undefined when it is within the budget: bounded length, no control
 * character, and few enough wildcards that matching a bounded path stays fast whatever it holds.
 */
export function patternProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return 'too long';
  }
  if (/[\u0000-\u001f\u007f]/.test(pattern)) {
    return 'control character';
  }
  const components = pattern.split('/');
  let runs = 0;
  let innerGlobstars = 0;
  for (const [i, part] of components.entries()) {
    const partRuns = starRuns(part);
    runs += partRuns;
    if (partRuns > MAX_STAR_RUNS_PER_COMPONENT) {
      return 'too many wildcards';
    }
    if (part === '**' && i > 0 && i < components.length - 1) {
      innerGlobstars += 1;
    }
  }
  return runs > MAX_STAR_RUNS || innerGlobstars > MAX_INNER_GLOBSTARS ? 'too many wildcards' : undefined;
}

/** Runs of `*` in a pattern (`**` is one run). */
export function starRuns(text: string): number {
  let runs = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '*' && text[i - 1] !== '*') {
      runs += 1;
    }
  }
  return runs;
}

/** A path too long to match safely: excluded (nothing is scanned rather than a slow match). */
function tooLong(path: string): boolean {
  if (path.length > MAX_PATH_LENGTH) {
    return true;
  }
  let start = 0;
  let depth = 1;
  for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
    if (slash - start > MAX_COMPONENT_LENGTH || ++depth > MAX_PATH_DEPTH) {
      return true;
    }
    start = slash + 1;
  }
  return path.length - start > MAX_COMPONENT_LENGTH;
}

/** Trailing spaces are not part of a pattern unless escaped (git); a loop, not `\s+$`. */
function trimLine(raw: string): string {
  let end = raw.length;
  while (end > 0 && (raw[end - 1] === ' ' || raw[end - 1] === '\t' || raw[end - 1] === '\r') && raw[end - 2] !== '\\') {
    end -= 1;
  }
  return raw.slice(0, end);
}

export function parseGitignore(text: string): IgnoreRules {
  const lines = text
    .split('\n', MAX_GITIGNORE_LINES)
    .map(trimLine)
    .filter((line) => line !== '' && !line.startsWith('#') && patternProblem(line) === undefined)
    .slice(0, MAX_PATTERNS);
  const matcher = ignore();
  const kept: string[] = [];
  for (const line of lines) {
    try {
      matcher.add(line);
      kept.push(line);
    } catch {
      // An invalid pattern is left out.
    }
  }
  return {
    globs: findFilesGlobs(kept),
    ignores: (path) => {
      if (path === '' || tooLong(path)) {
        return path !== '';
      }
      try {
        return matcher.ignores(path);
      } catch {
        return false;
      }
    },
  };
}

/**
 * The same rules as findFiles excludes, where a glob can say the same thing: a directory pattern
 * (`build/`) always (git never re-includes a file below an excluded directory), any other pattern
 * only after the last negation (`!keep.min.js` would be undone by an earlier `*.min.js` glob).
 * Patterns with braces, commas or escapes are left out (they cannot be put in one glob); ignores()
 * still applies them.
 */
function findFilesGlobs(lines: readonly string[]): string[] {
  const lastNegation = lines.reduce((at, line, i) => (line.startsWith('!') ? i : at), -1);
  const globs: string[] = [];
  for (const [i, line] of lines.entries()) {
    if (line.startsWith('!') || /[{},\\]/.test(line)) {
      continue;
    }
    const directoryOnly = line.endsWith('/');
    let pattern = trimSlashes(line);
    const anchored = pattern.includes('/') || line.startsWith('/');
    if (pattern === '' || pattern === '**' || (!directoryOnly && i < lastNegation)) {
      continue;
    }
    pattern = anchored ? pattern : `**/${pattern}`;
    globs.push(...(directoryOnly ? [`${pattern}/**`] : [pattern, `${pattern}/**`]));
  }
  return globs;
}

function trimSlashes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '/') start += 1;
  while (end > start && text[end - 1] === '/') end -= 1;
  return text.slice(start, end);
}

/** Whether an exclude glob of VS Code's form is used (findFiles and globMatcher take the same ones). */
export function usableGlob(glob: string): boolean {
  return !/[{},]/.test(glob) && patternProblem(glob) === undefined;
}

/**
 * A matcher for exclude globs in VS Code's form (node_modules at any depth, a build folder, minified
 * files) over folder-relative paths: a path matches when it, or a folder above it, matches a glob.
 * Globs with braces or commas, and globs outside the budget, are left out.
 */
export function globMatcher(globs: readonly string[]): (relativePath: string) => boolean {
  const matcher = ignore();
  let count = 0;
  for (const glob of globs.slice(0, MAX_PATTERNS)) {
    const pattern = trimLeadingDotSlash(glob);
    if (pattern === '' || !usableGlob(pattern) || pattern.includes('\\')) {
      continue;
    }
    try {
      // The leading slash anchors the glob at the folder (VS Code's sense) and keeps a glob that
      // starts with `!` or `#` from reading as a negation or a comment.
      matcher.add(`/${pattern}`);
      count += 1;
    } catch {
      // An invalid glob is left out.
    }
  }
  return (path) => {
    if (path === '' || count === 0) {
      return false;
    }
    if (tooLong(path)) {
      return true;
    }
    try {
      return matcher.ignores(path);
    } catch {
      return false;
    }
  };
}

/** `./build/**` and `/build/**` -> `build/**`. */
function trimLeadingDotSlash(glob: string): string {
  const start = glob.startsWith('./') ? 1 : 0;
  let i = start;
  while (glob[i] === '/') i += 1;
  return i > start || start === 0 ? glob.slice(i) : glob;
}
