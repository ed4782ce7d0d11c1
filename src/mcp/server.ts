import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ApiClient } from '../core/api/client';
import { callTool } from '../core/mcp/call';
import { findTool, inputJsonSchema, TOOLS } from '../core/mcp/tools';

export const SERVER_NAME = 'task-platform';

/**
 * The MCP server over one ApiClient: the 16 tools of the reference's "MCP tool map" from the shared
 * table. The low-level Server is used (not McpServer) so that validation and error texts are the
 * table's own, identical to the VS Code chat tools.
 */
export function createMcpServer(client: ApiClient, version: string): Server {
  const server = new Server({ name: SERVER_NAME, version }, { capabilities: { tools: {} } });
  const tools: Tool[] = TOOLS.map((spec) => ({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: inputJsonSchema(spec) as Tool['inputSchema'],
    annotations: { title: spec.title, readOnlyHint: !spec.write, destructiveHint: false, idempotentHint: !spec.write, openWorldHint: true },
  }));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const spec = findTool(request.params.name);
    if (!spec) {
      return { isError: true, content: [{ type: 'text', text: `Unknown tool ${request.params.name}. Tools: ${TOOLS.map((t) => t.name).join(', ')}.` }] };
    }
    // The client cancels the call through MCP's cancellation notification (extra.signal).
    const outcome = await callTool(spec, client, request.params.arguments, { signal: extra.signal });
    return { isError: !outcome.ok, content: [{ type: 'text', text: outcome.text }] };
  });
  return server;
}
