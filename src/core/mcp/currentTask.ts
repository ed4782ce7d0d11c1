import * as z from 'zod/mini';
import type { ToolSpec } from './tools';
import { untrustedEnvelope } from './untrusted';

/**
 * Not one of the 16 MCP tools: a VS Code chat tool a user attaches with `#taskPlatformTask` to give
 * the model the task open in the focused panel (or selected in the tree, or the current branch's
 * task from Start Work). The extension supplies
 * the task reference; the table only describes it, so the manifest is generated in one place.
 */
export const CURRENT_TASK_TOOL: ToolSpec = {
  name: 'current_task',
  title: 'Current task',
  input: z.strictObject({}),
  write: false,
  toolset: 'tasks',
  run: () => Promise.reject(new Error('current_task runs in VS Code only')),
};

/**
 * `#taskPlatformTask`'s result: the task, its comments and dependencies marked as data and bounded
 * like every tool's result (MAX_TOOL_RESULT, about 25 KB: comments past it are left out and counted),
 * not at the 200 KB of a resource; an attached task should not crowd out the rest of the request.
 */
export function currentTaskText(value: { task: unknown; comments: unknown; dependencies: unknown }): string {
  return JSON.stringify(untrustedEnvelope(value));
}
