// Entry called by the extension host in test mode (the @vscode/test-electron contract): run() resolves
// when every test passed and rejects otherwise.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import type * as OtherWorldModule from './otherWorld';

/**
 * Suites the oldest VS Code tier leaves out: what they check runs in the extension's own Node code,
 * not in VS Code's API, so a second host adds minutes and nothing else. The hostile-server suite
 * (slow, dripping, resetting, storming answers: 2 to 3 minutes of deadlines) tests the client's
 * timeouts and the extension host staying alive; both lines run every other suite.
 */
const CURRENT_LINE_ONLY = new Set(['hostile.test.js']);

export function run(): Promise<void> {
  // INTEGRATION_GREP=<text> runs only the tests whose full title contains it (iterating on one suite).
  const grep = process.env.INTEGRATION_GREP || undefined;
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000, reporter: 'spec', grep });
  const minimum = process.env.TASK_PLATFORM_VSCODE_LINE === 'minimum';
  for (const file of readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js') && !(minimum && CURRENT_LINE_ONLY.has(f)))
    .sort()) {
    mocha.addFile(join(__dirname, file));
  }
  return new Promise<number>((resolve) => mocha.run(resolve)).then(async (failures) => {
    await stopOtherWorld();
    if (failures > 0) {
      throw new Error(`${failures} integration test(s) failed`);
    }
  });
}

/** Stops the other world's sandbox (helpers.ts `otherWorld()`) if a suite started it; loads nothing otherwise. */
async function stopOtherWorld(): Promise<void> {
  const path = join(__dirname, 'otherWorld.js');
  if (existsSync(path) && require.cache[require.resolve(path)]) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    await (require(path) as typeof OtherWorldModule).stopOtherWorld();
  }
}
