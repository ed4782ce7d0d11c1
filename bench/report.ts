/**
 * The benchmark's results: one row per measure with its runs, its same-run baseline and the ratio,
 * printed as a table and written to bench-results.json (bench/readme.ts turns that file into
 * docs/performance.md and the README's short Performance section).
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import type { Summary } from './stats';

export interface Measure {
  figure: string;
  measure: string;
  unit: string;
  value: Summary;
  baseline?: { label: string; value: Summary };
  /** Run-by-run ratio of value to baseline, or to a fixed floor (then baseline.value has one run). */
  ratio?: Summary;
  target?: { text: string; met: boolean; limitedBy?: string };
  note?: string;
}

export interface Machine {
  nproc: number;
  cpu: string;
  node: string;
  platform: string;
}

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  durationS: number;
  runs: number;
  machine: Machine;
  notes: string[];
  measures: Measure[];
  failures: { figure: string; error: string }[];
}

export function machine(): Machine {
  let nproc = cpus().length;
  try {
    nproc = Number(execFileSync('nproc', { encoding: 'utf8' }).trim()) || nproc;
  } catch {
    // nproc missing: os.cpus() it is
  }
  return {
    nproc,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

export function formatNumber(n: number, unit: string): string {
  if (!Number.isFinite(n)) {
    return String(n);
  }
  if (unit === 'bytes') {
    return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MB` : `${(n / 1024).toFixed(1)} KB`;
  }
  const abs = Math.abs(n);
  const text = Number.isInteger(n) ? String(n) : abs >= 100 ? n.toFixed(0) : abs >= 10 ? n.toFixed(1) : n.toFixed(2);
  return unit === '' || unit === 'x' ? text : `${text} ${unit}`;
}

const header = ['figure', 'measure', 'n', 'min', 'median', 'max', 'baseline (median)', 'ratio (median)', 'target'];

/** The table's cells, one array per measure (the console and the README print the same cells). */
export function tableRows(measures: readonly Measure[]): string[][] {
  return measures.map((m) => [
    m.figure,
    m.measure,
    String(m.value.runs.length),
    formatNumber(m.value.min, m.unit),
    formatNumber(m.value.median, m.unit),
    formatNumber(m.value.max, m.unit),
    m.baseline ? `${formatNumber(m.baseline.value.median, m.unit)} (${m.baseline.label})` : '—',
    m.ratio ? `${formatNumber(m.ratio.median, 'x')}×` : '—',
    m.target ? `${m.target.text} ${m.target.met ? '✓' : '✗ missed'}` : '—',
  ]);
}

export function markdownTable(measures: readonly Measure[]): string {
  const escape = (cell: string): string => cell.replace(/\|/g, '\\|');
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of tableRows(measures)) {
    lines.push(`| ${row.map(escape).join(' | ')} |`);
  }
  return lines.join('\n');
}

export function consoleTable(measures: readonly Measure[]): string {
  const rows = [header, ...tableRows(measures)];
  const widths = header.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')).join('\n');
}
