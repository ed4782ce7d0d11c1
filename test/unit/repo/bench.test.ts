// The benchmark's pure helpers (bench/stats.ts, bench/report.ts, bench/readme.ts). The benchmark
// itself is `npm run bench`, never part of `npm test`.
import * as assert from 'node:assert/strict';
import { REPORT, summarySection, withSection } from '../../../bench/readme';
import { formatNumber, markdownTable } from '../../../bench/report';
import type { BenchResults, Measure } from '../../../bench/report';
import {
  maxInAnyWindow,
  median,
  minimumTreeRequests,
  pairedRatios,
  requestsPerHour,
  scaledPollSettings,
  summarize,
} from '../../../bench/stats';
import type { SeedTask } from '../../../bench/stats';

const task = (id: string, parent: string | null, list = 'L', deleted = false): SeedTask => ({
  id,
  list_id: list,
  parent_task_id: parent,
  deleted_at: deleted ? '2026-01-01T00:00:00Z' : null,
});

describe('bench helpers', () => {
  it('summarizes runs: min, median (mean of the middle two when even), max', () => {
    assert.equal(median([5, 1, 3]), 3);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.ok(Number.isNaN(median([])));
    assert.deepEqual(summarize([3, 1, 2]), { min: 1, median: 2, max: 3, runs: [3, 1, 2] });
  });

  it('pairs each run with the baseline of the same run', () => {
    assert.deepEqual(pairedRatios([10, 30, 20], [5, 10, 20]).runs, [2, 3, 1]);
    assert.equal(pairedRatios([10, 30, 20], [5, 10, 20]).median, 2);
    assert.equal(pairedRatios([1], [0]).median, Number.POSITIVE_INFINITY);
  });

  it('finds the busiest sliding window of a request log, window end exclusive', () => {
    assert.equal(maxInAnyWindow([], 1000), 0);
    assert.equal(maxInAnyWindow([0, 999, 1000, 1001], 1000), 3);
    assert.equal(maxInAnyWindow([3000, 0, 1000, 2000], 1000), 1);
    assert.equal(
      maxInAnyWindow(
        Array.from({ length: 120 }, (_, i) => i * 500),
        60_000,
      ),
      120,
    );
    assert.equal(
      maxInAnyWindow(
        Array.from({ length: 120 }, (_, i) => i * 1000),
        60_000,
      ),
      60,
    );
  });

  it('counts the fewest requests the API allows: 1 index call, then per level max(⌈parents/50⌉, ⌈children/1,000⌉)', () => {
    assert.deepEqual(minimumTreeRequests([task('a', null), task('b', null)], 'L'), { minimum: 1, rows: 2 });
    // 60 roots, 51 of them with 2 children each: the second level needs two children calls.
    const roots = Array.from({ length: 60 }, (_, i) => task(`r${i}`, null));
    const kids = roots.slice(0, 51).flatMap((r) => [task(`${r.id}-1`, r.id), task(`${r.id}-2`, r.id)]);
    assert.deepEqual(minimumTreeRequests([...roots, ...kids], 'L'), { minimum: 3, rows: 162 });
    // One parent with 1,500 children: the route lists 200 of one parent, so one call (not two).
    const wide = [task('p', null), ...Array.from({ length: 1500 }, (_, i) => task(`c${i}`, 'p'))];
    assert.deepEqual(minimumTreeRequests(wide, 'L'), { minimum: 2, rows: 201 });
    // 10 parents with 150 children each: 1,500 children need two calls of 1,000.
    const many = Array.from({ length: 10 }, (_, p) => [
      task(`p${p}`, null),
      ...Array.from({ length: 150 }, (_, i) => task(`p${p}c${i}`, `p${p}`)),
    ]).flat();
    assert.equal(minimumTreeRequests(many, 'L').minimum, 3);
    // Deleted tasks, other lists, and a child whose parent is in another list (a root here).
    const mixed = [task('x', null, 'M'), task('y', 'x'), task('z', null, 'L', true), task('w', 'y')];
    assert.deepEqual(minimumTreeRequests(mixed, 'L'), { minimum: 2, rows: 2 });
  });

  it('extrapolates idle requests to an hour at the default intervals', () => {
    assert.equal(requestsPerHour(2, 60_000, 10), 12);
    assert.equal(requestsPerHour(0, 60_000, 10), 0);
    assert.equal(requestsPerHour(5, 120_000, 1), 150);
  });

  it('scales every poll interval setting by one factor, no lower than the floor allows', () => {
    const manifest = (
      props: Record<string, unknown>,
    ): { contributes: { configuration: { properties: Record<string, unknown> } } } => ({
      contributes: { configuration: { properties: props } },
    });
    const tree = { type: 'number', default: 300, minimum: 0 };
    const panel = { type: 'integer', default: 15 };
    const others = {
      'x.requestTimeoutSeconds': { type: 'number', default: 30 },
      'x.off.pollSeconds': { type: 'number', default: 0 },
    };
    assert.deepEqual(scaledPollSettings(manifest({ 'x.tree.pollIntervalSeconds': tree, ...others }), 10, 5), {
      scale: 10,
      settings: { 'x.tree.pollIntervalSeconds': 30 },
      defaults: { 'x.tree.pollIntervalSeconds': 300 },
    });
    assert.deepEqual(
      scaledPollSettings(manifest({ 'x.tree.pollIntervalSeconds': tree, 'x.panel.pollIntervalSeconds': panel }), 10, 5),
      {
        scale: 3,
        settings: { 'x.tree.pollIntervalSeconds': 100, 'x.panel.pollIntervalSeconds': 5 },
        defaults: { 'x.tree.pollIntervalSeconds': 300, 'x.panel.pollIntervalSeconds': 15 },
      },
    );
    assert.equal(
      scaledPollSettings(manifest({ 'x.fast.pollSeconds': { type: 'number', default: 2 } }), 10, 5).scale,
      1,
    );
  });

  it('formats bytes and counts, and escapes table cells', () => {
    assert.equal(formatNumber(300 * 1024, 'bytes'), '300.0 KB');
    assert.equal(formatNumber(1.5 * 1024 * 1024, 'bytes'), '1.50 MB');
    assert.equal(formatNumber(7, 'req'), '7 req');
    assert.equal(formatNumber(12.345, 'ms'), '12.3 ms');
    const table = markdownTable([
      { figure: 'f', measure: 'a | b', unit: 'ms', value: summarize([1, 2, 3]), target: { text: '< 5 ms', met: true } },
    ]);
    assert.match(table, /\| f \| a \\\| b \| 3 \| 1 ms \| 2 ms \| 3 ms \| — \| — \| < 5 ms ✓ \|/);
  });

  it("the README's summary keeps a handful of headline rows, escapes cells, and links the full report", () => {
    const m = (figure: string, measure: string, met: boolean): Measure => ({
      figure,
      measure,
      unit: 'ms',
      value: summarize([1, 2, 3]),
      baseline: { label: 'a plain <table> | x', value: summarize([4]) },
      ratio: summarize([0.5]),
      target: { text: '≤ 1.5×', met },
    });
    const results: BenchResults = {
      startedAt: '2026-11-28T05:00:00Z',
      finishedAt: '2026-11-28T05:14:00Z',
      durationS: 840,
      runs: 3,
      machine: { nproc: 2, cpu: 'cpu', node: 'v20', platform: 'linux x64' },
      notes: [],
      measures: [m('table', 'Open as Table on a list', true), m('tree load', 'not a headline', false)],
      failures: [],
    };
    const section = summarySection(results);
    assert.match(section, /^<!-- performance:start -->\n/);
    assert.match(
      section,
      /\| table of 2,500 tasks, first rows \| 2 ms \| 0\.50× a plain &lt;table> \\\| x \(4 ms\) \| ≤ 1\.5× ✓ \|/,
    );
    assert.doesNotMatch(section, /not a headline/);
    assert.match(section, /1 of the report's figures miss their target/);
    assert.ok(section.includes(`[${REPORT}](${REPORT})`));
  });

  it('writes the Performance section between its markers, or before the settings section the first time', () => {
    const section = '<!-- performance:start -->\nnew\n<!-- performance:end -->';
    const fresh = withSection('# T\n\n## A\n\n## Commands, settings and keys\nx\n', section);
    assert.equal(fresh, `# T\n\n## A\n\n## Performance\n${section}\n\n## Commands, settings and keys\nx\n`);
    const again = withSection(fresh.replace('new', 'old'), section);
    assert.equal(again, fresh);
  });
});
