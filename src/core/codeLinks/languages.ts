// The languages VS Code knows, built from the installed extensions' `contributes.languages` entries
// and their language configuration files (comment tokens). One source of truth for which languages
// get task links and which files the Task References index reads; the hand table in syntax.ts only
// adds what a configuration cannot say (string delimiters, docstrings, Vue's two syntaxes).

import { filePatternMatcher, globBody, usableFilePattern } from './filePatterns';
import type { FileAssociation, PathMatcher } from './filePatterns';

/** What an extension's manifest says about one language (untrusted shape: checked when read). */
export interface LanguageContribution {
  readonly id: string;
  readonly extensions: readonly string[];
  readonly filenames: readonly string[];
  readonly filenamePatterns: readonly string[];
  /** The `configuration` path, relative to the extension's folder. */
  readonly configuration?: string;
}

/** The comment tokens of a language configuration. */
export interface LanguageComments {
  readonly line?: string;
  readonly block?: readonly [string, string];
}

/** Language configuration files larger than this are not read (the largest built-in is ~5 KB). */
export const MAX_CONFIGURATION_BYTES = 64 * 1024;
const MAX_LANGUAGES = 2_000;
const MAX_NAMES_PER_LANGUAGE = 200;
const MAX_TOKEN_LENGTH = 16;
const MAX_NAME_LENGTH = 100;

function strings(value: unknown, keep: (s: string) => boolean): string[] {
  if (!Array.isArray(value)) {
    return [];
  }
  return value
    .slice(0, MAX_NAMES_PER_LANGUAGE)
    .filter((s): s is string => typeof s === 'string' && s.length > 0 && s.length <= MAX_NAME_LENGTH && keep(s));
}

/** A name usable inside a glob brace list: no glob syntax, separators or control characters. */
function plainName(s: string): boolean {
  return !/[\\/{}[\]*?,!\u0000-\u001f]/.test(s);
}

/** The language entries of one manifest's `contributes.languages` (anything malformed is dropped). */
export function languageContributions(packageJson: unknown): LanguageContribution[] {
  const languages = (packageJson as { contributes?: { languages?: unknown } } | undefined)?.contributes?.languages;
  if (!Array.isArray(languages)) {
    return [];
  }
  const out: LanguageContribution[] = [];
  for (const entry of languages.slice(0, MAX_LANGUAGES)) {
    const e = entry as Record<string, unknown> | null;
    if (!e || typeof e !== 'object' || typeof e.id !== 'string' || !/^[\w.+#-]{1,100}$/.test(e.id)) {
      continue;
    }
    out.push({
      id: e.id,
      extensions: strings(e.extensions, (s) => s.startsWith('.') && plainName(s.slice(1))),
      filenames: strings(e.filenames, plainName),
      filenamePatterns: strings(e.filenamePatterns, usableFilePattern),
      configuration: typeof e.configuration === 'string' ? e.configuration : undefined,
    });
  }
  return out;
}

/**
 * JSON with comments and trailing commas (as language configuration files are written), parsed
 * without evaluating anything. Undefined when the text is too long or not JSON.
 */
export function parseJsonc(text: string, maxChars = MAX_CONFIGURATION_BYTES): unknown {
  if (text.length > maxChars) {
    return undefined;
  }
  // One pass: strings are copied as they are, comments dropped, a comma kept only if a value follows.
  let out = '';
  let comma = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === ',') {
      comma = true;
      i += 1;
    } else {
      if (comma && ch !== '}' && ch !== ']') {
        out += ',';
      }
      comma = false;
      let j = i + 1;
      if (ch === '"') {
        while (j < text.length && text[j] !== '"') {
          j += text[j] === '\\' ? 2 : 1;
        }
        j += 1;
      }
      out += text.slice(i, j);
      i = j;
    }
  }
  if (comma) {
    out += ',';
  }
  try {
    return JSON.parse(out) as unknown;
  } catch {
    return undefined;
  }
}

function token(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim().length > 0 && value.length <= MAX_TOKEN_LENGTH
    ? value.trim()
    : undefined;
}

/**
 * The comment tokens of a parsed language configuration: `lineComment` is a string, or (newer VS
 * Code) `{ comment: string }`; `blockComment` is `[open, close]`.
 */
export function configurationComments(configuration: unknown): LanguageComments | undefined {
  const comments = (configuration as { comments?: unknown } | undefined)?.comments;
  if (!comments || typeof comments !== 'object') {
    return undefined;
  }
  const { lineComment, blockComment } = comments as { lineComment?: unknown; blockComment?: unknown };
  const line = token(lineComment) ?? token((lineComment as { comment?: unknown } | undefined)?.comment);
  const pair = Array.isArray(blockComment) ? [token(blockComment[0]), token(blockComment[1])] : [];
  const block = pair[0] && pair[1] ? ([pair[0], pair[1]] as const) : undefined;
  return line || block ? { line, block } : undefined;
}

/** One language as the registry holds it. */
export interface RegisteredLanguage {
  readonly id: string;
  readonly extensions: ReadonlySet<string>;
  readonly filenames: ReadonlySet<string>;
  readonly filenamePatterns: ReadonlySet<string>;
  comments?: LanguageComments;
}

/** Language id -> file names and comment tokens, merged over every contribution of the same id. */
export class LanguageRegistry {
  private readonly languages = new Map<
    string,
    {
      id: string;
      extensions: Set<string>;
      filenames: Set<string>;
      filenamePatterns: Set<string>;
      matchers: Map<string, PathMatcher>;
      comments?: LanguageComments;
    }
  >();

  add(contribution: LanguageContribution, comments?: LanguageComments): void {
    let language = this.languages.get(contribution.id);
    if (!language) {
      if (this.languages.size >= MAX_LANGUAGES) {
        return;
      }
      language = {
        id: contribution.id,
        extensions: new Set(),
        filenames: new Set(),
        filenamePatterns: new Set(),
        matchers: new Map(),
      };
      this.languages.set(contribution.id, language);
    }
    contribution.extensions.forEach((e) => language.extensions.add(e.toLowerCase()));
    contribution.filenames.forEach((f) => language.filenames.add(f));
    for (const pattern of contribution.filenamePatterns.filter(usableFilePattern)) {
      language.filenamePatterns.add(pattern);
      language.matchers.set(pattern, filePatternMatcher(pattern));
    }
    // The first configuration that names comments wins (the built-in one is listed first).
    language.comments ??= comments;
  }

  get(id: string): RegisteredLanguage | undefined {
    return this.languages.get(id);
  }

  ids(): string[] {
    return [...this.languages.keys()];
  }

  /**
   * The language VS Code gives a file by its path, in its order: a `files.associations` entry (the
   * longest matching pattern), then an exact file name, a file-name pattern (the longest), the
   * longest extension (`a.d.ts` before `.ts`). Undefined when that language is not accepted: a file
   * the user mapped to a language without comments is not read for another one.
   */
  languageOfPath(
    path: string,
    accept: (id: string) => boolean,
    associations: readonly FileAssociation[] = [],
  ): string | undefined {
    let mapped: FileAssociation | undefined;
    for (const association of associations) {
      if (association.pattern.length > (mapped?.pattern.length ?? 0) && association.matches(path)) {
        mapped = association;
      }
    }
    const id = mapped?.language ?? this.registered(path);
    return id !== undefined && accept(id) ? id : undefined;
  }

  private registered(path: string): string | undefined {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const lower = name.toLowerCase();
    let pattern: { id: string; length: number } | undefined;
    let extension: { id: string; length: number } | undefined;
    for (const language of this.languages.values()) {
      if (language.filenames.has(name)) {
        return language.id;
      }
      for (const [p, matches] of language.matchers) {
        if (p.length > (pattern?.length ?? 0) && matches(path)) {
          pattern = { id: language.id, length: p.length };
        }
      }
      for (const ext of language.extensions) {
        if (lower.endsWith(ext) && ext.length > (extension?.length ?? 0)) {
          extension = { id: language.id, length: ext.length };
        }
      }
    }
    return (pattern ?? extension)?.id;
  }

  /**
   * One glob for every file of the accepted languages and of the associations to them:
   * `**\/{*.ts,Dockerfile,Dockerfile.*,.vscode/*.json,…}`. Every pattern was checked when read
   * (filePatterns.ts), so none adds a brace or a wildcard the list cannot hold.
   */
  glob(accept: (id: string) => boolean, associations: readonly FileAssociation[] = []): string {
    const names = new Set<string>();
    for (const language of this.languages.values()) {
      if (accept(language.id)) {
        language.extensions.forEach((ext) => names.add(`*${ext}`));
        language.filenames.forEach((name) => names.add(name));
        language.filenamePatterns.forEach((pattern) => names.add(globBody(pattern)));
      }
    }
    associations.filter((a) => accept(a.language)).forEach((a) => names.add(globBody(a.pattern)));
    return `**/{${[...names].sort().join(',')}}`;
  }
}
