import { strict as assert } from 'node:assert';
import { promises as fs } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..', '..', '..');

async function sources(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? sources(join(dir, e.name)) : Promise.resolve(e.name.endsWith('.ts') ? [join(dir, e.name)] : []),
    ),
  );
  return nested.flat();
}

describe('api/purity (STYLE: src/core never imports vscode)', () => {
  it('no file of src/core/api or src/core/util imports vscode, the global fetch, or has a default export', async () => {
    const files = [...(await sources(join(root, 'src/core/api'))), ...(await sources(join(root, 'src/core/util')))];
    assert.ok(files.length > 5);
    for (const file of files) {
      const text = await fs.readFile(file, 'utf8');
      const name = relative(root, file);
      assert.doesNotMatch(text, /from\s+['"]vscode['"]|require\(['"]vscode['"]\)/, `${name} imports vscode`);
      assert.doesNotMatch(text, /(^|[^.\w])fetch\(/m, `${name} uses the global fetch`);
      assert.doesNotMatch(text, /export\s+default/, `${name} has a default export`);
      assert.ok(text.split('\n').length <= 320, `${name} is longer than ~300 lines`);
    }
  });
});
