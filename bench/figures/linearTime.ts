/**
 * Linear-time text processing: every function that runs a regex or a glob over
 * workspace or server text, on every 100,000-character adversarial input of the unit tests
 * (test/hostile/adversarial.ts). The row is the slowest pair of function and input, against
 * reading the same input (splitting it into lines and visiting every character), in the same run.
 * The unit tests hold each pair under 1 s; this reports how far from a plain read the worst one is.
 */
import { branchName } from '../../src/core/codeLinks/branch';
import { globMatcher, parseGitignore } from '../../src/core/codeLinks/ignore';
import { idBeforeCursor, ReferenceMatcher } from '../../src/core/codeLinks/references';
import { todoComments } from '../../src/core/codeLinks/todos';
import { parseTaskReference } from '../../src/core/tasks/links';
import { safeLink } from '../../src/core/tasks/safeLinks';
import { inert, inertMarkdown, visibleText } from '../../src/core/text/inert';
import { markdownLink } from '../../src/core/text/markdownLink';
import { adversarialPaths, adversarialTexts } from '../../test/hostile/adversarial';
import type { BenchContext } from '../context';
import { pairedRatios, summarize } from '../stats';

const BASE_URL = 'https://tasks.example.com/api';
const matcher = new ReferenceMatcher(['ACME', 'SIDE', 'A'], BASE_URL);
const paths = adversarialPaths();

const functions: [string, (text: string) => unknown][] = [
  ['todoComments (typescript)', (text) => todoComments(text, 'typescript')],
  ['todoComments (python)', (text) => todoComments(text, 'python')],
  ['ReferenceMatcher.scan (typescript)', (text) => matcher.scan(text, 'typescript')],
  ['ReferenceMatcher.inComment', (text) => matcher.inComment(text)],
  ['idBeforeCursor', (text) => idBeforeCursor(text)],
  ['parseTaskReference', (text) => parseTaskReference(`https://tasks.example.com/t/${text}`, BASE_URL)],
  ['branchName', (text) => branchName(text, { displayId: 'ACME-1', title: text }, true)],
  ['parseGitignore + ignores', (text) => paths.map(parseGitignore(text).ignores)],
  ['globMatcher', (text) => paths.map(globMatcher(text.split('\n', 1000)))],
  ['inert', (text) => inert(text, text.length + 1)],
  ['inertMarkdown', (text) => inertMarkdown(text, text.length + 1)],
  ['visibleText', (text) => visibleText(text)],
  ['safeLink', (text) => safeLink(`https://evil.example/${text}`)],
  ['markdownLink', (text) => markdownLink(text, `file:///${text}`)],
];

/** The baseline: what any scan of the input costs at least (lines, then every character). */
function read(text: string): number {
  let sum = text.split('\n').length;
  for (let i = 0; i < text.length; i++) {
    sum += text.charCodeAt(i);
  }
  return sum;
}

function time(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

export async function linearTimeFigure(ctx: BenchContext): Promise<void> {
  const texts = adversarialTexts();
  // Which pair is slowest: the second of two passes over all of them (the first warms the code up).
  let worst = { fn: functions[0]!, input: texts[0]!, ms: -1 };
  for (let pass = 0; pass < 2; pass++) {
    worst = { fn: functions[0]!, input: texts[0]!, ms: -1 };
    for (const fn of functions) {
      for (const input of texts) {
        const ms = time(() => fn[1](input.text));
        if (ms > worst.ms) {
          worst = { fn, input, ms };
        }
      }
    }
  }
  const value: number[] = [];
  const baseline: number[] = [];
  for (let run = 0; run < ctx.runs; run++) {
    baseline.push(time(() => read(worst.input.text)));
    value.push(time(() => worst.fn[1](worst.input.text)));
    await new Promise((resolve) => setImmediate(resolve));
  }
  ctx.add({
    figure: 'linear-time text',
    measure: `slowest regex/glob function on a 100k adversarial input (${functions.length} functions × ${texts.length} inputs)`,
    unit: 'ms',
    value: summarize(value),
    baseline: { label: 'read the same input', value: summarize(baseline) },
    ratio: pairedRatios(value, baseline),
    target: { text: '< 1 s', met: Math.max(...value) < 1000 },
    note: `${worst.fn[0]} on "${worst.input.name}" (${worst.input.text.length.toLocaleString('en')} characters)`,
  });
}
