import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import '../zodMessages';
import { BadResponseError, limitError } from './errors';
import { MAX_JSON_DEPTH } from './limits';

/** Any zod schema (mini or classic) whose output is T. */
export type Schema<T> = $ZodType<T>;

/** Validates a decoded body; a broken documented field becomes a BadResponseError naming it. */
export function parseBody<T>(schema: Schema<T>, body: unknown, operation: string): T {
  const result = safeParse(schema, body);
  if (result.success) {
    return result.data;
  }
  const issue = result.error.issues[0];
  const field = issue ? formatPath(issue.path) : '';
  const what = field === '' ? 'the response body' : `field "${field}"`;
  const detail = issue ? `: ${issue.message}` : '';
  return fail(
    operation,
    field,
    `${operation}: the service answered with an unexpected ${what}${detail}. The service may have changed; please report it.`,
  );
}

function fail(operation: string, field: string, message: string): never {
  throw new BadResponseError({ operation, field: field || undefined, message });
}

/** `['data', 3, 'id']` -> `data[3].id` */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') {
      out += `[${part}]`;
    } else {
      out += out === '' ? String(part) : `.${String(part)}`;
    }
  }
  return out;
}

/** Decodes a body that must be JSON (reference Conventions: bodies are JSON unless stated). */
export function decodeJson(text: string, contentType: string | undefined, operation: string, baseUrl: string): unknown {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!type.includes('json')) {
    throw new BadResponseError({
      operation,
      message: `${baseUrl} did not answer like the Task Platform API (got ${type || 'no content type'}). Check the base URL; it must include the API prefix.`,
    });
  }
  // JSON.parse itself copes with any nesting, but whatever walks the value next (zod, JSON.stringify,
  // a renderer) recurses: 100,000 nested arrays would overflow the stack there. One linear pass first.
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw limitError(operation, baseUrl, { kind: 'tooDeep', depth: MAX_JSON_DEPTH });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadResponseError({ operation, message: `${operation}: ${baseUrl} sent malformed JSON.` });
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The deepest nesting of `[` / `{` outside strings, counted up to `stop + 1` (then it stops reading).
 * Linear, no recursion, no regex; malformed text gives some number and JSON.parse reports it.
 */
export function jsonDepth(text: string, stop: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) {
        i++;
      } else if (c === QUOTE) {
        inString = false;
      }
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stop) {
          return deepest;
        }
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return deepest;
}
