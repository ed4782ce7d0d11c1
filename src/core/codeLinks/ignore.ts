/**
 * The root `.gitignore` of a workspace folder, as the code-reference index uses it: generated and
 * vendored files (build output, dependencies) are not scanned. Covered: comments, blank lines, `*`,
 * `**`, `?`, character classes, a leading or inner slash (anchored to the folder), a trailing slash
 * (directories only). Not covered, and scanned as usual: negations (`!`), nested .gitignore files,
 * and patterns with braces or commas (they cannot be put in one findFiles glob).
 */
export interface IgnoreRules {
  /** Globs for `workspace.findFiles`' exclude, relative to the folder. */
  readonly globs: readonly string[];
  /** Whether a folder-relative path (forward slashes) is ignored. */
  ignores(relativePath: string): boolean;
}

export function parseGitignore(text: string): IgnoreRules {
  const globs: string[] = [];
  const patterns: RegExp[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let pattern = raw.replace(/(?<!\\)\s+$/, '');
    if (pattern === '' || pattern.startsWith('#') || pattern.startsWith('!') || /[{},\\]/.test(pattern)) {
      continue;
    }
    const directoryOnly = pattern.endsWith('/');
    pattern = pattern.replace(/\/+$/, '');
    const anchored = pattern.includes('/');
    pattern = pattern.replace(/^\/+/, '');
    if (pattern === '' || pattern === '**') {
      continue;
    }
    const base = anchored ? pattern : `**/${pattern}`;
    globs.push(...(directoryOnly ? [`${base}/**`] : [base, `${base}/**`]));
    const body = toRegex(pattern);
    patterns.push(new RegExp(`${anchored ? '^' : '(?:^|/)'}${body}${directoryOnly ? '/' : '(?:/|$)'}`));
  }
  return { globs, ignores: (path) => patterns.some((p) => p.test(path)) };
}

/**
 * A matcher for exclude globs in VS Code's form (node_modules at any depth, a build folder, minified
 * files) over folder-relative paths: a path matches when it, or a folder above it, matches a glob.
 */
export function globMatcher(globs: readonly string[]): (relativePath: string) => boolean {
  const patterns = globs.filter((g) => !/[{},\\]/.test(g)).map((g) => new RegExp(`^${toRegex(g.replace(/^\.?\/+/, ''))}(?:/|$)`));
  return (path) => patterns.some((p) => p.test(path));
}

function toRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') {
      out += '[^/]*';
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end === -1) {
        out += '\\[';
      } else {
        out += `[${glob.slice(i + 1, end).replace(/^!/, '^').replace(/[\\\]]/g, '\\$&')}]`;
        i = end;
      }
    } else {
      out += c.replace(/[.+^${}()|\\]/g, '\\$&');
    }
  }
  return out;
}
