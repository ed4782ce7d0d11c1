// The title rule of create and update (docs/api/README.md#limits: 255
// characters). Checked before any request so a bad title never costs one from the budget.

export const MAX_TITLE_LENGTH = 255;

export type TitleCheck =
  | { readonly ok: true; readonly title: string }
  | { readonly ok: false; readonly reason: 'empty' }
  | { readonly ok: false; readonly reason: 'tooLong'; readonly length: number };

/**
 * Trims and checks a title. Length counts characters (Unicode code points), not UTF-16 units, so an
 * emoji counts one (docs/api/README.md#conventions).
 */
export function checkTitle(input: string): TitleCheck {
  const title = input.trim();
  if (title === '') {
    return { ok: false, reason: 'empty' };
  }
  const length = [...title].length;
  return length > MAX_TITLE_LENGTH ? { ok: false, reason: 'tooLong', length } : { ok: true, title };
}
