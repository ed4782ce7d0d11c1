import type { Member } from '../../core/api/schemas';

type Named = Pick<Member, 'id' | 'name'>;

/**
 * The members a comment body mentions as `@Full Name`. The service takes mentions only as member ids
 * beside the body (docs/api/openapi.yaml#createTaskComment: `mentions`); the body's `@Full Name` is
 * how the user writes them. Longest names first, so "@Ann Lee" is not read as "@Ann". Pure.
 */
export function mentionedIds(body: string, members: readonly Named[]): string[] {
  return [...scan(body, members).found];
}

/**
 * The `@words` of a body that name no member (`@Bo`, `@bob member`): posted, they mention nobody, so
 * the composer warns first. An `@` inside a word (`a@b.com`) is not a mention. At most 10. Pure.
 */
export function unmatchedMentions(body: string, members: readonly Named[]): string[] {
  const words = new Set<string>();
  for (const match of scan(body, members).rest.matchAll(/(?:^|[\s([{])@([^\s@.,;:!?)\]}'"]+)/g)) {
    if (words.size >= 10) break;
    words.add(match[1]!);
  }
  return [...words];
}

function scan(body: string, members: readonly Named[]): { found: Set<string>; rest: string } {
  const found = new Set<string>();
  let rest = body;
  for (const member of [...members].sort((a, b) => b.name.length - a.name.length)) {
    const needle = `@${member.name}`;
    if (member.name !== '' && rest.includes(needle)) {
      found.add(member.id);
      rest = rest.split(needle).join(' ');
    }
  }
  return { found, rest };
}

/** The `@` being typed at the caret: where it starts and what follows it (at most 40 characters). Pure. */
export function mentionAt(text: string, caret: number): { readonly start: number; readonly query: string } | undefined {
  const match = /(?:^|[\s([{])@([^@\n]{0,40})$/.exec(text.slice(0, caret));
  if (!match) return undefined;
  const query = match[1]!;
  if (/^\s/.test(query)) return undefined;
  return { start: caret - query.length - 1, query };
}

/**
 * The members a typed query offers, at most `limit`: names that start with it first, then names with
 * a word that starts with it, each in the members' order; case aside. Pure.
 */
export function matchMembers<T extends Named>(query: string, members: readonly T[], limit = 8): T[] {
  const q = query.trim().toLocaleLowerCase();
  const name = (m: T): string => m.name.trim().toLocaleLowerCase();
  const first = members.filter((m) => m.name.trim() !== '' && name(m).startsWith(q));
  const words = members.filter(
    (m) =>
      !first.includes(m) &&
      q !== '' &&
      name(m)
        .split(/\s+/)
        .some((w) => w.startsWith(q)),
  );
  return [...first, ...words].slice(0, limit);
}

/** The text with `@Full Name ` in place of the `@query` from `start` to `caret`, and the caret after it. Pure. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  name: string,
): { readonly text: string; readonly caret: number } {
  const inserted = `@${name} `;
  const after = text.slice(caret).replace(/^ /, '');
  return { text: `${text.slice(0, start)}${inserted}${after}`, caret: start + inserted.length };
}
