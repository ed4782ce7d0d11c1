import { inputJsonSchema, TOOLS } from './tools';
import type { ToolSpec } from './tools';
import { CURRENT_TASK_TOOL } from './currentTask';
import { descriptionOf, userDescriptionOf } from './descriptions';
import { LM_TOOL_PREFIX, offeredToolsWhen, TOOLSET_TAG } from './offer';

/**
 * The `contributes.languageModelTools` entries of package.json, generated from the tool table so the
 * chat tools and the MCP server never drift (`npm run lm-tools` writes them; a unit test compares).
 * VS Code reads a tool's schema from the manifest, before the extension is even active.
 */
export { LM_TOOL_PREFIX };

export interface LmToolContribution {
  name: string;
  toolReferenceName: string;
  displayName: string;
  userDescription: string;
  modelDescription: string;
  canBeReferencedInPrompt: boolean;
  icon: string;
  tags: string[];
  when: string;
  inputSchema: Record<string, unknown>;
}

export function lmToolName(spec: Pick<ToolSpec, 'name'>): string {
  return `${LM_TOOL_PREFIX}${spec.name}`;
}

function contribution(spec: ToolSpec, reference: string): LmToolContribution {
  return {
    name: lmToolName(spec),
    toolReferenceName: reference,
    displayName: `%lmTool.${spec.name}%`,
    userDescription: `%lmTool.${spec.name}.description%`,
    modelDescription: descriptionOf(spec.name),
    canBeReferencedInPrompt: true,
    icon: spec.write ? '$(edit)' : '$(tasklist)',
    // VS Code's contribution has no field for MCP's hints: tags carry them (server.ts, toolAnnotations).
    tags: [
      'task-platform',
      ...(spec.write ? ['write', ...(spec.destructive ? ['destructive'] : [])] : ['read', 'read-only']),
      `${TOOLSET_TAG}${spec.toolset}`,
    ],
    // Listed only while signed in and while the taskPlatform.ai.* settings offer the tool (offer.ts).
    when: offeredToolsWhen(spec.name),
    inputSchema: inputJsonSchema(spec),
  };
}

export function languageModelTools(): LmToolContribution[] {
  return [
    ...TOOLS.map((spec) => contribution(spec, lmToolName(spec))),
    contribution(CURRENT_TASK_TOOL, 'taskPlatformTask'),
  ];
}

/** English texts of the %keys% above, for package.nls.json. */
export function languageModelToolTexts(): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const spec of [...TOOLS, CURRENT_TASK_TOOL]) {
    texts[`lmTool.${spec.name}`] = `Task Platform: ${spec.title}`;
    texts[`lmTool.${spec.name}.description`] = userDescriptionOf(spec.name);
  }
  return texts;
}
