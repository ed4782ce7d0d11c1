/** Ctrl+Enter (Cmd+Enter on macOS) in a comment box posts it, as in VS Code's own comment boxes. */
export const POST_KEYS = 'Control+Enter Meta+Enter';

/** Whether a keydown in a comment box posts it: Enter with Ctrl or Cmd, and no other modifier. */
export function isPostKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
}
