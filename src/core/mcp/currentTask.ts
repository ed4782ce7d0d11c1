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
  description:
    'The Task Platform task the user has in front of them (the focused task panel, else the tree selection, else the task of the current git branch): the full task, its comments and dependencies. ' +
    'Use it when the user says "this task"; it takes no input.',
  userDescription:
    'Attach the task open in the Task Platform panel (or selected in the tree, or of the current branch) to the chat.',
  input: z.strictObject({}),
  output: z.record(z.string(), z.unknown()),
  write: false,
  toolset: 'tasks',
  run: () => Promise.reject(new Error('current_task runs in VS Code only')),
};
