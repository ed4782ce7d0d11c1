/**
 * The characters of a UUID in either case, for patterns that embed one (a path in a link) and for
 * JSON Schema, which has no case flag (the MCP tools' input schemas). Every API id is a UUID
 * (docs/api/README.md#conventions).
 */
export const UUID_SOURCE = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** A whole string that is a UUID, in either case. Display ids (ACME-12) are in core/tasks/displayId.ts. */
export const UUID = new RegExp(`^${UUID_SOURCE}$`);

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
