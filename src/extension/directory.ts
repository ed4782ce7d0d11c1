import type { ApiClient } from '../core/api/client';
import { Directory } from '../core/api/directory';

const directories = new WeakMap<ApiClient, Directory>();

/**
 * The statuses, members and sidebar cache of a signed-in client: one per session, shared by every
 * feature, dropped with the client (sign-out or another account starts empty).
 */
export function directoryFor(client: ApiClient): Directory {
  let directory = directories.get(client);
  if (!directory) {
    directory = new Directory(client);
    directories.set(client, directory);
  }
  return directory;
}
