// Branch names for Start Work on Task: a template such as `{displayId}-{title}` filled with
// the task and made into a name git accepts (`git check-ref-format --branch`: ASCII letters, digits,
// `.`, `_`, `-` and `/` only, so no space, control character, `~^:?*[\`, `@{` or `@`; no empty
// component (`//`), none that starts with `.` or ends with `.` or `.lock`, no `..`, no leading `-`,
// no trailing `/` or `.`; not `HEAD`). The template comes from settings a folder may set, the title
// and display id from the service: none of them is trusted, and none can add anything but those
// characters. Every step is a loop over bounded input (template and result are capped).
import { isDisplayId } from '../tasks/displayId';

export interface BranchTask {
  readonly displayId: string;
  readonly title: string;
}

const MAX_TITLE_SLUG = 50;
const MAX_BRANCH = 100;
/** Longer templates are cut: a branch name is at most MAX_BRANCH characters anyway. */
const MAX_TEMPLATE = 200;
export const DEFAULT_BRANCH_TEMPLATE = '{displayId}-{title}';

function isAsciiAlnum(ch: string): boolean {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
}

/** Letters and digits of `text` (accents dropped), other runs as one `-`, at most `max` characters. */
export function slug(text: string, max = MAX_TITLE_SLUG): string {
  let out = '';
  let gap = false;
  for (const ch of text.slice(0, max * 8).normalize('NFKD')) {
    if (isAsciiAlnum(ch)) {
      const piece = gap && out !== '' ? `-${ch}` : ch;
      if (out.length + piece.length > max) {
        break;
      }
      out += piece;
      gap = false;
    } else if (ch < '\u0300' || ch > '\u036f') {
      // A combining accent (left by NFKD) is dropped; anything else separates words.
      gap = true;
    }
  }
  return out;
}

/**
 * Fills `{displayId}`, `{title}` and `{id}` (same as displayId) in one pass (a value is never read
 * as a placeholder again). Undefined when the display id is not one of the grammar: nothing may be
 * named after it. Otherwise a valid git branch name of at most 100 characters.
 */
export function branchName(template: string, task: BranchTask, lowercase: boolean): string | undefined {
  if (!isDisplayId(task.displayId)) {
    return undefined;
  }
  const given = typeof template === 'string' ? template.slice(0, MAX_TEMPLATE).trim() : '';
  const filled = fill(given === '' ? DEFAULT_BRANCH_TEMPLATE : given, task);
  let name = refName(refName(filled).slice(0, MAX_BRANCH));
  if (name === '' || name === 'HEAD') {
    name = task.displayId;
  }
  return lowercase ? name.toLowerCase() : name;
}

function fill(template: string, task: BranchTask): string {
  const values: [string, string][] = [
    ['{displayId}', task.displayId],
    ['{id}', task.displayId],
    ['{title}', slug(typeof task.title === 'string' ? task.title : '')],
  ];
  let out = '';
  for (let i = 0; i < template.length;) {
    const hit = template[i] === '{' ? values.find(([key]) => template.startsWith(key, i)) : undefined;
    if (hit) {
      out += hit[1];
      i += hit[0].length;
    } else {
      out += template[i];
      i += 1;
    }
  }
  return out;
}

/** The characters git accepts, components cleaned, empty ones dropped. */
function refName(text: string): string {
  let safe = '';
  for (const ch of text) {
    safe += isAsciiAlnum(ch) || ch === '.' || ch === '_' || ch === '-' || ch === '/' ? ch : '-';
  }
  return safe
    .split('/')
    .map(component)
    .filter((part) => part !== '')
    .join('/');
}

/** One path component: no `..` or `--` runs, no `.`/`-` at either end, no `.lock` ending. */
function component(part: string): string {
  let out = '';
  for (const ch of part) {
    const last = out[out.length - 1];
    if ((ch === '.' || ch === '-') && last === ch) {
      continue;
    }
    out += ch;
  }
  for (;;) {
    let start = 0;
    let end = out.length;
    while (start < end && (out[start] === '.' || out[start] === '-')) start += 1;
    while (end > start && (out[end - 1] === '.' || out[end - 1] === '-')) end -= 1;
    out = out.slice(start, end);
    if (!out.toLowerCase().endsWith('.lock')) {
      return out;
    }
    out = out.slice(0, -'.lock'.length);
  }
}

/**
 * Whether `name` is a branch name this extension may create or check out: the characters and rules
 * branchName() produces (a subset of what git accepts), at most 100 characters. The last check
 * before anything reaches the Git extension.
 */
export function isBranchName(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_BRANCH || name === 'HEAD') {
    return false;
  }
  for (const ch of name) {
    if (!(isAsciiAlnum(ch) || ch === '.' || ch === '_' || ch === '-' || ch === '/')) {
      return false;
    }
  }
  return name.split('/').every((part) => part !== '' && part === component(part));
}
