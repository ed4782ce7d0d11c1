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
  // Payloads that would leave a trace if they ever ran: they set window.__xss in the frame that
  // renders them, or fetch from evil.example (a test watches every request of the browser).
  '<img src=x onerror="window.__xss=\'img\'">',
  "<svg><script>window.__xss='svg'</script></svg>",
  '<svg/onload="window.__xss=\'svg-onload\'">',
  '<body onload="window.__xss=\'body\'">',
  '<details open ontoggle="window.__xss=\'details\'">x</details>',
  '<input autofocus onfocus="window.__xss=\'focus\'">',
  "[md link](javascript:window.__xss='md-link')",
  "![md image](javascript:window.__xss='md-img')",
  '![tracker](https://evil.example/pixel.png)',
  "[entity](javascript&#58;window.__xss='entity')",
  '<a href="data:text/html,<script>window.__xss=1</script>">data link</a>',
  '[data](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)',
  '[vb](vbscript:msgbox("xss"))',
  '<iframe srcdoc="<script>parent.__xss=\'srcdoc\'</script>"></iframe>',
  '<object data="javascript:window.__xss=\'object\'"></object>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=\'meta\'">',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=\'mxss\'">',
  "<scr<script>ipt>window.__xss='nested'</script>",
  '"onmouseover="window.__xss=\'attr\'" x="',
  '<style>body{display:none}</style>',
  '<div style="position:fixed;inset:0;background:red">overlay</div>',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '{{7*7}} ${7*7} <%= 7*7 %> #{7*7} {{__proto__}}',
  'zero\u200Bwidth\u200Djoiner\uFEFF and \u2066isolate\u2069 \u202Eevil\u202C',
  `${'W'.repeat(240)}<b>end</b>`,
  '@Alice Admin <img src=x onerror="window.__xss=\'mention\'">',
  '<a href="https://evil.example/" target="_blank">phish</a>',
];

/** A workspace member whose very name is hostile: shown as assignee, comment author, uploader. */
const HOSTILE_MEMBER_NAME = '<img src=x onerror="window.__xss=\'member\'">Mallory';

/** A file named after the payload and the payload as a text custom field value. */
function addHostileMember(app: App, workspaceId: string): string {
  const { store } = app;
  const existing = [...store.users.values()].find((u) => u.name === HOSTILE_MEMBER_NAME);
  if (existing) return existing.id;
  const user = {
    id: randomUUID(),
    name: HOSTILE_MEMBER_NAME,
    email: 'mallory@acme.test',
    token: 'demo-token-mallory',
    label: 'mallory',
  };
  store.addUser(user);
  const like = store.memberships.find((m) => m.workspace_id === workspaceId && m.role_slug === 'member');
  store.memberships.push({
    workspace_id: workspaceId,
    user_id: user.id,
    role_id: like?.role_id ?? randomUUID(),
    role: 'Member',
    role_slug: 'member',
    is_active: true,
    can_manage: false,
  });
  return user.id;
}

function addHostileExtras(app: App, task: Task, userId: string, payload: string, now: string): void {
  const { store } = app;
  const bytes = Buffer.from(`${payload}\n`, 'utf8');
  store.addAttachment({
    id: randomUUID(),
    task_id: task.id,
    workspace_id: task.workspace_id,
    file_name: `${payload}.txt`,
    mime_type: 'text/plain',
    file_size: bytes.length,
    context: 'task',
    comment_id: null,
    uploaded_by: userId,
    created_at: now,
    bytes,
  });
  const textField = [...store.fieldDefs.values()].find(
    (d) => d.type === 'text' && d.scopeable_type === 'workspace' && d.workspace_id === task.workspace_id,
  );
  if (textField) {
    store.setFieldValue({
      id: randomUUID(),
      workspace_id: task.workspace_id,
      task_id: task.id,
      custom_field_definition_id: textField.id,
      value_number: null,
      value_text: payload,
      value_date: null,
      value_boolean: null,
      value_json: null,
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
  const mallory = addHostileMember(app, ws.id);
  const taskIds: string[] = [];
  const commentIds: string[] = [];
  XSS_CORPUS.forEach((payload, i) => {
    const task: Task = {
      id: randomUUID(),
      display_id: `${ws.prefix}-${ws.next_number}`,
      workspace_id: ws.id,
      list_id: meta.list.id,
      sprint_id: null,
      parent_task_id: null,
      title: payload,
      description: `Description: ${payload}`,
      priority: 'medium',
      status_id: status.id,
      assignee_id: mallory,
      creator_id: mallory,
      due_date: null,
      created_at: now,
      updated_at: now,
      position: 1_000_000 + i,
      tags: [{ name: payload, color: '#e74c3c' }],
      deleted_at: null,
      trash_batch: null,
    };
    ws.next_number += 1;
    store.addTask(task);
    taskIds.push(task.id);
    const commentId = randomUUID();
    store.addComment({
      id: commentId,
      task_id: task.id,
      workspace_id: ws.id,
      body: payload,
      parent_id: null,
      assignee_id: null,
      resolved_at: null,
      user_id: mallory,
      mentions: [],
      created_at: now,
      updated_at: now,
      seq: store.nextSeq(),
    });
    commentIds.push(commentId);
    addHostileExtras(app, task, mallory, payload, now);
  });
  const omnibus = addOmnibus(app, {
    workspaceId: ws.id,
    listId: meta.list.id,
    statusId: status.id,
    userId: mallory,
    now,
    blockers: taskIds,
  });
  const hostileField = addHostileField(app, ws.id, meta.list.id);
  return {
    corpus: XSS_CORPUS,
    list_id: meta.list.id,
    custom_field_id: hostileField,
    task_ids: taskIds,
    comment_ids: commentIds,
    member_id: mallory,
    member_name: HOSTILE_MEMBER_NAME,
    omnibus_task_id: omnibus,
  };
}

/** A required dropdown on the list whose name and options are hostile: Create Task shows them in its picks. */
export const HOSTILE_FIELD_NAME =
  '$(zap) Pick [me](command:workbench.action.openSettings) <img src=x onerror=alert(1)>';
export const HOSTILE_FIELD_OPTIONS = ['$(bug) [run](command:workbench.action.openSettings)', '<b>bold</b> \u202Eevil'];

function addHostileField(app: App, workspaceId: string, listId: string): string {
  const id = randomUUID();
  app.store.fieldDefs.set(id, {
    id,
    workspace_id: workspaceId,
    scopeable_type: 'list',
    scopeable_id: listId,
    name: HOSTILE_FIELD_NAME,
    type: 'dropdown',
    options: HOSTILE_FIELD_OPTIONS.map((label) => ({ label, color: '#e74c3c' })),
    is_required: true,
  });
  return id;
}

interface OmnibusInit {
  workspaceId: string;
  listId: string;
  statusId: string;
  userId: string;
  now: string;
  blockers: string[];
}

/**
 * One task that shows the whole corpus at once, so a single panel proves it: every payload in its
 * description and as a comment, and every hostile task as a blocker (their titles in its
 * dependency list). Its own title is plain, so it is easy to open.
 */
function addOmnibus(app: App, init: OmnibusInit): string {
  const { store } = app;
  const ws = store.workspaces.get(init.workspaceId)!;
  const task: Task = {
    id: randomUUID(),
    display_id: `${ws.prefix}-${ws.next_number}`,
    workspace_id: ws.id,
    list_id: init.listId,
    sprint_id: null,
    parent_task_id: null,
    title: 'XSS omnibus',
    description: XSS_CORPUS.join('\n\n'),
    priority: 'high',
    status_id: init.statusId,
    assignee_id: init.userId,
    creator_id: init.userId,
    due_date: null,
    created_at: init.now,
    updated_at: init.now,
    position: 2_000_000,
    tags: [],
    deleted_at: null,
    trash_batch: null,
  };
  ws.next_number += 1;
  store.addTask(task);
  for (const body of XSS_CORPUS) {
    store.addComment({
      id: randomUUID(),
      task_id: task.id,
      workspace_id: ws.id,
      body,
      parent_id: null,
      assignee_id: null,
      resolved_at: null,
      user_id: init.userId,
      mentions: [],
      created_at: init.now,
      updated_at: init.now,
      seq: store.nextSeq(),
    });
  }
  for (const blocker of init.blockers) {
    store.addDependency({
      id: randomUUID(),
      workspace_id: ws.id,
      blocker_task_id: blocker,
      blocked_task_id: task.id,
      created_by: init.userId,
      created_at: init.now,
    });
  }
  addHostileExtras(app, task, init.userId, XSS_CORPUS[1]!, init.now);
  return task.id;
}
