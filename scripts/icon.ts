/**
 * Draws media/icon.png (128×128, the Marketplace icon): a blue rounded square with a checklist, two
 * rows ticked and one open. Shapes are tested per pixel at 4× and averaged down, so the edges are
 * smooth without any image tool. `npm run icon` rewrites it; the PNG is committed.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';

type Rgba = [number, number, number, number];
type Shape = (x: number, y: number) => Rgba | undefined;

const SIZE = 128;
const SCALE = 4;

function roundedRect(x0: number, y0: number, x1: number, y1: number, r: number): (x: number, y: number) => boolean {
  return (x, y) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const cx = Math.min(Math.max(x, x0 + r), x1 - r);
    const cy = Math.min(Math.max(y, y0 + r), y1 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
}

/** Distance from (x, y) to the segment a-b: strokes of the tick marks. */
function nearSegment(ax: number, ay: number, bx: number, by: number, width: number): (x: number, y: number) => boolean {
  return (x, y) => {
    const t = Math.max(
      0,
      Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
    );
    return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))) <= width / 2;
  };
}

const white: Rgba = [255, 255, 255, 255];
const green: Rgba = [46, 204, 113, 255];
const shapes: Shape[] = [];
const background = roundedRect(4, 4, 124, 124, 26);
shapes.push((x, y) => {
  if (!background(x, y)) return undefined;
  const t = (x + y) / 256; // a diagonal gradient from #3b82f6 to #1d4ed8
  return [Math.round(59 + (29 - 59) * t), Math.round(130 + (78 - 130) * t), Math.round(246 + (216 - 246) * t), 255];
});
for (const [row, ticked] of [
  [0, true],
  [1, true],
  [2, false],
] as const) {
  const top = 28 + row * 26;
  const box = roundedRect(24, top, 44, top + 20, 5);
  const inner = roundedRect(28, top + 4, 40, top + 16, 2);
  shapes.push((x, y) => (box(x, y) && (ticked || !inner(x, y)) ? white : undefined));
  if (ticked) {
    const a = nearSegment(28, top + 10, 33, top + 15, 4);
    const b = nearSegment(33, top + 15, 41, top + 5, 4);
    shapes.push((x, y) => (a(x, y) || b(x, y) ? green : undefined));
  }
  const line = roundedRect(54, top + 6, row === 2 ? 88 : 104, top + 14, 4);
  shapes.push((x, y) => (line(x, y) ? white : undefined));
}

export function drawIcon(): Buffer {
  const png = new PNG({ width: SIZE, height: SIZE });
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SCALE; sy++) {
        for (let sx = 0; sx < SCALE; sx++) {
          const px = x + (sx + 0.5) / SCALE;
          const py = y + (sy + 0.5) / SCALE;
          let colour: Rgba = [0, 0, 0, 0];
          for (const shape of shapes) colour = shape(px, py) ?? colour;
          // Premultiplied, so transparent samples do not darken the edges.
          for (let c = 0; c < 3; c++) sum[c]! += (colour[c]! * colour[3]) / 255;
          sum[3]! += colour[3];
        }
      }
      const n = SCALE * SCALE;
      const alpha = sum[3]! / n;
      const at = (y * SIZE + x) * 4;
      for (let c = 0; c < 3; c++) png.data[at + c] = alpha === 0 ? 0 : Math.round(((sum[c]! / n) * 255) / alpha);
      png.data[at + 3] = Math.round(alpha);
    }
  }
  return PNG.sync.write(png);
}

if (process.argv[1] && /icon\.ts$/.test(process.argv[1])) {
  writeFileSync(join(__dirname, '..', 'media', 'icon.png'), drawIcon());
  console.log('wrote media/icon.png');
}
