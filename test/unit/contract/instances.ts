// Example instances made from the description's schemas, for checking the client's zod schemas:
// `minimal` has only the required properties, `full` every documented one; `nulls` prefers null
// wherever the schema allows it.
import type { Json } from './spec';
import { pointer } from './spec';

export interface Variant {
  full: boolean;
  nulls: boolean;
}

export const VARIANTS: Record<string, Variant> = {
  minimal: { full: false, nulls: false },
  'minimal, nulls': { full: false, nulls: true },
  full: { full: true, nulls: false },
  'full, nulls': { full: true, nulls: true },
};

const UUID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

/** Resolves `$ref` and merges `allOf` into one schema (enough for the shapes the description uses). */
export function flatten(spec: Json, schema: Json, depth = 0): Json {
  if (depth > 30) throw new Error('schema nesting too deep');
  if (schema === true || schema === undefined) return {};
  let s = schema;
  while (s && typeof s.$ref === 'string') {
    const { $ref, ...rest } = s;
    s = { ...pointer(spec, $ref), ...rest };
  }
  if (Array.isArray(s.allOf)) {
    const { allOf, ...rest } = s;
    const parts = (allOf as Json[]).map((p) => flatten(spec, p, depth + 1));
    return parts.reduce(
      (acc: Json, p: Json) => ({
        ...acc,
        ...p,
        properties: { ...acc.properties, ...p.properties },
        required: [...(acc.required ?? []), ...(p.required ?? [])],
      }),
      rest,
    );
  }
  return s;
}

function types(s: Json): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === 'string') return [s.type];
  if (s.properties) return ['object'];
  if (s.items) return ['array'];
  return [];
}

/** One instance of `schema` in the given variant. */
export function instance(spec: Json, schema: Json, v: Variant, depth = 0): unknown {
  const s = flatten(spec, schema, depth);
  if ('const' in s) return s.const;
  if (Array.isArray(s.examples) && s.examples.length > 0 && !s.properties) return s.examples[0];
  if (s.example !== undefined && !s.properties && !s.items) return s.example;
  const branches = s.oneOf ?? s.anyOf;
  if (Array.isArray(branches)) {
    const nullBranch = branches.find((b: Json) => flatten(spec, b).type === 'null');
    if (v.nulls && nullBranch) return null;
    const pick = branches.find((b: Json) => flatten(spec, b).type !== 'null') ?? branches[0];
    return instance(spec, pick, v, depth + 1);
  }
  if (Array.isArray(s.enum)) return v.nulls && s.enum.includes(null) ? null : s.enum.find((e: unknown) => e !== null);
  const ts = types(s);
  if (v.nulls && ts.includes('null')) return null;
  const t = ts.find((x) => x !== 'null') ?? (ts.length === 0 ? 'object' : 'null');
  switch (t) {
    case 'null':
      return null;
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return Math.max(typeof s.minimum === 'number' ? s.minimum : 0, 1);
    case 'string':
      return stringFor(s);
    case 'array': {
      const n = Math.max(s.minItems ?? 0, s.maxItems === 0 ? 0 : 1);
      return Array.from({ length: n }, () => instance(spec, s.items ?? {}, v, depth + 1));
    }
    default: {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(s.required ?? []);
      for (const [key, prop] of Object.entries<Json>(s.properties ?? {})) {
        if (v.full || required.has(key)) out[key] = instance(spec, prop, v, depth + 1);
      }
      if (s.additionalProperties && typeof s.additionalProperties === 'object' && !s.properties) {
        out[UUID] = instance(spec, s.additionalProperties, v, depth + 1);
      }
      return out;
    }
  }
}

function stringFor(s: Json): string {
  switch (s.format) {
    case 'uuid':
      return UUID;
    case 'date-time':
      return '2030-01-02T03:04:05.000Z';
    case 'date':
      return '2030-01-02';
    case 'email':
      return 'someone@example.invalid';
    case 'uri':
      return 'https://example.invalid/file';
    default:
      if (typeof s.pattern === 'string' && /#/.test(s.pattern)) return '#1a2b3c';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
  }
}
