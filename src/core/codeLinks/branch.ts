// Branch names for Start Work on Task (issue 9): a template such as `{displayId}-{title}` filled with
// the task and slugified so git accepts it (git check-ref-format: no spaces, `..`, `~^:?*[\`, no
// leading `-`, no trailing `.`/`.lock`, no `//`).

export interface BranchTask {
  readonly displayId: string;
  readonly title: string;
}

const MAX_TITLE_SLUG = 50;
const MAX_BRANCH = 100;

export function slug(text: string, max = MAX_TITLE_SLUG): string {
  const plain = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const cut = plain.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, max);
  return cut.replace(/-+$/, '');
}

/** Fills `{displayId}`, `{title}` and `{id}` (same as displayId); the result is a valid git branch name. */
export function branchName(template: string, task: BranchTask, lowercase: boolean): string {
  const filled = (template.trim() || '{displayId}-{title}')
    .replace(/\{displayId\}|\{id\}/g, task.displayId)
    .replace(/\{title\}/g, slug(task.title));
  const cleaned = filled
    .split('/')
    .map((part) => part.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/\.{2,}/g, '.').replace(/^[-.]+|[-.]+$/g, '').replace(/\.lock$/i, ''))
    .filter((part) => part !== '')
    .join('/')
    .replace(/-{2,}/g, '-')
    .slice(0, MAX_BRANCH)
    .replace(/[-./]+$/, '');
  const name = cleaned || slug(task.displayId) || 'task';
  return lowercase ? name.toLowerCase() : name;
}
