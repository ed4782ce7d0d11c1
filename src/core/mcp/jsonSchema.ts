import * as z from 'zod/mini';
import { UUID } from '../util/ids';

/**
 * JSON schemas of the tools (MCP's tools/list, VS Code's languageModelTools) from their zod
 * schemas, written for a model's context: every word of tools/list is paid for on each request. So
 * an id says `format: uuid` instead of repeating the 88-character pattern (zod still checks it), and
 * what JSON schema assumes anyway (no upper bound on a page number, extra keys of a result) is left
 * out. Validation stays zod's: these schemas describe, they do not loosen what is accepted.
 */
export function jsonSchemaOf(schema: z.ZodMiniType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io, target: 'draft-7' }) as Record<string, unknown>;
  return trimmed(json, io) as Record<string, unknown>;
}

/** Said by the type already, or by nothing a reader needs: an integer's safe range, a result's lengths. */
function redundant(key: string, value: unknown, io: 'input' | 'output'): boolean {
  return (
    (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) ||
    (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) ||
    key === 'propertyNames' ||
    // Inputs are strict all the same: zod refuses an unknown key, naming it.
    key === 'additionalProperties' ||
    (io === 'output' && (key === 'minLength' || key === 'required'))
  );
}

function trimmed(node: unknown, io: 'input' | 'output'): unknown {
  if (Array.isArray(node)) {
    return node.map((item) => trimmed(item, io));
  }
  if (node === null || typeof node !== 'object') {
    return node;
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'pattern' && value === UUID.source) {
      out.format = 'uuid';
    } else if (!redundant(key, value, io)) {
      out[key] = trimmed(value, io);
    }
  }
  return orNull(out);
}

/** `anyOf: [{ type: T, ... }, { type: 'null' }]` (zod's nullable) as the shorter `type: [T, 'null']`. */
function orNull(node: Record<string, unknown>): Record<string, unknown> {
  const { anyOf, ...rest } = node;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) {
    return node;
  }
  const [first, second] = anyOf as Record<string, unknown>[];
  if (second?.type !== 'null' || Object.keys(second).length !== 1 || typeof first?.type !== 'string') {
    return node;
  }
  return { ...rest, ...first, type: [first.type, 'null'] };
}
