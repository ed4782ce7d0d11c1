import { basename } from 'node:path';
import type { Context } from 'mocha';
import { Workbench } from './workbench';

/**
 * Mocha root hooks for the e2e tier (loaded by .mocharc.json): when a test fails, the screen of every
 * workbench open at that moment is recorded and its path printed, so a failure in a long or
 * stressed run (scripts/stress.mjs) comes with what the workbench showed.
 */
export const mochaHooks = {
  async afterEach(this: Context): Promise<void> {
    const test = this.currentTest;
    if (test?.state !== 'failed') return;
    const title = test.fullTitle().replace(/\W+/g, '-').slice(0, 80);
    for (const wb of Workbench.opened) {
      const path = await wb.screenshot(`failed-${title}`).catch(() => undefined);
      if (path) console.log(`      [e2e] screen of the failure: ${path}`);
    }
  },
  /**
   * A suite whose `before` timed out never saw its session and cannot close it; mocha's --exit then
   * ends the process, but not the code-server and Chromium it started: close what is still open.
   */
  async afterAll(): Promise<void> {
    for (const wb of [...Workbench.opened]) {
      // Where it was when its suite gave up (a `before` that timed out gets no afterEach).
      const path = await wb.screenshot(`left-open-${basename(wb.runDir)}`).catch(() => undefined);
      if (path) console.log(`      [e2e] screen of the failure: ${path} (a workbench left open)`);
      await wb.close().catch(() => undefined);
    }
  },
};
