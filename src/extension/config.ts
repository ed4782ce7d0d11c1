import * as vscode from 'vscode';
import { parseBaseUrl } from '../core/api/baseUrl';

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
