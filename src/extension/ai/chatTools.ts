import * as vscode from 'vscode';
import { UnauthorizedError } from '../../core/api/errors';
import type { ApiClient } from '../../core/api/client';
import { callTool } from '../../core/mcp/call';
import type { ToolOutcome } from '../../core/mcp/call';
import { lmToolName } from '../../core/mcp/manifest';
import { TOOLS } from '../../core/mcp/tools';
import type { ToolSpec } from '../../core/mcp/tools';
import type { AccountSessions } from '../auth/accountSessions';
import type { Session } from '../auth/session';
import { sessionForInput } from './route';
import { log } from '../log';
import { abortSignalFor } from '../ui/cancellation';
import type { AiConfirmations } from './confirm';
import { markStepDone } from '../walkthrough/progress';
import { readToolSelection } from './offer';
import { isOffered } from '../../core/mcp/toolsets';

type Input = Record<string, unknown>;

/** The signed-in client, or an error the model can relay ("sign in first"). */
export async function signedInClient(session: Session): Promise<ApiClient> {
  const state = await session.ensure();
  if (state.kind !== 'signedIn') {
    throw new Error(vscode.l10n.t('Not signed in to Task Platform. Ask the user to run "Task Platform: Sign In".'));
  }
  return state.client;
}

/**
 * Runs one tool of the shared table for the chat, with the account that sees the input's workspace
 * (route.ts), and turns a refused token into that account's "rejected" state.
 */
export async function runChatTool(
  accounts: AccountSessions,
  spec: ToolSpec,
  input: unknown,
  token: vscode.CancellationToken,
): Promise<ToolOutcome> {
  // VS Code lists only the tools the settings offer (their `when`); a call that comes anyway, from an
  // extension or a request made before the setting changed, is refused the same way.
  if (!isOffered(spec, readToolSelection())) {
    throw new Error(
      vscode.l10n.t(
        'The Task Platform tool {0} is turned off by the user (settings taskPlatform.ai.readOnly, toolsets, includeTools, excludeTools).',
        spec.name,
      ),
    );
  }
  const session = await sessionForInput(accounts, input);
  const client = await signedInClient(session);
  // The walkthrough's AI step: the assistant used a tool (the chat tools are the default surface).
  markStepDone('mcpStarted');
  const outcome = await callTool(spec, client, input, { signal: abortSignalFor(token), priority: 'user' });
  if (!outcome.ok && UnauthorizedError.is(outcome.error)) {
    session.markRejected();
  }
  if (!outcome.ok) {
    log.warn(`Chat tool ${spec.name} failed: ${outcome.text.split('\n')[0]}`);
  }
  return outcome;
}

/** Errors are thrown so VS Code reports them to the model as a failed tool call, with the reason. */
export function toolResult(outcome: ToolOutcome): vscode.LanguageModelToolResult {
  if (!outcome.ok) {
    throw new Error(outcome.text);
  }
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(outcome.text)]);
}

function chatTool(
  accounts: AccountSessions,
  confirmations: AiConfirmations,
  spec: ToolSpec,
): vscode.LanguageModelTool<Input> {
  return {
    prepareInvocation: async (options, token) => ({
      invocationMessage: vscode.l10n.t('Task Platform: {0}', spec.title),
      // A tool turned off asks nothing: invoke refuses it (runChatTool).
      confirmationMessages:
        spec.write && isOffered(spec, readToolSelection())
          ? await confirmations.prepare(spec.name, options.input ?? {}, token)
          : undefined,
    }),
    invoke: async (options, token) => toolResult(await runChatTool(accounts, spec, options.input, token)),
  };
}

/**
 * The 16 tools of the shared table as VS Code chat tools (contributes.languageModelTools, generated
 * from the same table), in-process with the client of the account each call routes to: same
 * validation, same errors.
 */
export function registerChatTools(accounts: AccountSessions, confirmations: AiConfirmations): vscode.Disposable[] {
  return TOOLS.map((spec) => vscode.lm.registerTool<Input>(lmToolName(spec), chatTool(accounts, confirmations, spec)));
}
