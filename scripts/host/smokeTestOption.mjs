// node smokeTestOption.mjs <code-server dir>: lets an older code-server take `--enable-smoke-test-driver`.
// The integration runner needs VS Code's smoke-test driver switch (the workbench honours the
// `payload` URL parameter only with it). code-server 4.139 passes it through `--vscode-option`;
// 4.105 has no such option and refuses any flag missing from its own table, though it hands every
// parsed flag to VS Code, whose server knows this one. So the flag is added to that table, once.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const file = join(process.argv[2], 'out', 'node', 'cli.js');
const source = readFileSync(file, 'utf8');
const anchor = '    "ignore-last-opened": {';
if (source.includes('"vscode-option"') || source.includes('"enable-smoke-test-driver"')) {
  console.log(`[host] ${file}: nothing to add`);
} else if (!source.includes(anchor)) {
  console.error(`[host] ${file}: no option table found; the integration runner cannot start this code-server`);
  process.exit(1);
} else {
  const option = '    "enable-smoke-test-driver": { type: "boolean", description: "VS Code\'s smoke-test driver." },\n';
  writeFileSync(file, source.replace(anchor, option + anchor));
  console.log(`[host] ${file}: added --enable-smoke-test-driver`);
}
