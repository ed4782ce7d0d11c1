/**
 * One token, one budget: the service allows 60 requests a minute per token (docs/api/README.md#limits),
 * for every client of the token together. When VS Code starts the bundled MCP server, the two
 * processes share it through the lease (lease.ts), so they never exceed it between them.
 */
export const SERVICE_LIMIT = 60;
