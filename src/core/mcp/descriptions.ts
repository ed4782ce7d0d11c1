/**
 * What a model reads of each tool (MCP's tools/list, the chat tools' modelDescription in package.json):
 * what it does and how to chain it, short, because every tool list is paid for on each request. Kept
 * apart from the table (tools.ts) because only the MCP server and the manifest read them: the VS Code
 * chat tools get theirs from package.json, so the lazy bundle does not carry them.
 */
export const DESCRIPTIONS: Readonly<Record<string, string>> = {
  get_me: 'The signed-in user and their workspaces (call first).',
  get_sidebar: 'The tree of a workspace (spaces, folders, lists, saved views) in one call.',
  list_spaces: 'The spaces of a workspace.',
  list_folders: 'The folders of a space.',
  list_lists: 'The lists of a folder (tasks live in lists).',
  list_statuses: 'The statuses of a list; an id is what status_id takes.',
  list_members: 'Workspace members, 50 a page; ids for assignee_id.',
  list_tasks:
    'Top-level tasks of exactly one scope (list_id, folder_id, space_id or sprint_id). Compact rows; page: next_page for more.',
  get_task: 'One task in full: description, status, assignee, custom field values, counts.',
  get_task_by_display_id: 'get_task by display id (e.g. ACME-12, as in code and commits).',
  create_task: 'Creates a task, or a subtask with parent_task_id, in a list.',
  update_task: 'Changes fields of a task (null clears description, assignee, due date).',
  search_tasks: 'Full-text search for tasks in a workspace.',
  list_comments: "A page of a task's comments; pass next_cursor as cursor for more.",
  add_comment: 'Adds a comment (or a reply) to a task.',
  get_task_activity: "A page of a task's history, newest first; pass next_cursor as cursor for older.",
  get_task_dependencies: 'The tasks blocking this task (blocked_by) and those it blocks (blocking).',
  run_saved_view: 'The tasks of a saved view (its own filters and sorts). Compact rows; page: next_page for more.',
  current_task:
    'The Task Platform task the user has in front of them (the focused task panel, else the tree selection, else the task of the current git branch): the full task, its comments and dependencies. ' +
    'Use it when the user says "this task"; it takes no input.',
};

/** For people (VS Code's tool picker), where it should differ from the model's text. */
const FOR_PEOPLE: Readonly<Record<string, string>> = {
  current_task:
    'Attach the task open in the Task Platform panel (or selected in the tree, or of the current branch) to the chat.',
};

export function descriptionOf(name: string): string {
  const text = DESCRIPTIONS[name];
  if (text === undefined) {
    throw new Error(`No description for the tool ${name}`);
  }
  return text;
}

export function userDescriptionOf(name: string): string {
  return FOR_PEOPLE[name] ?? descriptionOf(name);
}
