// Titles in any script made readable in ASCII for branch names: `Исправить вход` gives
// `Ispravit' vkhod`, `修复登录` gives `Xiu Fu Deng Lu` (any-ascii, a maintained transliteration table),
// which branchName() then makes a git ref of. The table is about 546 KB: it is imported only for a
// title with a letter or digit that dropping accents does not make ASCII (Latin with accents never
// loads it), and esbuild gives that dynamic import a chunk of its own in dist/lazy, kept out of the
// features' budget (scripts/bundles.mjs, docs/decisions/transliteration-chunk.md).

/** slug() reads at most this many characters of a title; nothing past it is transliterated. */
const MAX_TITLE_INPUT = 400;

/** A letter or digit outside ASCII. */
const NON_ASCII_WORD = /(?![\u0000-\u007f])[\p{L}\p{N}]/u;
/** Runs of letters, digits and their marks: only these are transliterated (emoji and symbols stay separators). */
const WORD_RUN = /[\p{L}\p{N}\p{M}]+/gu;
/** A Han character: any-ascii writes one syllable per character without a space; each gets its own word. */
const HAN = /\p{Script=Han}/gu;

type Transliterate = (text: string) => string;
let loaded: Promise<Transliterate> | undefined;

/** Whether `title` has a letter or digit that is not ASCII once accents are dropped (NFKD, as slug() does). */
export function needsTransliteration(title: string): boolean {
  const base = title
    .slice(0, MAX_TITLE_INPUT)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  return NON_ASCII_WORD.test(base);
}

/**
 * The title's words in ASCII letters (its first 400 characters), for slug(). A title that needs no
 * transliteration, or anything that is not a string, comes back as it was: branchName() copes with it.
 */
export async function asciiTitle(title: unknown): Promise<string> {
  if (typeof title !== 'string') {
    return '';
  }
  const text = title.slice(0, MAX_TITLE_INPUT);
  if (!needsTransliteration(text)) {
    return text;
  }
  loaded ??= import('any-ascii').then((module) => module.default);
  let anyAscii: Transliterate;
  try {
    anyAscii = await loaded;
  } catch {
    // Without the table the title's other letters are dropped, as before: the branch is still made.
    loaded = undefined;
    return text;
  }
  return text.replace(HAN, (ch) => ` ${ch} `).replace(WORD_RUN, (run) => anyAscii(run));
}
