// Test controls under /__sandbox (sandbox/README.md#test-controls):
// no auth, JSON in and out, never under /api.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { App, SeedName } from './app';
import { FAULT_KINDS } from './faults';
import type { FaultKind } from './faults';
import type { Reply } from './http';
import { resetApp } from './lifecycle';
import { readBody, send } from './pipeline';
import { purgeExpired } from './routes/trash';
import { addXssCorpus } from './seeds/xss';
import { SEEDS, worldOf } from './worlds';
import { displayKey } from './store';

function bad(message: string): Reply {
  return { status: 422, body: { message } };
}

async function jsonIn(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const { raw } = await readBody(req, 1024 * 1024);
  if (raw.length === 0) return {};
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export async function handleControls(
  app: App,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const body = method === 'GET' || method === 'DELETE' ? {} : await jsonIn(req);
  if (body === null) {
    send(res, bad('Body must be a JSON object.'));
    return;
  }
  send(res, route(app, method, path, body, query));
}

function route(app: App, method: string, path: string, body: Record<string, unknown>, query: URLSearchParams): Reply {
  const key = `${method} ${path.replace(/\/+$/, '')}`;
  switch (key) {
    case 'POST /reset':
      return reset(app, body);
    case 'GET /clock':
      return { status: 200, body: clockJson(app) };
    case 'POST /clock/advance':
      return advance(app, body);
    case 'POST /config':
      return config(app, body);
    case 'GET /config':
      return { status: 200, body: app.config };
    case 'POST /faults':
      return addFault(app, body);
    case 'GET /faults':
      return { status: 200, body: { data: app.faults.list() } };
    case 'DELETE /faults':
      app.faults.clear();
      return { status: 200, body: { ok: true } };
    case 'GET /requests':
      return { status: 200, body: { data: app.log.since(Number(query.get('since') ?? '0') || 0) } };
    case 'DELETE /requests':
      app.log.clear();
      return { status: 200, body: { ok: true } };
    case 'GET /fixtures':
      return { status: 200, body: app.fixtures };
    case 'POST /fixtures/xss':
      // The corpus is written by demo users into list Web App: only the demo world has them.
      if (worldOf(app.seed) !== 'demo') return bad('The XSS corpus exists in the demo world only.');
      return { status: 200, body: addXssCorpus(app) };
    case 'POST /workspaces/prefix':
      return setPrefix(app, body);
    case 'POST /tokens/rotate':
      return rotateToken(app, body, true);
    case 'POST /tokens/revoke':
      return rotateToken(app, body, false);
    default:
      if (method === 'GET' && path.startsWith('/state/')) return stateRead(app, path.slice('/state/'.length), query);
      return { status: 404, body: { message: `Unknown sandbox control ${method} ${path}.` } };
  }
}

/**
 * Gives a workspace another display-id prefix, as if it had been created with it: its tasks keep
 * their numbers (SIDE-3 becomes ACME-3). Two workspaces may then use one prefix, as on the service,
 * where a prefix is unique within its workspace only.
 */
function setPrefix(app: App, body: Record<string, unknown>): Reply {
  const { workspace_id: workspaceId, prefix } = body;
  const ws = typeof workspaceId === 'string' ? app.store.workspaces.get(workspaceId) : undefined;
  if (!ws) return bad('workspace_id must name a workspace.');
  if (typeof prefix !== 'string' || !/^[A-Z][A-Z0-9]{1,9}$/.test(prefix))
    return bad('prefix must be 2-10 of A-Z, 0-9.');
  for (const task of app.store.tasks.values()) {
    if (task.workspace_id !== ws.id) continue;
    app.store.taskByDisplayId.delete(displayKey(ws.id, task.display_id));
    task.display_id = `${prefix}-${task.display_id.slice(task.display_id.lastIndexOf('-') + 1)}`;
    app.store.taskByDisplayId.set(displayKey(ws.id, task.display_id), task.id);
  }
  ws.prefix = prefix;
  return { status: 200, body: { ok: true, workspace_id: ws.id, prefix } };
}

function reset(app: App, body: Record<string, unknown>): Reply {
  const seed = body.seed ?? app.seed;
  if (typeof seed !== 'string' || !SEEDS.includes(seed as SeedName))
    return bad('seed must be demo, large, empty or other.');
  if (worldOf(seed as SeedName) !== worldOf(app.seed)) {
    return bad(`seed ${seed} belongs to another world than this sandbox's; start a sandbox of that world instead.`);
  }
  resetApp(app, seed as SeedName);
  return { status: 200, body: { ok: true, seed } };
}

function clockJson(app: App): Record<string, unknown> {
  return { now: app.clock.iso(), offset_ms: app.clock.offset };
}

function advance(app: App, body: Record<string, unknown>): Reply {
  if (typeof body.ms !== 'number' || !Number.isFinite(body.ms) || body.ms < 0) return bad('ms must be a number >= 0.');
  app.clock.advance(body.ms);
  purgeExpired(app); // the scheduled purge runs "at" the new time, even before the next /api call
  return { status: 200, body: clockJson(app) };
}

function config(app: App, body: Record<string, unknown>): Reply {
  const c = app.config;
  const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  if (body.rateLimit !== undefined) {
    if (!num(body.rateLimit)) return bad('rateLimit must be >= 0.');
    c.rateLimit = body.rateLimit;
  }
  if (body.rateWindowMs !== undefined) {
    if (!num(body.rateWindowMs)) return bad('rateWindowMs must be >= 0.');
    c.rateWindowMs = body.rateWindowMs;
  }
  if (body.maxUploadBytes !== undefined) {
    if (!num(body.maxUploadBytes)) return bad('maxUploadBytes must be >= 0.');
    c.maxUploadBytes = body.maxUploadBytes;
  }
  if (body.retryAfterHeader !== undefined) {
    if (typeof body.retryAfterHeader !== 'boolean') return bad('retryAfterHeader must be a boolean.');
    c.retryAfterHeader = body.retryAfterHeader;
  }
  for (const name of ['filesOrigin', 'filesRedirect'] as const) {
    const value = body[name];
    if (value === undefined) continue;
    if (value !== null && (typeof value !== 'string' || value.length > 2048))
      return bad(`${name} must be a URL or null.`);
    c[name] = value;
  }
  return { status: 200, body: c };
}

function addFault(app: App, body: Record<string, unknown>): Reply {
  const {
    method,
    path,
    query,
    kind,
    times,
    probability,
    latency_ms: latency,
    bytes_per_second: rate,
    after_bytes: stall,
  } = body;
  if (typeof path !== 'string' || path.length === 0) return bad('path is required (glob over the request path).');
  if (typeof kind !== 'string' || !FAULT_KINDS.includes(kind as FaultKind))
    return bad(`kind must be one of ${FAULT_KINDS.join(', ')}.`);
  if (method !== undefined && typeof method !== 'string') return bad('method must be a string.');
  if (query !== undefined && !isStringRecord(query)) return bad('query must be an object of string values.');
  if (times !== undefined && (typeof times !== 'number' || times < 0)) return bad('times must be a number >= 0.');
  if (probability !== undefined && (typeof probability !== 'number' || probability < 0 || probability > 1)) {
    return bad('probability must be between 0 and 1.');
  }
  if (latency !== undefined && (typeof latency !== 'number' || latency < 0)) return bad('latency_ms must be >= 0.');
  if (rate !== undefined && (typeof rate !== 'number' || !(rate >= 1024)))
    return bad('bytes_per_second must be >= 1024.');
  if (stall !== undefined && (typeof stall !== 'number' || !Number.isInteger(stall) || stall < 1))
    return bad('after_bytes must be a whole number >= 1.');
  const rule = app.faults.add({
    method: method ?? null,
    path,
    query: (query as Record<string, string> | undefined) ?? {},
    kind: kind as FaultKind,
    times: times ?? null,
    probability: probability ?? 1,
    latency_ms: latency ?? 1000,
    bytes_per_second: rate ?? 1024 * 1024,
    after_bytes: stall ?? 1024 * 1024,
  });
  return { status: 201, body: rule };
}

function isStringRecord(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => typeof v === 'string');
}

/**
 * Authentication 2-3: a regenerated token replaces the old one at once; a revoked
 * one just stops working. Extra control, not in the contract (the sandbox README, "Test controls").
 */
function rotateToken(app: App, body: Record<string, unknown>, issueNew: boolean): Reply {
  const user = typeof body.token === 'string' ? app.store.userByToken.get(body.token) : undefined;
  if (!user) return bad('token must be a current token.');
  app.store.userByToken.delete(user.token);
  user.token = issueNew ? `${user.token.replace(/-r\d+$/, '')}-r${app.store.nextSeq()}` : '';
  if (issueNew) app.store.userByToken.set(user.token, user);
  return { status: 200, body: { user_id: user.id, token: issueNew ? user.token : null } };
}

function stateRead(app: App, collection: string, query: URLSearchParams): Reply {
  purgeExpired(app);
  const rows = collectionRows(app, collection);
  if (!rows) return { status: 404, body: { message: `Unknown collection ${collection}.` } };
  const filters = [...query.entries()];
  const data = rows.filter((row) => filters.every(([k, v]) => String(row[k]) === v));
  return { status: 200, body: { data, count: data.length } };
}

function collectionRows(app: App, collection: string): Record<string, unknown>[] | null {
  const s = app.store;
  const plain = <T extends object>(m: Map<string, T>): Record<string, unknown>[] =>
    [...m.values()].map((v) => ({ ...v }) as Record<string, unknown>);
  switch (collection) {
    case 'tasks':
      return plain(s.tasks);
    case 'comments':
      return plain(s.comments);
    case 'dependencies':
      return plain(s.dependencies);
    case 'attachments':
      return [...s.attachments.values()].map(({ bytes: _bytes, ...rest }) => ({ ...rest }));
    case 'custom_field_values':
      return plain(s.fieldValues);
    case 'custom_field_definitions':
      return plain(s.fieldDefs);
    case 'activity':
      return plain(s.activity);
    case 'inbound_addresses':
      return plain(s.inbound);
    case 'users':
      return plain(s.users);
    case 'views':
      return plain(s.views);
    case 'sprints':
      return plain(s.sprints);
    default:
      return null;
  }
}
