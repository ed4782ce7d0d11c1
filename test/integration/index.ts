// Entry called by the extension host in test mode (the @vscode/test-electron contract): run() resolves
// when every test passed and rejects otherwise.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  // INTEGRATION_GREP=<text> runs only the tests whose full title contains it (iterating on one suite).
  const grep = process.env.INTEGRATION_GREP || undefined;
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000, reporter: 'spec', grep });
  for (const file of readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .sort()) {
    mocha.addFile(join(__dirname, file));
  }
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} integration test(s) failed`)) : resolve()));
  });
}
