/**
 * The user's choices for what an AI assistant and Start Work may write, merged with a folder's or a
 * workspace's values so that the folder can only tighten them. VS Code's plain `get` lets the most
 * specific scope win, so a trusted repository's `.vscode/settings.json` could turn read-only mode off
 * for a user who turned it on (`restrictedConfigurations` only applies in Restricted Mode). Pure, so
 * that it is tested in Node; the extension feeds it `inspect()` (config.ts). docs/decisions/ai-settings-stricter.md
 */

/** A setting's values by scope, as `WorkspaceConfiguration.inspect` gives them. */
export interface Scoped<T> {
  readonly defaultValue?: T;
  readonly globalValue?: T;
  readonly workspaceValue?: T;
  readonly workspaceFolderValue?: T;
}

/** The user's own value (their settings, else the default), then the folder's and workspace's, when set. */
function split<T>(scoped: Scoped<unknown> | undefined, valid: (v: unknown) => v is T): { user?: T; local: T[] } {
  const user = [scoped?.globalValue, scoped?.defaultValue].find(valid);
  const local = [scoped?.workspaceValue, scoped?.workspaceFolderValue].filter(valid);
  return { user, local };
}

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isList = (v: unknown): v is unknown[] => Array.isArray(v);

/** On when any scope turns it on (read-only mode). */
export function anyOn(scoped: Scoped<unknown> | undefined): boolean {
  const { user, local } = split(scoped, isBoolean);
  return user === true || local.includes(true);
}

/** On only when the user turned it on and no folder turns it off (the MCP server). */
export function allOn(scoped: Scoped<unknown> | undefined): boolean {
  const { user, local } = split(scoped, isBoolean);
  return user === true && !local.includes(false);
}

/** Only what every scope that sets the list allows (toolsets, included tools); undefined when none sets it. */
export function intersection(scoped: Scoped<unknown> | undefined): unknown[] | undefined {
  const { user, local } = split(scoped, isList);
  const lists = [...(user ? [user] : []), ...local];
  const [first, ...rest] = lists;
  return first?.filter((item) => rest.every((list) => list.includes(item)));
}

/** Everything any scope lists (excluded tools); undefined when none sets it. */
export function union(scoped: Scoped<unknown> | undefined): unknown[] | undefined {
  const { user, local } = split(scoped, isList);
  const lists = [...(user ? [user] : []), ...local];
  return lists.length === 0 ? undefined : [...new Set(lists.flat())];
}

/** The value earliest in `order` (the strictest) among the scopes; values outside `order` are ignored. */
export function strictest<T extends string>(scoped: Scoped<unknown> | undefined, order: readonly T[]): T | undefined {
  const valid = (v: unknown): v is T => typeof v === 'string' && (order as readonly string[]).includes(v);
  const { user, local } = split(scoped, valid);
  const values = [...(user ? [user] : []), ...local];
  return order.find((value) => values.includes(value));
}
