// The commit message Start Work puts in the Source Control box: a template such as `{displayId}: `
// or `Fixes {displayId}` (`taskPlatform.startWork.commitTemplate`). The template comes from settings
// a folder may set: it is cut to one line of bounded length, and without `{displayId}` it would name
// no task, so the default is used then.
import { isDisplayId } from '../tasks/displayId';

export const DEFAULT_COMMIT_TEMPLATE = '{displayId}: ';
const MAX_TEMPLATE = 200;

/** The message for `displayId` (of the strict grammar, else undefined: nothing is offered). */
export function commitMessage(template: unknown, displayId: string): string | undefined {
  if (!isDisplayId(displayId)) {
    return undefined;
  }
  const line =
    typeof template === 'string'
      ? template
          .slice(0, MAX_TEMPLATE)
          .split(/[\r\n]/)[0]!
          .replace(/\p{Cc}/gu, '')
      : '';
  const chosen = line.includes('{displayId}') ? line : DEFAULT_COMMIT_TEMPLATE;
  return chosen.replaceAll('{displayId}', displayId);
}
