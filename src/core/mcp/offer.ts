import { isOffered, SELECTION_VARS, TOOLSETS } from './toolsets';
import type { ToolSelection, Toolset } from './toolsets';

/**
 * How VS Code learns which chat tools the `taskPlatform.ai.*` settings offer, and how the MCP
 * server VS Code starts is told the same selection. Both go through toolsets.ts's one rule
 * (`isOffered`); nothing here decides on its own. Pure, so that it is tested in Node.
 */

/** Chat tools are `taskPlatform_<tool>` (manifest.ts). */
export const LM_TOOL_PREFIX = 'taskPlatform_';

/**
 * The context key holding the offered tools' names between commas (`,get_me,list_tasks,`). Each
 * chat tool's `when` in package.json matches its own name in it (manifest.ts), so a tool the
 * settings do not offer is not listed in agent mode at all.
 */
export const OFFERED_TOOLS_KEY = 'taskPlatform.ai.tools';

/** The manifest tag that carries a chat tool's toolset (read back by the extension at run time). */
export const TOOLSET_TAG = 'toolset:';

export function offeredToolsWhen(name: string): string {
  return `taskPlatform.signedIn && ${OFFERED_TOOLS_KEY} =~ /,${name},/`;
}

/** What the extension knows of a tool from its manifest entry: enough for `isOffered`. */
export interface OfferableTool {
  readonly name: string;
  readonly write: boolean;
  readonly toolset: Toolset;
}

/** Reads `contributes.languageModelTools` back (`taskPlatform_get_task`, tags `write`, `toolset:tasks`). */
export function toolsFromManifest(
  entries: readonly { readonly name?: unknown; readonly tags?: unknown }[],
  prefix: string,
): OfferableTool[] {
  const out: OfferableTool[] = [];
  for (const { name, tags } of entries) {
    const list = Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
    const toolset = list.find((t) => t.startsWith(TOOLSET_TAG))?.slice(TOOLSET_TAG.length);
    if (
      typeof name === 'string' &&
      name.startsWith(prefix) &&
      (TOOLSETS as readonly string[]).includes(toolset ?? '')
    ) {
      out.push({ name: name.slice(prefix.length), write: list.includes('write'), toolset: toolset as Toolset });
    }
  }
  return out;
}

/** The context key's value: the names offered, between commas. */
export function offeredToolsValue(tools: readonly OfferableTool[], selection: ToolSelection): string {
  return `,${tools
    .filter((tool) => isOffered(tool, selection))
    .map((tool) => tool.name)
    .join(',')},`;
}

export interface SettingsSelection {
  readonly selection: ToolSelection;
  /** Values that were ignored, said in words for the log. */
  readonly problems: string[];
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

/**
 * The selection from the settings' raw values. A value of the wrong type counts as its default, an
 * unknown toolset or tool name is left out (and reported): a typo never stops the tools.
 */
export function selectionFromSettings(
  raw: { readOnly: unknown; toolsets: unknown; include: unknown; exclude: unknown },
  toolNames: readonly string[],
): SettingsSelection {
  const problems: string[] = [];
  const toolsets = stringList(raw.toolsets);
  const known = (list: string[] | undefined, what: string, valid: readonly string[]): string[] | undefined => {
    const unknown = list?.filter((item) => !valid.includes(item)) ?? [];
    if (unknown.length > 0) {
      problems.push(`${what}: ${unknown.map((u) => JSON.stringify(u.slice(0, 40))).join(', ')} ignored`);
    }
    const kept = list?.filter((item) => valid.includes(item));
    return kept;
  };
  const include = known(stringList(raw.include), 'taskPlatform.ai.includeTools', toolNames);
  const exclude = known(stringList(raw.exclude), 'taskPlatform.ai.excludeTools', toolNames);
  return {
    selection: {
      readOnly: raw.readOnly === true,
      toolsets: known(toolsets, 'taskPlatform.ai.toolsets', TOOLSETS) as Toolset[] | undefined,
      include: include?.length ? include : undefined,
      exclude: exclude?.length ? exclude : undefined,
    },
    problems,
  };
}

/**
 * The standalone server's variables (SELECTION_VARS) that make it offer what `selection` offers.
 * `toolNames` are the server's tools: names it does not have are not passed (it would refuse to start).
 * The variables cannot say "no toolset" (empty means all), so then every tool not included is excluded.
 */
export function selectionEnv(selection: ToolSelection, toolNames: readonly string[]): Record<string, string> {
  const include = (selection.include ?? []).filter((name) => toolNames.includes(name));
  let exclude = (selection.exclude ?? []).filter((name) => toolNames.includes(name));
  let toolsets = selection.toolsets?.join(',') ?? 'all';
  if (selection.toolsets?.length === 0) {
    toolsets = 'all';
    exclude = [...new Set([...exclude, ...toolNames.filter((name) => !include.includes(name))])];
  }
  return {
    [SELECTION_VARS.readOnly]: selection.readOnly ? 'true' : 'false',
    [SELECTION_VARS.toolsets]: toolsets,
    [SELECTION_VARS.include]: include.join(','),
    [SELECTION_VARS.exclude]: exclude.join(','),
  };
}
