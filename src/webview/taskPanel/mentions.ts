import type { Member } from '../../core/api/schemas';

/**
 * The members a comment body mentions as `@Full Name` (docs/api/openapi.yaml#createTaskComment: `mentions`, an array of
 * member
 * ids). Longest names first, so "@Ann Lee" is not read as "@Ann". Pure.
 */
export function mentionedIds(body: string, members: readonly Pick<Member, 'id' | 'name'>[]): string[] {
  const found = new Set<string>();
  let rest = body;
  for (const member of [...members].sort((a, b) => b.name.length - a.name.length)) {
    const needle = `@${member.name}`;
    if (member.name !== '' && rest.includes(needle)) {
      found.add(member.id);
      rest = rest.split(needle).join(' ');
    }
  }
  return [...found];
}
