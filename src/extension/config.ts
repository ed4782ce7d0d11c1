import * as vscode from 'vscode';
import { parseBaseUrl } from '../core/api/baseUrl';
import { allOn, anyOn, intersection, strictest, union } from '../core/util/stricter';

export const SECTION = 'taskPlatform';

export type BaseUrlSetting =
  { kind: 'unset' } | { kind: 'invalid'; value: string; message: string } | { kind: 'valid'; url: string };

/** Reads and validates `taskPlatform.baseUrl`. An invalid value is reported, never used with the token. */
export function readBaseUrl(): BaseUrlSetting {
  const value = vscode.workspace.getConfiguration(SECTION).get<string>('baseUrl', '').trim();
  if (value === '') {
    return { kind: 'unset' };
  }
  const parsed = parseBaseUrl(value);
  return parsed.ok ? { kind: 'valid', url: parsed.url } : { kind: 'invalid', value, message: parsed.message };
}

export async function writeBaseUrl(url: string): Promise<void> {
  await vscode.workspace.getConfiguration(SECTION).update('baseUrl', url, vscode.ConfigurationTarget.Global);
}

export function onDidChangeSetting(key: string, listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(`${SECTION}.${key}`)) {
      listener();
    }
  });
}

/** `taskPlatform.requestTimeoutSeconds`, in milliseconds. */
export function requestTimeoutMs(): number {
  const seconds = vscode.workspace.getConfiguration(SECTION).get<number>('requestTimeoutSeconds', 30);
  return Math.min(300, Math.max(3, seconds)) * 1000;
}

/**
 * The settings that decide what an AI assistant and Start Work may write, read so that a folder or
 * workspace can only tighten the user's own choice (core/util/stricter.ts): read-only when any scope
 * says so, the toolsets and included tools every scope allows, the excluded tools of all, the MCP
 * server only when the user turned it on and no folder turned it off, and the strictest task update.
 */
export interface GuardedSettings {
  readonly readOnly: boolean;
  readonly toolsets: unknown;
  readonly includeTools: unknown;
  readonly excludeTools: unknown;
  readonly mcpServerEnabled: boolean;
  readonly startWorkUpdateTask: 'never' | 'ask' | 'always';
}

export function readGuardedSettings(): GuardedSettings {
  const config = vscode.workspace.getConfiguration(SECTION);
  return {
    readOnly: anyOn(config.inspect('ai.readOnly')),
    toolsets: intersection(config.inspect('ai.toolsets')),
    includeTools: intersection(config.inspect('ai.includeTools')),
    excludeTools: union(config.inspect('ai.excludeTools')),
    mcpServerEnabled: allOn(config.inspect('ai.mcpServer.enabled')),
    startWorkUpdateTask: updateTaskMode(),
  };
}

const UPDATE_MODES = ['never', 'ask', 'always'] as const;

/** `startWork.updateTask` is per folder: the strictest of the user's, the workspace's and every folder's. */
function updateTaskMode(): GuardedSettings['startWorkUpdateTask'] {
  const key = 'startWork.updateTask';
  const modes = [
    strictest(vscode.workspace.getConfiguration(SECTION).inspect(key), UPDATE_MODES),
    ...(vscode.workspace.workspaceFolders ?? []).map((folder) =>
      strictest(
        {
          workspaceFolderValue: vscode.workspace.getConfiguration(SECTION, folder.uri).inspect(key)
            ?.workspaceFolderValue,
        },
        UPDATE_MODES,
      ),
    ),
  ];
  return UPDATE_MODES.find((mode) => modes.includes(mode)) ?? 'ask';
}
