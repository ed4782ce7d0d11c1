import type { ExplorerText } from '../../../../src/core/tree/explorerModel';

/** The explorer model's words in the unit tests: plain, so a test can match them. */
export const explorerText: ExplorerText = {
  noSpaces: 'no spaces',
  noFolders: 'no folders',
  noLists: 'no lists',
  noTasks: 'no tasks',
  noMatches: 'no matches',
  noPriority: 'no priority',
  unassigned: 'unassigned',
  showMore: (s, t) => `more ${s}/${t}`,
  loadSubtasks: (s, t) => `load ${s}/${t}`,
  capped: (s, t) => `capped ${s}/${t}`,
};
