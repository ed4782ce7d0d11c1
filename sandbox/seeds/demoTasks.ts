// Tasks of the demo seed: ~150 Acme tasks (subtasks 3 levels deep), a bulk
// parent with 210 subtasks (caps), Side Project tasks and trash examples.
import type { Priority, Status, Task, User } from '../types';
import { PRIORITIES } from '../types';
import { DAY_MS, HOUR_MS } from './builder';
import type { SeedBuilder, TaskInput } from './builder';
import type { DemoShape } from './demo';

const VERBS = ['Fix', 'Add', 'Refactor', 'Document', 'Review', 'Design', 'Test', 'Migrate', 'Investigate', 'Update'];
const NOUNS = [
  'login flow',
  'rate limiter',
  'billing export',
  'search index',
  'user settings',
  'audit log',
  'webhook retries',
  'CSV import',
  'dark mode',
  'onboarding email',
  'cache layer',
  'API pagination',
  'error reporting',
  'notification center',
  'access tokens',
];
const TAGS = [
  { name: 'bug', color: '#e74c3c' },
  { name: 'feature', color: '#3498db' },
  { name: 'chore', color: '#95a5a6' },
  { name: 'urgent', color: '#e67e22' },
];

export interface DemoTasks {
  fixtures: Record<string, unknown>;
  key: Record<string, Task>;
  all: Task[];
}

function dueFor(b: SeedBuilder, i: number): string | null {
  const h = 17 * HOUR_MS;
  const options = [
    null,
    b.iso(-3 * DAY_MS + h),
    b.iso(h),
    b.iso(2 * DAY_MS + h),
    b.iso(8 * DAY_MS + h),
    b.iso(30 * DAY_MS + h),
    null,
  ];
  return options[i % options.length] ?? null;
}

class TaskMaker {
  readonly all: Task[] = [];
  private n = 0;

  constructor(
    private readonly b: SeedBuilder,
    private readonly s: DemoShape,
  ) {}

  make(listId: string, statuses: Status[], extra: Partial<TaskInput> = {}, title?: string): Task {
    const { b, s } = this;
    const i = this.n;
    this.n += 1;
    const people: Array<User | null> = [s.users.alice, s.users.bob, s.users.erin, null, s.users.dave];
    const assignee =
      listId === s.lists.ideas || listId === s.lists.todo
        ? b.prng.pick([s.users.alice, s.users.carol, null])
        : b.prng.pick(people);
    const status = extra.status ?? (statuses[i % statuses.length] as Status);
    const task = b.task({
      list_id: listId,
      title: title ?? `${VERBS[i % VERBS.length]} ${NOUNS[(i * 7) % NOUNS.length]} #${i + 1}`,
      priority: PRIORITIES[(i * 3) % 4] as Priority,
      status,
      assignee_id: assignee?.id ?? null,
      creator_id: s.users.alice.id,
      due_date: dueFor(b, i),
      description: i % 3 === 0 ? null : `Details for item ${i + 1}. Steps, notes and acceptance criteria.`,
      created_at: b.iso(-40 * DAY_MS + i * HOUR_MS),
      tags: i % 4 === 3 ? [] : [TAGS[i % TAGS.length] as Task['tags'][number]],
      ...extra,
    });
    this.all.push(task);
    const first = statuses[0] as Status;
    b.activity(task, s.users.alice, 'created', {}, { display_id: task.display_id, list_id: listId }, task.created_at);
    if (status.id !== first.id) {
      b.activity(
        task,
        s.users.alice,
        'status_changed',
        { status_id: first.id, status_name: first.name },
        { status_id: status.id, status_name: status.name },
        b.iso(-30 * DAY_MS + i * HOUR_MS),
      );
    }
    return task;
  }

  /** A parent with `width` children per level, `depth` levels below it. */
  tree(parent: Task, statuses: Status[], width: number, depth: number, prefix: string): void {
    if (depth === 0) return;
    for (let k = 0; k < width; k += 1) {
      const child = this.make(
        parent.list_id,
        statuses,
        { parent },
        `${prefix}.${k + 1} ${parent.title.split(' ')[0]} step`,
      );
      this.tree(child, statuses, width, depth - 1, `${prefix}.${k + 1}`);
    }
  }
}

export function seedDemoTasks(b: SeedBuilder, s: DemoShape): DemoTasks {
  const m = new TaskMaker(b, s);
  const st = s.statuses;
  const roots = (listId: string, statuses: Status[], count: number, extra: Partial<TaskInput> = {}): Task[] =>
    Array.from({ length: count }, () => m.make(listId, statuses, extra));
  const api = roots(s.lists.api, st.api, 24);
  roots(s.lists.database, st.engineering, 12);
  const web = roots(s.lists.webapp, st.engineering, 16);
  roots(s.lists.design, st.engineering, 8);
  roots(s.lists.q4, st.marketing, 12);
  roots(s.lists.social, st.marketing, 8);
  const roadmap = roots(s.lists.roadmap, st.leadership, 6);
  roots(s.lists.hiring, st.leadership, 4);
  for (const t of [...api.slice(0, 6), ...web.slice(0, 4)]) b.store.setTaskSprint(t, s.sprints.sprint2);
  for (const t of api.slice(6, 9)) b.store.setTaskSprint(t, s.sprints.sprint1);
  const deep = m.make(s.lists.api, st.api, { status: st.api[2], priority: 'high' }, 'Payment service rewrite');
  m.tree(deep, st.api, 2, 3, '1');
  for (const parent of [...api.slice(0, 5), ...web.slice(0, 3)]) m.tree(parent, statusesOf(b, parent), 2, 1, 'sub');
  const key: Record<string, Task> = {
    task_with_subtasks_3_deep: deep,
    task_with_comments: m.make(
      s.lists.api,
      st.api,
      { status: st.api[2], assignee_id: s.users.bob.id },
      'Flaky login tests',
    ),
    completed_task: m.make(s.lists.api, st.api, { status: st.api[4] }, 'Ship v1 of the public API'),
    blocked_task: m.make(s.lists.api, st.api, { status: st.api[1] }, 'Enable billing for EU customers'),
    blocker_task: m.make(s.lists.database, st.engineering, { status: st.engineering[1] }, 'Migrate invoices table'),
    task_blocked_by_completed: m.make(s.lists.api, st.api, { status: st.api[1] }, 'Announce API v1'),
    task_with_attachments: m.make(s.lists.webapp, st.engineering, {}, 'Homepage redesign assets'),
    task_with_activity: m.make(s.lists.webapp, st.engineering, {}, 'Settings page polish'),
    task_with_custom_fields: m.make(s.lists.api, st.api, {}, 'Quota endpoint'),
    task_with_many_subtasks: m.make(s.lists.imports, st.engineering, {}, 'Import 210 legacy tickets'),
    private_task: roadmap[0] as Task,
    side_task: m.make(s.lists.ideas, st.garden, { creator_id: s.users.carol.id }, 'Plant tomatoes'),
    trashed_task: m.make(s.lists.database, st.engineering, {}, 'Old sharding spike'),
    expiring_trashed_task: m.make(s.lists.database, st.engineering, {}, 'Abandoned prototype'),
  };
  for (let k = 0; k < 210; k += 1) {
    m.make(s.lists.imports, st.engineering, { parent: key.task_with_many_subtasks }, `Legacy ticket ${k + 1}`);
  }
  roots(s.lists.ideas, st.garden, 5, { creator_id: s.users.carol.id });
  roots(s.lists.todo, st.garden, 6, { creator_id: s.users.carol.id });
  const trash = seedTrash(b, m, s, key);
  return { key, all: m.all, fixtures: { tasks: fixtureTasks(key), ...trash } };
}

function statusesOf(b: SeedBuilder, task: Task): Status[] {
  return b.store.listStatuses(task.list_id).statuses;
}

/** Trash examples: a sweep of 2 subtasks plus one subtask trashed earlier on its own. */
function seedTrash(b: SeedBuilder, m: TaskMaker, s: DemoShape, key: Record<string, Task>): Record<string, unknown> {
  const st = s.statuses.engineering;
  const parent = key.trashed_task as Task;
  const swept = [
    m.make(parent.list_id, st, { parent }, 'Spike notes'),
    m.make(parent.list_id, st, { parent }, 'Spike benchmark'),
  ];
  const own = m.make(parent.list_id, st, { parent }, 'Spike cleanup (trashed earlier)');
  b.store.setTrashed(own, b.iso(-3 * DAY_MS), b.id());
  const batch = b.id();
  for (const t of [parent, ...swept]) b.store.setTrashed(t, b.iso(-1 * DAY_MS), batch);
  const expiring = key.expiring_trashed_task as Task;
  // Deleted 29 days and 23 hours before "now": advancing the clock 1 hour purges it.
  b.store.setTrashed(expiring, new Date(b.now - 29 * DAY_MS - 23 * HOUR_MS).toISOString(), b.id());
  return {
    trash: {
      trashed_task: parent.id,
      swept_subtask_ids: swept.map((t) => t.id),
      earlier_trashed_subtask: own.id,
      expiring_trashed_task: expiring.id,
    },
  };
}

function fixtureTasks(key: Record<string, Task>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(key).map(([k, t]) => [
      k,
      { id: t.id, display_id: t.display_id, title: t.title, list_id: t.list_id },
    ]),
  );
}
