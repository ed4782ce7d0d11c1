/**
 * The message of anything thrown, for a log line or a sentence. Raw outside text: what shows it to the
 * user makes it inert (prompter(), or describeFailure in src/extension/ui/failure.ts).
 */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
