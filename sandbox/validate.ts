// Small field validator producing Laravel-style 422 bodies (docs/api/README.md#errors: a
// missing field reads as required and is listed under that field).
import { fieldErrors, invalid } from './http';
import type { FieldErrors } from './http';
import { isUuid } from './router';

interface Opts {
  required?: boolean;
  nullable?: boolean;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * True when `value` has more than `max` characters. Limits count characters (code
 * points), not UTF-16 units: an emoji is one character ("255 characters": docs/api/README.md#limits).
 */
export function exceeds(value: string, max: number): boolean {
  if (value.length <= max) return false;
  if (value.length > max * 2) return true;
  let n = 0;
  for (const _ of value) {
    n += 1;
    if (n > max) return true;
  }
  return false;
}

export function isValidDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Accepts `YYYY-MM-DD` or an ISO 8601 date-time; returns the ISO string or null. */
export function parseDateTime(value: string): string | null {
  if (isValidDate(value)) return `${value}T00:00:00.000Z`;
  if (!DATETIME_RE.test(value)) return null;
  if (!isValidDate(value.slice(0, 10))) return null;
  // A date-time without offset is UTC (never the host's local time zone).
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/.test(value);
  const d = new Date(hasOffset ? value.replace(' ', 'T') : `${value.replace(' ', 'T')}Z`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export class Validator {
  readonly errors: FieldErrors = fieldErrors();

  constructor(readonly body: Record<string, unknown>) {}

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /** Unknown body fields are refused (docs/api/README.md#errors). */
  allowOnly(fields: readonly string[]): void {
    for (const key of Object.keys(this.body)) {
      if (!fields.includes(key)) this.add(key, `The ${key} field is not allowed.`);
    }
  }

  has(field: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.body, field);
  }

  /** Shared presence/null handling; returns 'skip' when nothing more to check. */
  private presence(field: string, opts: Opts): 'skip' | 'null' | 'check' {
    const value = this.body[field];
    if (!this.has(field) || value === undefined) {
      if (opts.required) this.add(field, `The ${field} field is required.`);
      return 'skip';
    }
    if (value === null) {
      if (opts.nullable) return 'null';
      this.add(field, opts.required ? `The ${field} field is required.` : `The ${field} field must not be null.`);
      return 'skip';
    }
    return 'check';
  }

  string(field: string, opts: Opts & { max?: number; min?: number } = {}): string | null | undefined {
    const p = this.presence(field, opts);
    if (p !== 'check') return p === 'null' ? null : undefined;
    const value = this.body[field];
    if (typeof value !== 'string') return this.fail(field, `The ${field} field must be a string.`);
    if (opts.required && value.trim().length === 0) return this.fail(field, `The ${field} field is required.`);
    if (opts.max !== undefined && exceeds(value, opts.max)) {
      return this.fail(field, `The ${field} field must not be greater than ${opts.max} characters.`);
    }
    return value;
  }

  uuid(field: string, opts: Opts = {}): string | null | undefined {
    const p = this.presence(field, opts);
    if (p !== 'check') return p === 'null' ? null : undefined;
    const value = this.body[field];
    if (!isUuid(value)) return this.fail(field, `The ${field} field must be a valid UUID.`);
    return (value as string).toLowerCase();
  }

  oneOf<T extends string>(field: string, allowed: readonly T[], opts: Opts = {}): T | null | undefined {
    const p = this.presence(field, opts);
    if (p !== 'check') return p === 'null' ? null : undefined;
    const value = this.body[field];
    if (typeof value !== 'string' || !allowed.includes(value as T)) {
      return this.fail(field, `The selected ${field} is invalid.`);
    }
    return value as T;
  }

  dateTime(field: string, opts: Opts = {}): string | null | undefined {
    const p = this.presence(field, opts);
    if (p !== 'check') return p === 'null' ? null : undefined;
    const value = this.body[field];
    const parsed = typeof value === 'string' ? parseDateTime(value) : null;
    if (parsed === null) return this.fail(field, `The ${field} field must be a valid date.`);
    return parsed;
  }

  uuidArray(field: string, opts: Opts = {}): string[] | null | undefined {
    const p = this.presence(field, opts);
    if (p !== 'check') return p === 'null' ? null : undefined;
    const value = this.body[field];
    if (!Array.isArray(value)) return this.fail(field, `The ${field} field must be an array.`);
    value.forEach((item, i) => {
      if (!isUuid(item)) this.add(field, `The ${field}.${i} field must be a valid UUID.`);
    });
    return (value.filter(isUuid) as string[]).map((v) => v.toLowerCase());
  }

  private fail(field: string, message: string): undefined {
    this.add(field, message);
    return undefined;
  }

  ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  throwIfAny(): void {
    if (!this.ok()) throw invalid(this.errors);
  }
}

/**
 * Integer query parameter. Absent -> `fallback`; present but not an integer in
 * [min, max] -> a 422 entry.
 */
export function intQuery(
  query: URLSearchParams,
  name: string,
  min: number,
  max: number,
  fallback: number,
  errors: FieldErrors,
): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!/^-?\d+$/.test(raw.trim())) {
    (errors[name] ??= []).push(`The ${name} field must be an integer.`);
    return fallback;
  }
  const n = Number(raw);
  if (n < min || n > max) {
    (errors[name] ??= []).push(`The ${name} field must be between ${min} and ${max}.`);
    return fallback;
  }
  return n;
}

export function throwIfErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw invalid(errors);
}
