/**
 * Tasks dragged from a Task Platform tree onto the panel (VS Code lets a drag into a webview through
 * while Shift is held) arrive as the rows' resource URIs, `taskplatform-task:/<task id>?…`, one a
 * line: the task ids, at most 50, each once. Anything else in the list is ignored.
 */
const TASK_URI = /^taskplatform-task:\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\?[a-z,]*)?$/i;

export function droppedTaskIds(uriList: string): string[] {
  const ids: string[] = [];
  for (const line of uriList.slice(0, 10_000).split(/\r?\n/)) {
    const id = TASK_URI.exec(line.trim())?.[1]?.toLowerCase();
    if (id && !ids.includes(id) && ids.length < 50) {
      ids.push(id);
    }
  }
  return ids;
}
