// Minimal path router. Path parameters must be UUIDs (docs/api/README.md#conventions:
// every path parameter is a UUID); anything else is a JSON 404, not a crash.
import type { Handler } from './http';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID_RE.test(value);
}

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
  /** Params that also accept a display id (only {task} on the subtasks route). */
  looseParams: Set<string>;
}

export type Match =
  | { kind: 'ok'; handler: Handler; params: Record<string, string> }
  | { kind: 'bad_param' }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'none' };

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler, looseParams: string[] = []): void {
    const segments = pattern.split('/').filter((s) => s.length > 0);
    this.routes.push({ method, segments, handler, looseParams: new Set(looseParams) });
  }

  /** Every route as `METHOD /a/:b` (the contract tests compare it with docs/api/openapi.yaml). */
  table(): Array<{ method: string; pattern: string }> {
    return this.routes.map((r) => ({ method: r.method, pattern: `/${r.segments.join('/')}` }));
  }

  match(method: string, path: string): Match {
    const parts = path.split('/').filter((s) => s.length > 0);
    const allow: string[] = [];
    let badParam = false;
    for (const route of this.routes) {
      const params = matchSegments(route, parts);
      if (params === null) continue;
      if (route.method !== method) {
        allow.push(route.method);
        continue;
      }
      if (params === 'bad') {
        badParam = true;
        continue;
      }
      return { kind: 'ok', handler: route.handler, params };
    }
    if (badParam) return { kind: 'bad_param' };
    if (allow.length > 0) return { kind: 'method_not_allowed', allow };
    return { kind: 'none' };
  }
}

function matchSegments(route: Route, parts: string[]): Record<string, string> | 'bad' | null {
  if (route.segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  let bad = false;
  for (let i = 0; i < parts.length; i += 1) {
    const seg = route.segments[i] as string;
    const part = decodeURIComponentSafe(parts[i] as string);
    if (seg.startsWith(':')) {
      const name = seg.slice(1);
      if (UUID_RE.test(part)) params[name] = part.toLowerCase();
      else if (route.looseParams.has(name) && part.length > 0 && part.length <= 64) params[name] = part;
      else bad = true;
    } else if (seg !== part) {
      return null;
    }
  }
  return bad ? 'bad' : params;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
