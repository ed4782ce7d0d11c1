/**
 * One token, one budget: the service allows 60 requests a minute per token (docs/api/README.md#limits), for every
 * client
 * of the token together. When VS Code starts the bundled MCP server, the server takes MCP_SHARE of it
 * and the extension keeps the rest, so the two processes never exceed the budget between them.
 */
export const SERVICE_LIMIT = 60;
export const MCP_SHARE = 20;
