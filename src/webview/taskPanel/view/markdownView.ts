import { html } from 'lit';
import type { TemplateResult, nothing } from 'lit';
import type { App } from '../app';
import type { MdNode, parseMarkdown } from '../markdown';

const cache = new Map<string, MdNode[]>();

interface Parser {
  readonly parseMarkdown: typeof parseMarkdown;
}
let parser: Parser | undefined;
let loading: Promise<Parser | undefined> | undefined;

/**
 * The parser's own file, built apart from the page (markdown-it, linkify and their set-up, two fifths
 * of the page's script; scripts/bundles.mjs, WEBVIEW_CHUNKS), next to the page's script.
 */
const fromChunk = (): Promise<Parser> => import(new URL('chunks/markdown.js', import.meta.url).href) as Promise<Parser>;

/**
 * The page starts without the parser, and loads it once it has painted. A description or comment
 * that arrives before it shows as plain text, then as markdown; if the chunk cannot be loaded, it
 * stays plain text (resolves undefined). `load` is for tests in Node, where there is no chunk.
 */
export function loadMarkdown(load: () => Promise<Parser> = fromChunk): Promise<Parser | undefined> {
  loading ??= load().then(
    (loaded) => (parser = loaded),
    () => undefined,
  );
  return loading;
}

/** Renders parsed markdown with Lit (text is always text); links go through the host. */
export function markdown(app: App, source: string): TemplateResult {
  if (!parser) {
    // Rendered again once it has loaded (never when it could not be: that would loop).
    void loadMarkdown().then((loaded) => loaded && app.schedule());
    return html`<div class="markdown plain">${source}</div>`;
  }
  let nodes = cache.get(source);
  if (!nodes) {
    nodes = parser.parseMarkdown(source);
    if (cache.size > 500) cache.clear();
    cache.set(source, nodes);
  }
  return html`<div class="markdown">${nodes.map((n) => node(app, n))}</div>`;
}

function node(app: App, n: MdNode): TemplateResult | string | typeof nothing {
  if (n.kind === 'text') {
    return n.text;
  }
  if (n.kind === 'image') {
    return html`<img class="md-image" src=${n.src} alt=${n.alt} referrerpolicy="no-referrer" />`;
  }
  const kids = n.children.map((c) => node(app, c));
  switch (n.tag) {
    case 'a': {
      // No `href`, on purpose: VS Code's webview frame opens every clicked `<a href>` itself (its
      // click listener ignores preventDefault), so with one the link opened twice, once of them
      // without the host's checks. The host alone opens it, on this message.
      const href = n.href ?? '';
      const open = (e: Event): void => {
        e.preventDefault();
        app.post({ type: 'openLink', url: href });
      };
      const key = (e: KeyboardEvent): void => {
        if (e.key === 'Enter') open(e);
      };
      return html`<a class="link" role="link" tabindex="0" title=${href} @click=${open} @keydown=${key}>${kids}</a>`;
    }
    case 'p':
      return html`<p>${kids}</p>`;
    case 'h1':
      return html`<h3>${kids}</h3>`;
    case 'h2':
      return html`<h4>${kids}</h4>`;
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return html`<h5>${kids}</h5>`;
    case 'ul':
      return html`<ul>
        ${kids}
      </ul>`;
    case 'ol':
      return html`<ol>
        ${kids}
      </ol>`;
    case 'li':
      return html`<li>${kids}</li>`;
    case 'blockquote':
      return html`<blockquote>${kids}</blockquote>`;
    case 'pre':
      return html`<pre>${kids}</pre>`;
    case 'code':
      return html`<code>${kids}</code>`;
    case 'strong':
      return html`<strong>${kids}</strong>`;
    case 'em':
      return html`<em>${kids}</em>`;
    case 's':
      return html`<s>${kids}</s>`;
    case 'br':
      return html`<br />`;
    case 'hr':
      return html`<hr />`;
    case 'table':
      return html`<table>
        ${kids}
      </table>`;
    case 'thead':
      return html`<thead>
        ${kids}
      </thead>`;
    case 'tbody':
      return html`<tbody>
        ${kids}
      </tbody>`;
    case 'tr':
      return html`<tr>
        ${kids}
      </tr>`;
    case 'th':
      return html`<th>${kids}</th>`;
    case 'td':
      return html`<td>${kids}</td>`;
    default:
      return html`${kids}`;
  }
}
