// Demo seed extras: comments, dependencies, attachments, custom fields of all 8
// types at four levels, saved views, an inbound address and a long activity trail.
import type { Comment, FieldDef, Task, User, View } from '../types';
import { DAY_MS, HOUR_MS } from './builder';
import type { SeedBuilder } from './builder';
import type { DemoShape } from './demo';
import type { DemoTasks } from './demoTasks';
import { makePdf, makePng, makeTxt } from './files';

export function seedDemoExtras(b: SeedBuilder, s: DemoShape, t: DemoTasks): Record<string, unknown> {
  const comments = seedComments(b, s, t);
  const dependencies = seedDependencies(b, s, t);
  const attachments = seedAttachments(b, s, t, comments.first_comment_id);
  const fields = seedFields(b, s, t);
  const views = seedViews(b, s);
  seedActivityTrail(b, s, t.key.task_with_activity as Task);
  const inboundId = b.id();
  b.store.inbound.set(inboundId, {
    id: inboundId,
    list_id: s.lists.q4,
    email_address: 'acme-q4-launch-7f3k2@inbound.sandbox.test',
    created_at: b.iso(-10 * DAY_MS),
    updated_at: b.iso(-10 * DAY_MS),
  });
  // A required field typed in (Create Task cannot skip it), on one list only; made last, so the
  // seed's other ids stay what they were.
  const requiredText = b.fieldDef(s.acme, 'list', s.lists.social, 'Campaign code', 'text', null, true);
  // A public view of every top-level task of API (30: five assignees or none, four priorities, six
  // due dates, API's own statuses) for Open as Table; made last for the same reason.
  const triage = b.view(s.acme.id, s.users.alice.id, 'API — triage', 'list', s.lists.api);
  return {
    comments,
    dependencies,
    attachments,
    custom_fields: { ...fields, required_text: requiredText.id },
    views: { ...views, triage_view: triage },
    inbound: { list_with_address: s.lists.q4, address_id: inboundId, list_without_address: s.lists.social },
  };
}

/** A comment by `user` on `task`, with its activity entry (shared by the seeds). */
export function comment(
  b: SeedBuilder,
  task: Task,
  user: User,
  body: string,
  at: number,
  extra: Partial<Comment> = {},
): Comment {
  const c: Comment = {
    id: b.id(),
    task_id: task.id,
    workspace_id: task.workspace_id,
    body,
    parent_id: null,
    assignee_id: null,
    resolved_at: null,
    user_id: user.id,
    mentions: [],
    created_at: b.iso(at),
    updated_at: b.iso(at),
    seq: b.store.nextSeq(),
    ...extra,
  };
  b.store.addComment(c);
  b.activity(task, user, 'comment_added', {}, { comment_id: c.id }, c.created_at);
  return c;
}

function seedComments(b: SeedBuilder, s: DemoShape, t: DemoTasks): Record<string, string | number> {
  const task = t.key.task_with_comments as Task;
  const people = [s.users.alice, s.users.bob, s.users.erin, s.users.dave];
  let lastTop: Comment | null = null;
  let assigned: Comment | null = null;
  let resolved: Comment | null = null;
  let reply: Comment | null = null;
  let first: Comment | null = null;
  for (let i = 0; i < 65; i += 1) {
    const user = people[i % people.length] as User;
    const at = -10 * DAY_MS + i * HOUR_MS;
    const isReply = i % 5 === 4 && lastTop !== null;
    const extra: Partial<Comment> = isReply ? { parent_id: (lastTop as Comment).id } : {};
    if (i % 7 === 2) extra.assignee_id = s.users.bob.id;
    if (i % 14 === 2) extra.resolved_at = new Date(b.base + at + HOUR_MS / 2).toISOString();
    const c = comment(
      b,
      task,
      user,
      `Comment ${i + 1}: ${isReply ? 'agreed, see above' : 'the test fails on CI again'}`,
      at,
      extra,
    );
    if (!isReply) lastTop = c;
    else reply ??= c;
    first ??= c;
    if (extra.assignee_id && !extra.resolved_at) assigned ??= c;
    if (extra.resolved_at) resolved ??= c;
  }
  const plain = comment(b, task, s.users.alice, 'A plain comment without assignee.', -HOUR_MS);
  for (const other of t.all.slice(0, 30)) {
    if (other.list_id === s.lists.ideas || other.list_id === s.lists.todo) continue;
    comment(b, other, s.users.alice, `Looks good. @${s.users.bob.name}`, -5 * DAY_MS, { mentions: [s.users.bob.id] });
  }
  const side = t.key.side_task as Task;
  comment(b, side, s.users.carol, 'Need seeds first.', -2 * DAY_MS);
  return {
    task_id: task.id,
    count: 66,
    first_comment_id: (first as Comment).id,
    assigned_unresolved: (assigned as Comment).id,
    resolved: (resolved as Comment).id,
    reply: (reply as Comment).id,
    without_assignee: plain.id,
  };
}

function seedDependencies(b: SeedBuilder, s: DemoShape, t: DemoTasks): Record<string, string> {
  const link = (blocker: Task, blocked: Task): string => {
    const id = b.id();
    b.store.addDependency({
      id,
      workspace_id: blocker.workspace_id,
      blocker_task_id: blocker.id,
      blocked_task_id: blocked.id,
      created_by: s.users.alice.id,
      created_at: b.iso(-2 * DAY_MS),
    });
    return id;
  };
  const k = t.key;
  return {
    open_blocker_link: link(k.blocker_task as Task, k.blocked_task as Task),
    completed_blocker_link: link(k.completed_task as Task, k.task_blocked_by_completed as Task),
    chain_link: link(k.blocked_task as Task, k.task_with_custom_fields as Task),
  };
}

function seedAttachments(
  b: SeedBuilder,
  s: DemoShape,
  t: DemoTasks,
  commentId: string | number | undefined,
): Record<string, string> {
  const task = t.key.task_with_attachments as Task;
  const add = (
    owner: Task,
    name: string,
    mime: string,
    bytes: Buffer,
    context: 'task' | 'comment' | 'description',
    cid: string | null = null,
  ): string => {
    const id = b.id();
    b.store.addAttachment({
      id,
      task_id: owner.id,
      workspace_id: owner.workspace_id,
      file_name: name,
      mime_type: mime,
      file_size: bytes.length,
      context,
      comment_id: cid,
      uploaded_by: s.users.alice.id,
      created_at: b.iso(-DAY_MS),
      bytes,
    });
    b.activity(owner, s.users.alice, 'attachment_added', {}, { attachment_id: id, file_name: name }, b.iso(-DAY_MS));
    return id;
  };
  return {
    task_id: task.id,
    png: add(task, 'mockup.png', 'image/png', makePng(16), 'task'),
    pdf: add(task, 'brief.pdf', 'application/pdf', makePdf('Homepage redesign brief'), 'task'),
    txt: add(task, 'notes.txt', 'text/plain', makeTxt('Remember the hero image alt text.'), 'task'),
    description_png: add(task, 'inline.png', 'image/png', makePng(8), 'description'),
    comment_txt: add(
      t.key.task_with_comments as Task,
      'ci-log.txt',
      'text/plain',
      makeTxt('FAIL login.spec.ts'),
      'comment',
      String(commentId),
    ),
  };
}

function seedFields(b: SeedBuilder, s: DemoShape, t: DemoTasks): Record<string, string> {
  const ws = s.acme;
  const defs: Record<string, FieldDef> = {
    number: b.fieldDef(ws, 'workspace', ws.id, 'Estimate (h)', 'number'),
    text: b.fieldDef(ws, 'workspace', ws.id, 'Customer', 'text'),
    dropdown: b.fieldDef(ws, 'space', s.spaces.engineering, 'Severity', 'dropdown', ['Minor', 'Major', 'Critical']),
    multi_select: b.fieldDef(ws, 'space', s.spaces.engineering, 'Components', 'multi_select', [
      'API',
      'UI',
      'DB',
      'Docs',
    ]),
    url: b.fieldDef(ws, 'folder', s.folders.backend, 'Spec', 'url'),
    date: b.fieldDef(ws, 'folder', s.folders.backend, 'Target date', 'date'),
    checkbox: b.fieldDef(ws, 'list', s.lists.api, 'Reviewed', 'checkbox'),
    attachment: b.fieldDef(ws, 'list', s.lists.api, 'Design mock', 'attachment'),
    required_dropdown: b.fieldDef(
      ws,
      'space',
      s.spaces.marketing,
      'Channel',
      'dropdown',
      ['Email', 'Social', 'Web'],
      true,
    ),
  };
  const task = t.key.task_with_custom_fields as Task;
  const set = (
    def: FieldDef,
    slot: Partial<Record<'value_number' | 'value_text' | 'value_date' | 'value_boolean' | 'value_json', unknown>>,
    target = task,
  ): void => {
    b.store.setFieldValue({
      id: b.id(),
      workspace_id: ws.id,
      task_id: target.id,
      custom_field_definition_id: def.id,
      value_number: null,
      value_text: null,
      value_date: null,
      value_boolean: null,
      value_json: null,
      ...slot,
    } as never);
  };
  set(defs.number as FieldDef, { value_number: 8 });
  set(defs.text as FieldDef, { value_text: 'Globex' });
  set(defs.dropdown as FieldDef, { value_text: 'Major' });
  set(defs.multi_select as FieldDef, { value_json: ['API', 'Docs'] });
  set(defs.url as FieldDef, { value_text: 'https://specs.acme.test/quota' });
  set(defs.date as FieldDef, { value_date: b.iso(10 * DAY_MS).slice(0, 10) });
  set(defs.checkbox as FieldDef, { value_boolean: true });
  t.all
    .filter((x) => x.list_id === s.lists.api)
    .slice(0, 12)
    .forEach((x, i) => set(defs.number as FieldDef, { value_number: i * 2 }, x));
  return Object.fromEntries(Object.entries(defs).map(([k, d]) => [k, d.id]));
}

function seedViews(b: SeedBuilder, s: DemoShape): Record<string, string> {
  const view = (name: string, type: View['viewable_type'], id: string, extra: Partial<View> = {}, ws = s.acme.id) =>
    b.view(ws, s.users.alice.id, name, type, id, extra);
  const only = (p: string): View['filters'] => ({
    match: 'all',
    conditions: [{ field: 'priority', op: 'in', values: [p] }],
  });
  const high = { match: 'all' as const, conditions: [{ field: 'priority', op: 'in', values: ['high', 'critical'] }] };
  const location = {
    match: 'all' as const,
    conditions: [{ field: 'location', op: 'in', values: [s.folders.backend] }],
  };
  return {
    list_view: view('API — high priority', 'list', s.lists.api, {
      filters: high,
      sorts: [{ field: 'due_date', direction: 'asc' }],
    }),
    folder_view: view('Backend — open work', 'folder', s.folders.backend, {
      show_completed: false,
      sorts: [{ field: 'priority', direction: 'desc' }],
    }),
    space_view: view('Engineering — everything', 'space', s.spaces.engineering, { subtask_mode: 'expanded' }),
    space_view_with_location: view('Engineering — Backend only', 'space', s.spaces.engineering, { filters: location }),
    list_view_with_location: view('Web App (location dropped)', 'list', s.lists.webapp, { filters: location }),
    sprint_view: view('Sprint 2 board', 'sprint', s.sprints.sprint2),
    private_view_alice: view('Alice private', 'list', s.lists.api, { is_private: true }),
    leadership_view: view('Leadership roadmap', 'space', s.spaces.leadership),
    side_view: view('Garden ideas', 'list', s.lists.ideas, {}, s.side.id),
    // docs/api/openapi.yaml#listViewTasks (rule 4), sprint half: location Frontend would hide the API tasks of Sprint 2
    // if applied.
    sprint_view_with_location: view('Sprint 2 (location dropped)', 'sprint', s.sprints.sprint2, {
      filters: { match: 'all', conditions: [{ field: 'location', op: 'in', values: [s.folders.frontend] }] },
    }),
    // docs/api/openapi.yaml#listViewTasks (rule 3) (no trickle-down): a folder view and a list view inside it,
    // different filters.
    folder_view_critical: view('Backend — critical', 'folder', s.folders.backend, { filters: only('critical') }),
    list_view_low_inside_folder: view('API — low', 'list', s.lists.api, { filters: only('low') }),
  };
}

/** 45 activity entries so activity pagination (30 per page) has two pages. */
function seedActivityTrail(b: SeedBuilder, s: DemoShape, task: Task): void {
  const statuses = b.store.listStatuses(task.list_id).statuses;
  for (let i = 0; i < 43; i += 1) {
    const from = statuses[i % statuses.length];
    const to = statuses[(i + 1) % statuses.length];
    if (!from || !to) continue;
    b.activity(
      task,
      i % 2 ? s.users.bob : s.users.erin,
      'status_changed',
      { status_id: from.id, status_name: from.name },
      { status_id: to.id, status_name: to.name },
      b.iso(-20 * DAY_MS + i * HOUR_MS),
    );
  }
  const last = statuses[43 % statuses.length];
  if (last) task.status_id = last.id;
}
