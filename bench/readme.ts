/**
 * Writes, from bench-results.json, the full report into docs/performance.md and a short summary
 * (a handful of figures a reader of the Marketplace page wants, with a link to the report) into the
 * README's "## Performance" section: each between the markers `<!-- performance:start -->` and
 * `<!-- performance:end -->` (the README's created before "## Commands, settings and keys" when
 * missing), so neither drifts from a real run. Nothing else in either file is touched.
 * Run: `npm run bench -- --readme` (after a run) or `npm run bench -- --readme-only`.
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
export const REPORT = 'docs/performance.md';

/** The README's rows: figure, the start of its measure, and the words the summary shows for it. */
const HEADLINES: readonly [string, string, string][] = [
  ['bundle', 'dist/extension.js', 'code loaded at start-up'],
  ['start-up', 'activation', 'activation'],
  ['panel open', 'cold: Enter', 'task panel, cold open'],
  ['panel open', 'warm: Enter', 'task panel, next task'],
  ['table', 'Open as Table', 'table of 2,500 tasks, first rows'],
  ['hover', 'first hover', 'first hover on a task reference (nothing seen before)'],
  ['hover', "first look-up of an id whose prefix's space is known (", 'first hover, prefix already seen: requests'],
  ['heap', 'extension host V8 heap', 'extension host heap'],
  ['idle', 'requests per hour', 'requests per hour while idle'],
  ['accounts', 'activation, 3 accounts stored', 'activation with three accounts stored'],
  [
    'accounts',
    'idle requests per hour per account, 3 accounts',
    'requests per hour per account while idle, three accounts',
  ],
  ['burst', '300 reads + 100 writes, UI + MCP, work split in halves', '400 requests, editor and AI tools'],
];

/** The README's short section: the headline figures with their baselines and targets, and the link. */
export function summarySection(results: BenchResults): string {
  const rows = HEADLINES.flatMap(([figure, start, label]) => {
    const m = results.measures.find((x) => x.figure === figure && x.measure.startsWith(start));
    if (!m) return [];
    const against = m.baseline
      ? `${m.ratio ? `${formatNumber(m.ratio.median, 'x')}× ` : ''}${m.baseline.label} (${formatNumber(m.baseline.value.median, m.unit)})`
      : '—';
    const target = m.target ? `${m.target.text} ${m.target.met ? '✓' : '✗'}` : '—';
    return [
      `| ${[label, formatNumber(m.value.median, m.unit), against, target].map((c) => c.replace(/\|/g, '\\|').replace(/<(?=[a-z])/g, '&lt;')).join(' | ')} |`,
    ];
  });
  const missed = results.measures.filter((x) => x.target && !x.target.met).length;
  return [
    START,
    `Measured by \`npm run bench\` on ${results.finishedAt.slice(0, 10)} (median of ${results.runs} runs, ${results.machine.nproc} cores),`,
    "each figure against a baseline measured in the same run, on the sandbox's `large` seed (20,781 tasks).",
    '',
    '| what | median | against (same run) | target |',
    '|---|---|---|---|',
    ...rows,
    '',
    `${missed === 0 ? 'Every figure with a target meets it.' : `${missed} of the report's figures miss their target.`} The full report, with every figure,`,
    `its runs and how it is measured: [${REPORT}](${REPORT}).`,
    END,
  ].join('\n');
}

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
  const report = join(repoRoot, REPORT);
  writeFileSync(report, withSection(readFileSync(report, 'utf8'), performanceSection(results)));
  const path = join(repoRoot, 'README.md');
  writeFileSync(path, withSection(readFileSync(path, 'utf8'), summarySection(results)));
  console.log(`wrote ${report} and the Performance section of ${path}`);
}
