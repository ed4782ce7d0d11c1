import MarkdownIt from 'markdown-it';
import { safeImageSource, safeLink } from '../../core/tasks/safeLinks';

/**
 * Markdown of descriptions and comments, made safe by construction: markdown-it parses with raw HTML
 * off (`html: false`: tags stay text), and its tokens become a small tree of ALLOWED elements whose
 * text is only ever text. Links survive only when safeLink accepts them (http, https, mailto),
 * images only from raster data: URLs (remote ones become links); anything else shows as its plain text. Nothing here
 * produces an HTML string. Pure: no DOM, unit-tested in Node.
 */
export type MdNode =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'element'; readonly tag: MdTag; readonly children: MdNode[]; readonly href?: string }
  | { readonly kind: 'image'; readonly src: string; readonly alt: string };

export type MdTag = (typeof allowedTags)[number];

const allowedTags = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'strong',
  'em',
  's',
  'a',
  'br',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;
const allowed = new Set<string>(allowedTags);

// Links are validated by us at rendering; markdown-it's own check is kept as a first filter.
const parser = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: true });
type Token = ReturnType<typeof parser.parse>[number];

export function parseMarkdown(source: string): MdNode[] {
  const root: MdNode[] = [];
  const stack: MdNode[][] = [root];
  const top = (): MdNode[] => stack[stack.length - 1]!;
  for (const token of parser.parse(source, {})) {
    if (token.type === 'inline') {
      top().push(...inline(token.children ?? []));
    } else if (token.type === 'fence' || token.type === 'code_block') {
      top().push(el('pre', [el('code', [text(token.content)])]));
    } else if (token.type === 'hr') {
      top().push(el('hr', []));
    } else {
      open(token, stack);
    }
  }
  return root;
}

/** Block-level open/close tokens: allowed tags nest, others (if any) are flattened into the parent. */
function open(token: Token, stack: MdNode[][]): void {
  if (token.nesting === 1) {
    const node = allowed.has(token.tag) ? el(token.tag as MdTag, []) : undefined;
    stack[stack.length - 1]!.push(...(node ? [node] : []));
    stack.push(node && node.kind === 'element' ? node.children : stack[stack.length - 1]!);
  } else if (token.nesting === -1 && stack.length > 1) {
    stack.pop();
  }
}

function inline(tokens: Token[]): MdNode[] {
  const root: MdNode[] = [];
  const stack: MdNode[][] = [root];
  const top = (): MdNode[] => stack[stack.length - 1]!;
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        top().push(text(token.content));
        break;
      case 'softbreak':
      case 'hardbreak':
        top().push(el('br', []));
        break;
      case 'code_inline':
        top().push(el('code', [text(token.content)]));
        break;
      case 'image': {
        const raw = String(token.attrGet('src') ?? '');
        const src = safeImageSource(raw);
        const alt = token.content;
        const href = src ? undefined : safeLink(raw);
        // A remote image becomes a link to it (opened through the host); anything else, its text.
        top().push(
          src ? { kind: 'image', src, alt } : href ? el('a', [text(alt || href)], href) : text(alt ? `[${alt}]` : ''),
        );
        break;
      }
      case 'link_open': {
        const href = safeLink(String(token.attrGet('href') ?? ''));
        // An unsafe link keeps its text, without being a link.
        const node = href ? el('a', [], href) : undefined;
        top().push(...(node ? [node] : []));
        stack.push(node && node.kind === 'element' ? node.children : top());
        break;
      }
      case 'html_inline':
      case 'html_block':
        top().push(text(token.content)); // never reached with html:false; shown as text if it ever is
        break;
      default:
        if (token.nesting === 1) {
          const node = allowed.has(token.tag) ? el(token.tag as MdTag, []) : undefined;
          top().push(...(node ? [node] : []));
          stack.push(node && node.kind === 'element' ? node.children : top());
        } else if (token.nesting === -1 && stack.length > 1) {
          stack.pop();
        } else if (token.content) {
          top().push(text(token.content));
        }
    }
  }
  return root;
}

function el(tag: MdTag, children: MdNode[], href?: string): MdNode {
  return href ? { kind: 'element', tag, children, href } : { kind: 'element', tag, children };
}

function text(value: string): MdNode {
  return { kind: 'text', text: value };
}
