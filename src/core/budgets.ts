/**
 * The budget of every whole operation, in one place (docs/decisions/operation-budgets.md). A single
 * request is bounded by the client (size, depth, deadline, Retry-After); these bound what one
 * operation may add up to: pages, rows kept, distinct lists described and requests sent. Past a cap
 * the operation stops, keeps what it has and says what it left out and how to narrow it.
 *
 * The token's whole budget is 60 requests a minute (docs/decisions/request-budget.md), 40 while the
 * MCP server runs; the numbers below are chosen against that.
 */

/** A board (list, folder, space or saved view). */
export const BOARD_BUDGET = {
  /** Pages of 100 rows: 1,000 cards is past what a board can show usefully; a table or a filter is the way on. */
  pages: 10,
  /** Rows kept in memory and posted to the page: what 10 full pages hold. */
  rows: 1_000,
  /**
   * Distinct lists whose statuses are read (one request each). 20 is half the extension's minute
   * while the MCP server runs: the board is never the reason a click waits a minute. Rows of
   * further lists are left out and counted.
   */
  lists: 20,
  /** Status reads sent at the board's own priority; the rest go at background priority behind any click. */
  userListReads: 3,
} as const;

/** A table (list, folder, space or saved view). */
export const TABLE_BUDGET = {
  /**
   * Rows kept from the index's "every matching row" answer (one request, bounded in bytes by the
   * client): 5,000 rows is what the page renders and sorts without stalling.
   */
  rows: 5_000,
  /** Distinct lists described (statuses and custom fields: two requests each), as the board's. */
  lists: 20,
  /** Pages of a saved view read to sort, group or filter it on the host (2,000 rows). */
  viewPages: 20,
} as const;

/** Run Saved View (the palette's pick) and the Saved Views tree: pages of 50 rows "Load more" may read. */
export const VIEW_BUDGET = {
  /**
   * 1,000 rows, as a board keeps: past them a pick or a tree is no way to find a task, and each page
   * is a request of the user's minute. The table sorts and filters a view of more.
   */
  pages: 20,
} as const;

/** One Inbox check (background, every few minutes, shared with the MCP server's share). */
export const INBOX_BUDGET = {
  /**
   * Requests per check for the changed tasks' activity and comments (the index reads, one per space,
   * come on top). At the default interval of two minutes, 30 is under two fifths of the 80 the
   * extension may send meanwhile while the MCP server runs. What is not read stays changed, and the
   * next check continues from it.
   */
  requests: 30,
} as const;

/** Search Tasks: result pages one query may read ("More results…"). */
export const SEARCH_BUDGET = {
  /** Ten pages of hits is more than anyone reads in a pick; past them the pick asks for more words. */
  pages: 10,
  /**
   * Workspaces one query reads (one request each per page): the search goes across the user's
   * workspaces by default. Five keep a query and its "More results…" at a twelfth of the minute;
   * past them the pick says how many it searched and offers to search any one.
   */
  workspaces: 5,
} as const;

/** Display-id look-ups (hovers, code links, Go to Task over ids found in the workspace). */
export const REFERENCES_BUDGET = {
  /**
   * Requests per look-up pass (one index read per space and 100 ids, two per search fallback): a
   * workspace of many spaces, or a file full of ids, cannot spend a third of the minute at once.
   * Ids a pass did not reach stay unresolved and a later pass asks for them.
   */
  requests: 14,
} as const;

/**
 * One MCP tool call (src/core/mcp/tools.ts). Every tool sends one request for one page the assistant
 * names (page or cursor), and its result is cut at 24 KB with a note saying so; the exception is
 * get_task_by_display_id, which looks the id up (REFERENCES_BUDGET) and then reads the task.
 */
export const MCP_TOOL_BUDGET = {
  /** Rows per page a tool may ask for: what fits the 24 KB result with room for the note. */
  rows: 50,
  /** Requests of the costliest call: the look-up's pass, its spaces list and the task itself. */
  requests: REFERENCES_BUDGET.requests + 2,
} as const;
