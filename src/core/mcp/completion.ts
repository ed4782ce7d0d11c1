import type { RequestOptions } from '../api/requester';
import { prefixOf } from '../tasks/displayId';
import type { McpDirectory, NamedItem } from './directory';

/**
 * MCP argument completion (`completion/complete`) for resource templates and prompts. The rule: ONE
 * completion request sends at most ONE request to the service, and none once the directory is in
 * memory. Lists, views and workspaces come from the user and the workspace trees, read one per
 * completion until all are known (or at once by resources/list); task display ids come from every
 * task seen so far, and when fewer than a handful match, from one search for the typed text
 * (remembered, so typing the same text again costs nothing).
 */
export type CompletedArgument = 'task' | 'list' | 'view' | 'workspace' | 'since';

/** MCP caps a completion at 100 values. */
export const MAX_VALUES = 100;
/** Fewer matches than this from memory, and a task completion asks the search once. */
const ENOUGH_TASKS = 5;

export interface Completion {
  readonly values: string[];
  readonly total: number;
  readonly hasMore: boolean;
}

const SINCE = ['yesterday', 'last Friday', 'this week', 'last week'];

/**
 * How long a completion waits for its one request. A slower answer still lands in memory for the
 * next completion; this one answers with what is known (completions come per keystroke).
 */
export const COMPLETION_WAIT_MS = 3_000;

async function briefly(request: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, COMPLETION_WAIT_MS);
    timer.unref?.();
  });
  await Promise.race([request.catch(() => undefined), waited]);
  clearTimeout(timer);
}

function answer(values: string[]): Completion {
  const unique = [...new Set(values)];
  return { values: unique.slice(0, MAX_VALUES), total: unique.length, hasMore: unique.length > MAX_VALUES };
}

/** Matches on the id's start or anywhere in the name (case-insensitive); ids are the values. */
function matching(items: readonly NamedItem[], typed: string): string[] {
  const t = typed.trim().toLowerCase();
  return items
    .filter(
      (item) =>
        t === '' ||
        item.id.toLowerCase().startsWith(t) ||
        item.name.toLowerCase().includes(t) ||
        (item.path ?? '').toLowerCase().includes(t),
    )
    .map((item) => item.id);
}

export async function completeArgument(
  directory: McpDirectory,
  argument: CompletedArgument,
  typed: string,
  context: Readonly<Record<string, string>> = {},
  opts: RequestOptions = {},
): Promise<Completion> {
  const value = typed.slice(0, 200);
  if (argument === 'since') {
    return answer(SINCE.filter((s) => s.startsWith(value.toLowerCase())));
  }
  if (argument === 'task') {
    return answer(await completeTask(directory, value, context.workspace, opts));
  }
  // One step towards the whole directory (nothing once it is all in memory), then memory only.
  await briefly(directory.step(context.workspace, { priority: 'user', ...opts }));
  const cached = directory.cached();
  if (argument === 'workspace') {
    return answer(
      matching(
        cached.workspaces.map((w) => ({ id: w.id, name: w.name, workspaceId: w.id })),
        value,
      ),
    );
  }
  const items = argument === 'list' ? cached.lists : cached.views;
  const inWorkspace = context.workspace ? items.filter((i) => i.workspaceId === context.workspace) : items;
  return answer(matching(inWorkspace, value));
}

function taskMatches(directory: McpDirectory, typed: string): string[] {
  const t = typed.trim().toLowerCase();
  return directory
    .seenTasks()
    .filter(
      (task) =>
        t === '' || (task.displayId ?? task.id).toLowerCase().startsWith(t) || task.title.toLowerCase().includes(t),
    )
    .map((task) => task.displayId ?? task.id);
}

async function completeTask(
  directory: McpDirectory,
  typed: string,
  workspace: string | undefined,
  opts: RequestOptions,
): Promise<string[]> {
  const found = taskMatches(directory, typed);
  if (found.length >= ENOUGH_TASKS || typed.trim().length < 2) {
    return found;
  }
  const cached = directory.cached();
  if (cached.workspaces.length === 0) {
    // Who the user is comes first (the one request of this completion); the search comes next time.
    await briefly(directory.step(undefined, { priority: 'user', ...opts }));
    return found;
  }
  // "ACME", "ACME-" and "ACME-1" all name the prefix ACME: search the workspace it was seen in.
  const prefix = /^[A-Za-z][A-Za-z0-9]{0,19}/.exec(typed.trim())?.[0].toLowerCase();
  const owner = directory
    .seenTasks()
    .find((t) => prefix && t.displayId && prefixOf(t.displayId)?.toLowerCase() === prefix);
  const target = workspace ?? owner?.workspaceId ?? cached.workspaces[0]!.id;
  await briefly(directory.searchOnce(target, typed.trim(), { priority: 'user', ...opts }));
  return taskMatches(directory, typed);
}
