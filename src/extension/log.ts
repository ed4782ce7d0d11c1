import * as vscode from 'vscode';

/**
 * The extension's one LogOutputChannel ("Task Platform"). Everything that logs goes through it, and
 * nothing that logs is ever handed the token: callers log method, path, status and timing only.
 */
let channel: vscode.LogOutputChannel | undefined;

export function logChannel(): vscode.LogOutputChannel {
  channel ??= vscode.window.createOutputChannel('Task Platform', { log: true });
  return channel;
}

/** The entry (start/) creates the channel at activation and hands it over: one channel, not two. */
export function adoptLogChannel(next: vscode.LogOutputChannel): void {
  channel = next;
}

export const log = {
  trace: (message: string): void => logChannel().trace(message),
  debug: (message: string): void => logChannel().debug(message),
  info: (message: string): void => logChannel().info(message),
  warn: (message: string): void => logChannel().warn(message),
  error: (message: string): void => logChannel().error(message),
};
