// The hover of a task reference in code, as Markdown source. Pure (no vscode): the extension wraps it
// in a MarkdownString that allows a little HTML and the four commands below, and supplies the words.
import { isAccountKey } from '../accounts/account';
import type { TaskRow } from '../api/schemas';
import { isUuid } from '../util/ids';
import { isDisplayId } from '../tasks/links';
import { inertMarkdown } from '../text/inert';
import { isCompleted } from '../tree/rows';
import type { Resolution } from './resolver';

/** Commands the hover may run (MarkdownString.isTrusted: only these, never arbitrary command links). */
export const HOVER_COMMANDS = [
  'taskPlatform.codeLinks.open',
  'taskPlatform.copyLink',
  'taskPlatform.openInBrowser',
  'taskPlatform.startWork',
  'taskPlatform.ai.summarizeTask',
  'taskPlatform.followTask',
] as const;

/** The hover's words, localised by the caller: plain text, made inert here, but `notLookedUp`. */
export interface HoverWords {
  /** Markdown (`**{id}**: not looked up yet …`); gets the id as inert Markdown. */
  notLookedUp(id: string): string;
  inTrash: string;
  notFound: string;
  /** More than one workspace answers for the id; gets their count. */
  ambiguous(count: string): string;
  priority(priority: string): string;
  assignedTo(name: string): string;
  unassigned: string;
  /** The due date as every surface says it (core/text/dates.ts): the caller has the clock and the locale. */
  due(dueDate: string, completed: boolean): string | undefined;
  blocked: string;
  open: string;
  copyLink: string;
  openInBrowser: string;
  startWork: string;
  summarise: string;
  follow: string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const DESCRIPTION_LINES = 4;
const DESCRIPTION_LINE_SHOWN = 200;
/** A display id as shown: ids are short, so a long one is cut. */
const ID_SHOWN = 60;

/** A `command:` link target with JSON arguments (VS Code decodes them and passes them to the command). */
export function commandTarget(command: (typeof HOVER_COMMANDS)[number], arg: unknown): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify([arg]))}`;
}

/**
 * Title, status in its colour, priority, assignee, due, blocked, the description's first lines,
 * actions. Every value from the service or the workspace goes in through `inertMarkdown` (which
 * escapes `<` and `&` too), so the only HTML is the status dot built here from a validated
 * `#rrggbb`, and the only links are the hover's own actions, each added only when its argument is
 * what it claims to be: a display id of the strict grammar, UUIDs.
 */
export function hoverSource(
  displayId: string,
  resolution: Resolution | undefined,
  words: HoverWords,
  workspaceName: (workspaceId: string, account?: string) => string | undefined = () => undefined,
): string {
  const id = inertMarkdown(displayId, ID_SHOWN);
  if (!resolution) {
    return words.notLookedUp(id);
  }
  if (resolution.kind === 'ambiguous') {
    // Each workspace's task, under its workspace's name: the hover shows all, and picks none.
    const head = `**${id}**: ${inertMarkdown(words.ambiguous(String(resolution.candidates.length)))}`;
    // With several accounts a workspace's name says whose it is too (the same prefix on two services).
    const each = resolution.candidates.slice(0, MAX_CANDIDATES).map((c) => {
      const name = workspaceName(c.workspaceId, c.account);
      return `${name ? `*${inertMarkdown(name, c.account ? 200 : 100)}*\n\n` : ''}${taskSource(displayId, c, words, true)}`;
    });
    return [head, ...each].join('\n\n---\n\n');
  }
  if (resolution.kind !== 'found') {
    return `**${id}**: ${inertMarkdown(resolution.kind === 'trashed' ? words.inTrash : words.notFound)}`;
  }
  // A task of one of several accounts is named with its place; with one account, as always.
  const place = resolution.account ? workspaceName(resolution.workspaceId, resolution.account) : undefined;
  return `${place ? `*${inertMarkdown(place, 200)}*\n\n` : ''}${taskSource(displayId, resolution, words)}`;
}

/** At most this many workspaces' tasks in one hover. */
const MAX_CANDIDATES = 5;

function taskSource(
  displayId: string,
  { workspaceId, task, account }: { workspaceId: string; task: TaskRow; account?: string },
  words: HoverWords,
  oneOfSeveral = false,
): string {
  const id = inertMarkdown(displayId, ID_SHOWN);
  const parts = [`**${id}** ${inertMarkdown(task.title)}`, facts(task, words).join(' · ')];
  const description = (task.description ?? '')
    .slice(0, DESCRIPTION_LINES * 1000)
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, DESCRIPTION_LINES)
    .map((line) =>
      Array.from(line.slice(0, DESCRIPTION_LINE_SHOWN * 2))
        .slice(0, DESCRIPTION_LINE_SHOWN)
        .join(''),
    );
  if (description.length > 0) {
    parts.push(inertMarkdown(description.join('\n')));
  }
  const whose = isAccountKey(account) ? { account } : {};
  parts.push(actions(displayId, { workspaceId, taskId: task.id, ...whose }, words, oneOfSeveral).join(' · '));
  return parts.join('\n\n');
}

/** The hover's action links; each carries the task's account when it is one of several accounts'. */
function actions(
  displayId: string,
  { workspaceId, taskId, account }: { workspaceId: string; taskId: string; account?: string },
  words: HoverWords,
  oneOfSeveral: boolean,
): string[] {
  const link = (label: string, command: (typeof HOVER_COMMANDS)[number], arg: unknown): string =>
    `[${inertMarkdown(label)}](${commandTarget(command, arg)})`;
  const out: string[] = [];
  if (isDisplayId(displayId)) {
    // Under one of several workspaces, Open names it: it opens that workspace's task, not another's.
    const whose = account ? { account } : {};
    const arg = oneOfSeveral && isUuid(workspaceId) ? { displayId, workspaceId, ...whose } : { displayId };
    out.push(link(words.open, 'taskPlatform.codeLinks.open', arg));
  }
  if (isUuid(workspaceId) && isUuid(taskId)) {
    const ref = { workspaceId, taskId, ...(account ? { account } : {}) };
    out.push(
      link(words.copyLink, 'taskPlatform.copyLink', ref),
      link(words.openInBrowser, 'taskPlatform.openInBrowser', ref),
      link(words.startWork, 'taskPlatform.startWork', ref),
      link(words.summarise, 'taskPlatform.ai.summarizeTask', ref),
      link(words.follow, 'taskPlatform.followTask', ref),
    );
  }
  return out;
}

function facts(task: TaskRow, words: HoverWords): string[] {
  const out: string[] = [];
  const status = task.status;
  if (status?.name) {
    // Only a plain #rrggbb reaches the style attribute (docs/api/openapi.yaml#listListStatuses: color is a hex colour);
    // the hover's
    // sanitizer keeps `color` on spans and nothing else.
    const dot = status.color && HEX.test(status.color) ? `<span style="color:${status.color};">●</span> ` : '';
    out.push(`${dot}${inertMarkdown(status.name)}${isCompleted(task) ? ' ✓' : ''}`);
  }
  if (task.priority) {
    out.push(inertMarkdown(words.priority(task.priority)));
  }
  const assignee = (task.assignee as { name?: unknown } | null | undefined)?.name;
  out.push(
    inertMarkdown(typeof assignee === 'string' && assignee !== '' ? words.assignedTo(assignee) : words.unassigned),
  );
  const due = task.due_date ? words.due(task.due_date, isCompleted(task)) : undefined;
  if (due) {
    out.push(inertMarkdown(due));
  }
  if (task.is_blocked) {
    out.push(inertMarkdown(words.blocked));
  }
  return out;
}
