import type { ToolSpec } from './tools';

/**
 * Which assistant tools are offered: one rule for both surfaces (the MCP server reads it from its
 * environment, the VS Code chat tools from settings). A tool is offered when its toolset is on or
 * it is named in `include`, unless it is named in `exclude`; read-only mode drops every write,
 * whatever else says (a write tool is then not listed at all, so a model cannot even ask for it).
 */
export const TOOLSETS = ['navigation', 'tasks', 'comments', 'views'] as const;
export type Toolset = (typeof TOOLSETS)[number];

export interface ToolSelection {
  readonly readOnly: boolean;
  /** The toolsets on; every toolset when undefined. */
  readonly toolsets?: readonly Toolset[];
  /** Tools offered even when their toolset is off. */
  readonly include?: readonly string[];
  /** Tools never offered. */
  readonly exclude?: readonly string[];
}

export const ALL_TOOLS: ToolSelection = { readOnly: false };

export function isOffered(spec: Pick<ToolSpec, 'name' | 'write' | 'toolset'>, selection: ToolSelection): boolean {
  if (selection.readOnly && spec.write) {
    return false;
  }
  if (selection.exclude?.includes(spec.name)) {
    return false;
  }
  return (selection.toolsets ?? TOOLSETS).includes(spec.toolset) || (selection.include?.includes(spec.name) ?? false);
}

export function selectTools<T extends Pick<ToolSpec, 'name' | 'write' | 'toolset'>>(
  tools: readonly T[],
  selection: ToolSelection,
): T[] {
  return tools.filter((spec) => isOffered(spec, selection));
}

/** The environment variables of the standalone server; the VS Code provider sets them from settings. */
export const SELECTION_VARS = {
  readOnly: 'TASK_PLATFORM_READ_ONLY',
  toolsets: 'TASK_PLATFORM_TOOLSETS',
  include: 'TASK_PLATFORM_TOOLS',
  exclude: 'TASK_PLATFORM_EXCLUDE_TOOLS',
} as const;

type Parsed = { ok: true; selection: ToolSelection } | { ok: false; message: string };

function names(value: string | undefined): string[] | undefined {
  const items = value
    ?.split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items && items.length > 0 ? items : undefined;
}

/** Every value is checked: a misspelt toolset or tool name stops the server with the reason. */
export function selectionFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  toolNames: readonly string[],
): Parsed {
  const problems: string[] = [];
  const flag = env[SELECTION_VARS.readOnly]?.trim().toLowerCase() ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(flag)) {
    problems.push(`${SELECTION_VARS.readOnly} must be true or false (got "${flag.slice(0, 40)}")`);
  }
  const toolsets = names(env[SELECTION_VARS.toolsets]);
  const all = toolsets?.length === 1 && toolsets[0] === 'all';
  for (const name of all ? [] : (toolsets ?? [])) {
    if (!(TOOLSETS as readonly string[]).includes(name)) {
      problems.push(
        `${SELECTION_VARS.toolsets}: "${name.slice(0, 40)}" is not a toolset (${TOOLSETS.join(', ')} or all)`,
      );
    }
  }
  const include = names(env[SELECTION_VARS.include]);
  const exclude = names(env[SELECTION_VARS.exclude]);
  for (const [variable, list] of [
    [SELECTION_VARS.include, include],
    [SELECTION_VARS.exclude, exclude],
  ] as const) {
    for (const name of list ?? []) {
      if (!toolNames.includes(name)) {
        problems.push(`${variable}: "${name.slice(0, 40)}" is not a tool name`);
      }
    }
  }
  if (problems.length > 0) {
    return { ok: false, message: `${problems.join('; ')}.` };
  }
  return {
    ok: true,
    selection: {
      readOnly: flag === '1' || flag === 'true',
      toolsets: all ? undefined : (toolsets as Toolset[] | undefined),
      include,
      exclude,
    },
  };
}
