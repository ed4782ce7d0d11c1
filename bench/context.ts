/**
 * What every figure gets: the one sandbox of the run (the `large` seed on 127.0.0.1), its test
 * controls (sandbox/README.md#test-controls), the number of runs, and a place to put its measures.
 */
import type { Sandbox } from '../sandbox/server';
import type { Measure } from './report';
import type { SeedTask } from './stats';

export interface LargeFixtures {
  workspaces: { acme: { id: string }; side: { id: string } };
  lists: { big_1: string; big_2: string };
  big_list_ids: string[];
  chain_list_id: string;
  task_with_3000_activity: string;
  tasks: { task_with_1000_comments: { id: string; display_id: string } };
}

/** One /api request as the sandbox logged it (GET /__sandbox/requests). */
export interface LoggedRequest {
  seq: number;
  method: string;
  path: string;
  query: Record<string, string>;
  status: number | null;
  token_label: string;
  at_ms: number;
  duration_ms: number | null;
}

export interface BenchContext {
  readonly sandbox: Sandbox;
  readonly runs: number;
  control<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Back to the `large` seed with the given rate limit (reset also clears the log and rate windows). */
  reset(rate?: { limit: number; windowMs: number }): Promise<LargeFixtures>;
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  seedTasks(): Promise<SeedTask[]>;
  add(measure: Measure): void;
  note(text: string): void;
  log(line: string): void;
}

export type Figure = (ctx: BenchContext) => Promise<void>;

export function createContext(
  sandbox: Sandbox,
  runs: number,
  sink: { measures: Measure[]; notes: string[] },
): BenchContext {
  const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const init: RequestInit =
      body === undefined
        ? { method }
        : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const res = await fetch(`${sandbox.origin}/__sandbox${path}`, init);
    if (!res.ok) {
      throw new Error(`sandbox control ${method} ${path} answered ${res.status}`);
    }
    return (await res.json()) as T;
  };
  return {
    sandbox,
    runs,
    control,
    reset: async (rate = { limit: 60, windowMs: 60_000 }) => {
      await control('POST', '/reset', { seed: 'large' });
      await control('POST', '/config', { rateLimit: rate.limit, rateWindowMs: rate.windowMs });
      return control<LargeFixtures>('GET', '/fixtures');
    },
    requests: async () => (await control<{ data: LoggedRequest[] }>('GET', '/requests')).data,
    clearRequests: async () => {
      await control('DELETE', '/requests');
    },
    seedTasks: async () => {
      const state = await control<{ data: SeedTask[] } | SeedTask[]>('GET', '/state/tasks');
      return Array.isArray(state) ? state : state.data;
    },
    add: (measure) => sink.measures.push(measure),
    note: (text) => sink.notes.push(text),
    log: (line) => console.log(line),
  };
}
