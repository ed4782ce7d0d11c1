// `node scripts/bundleSize.mjs [--top N] [--dev]`: builds every shipped bundle in memory (production by
// default, as packaged) and prints each output's size and its largest contributors, grouped by
// node_modules package (our own code by folder: src/core, src/extension...). Nothing is written.
import * as esbuild from 'esbuild';
import {
  allBuilds,
  contributors,
  DATA_CHUNK_BUDGETS,
  dataChunkOf,
  ENTRY_BUDGET_BYTES,
  LAZY_BUDGET_BYTES,
} from './bundles.mjs';

const production = !process.argv.includes('--dev');
const topArg = process.argv.indexOf('--top');
const top = topArg > 0 ? Number(process.argv[topArg + 1]) : 8;
const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(8)} KB`;

const results = await Promise.all(
  allBuilds({ production }).map((options) =>
    esbuild.build({ ...options, write: false, metafile: true, sourcemap: false, logLevel: 'error' }),
  ),
);
let overBudget = false;
let lazyBytes = 0;
for (const result of results) {
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!file.endsWith('.js') && !file.endsWith('.mjs')) {
      continue;
    }
    const data = file.startsWith('dist/lazy/') ? dataChunkOf(output) : undefined;
    if (file.startsWith('dist/lazy/') && !data) {
      lazyBytes += output.bytes;
    }
    const limit = file === 'dist/extension.js' ? ENTRY_BUDGET_BYTES : data ? DATA_CHUNK_BUDGETS[data] : undefined;
    const budget = limit ? ` (${data ? 'data chunk, ' : ''}budget ${limit.toLocaleString('en')} bytes)` : '';
    overBudget ||= limit !== undefined && output.bytes >= limit;
    console.log(`${file}${kb(output.bytes)} = ${output.bytes.toLocaleString('en')} bytes${budget}`);
    for (const [name, bytes] of contributors(output).slice(0, top)) {
      console.log(`  ${name.padEnd(40)}${kb(bytes)}`);
    }
  }
}
overBudget ||= lazyBytes >= LAZY_BUDGET_BYTES;
console.log(
  `dist/lazy/*.mjs together (data chunks apart)${kb(lazyBytes)} = ${lazyBytes.toLocaleString('en')} bytes (budget ${LAZY_BUDGET_BYTES.toLocaleString('en')} bytes)`,
);
process.exitCode = overBudget ? 1 : 0;
