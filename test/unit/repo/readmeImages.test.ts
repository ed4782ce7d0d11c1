import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FLOW_FRAMES, README_IMAGES } from '../../../scripts/docsImages';

const root = join(__dirname, '..', '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const e2eSources = readdirSync(join(root, 'test', 'e2e'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(join(root, 'test', 'e2e', f), 'utf8'))
  .join('\n');
const linked = [...readme.matchAll(/\]\((docs\/images\/[^)\s]+)\)/g)].map((m) => m[1]!);

describe('README images (copied from the e2e run by `npm run docs:images`)', () => {
  it('the README shows pictures', () => {
    assert.ok(linked.length >= 8, `${linked.length} images linked`);
  });

  it('every image the README links exists', () => {
    assert.deepEqual(
      linked.filter((path) => !existsSync(join(root, path))),
      [],
    );
  });

  it('every linked screenshot is one an e2e test takes (its name appears in test/e2e)', () => {
    const notFromE2e = linked.filter((path) => {
      const name = path.replace(/^docs\/images\//, '').replace(/\.(png|gif)$/, '');
      // The GIF is encoded from the main-flow-N frames the tour test takes.
      const names = name === 'main-flow' ? FLOW_FRAMES : [name];
      return !names.every((n) => e2eSources.includes(`'${n}'`) && (README_IMAGES as readonly string[]).includes(n));
    });
    assert.deepEqual(notFromE2e, []);
  });
});
