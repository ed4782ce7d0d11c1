import * as z from 'zod/mini';
import type { ToolSpec } from './tools';

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
