/**
 * Writes the README's "## Performance" section from bench-results.json, between the markers
 * `<!-- performance:start -->` and `<!-- performance:end -->` under that heading (both created
 * before "## Commands, settings and keys" when missing), so the table never drifts from a real run.
 * Nothing else in the README is touched. Run: `npm run bench -- --readme` (after a run) or `npm run bench -- --readme-only`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../test/host/paths';
import { formatNumber, markdownTable } from './report';
import type { BenchResults } from './report';

const START = '<!-- performance:start -->';
const END = '<!-- performance:end -->';
const ANCHOR = '## Commands, settings and keys';
/** The heading stays outside the markers (the README keeps its headings; the markers hold the generated part). */
const HEADING = '## Performance';

export function performanceSection(results: BenchResults): string {
  const m = results.machine;
  const missed = results.measures.filter((x) => x.target && !x.target.met);
  const notes = results.measures.filter((x) => x.note).map((x) => `- ${x.figure}, ${x.measure}: ${x.note}.`);
  const lines = [
    START,
    `Measured by \`npm run bench\` on ${results.finishedAt.slice(0, 10)}: each measure n times (min / median / max; ${results.runs} runs,`,
    'one for the deterministic bundle sizes), each against a baseline measured in the same run, against the sandbox',
    'on its `large` seed (20,781 tasks) on 127.0.0.1. Ratios are the median of run-by-run ratios.',
    `Machine: ${m.nproc} cores (\`nproc\`), ${m.cpu}, Node ${m.node}, ${m.platform}; the whole run took ${Math.round(results.durationS / 60)} min.`,
    '',
    markdownTable(results.measures),
    '',
    ...notes,
    ...results.notes.map((n) => `- ${n}.`),
    '',
    '**Figures that miss their target**' + (missed.length === 0 ? ': none.' : ':'),
    ...missed.map(
      (x) =>
        `- ${x.figure}, ${x.measure}: ${formatNumber(x.value.median, x.unit)} (median) against ${x.target!.text}. Limited by ${x.target!.limitedBy ?? 'not analysed yet'}.`,
    ),
    ...(results.failures.length > 0
      ? ['', `Figures that failed to run: ${results.failures.map((f) => f.figure).join(', ')}.`]
      : []),
    '',
    'Reproduce: `npm install`, then',
    `\`npm run bench -- --readme\` (${Math.round(results.durationS / 60)} minutes here; \`--runs N\`, \`--only tree-load,burst\`). It prints the`,
    'table, writes `bench-results.json` and rewrites this section from it.',
    END,
  ];
  return lines.join('\n');
}

/** Replaces the section between the markers, or inserts it before the settings section. */
export function withSection(readme: string, section: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start >= 0 && end > start) {
    return readme.slice(0, start) + section + readme.slice(end + END.length);
  }
  const anchor = readme.indexOf(ANCHOR);
  if (anchor < 0) {
    return `${readme.trimEnd()}\n\n${HEADING}\n${section}\n`;
  }
  return `${readme.slice(0, anchor)}${HEADING}\n${section}\n\n${readme.slice(anchor)}`;
}

export function writeReadme(resultsFile: string): void {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as BenchResults;
  const path = join(repoRoot, 'README.md');
  writeFileSync(path, withSection(readFileSync(path, 'utf8'), performanceSection(results)));
  console.log(`wrote the Performance section of ${path}`);
}
