// The OpenAPI description (docs/api/openapi.yaml) loaded for the contract tests: its operations,
// JSON pointers, and an Ajv (JSON Schema 2020-12) validator per response schema.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv/dist/2020';
import { parse } from 'yaml';

/* eslint-disable @typescript-eslint/no-explicit-any -- the description is untyped JSON */
export type Json = any;

export const ROOT = join(__dirname, '..', '..', '..');
export const SPEC_PATH = join(ROOT, 'docs', 'api', 'openapi.yaml');
export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** Marks an operation the sandbox does not serve, with the reason as its value. */
export const NOT_SERVED = 'x-sandbox';

export interface Operation {
  id: string;
  method: string;
  path: string;
  op: Json;
}

export function loadSpec(text = readFileSync(SPEC_PATH, 'utf8')): Json {
  return parse(text);
}

/** Every operation of `paths`, in document order. */
export function operations(spec: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(spec.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (op) out.push({ id: op.operationId, method: method.toUpperCase(), path, op });
    }
  }
  return out;
}

/** The value a local `#/…` JSON pointer names, or undefined. */
export function pointer(doc: Json, ref: string): Json {
  if (!ref.startsWith('#')) return undefined;
  let node = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = node[key];
  }
  return node;
}

/** Follows `$ref` objects (responses, parameters, request bodies) to what they name. */
export function deref(doc: Json, node: Json): Json {
  let seen = 0;
  while (node && typeof node === 'object' && typeof node.$ref === 'string') {
    assert.ok(seen++ < 20, `$ref loop at ${node.$ref}`);
    const target = pointer(doc, node.$ref);
    assert.ok(target !== undefined, `$ref ${node.$ref} resolves`);
    node = target;
  }
  return node;
}

/** Every `$ref` string in the document, with where it stands. */
export function refs(node: Json, at = '#', out: Array<{ at: string; ref: string }> = []): typeof out {
  if (node === null || typeof node !== 'object') return out;
  for (const [key, value] of Object.entries<Json>(node)) {
    if (key === '$ref' && typeof value === 'string') out.push({ at, ref: value });
    else refs(value, `${at}/${key}`, out);
  }
  return out;
}

const SPEC_ID = 'https://contract.invalid/openapi';

/** The `application/json` schema of a media-type map, if any. */
export function jsonSchemaOf(content: Json): Json {
  if (!content || typeof content !== 'object') return undefined;
  const key = Object.keys(content).find((k) => /^application\/(.+\+)?json\b/.test(k));
  return key === undefined ? undefined : content[key]?.schema;
}

/**
 * Ajv over the description: the whole document is one schema resource, so every
 * `#/components/schemas/X` reference resolves in place. OpenAPI's own words (`example`,
 * `discriminator`, `x-…`) are annotations.
 */
export class SpecValidator {
  readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(readonly spec: Json) {
    this.ajv = new Ajv2020({ strict: true, allErrors: true, strictRequired: false, allowUnionTypes: true });
    for (const word of ['example', 'discriminator', 'xml', 'externalDocs', ...extensionWords(spec)]) {
      this.ajv.addKeyword(word);
    }
    this.ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    this.ajv.addFormat('date-time', (s: string) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(s),
    );
    this.ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
    this.ajv.addFormat('uri', (s: string) => URL.canParse(s));
    this.ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
    this.ajv.addFormat('binary', () => true);
    this.ajv.addSchema({ $id: SPEC_ID, $defs: { components: { $defs: rewriteRefs(spec.components?.schemas ?? {}) } } });
  }

  /** A validator for a schema found at `where` in the description (refs rewritten into the resource). */
  compile(schema: Json, where: string): ValidateFunction {
    const cached = this.cache.get(where);
    if (cached) return cached;
    const fn = this.ajv.compile({ $id: `${SPEC_ID}/at${this.cache.size}`, ...rewriteRefs(schema) });
    this.cache.set(where, fn);
    return fn;
  }

  /** The validator of `component` in components.schemas. */
  component(name: string): ValidateFunction {
    assert.ok(this.spec.components?.schemas?.[name], `components.schemas.${name} exists`);
    return this.compile({ $ref: `#/components/schemas/${name}` }, `component:${name}`);
  }

  /** The JSON schema the description gives for (operation, status), or undefined when it has none. */
  responseSchema(op: Operation, status: number): Json {
    const responses = op.op.responses ?? {};
    const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    if (response === undefined) return undefined;
    return jsonSchemaOf(deref(this.spec, response).content) ?? null;
  }

  /** Errors of `body` against the schema of (operation, status); empty when it conforms. */
  check(op: Operation, status: number, body: unknown): string[] {
    const schema = this.responseSchema(op, status);
    if (schema === undefined) return [`${op.id} documents no ${status} response`];
    if (schema === null) return body === undefined ? [] : [`${op.id} ${status} documents no JSON body`];
    const validate = this.compile(schema, `${op.id}:${status}`);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} (${e.schemaPath})`);
  }
}

/** Every `x-…` key used inside schemas, registered as annotation keywords. */
function extensionWords(node: Json, out = new Set<string>()): Set<string> {
  if (node === null || typeof node !== 'object') return out;
  for (const [key, value] of Object.entries<Json>(node)) {
    if (key.startsWith('x-')) out.add(key);
    extensionWords(value, out);
  }
  return out;
}

function rewriteRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries<Json>(node)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
        ? `${SPEC_ID}#/$defs/components/$defs/${value.slice('#/components/schemas/'.length)}`
        : rewriteRefs(value);
  }
  return out;
}
