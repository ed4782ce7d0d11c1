/**
 * Writes the chat tools' contribution (`contributes.languageModelTools`) and their English texts
 * (package.nls.json) from the shared tool table, src/core/mcp. Run `npm run lm-tools` after changing
 * a tool; test/unit/core/mcp/manifest.test.ts fails while package.json is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { languageModelTools, languageModelToolTexts } from '../src/core/mcp/manifest';

type Json = Record<string, unknown>;

export function updatedManifest(manifest: Json): Json {
  const contributes = { ...(manifest.contributes as Json), languageModelTools: languageModelTools() };
  return { ...manifest, contributes };
}

export function updatedNls(nls: Record<string, string>): Record<string, string> {
  const kept = Object.fromEntries(Object.entries(nls).filter(([key]) => !key.startsWith('lmTool.')));
  return { ...kept, ...languageModelToolTexts() };
}

export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

if (require.main === module) {
  const root = join(__dirname, '..');
  const read = (file: string): Json => JSON.parse(readFileSync(join(root, file), 'utf8')) as Json;
  writeFileSync(join(root, 'package.json'), formatJson(updatedManifest(read('package.json'))));
  writeFileSync(
    join(root, 'package.nls.json'),
    formatJson(updatedNls(read('package.nls.json') as Record<string, string>)),
  );
  console.log(`languageModelTools: ${languageModelTools().length} tools written to package.json and package.nls.json`);
}
