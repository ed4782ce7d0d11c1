import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ApiClient } from '../core/api/client';
import { completeArgument } from '../core/mcp/completion';
import type { CompletedArgument } from '../core/mcp/completion';
import { findPrompt, promptMessages, PROMPTS } from '../core/mcp/prompts';
import { asRequestError, McpResources, RESOURCE_TEMPLATES } from '../core/mcp/resources';
import { findTool } from '../core/mcp/tools';
import { ALL_TOOLS, isOffered } from '../core/mcp/toolsets';
import type { ToolSelection } from '../core/mcp/toolsets';

/** The capabilities these handlers need, next to `tools` in the server's declaration. */
export const RESOURCE_CAPABILITIES = { resources: {}, prompts: {}, completions: {} } as const;

/** Which argument each template variable is, for completion. */
const TEMPLATE_ARGUMENTS: Readonly<Record<string, CompletedArgument>> = { task: 'task', list: 'list', view: 'view' };

/**
 * Resources, resource templates, prompts and argument completion (src/core/mcp/resources.ts,
 * prompts.ts, completion.ts hold the logic). Not filtered by read-only mode or toolsets: every one is
 * a read the user picks (docs/decisions/mcp-resources.md); the selection only decides which tools
 * a prompt's instructions name.
 */
export function addResourcesAndPrompts(server: Server, client: ApiClient, selection: ToolSelection = ALL_TOOLS): void {
  const resources = new McpResources(client);
  const offered = (name: string): boolean => {
    const spec = findTool(name);
    return spec !== undefined && isOffered(spec, selection);
  };
  server.setRequestHandler(ListResourcesRequestSchema, async (_request, extra) => {
    try {
      return { resources: await resources.list({ priority: 'user', signal: extra.signal }) };
    } catch (error) {
      throw asRequestError(error, 'resources/list');
    }
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: RESOURCE_TEMPLATES.map((t) => ({ ...t })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => ({
    contents: [await resources.read(request.params.uri, { signal: extra.signal })],
  }));
  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: PROMPTS.map((p) => ({
      name: p.name,
      title: p.title,
      description: p.description,
      arguments: p.arguments.map((a) => ({ name: a.name, description: a.description, required: a.required })),
    })),
  }));
  server.setRequestHandler(GetPromptRequestSchema, async (request, extra) =>
    promptMessages(resources, request.params.name, request.params.arguments ?? {}, { signal: extra.signal, offered }),
  );
  server.setRequestHandler(CompleteRequestSchema, async (request, extra) => {
    const { ref, argument, context } = request.params;
    const kind =
      ref.type === 'ref/prompt'
        ? findPrompt(ref.name)?.arguments.find((a) => a.name === argument.name)?.completes
        : RESOURCE_TEMPLATES.some((t) => t.uriTemplate === ref.uri)
          ? TEMPLATE_ARGUMENTS[argument.name]
          : undefined;
    if (!kind) {
      return { completion: { values: [], total: 0, hasMore: false } };
    }
    const completion = await completeArgument(resources.directory, kind, argument.value, context?.arguments, {
      signal: extra.signal,
    });
    return { completion };
  });
}
