// Branch-name checks shared by the branch tests: git's own verdict and the rules it leaves out.
import { execFileSync } from 'node:child_process';

/** What `git check-ref-format --branch` says of each name (one git call for the lot). */
export function gitRejects(names: readonly string[]): string[] {
  const script =
    'while IFS= read -r n; do git check-ref-format --branch "$n" >/dev/null 2>&1 || printf "%s\\n" "$n"; done';
  return execFileSync('bash', ['-c', script], { input: `${names.join('\n')}\n`, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
}

/** git's ref-name rules, checked here too (names git would accept but that would still be wrong). */
export function refProblem(name: string): string | undefined {
  if (!/^[A-Za-z0-9._/-]{1,100}$/.test(name)) return 'characters or length';
  if (name.startsWith('-') || name.startsWith('/') || name.endsWith('/') || name.endsWith('.')) return 'ends';
  if (name.includes('..') || name.includes('//') || name.includes('@{') || name === 'HEAD') return 'sequence';
  if (name.split('/').some((part) => part.startsWith('.') || part.toLowerCase().endsWith('.lock'))) return 'component';
  return undefined;
}
