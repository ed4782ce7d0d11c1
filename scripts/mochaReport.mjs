// Reading mocha's spec reporter output: shared by `npm test` (test-all.mjs) and `npm run stress`.

// Mocha's spec reporter ends with "N passing" / "N failing" (and "N pending").
export function counts(out) {
  const n = (re) => [...out.matchAll(re)].reduce((sum, m) => sum + Number(m[1]), 0);
  return { passed: n(/^\s*(\d+) passing/gm), failed: n(/^\s*(\d+) failing/gm), pending: n(/^\s*(\d+) pending/gm) };
}

// Mocha prints each failure after "N failing"; repeat those blocks here, just above the summary,
// so the tail of a long CI log (often all that is kept) names what failed and why.
export function failures(out) {
  const blocks = [];
  for (const m of out.matchAll(/^\s*\d+ failing\s*$/gm)) {
    const rest = out.slice(m.index + m[0].length).split('\n');
    // A host's log lines ("[extension host] …") may interleave with the report: they do not end it.
    const end = rest.findIndex((line, i) => i > 0 && /^\s*(\d+ passing|=====)/.test(line));
    blocks.push(
      rest
        .slice(0, end === -1 ? 120 : Math.min(end, 120))
        .join('\n')
        .trim(),
    );
  }
  return blocks;
}
// Mocha's spec reporter titles a failure "  1) Suite" and goes on, indented, until a line ending in ":".
export function failureTitles(blocks) {
  const titles = [];
  for (const lines of blocks.map((b) => b.split('\n'))) {
    lines.forEach((line, i) => {
      const first = /^\s*\d+\) (.*)$/.exec(line);
      if (!first) return;
      const parts = [first[1].trim()];
      let j = i + 1;
      for (; j < lines.length && j < i + 6 && !parts.at(-1).endsWith(':'); j++) parts.push(lines[j].trim());
      // The error's first line, so a short tail of the log says why as well as what.
      const why = lines.slice(j, j + 4).find((l) => l.trim() !== '');
      const title = parts.join(' › ').replace(/:$/, '');
      titles.push(why ? `${title} — ${why.trim().slice(0, 200)}` : title);
    });
  }
  return titles;
}
