/**
 * Copies the e2e screenshots the README shows from artifacts/screenshots/ into docs/images/ (same
 * file names, so a README image names the e2e test that draws it), and encodes the frames of the
 * main flow (main-flow-1..4) into docs/images/main-flow.gif. Run `npm run docs:images` after
 * `npm run test:e2e`. gifenc + pngjs are pure JavaScript: no binary is downloaded.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
// gifenc ships no types; its three functions are used as documented in its README.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { GIFEncoder, quantize, applyPalette } = require('gifenc') as {
  GIFEncoder(): {
    writeFrame(index: Uint8Array, width: number, height: number, opts: { palette: number[][]; delay: number }): void;
    finish(): void;
    bytes(): Uint8Array;
  };
  quantize(rgba: Uint8Array, colors: number): number[][];
  applyPalette(rgba: Uint8Array, palette: number[][]): Uint8Array;
};

export const README_IMAGES = [
  'main-flow-1-tree',
  'main-flow-2-task',
  'main-flow-3-status',
  'main-flow-4-comment',
  'panel-light',
  'panel-dark',
  '13-tree-context-menu',
  '20-saved-view-results',
  'code-links-hover',
  'commands-05-triage',
  'board-02-light-dragged-to-done',
  '61-mcp-server-running',
  '70-agent-tools-default',
  'walkthrough-progress',
  'error-network-down',
  'error-task-deleted',
  'error-token-revoked',
  'offline-01-pending-changes',
] as const;

export const FLOW_FRAMES = ['main-flow-1-tree', 'main-flow-2-task', 'main-flow-3-status', 'main-flow-4-comment'];

/** A frame at full size (text stays readable), or halved with a 2x2 box filter for a smaller file. */
function frame(png: PNG, half: boolean): { data: Uint8Array; width: number; height: number } {
  if (!half) {
    return { data: new Uint8Array(png.data), width: png.width, height: png.height };
  }
  const width = Math.floor(png.width / 2);
  const height = Math.floor(png.height / 2);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 4; c++) {
        const at = (yy: number, xx: number): number => png.data[(yy * png.width + xx) * 4 + c]!;
        data[(y * width + x) * 4 + c] =
          (at(2 * y, 2 * x) + at(2 * y, 2 * x + 1) + at(2 * y + 1, 2 * x) + at(2 * y + 1, 2 * x + 1)) >> 2;
      }
    }
  }
  return { data, width, height };
}

export function encodeGif(framePaths: string[], delayMs: number, half = false): Uint8Array {
  const gif = GIFEncoder();
  for (const path of framePaths) {
    const { data, width, height } = frame(PNG.sync.read(readFileSync(path)), half);
    const palette = quantize(data, 256);
    gif.writeFrame(applyPalette(data, palette), width, height, { palette, delay: delayMs });
  }
  gif.finish();
  return gif.bytes();
}

if (process.argv[1] && /docsImages\.ts$/.test(process.argv[1])) {
  const root = join(__dirname, '..');
  const from = join(root, 'artifacts', 'screenshots');
  const to = join(root, 'docs', 'images');
  mkdirSync(to, { recursive: true });
  const missing = README_IMAGES.filter((name) => !existsSync(join(from, `${name}.png`)));
  if (missing.length > 0) {
    console.error(`Missing e2e screenshots (run npm run test:e2e first): ${missing.join(', ')}`);
    process.exit(1);
  }
  for (const name of README_IMAGES) {
    copyFileSync(join(from, `${name}.png`), join(to, `${name}.png`));
  }
  writeFileSync(
    join(to, 'main-flow.gif'),
    encodeGif(
      FLOW_FRAMES.map((f) => join(from, `${f}.png`)),
      2000,
    ),
  );
  console.log(`Copied ${README_IMAGES.length} screenshots and wrote main-flow.gif to docs/images/`);
}
