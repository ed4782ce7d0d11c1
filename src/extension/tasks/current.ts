import type * as vscode from 'vscode';
import type { TaskRef } from './ref';

/**
 * "The task the user means" when a command runs from the palette with no argument: the focused task
 * panel's task, else the tree selection. Each feature registers a source; the first that answers wins,
 * in registration order (panel before tree).
 */
type Source = () => readonly TaskRef[];

const sources: { name: string; source: Source }[] = [];

export function registerTaskSource(name: string, source: Source): vscode.Disposable {
  const entry = { name, source };
  sources.push(entry);
  return { dispose: () => void sources.splice(sources.indexOf(entry), 1) };
}

/** The tasks the user has in front of them (empty when none): a command offers them first. */
export function currentTasks(): readonly TaskRef[] {
  for (const { source } of sources) {
    const tasks = source();
    if (tasks.length > 0) {
      return tasks;
    }
  }
  return [];
}

/** The selected tasks of each tree that shows tasks, by view id (the Delete key acts on them). */
const selections = new Map<string, Source>();

export function registerViewSelection(viewId: string, source: Source): vscode.Disposable {
  selections.set(viewId, source);
  return { dispose: () => void (selections.get(viewId) === source && selections.delete(viewId)) };
}

/** The tasks selected in a view (empty for a view that shows no tasks or is not loaded). */
export function selectedTasksIn(viewId: string): readonly TaskRef[] {
  return selections.get(viewId)?.() ?? [];
}
