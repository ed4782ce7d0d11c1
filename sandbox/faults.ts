// Fault injection rules for POST /__sandbox/faults (sandbox/README.md#test-controls).
import { Prng } from './seeds/prng';

export type FaultKind =
  | 'latency'
  | 'slow_body'
  | 'stall_body'
  | 'status500'
  | 'reset_before'
  | 'reset_after'
  | 'malformed_json'
  | 'status429';
export const FAULT_KINDS: readonly FaultKind[] = [
  'latency',
  'slow_body',
  'stall_body',
  'status500',
  'reset_before',
  'reset_after',
  'malformed_json',
  'status429',
];

export interface FaultRule {
  id: number;
  method: string | null;
  path: string;
  /** Every named query parameter must have this value; `{}` matches any query. */
  query: Record<string, string>;
  kind: FaultKind;
  times: number | null;
  probability: number;
  latency_ms: number;
  /** `slow_body`: the request body is read at this many bytes a second (a slow uplink). */
  bytes_per_second: number;
  /** `stall_body`: after this many bytes of the body the server stops reading, until the client gives up. */
  after_bytes: number;
  hits: number;
}

/** Kinds that change how a request is served rather than what it gets; they combine with the others. */
const MODIFIERS = new Set<FaultKind>(['latency', 'slow_body', 'stall_body']);

export interface FaultPlan {
  latencyMs: number;
  /** 0: the body is read as fast as it comes. */
  bodyBytesPerSecond: number;
  /** 0: the whole body is read; otherwise reading stops for good after this many bytes. */
  bodyStallAfter: number;
  action: Exclude<FaultKind, 'latency' | 'slow_body' | 'stall_body'> | null;
}

export class Faults {
  private rules: FaultRule[] = [];
  private nextId = 1;
  private prng = new Prng(1234);

  add(rule: Omit<FaultRule, 'id' | 'hits'>): FaultRule {
    const full: FaultRule = { ...rule, id: this.nextId, hits: 0 };
    this.nextId += 1;
    this.rules.push(full);
    return full;
  }

  list(): FaultRule[] {
    return this.rules;
  }

  clear(): void {
    this.rules = [];
    this.prng = new Prng(1234);
  }

  /**
   * Latency rules add up, the last slow_body rule sets the rate, the last stall_body rule the stall;
   * the first other matching rule decides the action.
   */
  plan(method: string, path: string, query: URLSearchParams = new URLSearchParams()): FaultPlan {
    const plan: FaultPlan = { latencyMs: 0, bodyBytesPerSecond: 0, bodyStallAfter: 0, action: null };
    for (const rule of this.rules) {
      if (rule.times !== null && rule.hits >= rule.times) continue;
      if (rule.method && rule.method.toUpperCase() !== method) continue;
      if (!globMatch(rule.path, path)) continue;
      if (Object.entries(rule.query).some(([name, value]) => query.get(name) !== value)) continue;
      if (!MODIFIERS.has(rule.kind) && plan.action) continue;
      if (rule.probability < 1 && this.prng.next() >= rule.probability) continue;
      rule.hits += 1;
      if (rule.kind === 'latency') plan.latencyMs += rule.latency_ms;
      else if (rule.kind === 'slow_body') plan.bodyBytesPerSecond = rule.bytes_per_second;
      else if (rule.kind === 'stall_body') plan.bodyStallAfter = rule.after_bytes;
      else plan.action = rule.kind;
    }
    return plan;
  }
}

/** `*` matches one path segment, `**` any number of segments. */
export function globMatch(pattern: string, path: string): boolean {
  const source = pattern
    .split('/')
    .map((seg) => (seg === '**' ? '\u0001' : seg.split('*').map(escapeRe).join('[^/]*')))
    .join('/')
    .replace(/\/\u0001/g, '(?:/.*)?')
    .replace(/\u0001/g, '.*');
  return new RegExp(`^${source}/?$`).test(path);
}

function escapeRe(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
