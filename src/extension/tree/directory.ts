import type { ApiClient } from '../../core/api/client';
import { Directory } from '../../core/tree/directory';

const directories = new WeakMap<ApiClient, Directory>();

/** The statuses and members cache of a signed-in client: one per session, dropped with it. */
export function directoryFor(client: ApiClient): Directory {
  let directory = directories.get(client);
  if (!directory) {
    directory = new Directory(client);
    directories.set(client, directory);
  }
  return directory;
}
