import * as assert from 'node:assert/strict';

interface View {
  markdown(app: { post(message: unknown): void; schedule(): void }, source: string): unknown;
  loadMarkdown(load: () => Promise<unknown>): Promise<unknown>;
}
interface Template {
  strings: readonly string[];
  values: readonly unknown[];
}

/**
 * A fresh copy of the webview's markdown view (its parser not loaded yet), loaded at run time: the
 * test tsconfig does not check the webview's DOM code.
 */
const viewPath = require.resolve('../../../../src/webview/taskPanel/view/markdownView');

function freshView(): View {
  const path = viewPath;
  delete require.cache[path];
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a runtime path the test tsconfig does not follow
  return require(path) as View;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
const parserModule = (): unknown => require('../../../../src/webview/taskPanel/markdown');

describe('task panel markdown before its parser has loaded', () => {
  // Other suites get a copy of their own, not one whose loading these tests decided.
  afterEach(() => delete require.cache[viewPath]);
  const source = '**bold** <img src=x onerror=alert(1)> [x](javascript:alert(1))';

  it('shows the source as plain text, then renders again once the parser is there', async () => {
    const view = freshView();
    let scheduled = 0;
    const app = { post: () => undefined, schedule: () => scheduled++ };
    const loading = view.loadMarkdown(async () => parserModule());
    const plain = view.markdown(app, source) as Template;
    assert.match(plain.strings.join(''), /class="markdown plain"/);
    assert.deepEqual(plain.values, [source], 'the source is a value (text), never markup');
    await loading;
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(scheduled, 1, 'one render again once loaded');
    const parsed = view.markdown(app, source) as Template;
    assert.doesNotMatch(parsed.strings.join(''), /plain/);
  });

  it('a parser that cannot be loaded leaves plain text and no render loop', async () => {
    const view = freshView();
    let scheduled = 0;
    const app = { post: () => undefined, schedule: () => scheduled++ };
    assert.equal(await view.loadMarkdown(() => Promise.reject(new Error('chunk not found'))), undefined);
    const plain = view.markdown(app, source) as Template;
    assert.deepEqual(plain.values, [source]);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(scheduled, 0);
  });
});
