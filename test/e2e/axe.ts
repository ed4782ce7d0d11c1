import { readFileSync } from 'node:fs';
import type { Frame } from 'playwright-core';

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in a webview frame and returns its serious and critical violations. The script is
 * evaluated through the DevTools protocol rather than added as a <script> tag: the panel's Content
 * Security Policy (nonce-only scripts) rightly refuses an inline tag, and weakening it for a test
 * would test another page.
 */
export async function axeViolations(frame: Frame): Promise<Violation[]> {
  await frame.evaluate(`${axeSource}\n;void 0`);
  return frame.evaluate(async () => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)),
      }));
  });
}
