// The one grammar of a display id (`ACME-12`: a workspace prefix, a dash, a number; the API
// calls it a "short human-readable id", docs/api/openapi.yaml#getTask). A display id
// comes from the service, so it is hostile like any other text: it is written into a source file,
// the commit message box or a branch name only when it matches this grammar exactly. ASCII only,
// anchored, bounded: no space, newline, markup, quote or comment token can be part of one.

/** The longest prefix: letters and digits, a letter first. */
export const MAX_PREFIX_LENGTH = 20;
/** The longest number part (the reference scanner reads at most 9 digits). */
export const MAX_NUMBER_DIGITS = 9;
/** The longest display id: prefix, dash, number. */
export const MAX_DISPLAY_ID_LENGTH = MAX_PREFIX_LENGTH + 1 + MAX_NUMBER_DIGITS;

// Bounded quantifiers only, and the length is checked first: the test runs in constant time.
const PREFIX = /^[A-Za-z][A-Za-z0-9]{0,19}$/;
const DISPLAY_ID = /^([A-Za-z][A-Za-z0-9]{0,19})-([0-9]{1,9})$/;

/** Whether `value` is a display id the extension may write into a file, a commit message or a branch. */
export function isDisplayId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_DISPLAY_ID_LENGTH && DISPLAY_ID.test(value);
}

/** A prefix as display ids and the `taskPlatform.codeLinks.prefixes` setting may use it. */
export function isValidPrefix(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_PREFIX_LENGTH && PREFIX.test(value);
}

/** The prefix of a display id (`ACME` of `ACME-12`), or undefined when it is not one. */
export function prefixOf(displayId: unknown): string | undefined {
  if (typeof displayId !== 'string' || displayId.length > MAX_DISPLAY_ID_LENGTH) {
    return undefined;
  }
  return DISPLAY_ID.exec(displayId)?.[1];
}

/**
 * The display id of a task answer when it may be written, else undefined (missing, not a string,
 * or outside the grammar): the caller then refuses the edit and says why.
 */
export function writableDisplayId(task: { readonly display_id?: unknown } | undefined): string | undefined {
  const value = task?.display_id;
  return isDisplayId(value) ? value : undefined;
}
