import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';
import { chromiumPath } from './paths';

/** Debian's Chromium through playwright-core, headless, with no background networking (the machine has no network). */
export async function launchBrowser(profileDir: string): Promise<BrowserContext> {
  const browser = await chromium.launchPersistentContext(join(profileDir), {
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
    ],
    viewport: { width: 1400, height: 900 },
  });
  // code-server compresses every response afresh (brotli: about a second of CPU for the 19 MB
  // workbench script alone, at each fresh profile's first load and each reload). Over loopback the
  // bytes cost nothing, so ask for them as they are.
  await browser.setExtraHTTPHeaders({ 'accept-encoding': 'identity' });
  return browser;
}
