// POST /__sandbox/fixtures/xss: hostile strings in titles, descriptions,
// comments and names, so renderers can be checked for escaping.
import { randomUUID } from 'node:crypto';
import type { App } from '../app';
import type { Task } from '../types';

export const XSS_CORPUS: readonly string[] = [
  '<script>alert("xss-1")</script>',
  '<img src=x onerror=alert("xss-2")>',
  '"><svg onload=alert("xss-3")>',
  'javascript:alert("xss-4")',
  '[click me](javascript:alert("xss-5"))',
  '<a href="javascript:alert(\'xss-6\')">link</a>',
  '{{constructor.constructor(\'alert("xss-7")\')()}}',
  '<iframe src="https://evil.example/"></iframe>',
  '${alert("xss-9")} `whoami` \u202Egnp.exe',
];

/** A file named after the payload and the payload as a text custom field value. */
function addHostileExtras(app: App, task: Task, userId: string, payload: string, now: string): void {
  const { store } = app;
  const bytes = Buffer.from(`${payload}\n`, 'utf8');
  store.addAttachment({
    id: randomUUID(), task_id: task.id, workspace_id: task.workspace_id, file_name: `${payload}.txt`,
    mime_type: 'text/plain', file_size: bytes.length, context: 'task', comment_id: null, uploaded_by: userId,
    created_at: now, bytes,
  });
  const textField = [...store.fieldDefs.values()]
    .find((d) => d.type === 'text' && d.scopeable_type === 'workspace' && d.workspace_id === task.workspace_id);
  if (textField) {
    store.setFieldValue({
      id: randomUUID(), workspace_id: task.workspace_id, task_id: task.id, custom_field_definition_id: textField.id,
      value_number: null, value_text: payload, value_date: null, value_boolean: null, value_json: null,
    });
  }
}

export function addXssCorpus(app: App): Record<string, unknown> {
  const { store } = app;
  const listId = (app.fixtures.lists as Record<string, string> | undefined)?.webapp ?? [...store.lists.keys()][0];
  const meta = listId ? store.listMeta.get(listId) : undefined;
  const alice = store.userByToken.get('demo-token-alice');
  if (!meta || !alice) return { task_ids: [], comment_ids: [] };
  const ws = store.workspaces.get(meta.workspace_id);
  const status = store.listStatuses(meta.list.id).statuses[0];
  if (!ws || !status) return { task_ids: [], comment_ids: [] };
  const now = app.clock.iso();
  const taskIds: string[] = [];
  const commentIds: string[] = [];
  XSS_CORPUS.forEach((payload, i) => {
    const task: Task = {
      id: randomUUID(), display_id: `${ws.prefix}-${ws.next_number}`, workspace_id: ws.id, list_id: meta.list.id,
      sprint_id: null, parent_task_id: null, title: payload, description: `Description: ${payload}`,
      priority: 'medium', status_id: status.id, assignee_id: null, creator_id: alice.id, due_date: null,
      created_at: now, updated_at: now, position: 1_000_000 + i, tags: [{ name: payload, color: '#e74c3c' }],
      deleted_at: null, trash_batch: null,
    };
    ws.next_number += 1;
    store.addTask(task);
    taskIds.push(task.id);
    const commentId = randomUUID();
    store.addComment({ id: commentId, task_id: task.id, workspace_id: ws.id, body: payload, parent_id: null,
      assignee_id: null, resolved_at: null, user_id: alice.id, mentions: [], created_at: now, updated_at: now,
      seq: store.nextSeq() });
    commentIds.push(commentId);
    addHostileExtras(app, task, alice.id, payload, now);
  });
  return { corpus: XSS_CORPUS, list_id: meta.list.id, task_ids: taskIds, comment_ids: commentIds };
}
