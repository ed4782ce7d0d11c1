/**
 * The README's tables of commands, settings and keybindings, generated from package.json and
 * package.nls.json so they never drift. `npm run readme` rewrites the parts between the
 * `<!-- name:start -->` and `<!-- name:end -->` markers; a unit test fails when they are stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface Manifest {
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    menus?: { commandPalette?: { command: string; when?: string }[] };
    configuration: {
      properties: Record<
        string,
        { type?: string; default?: unknown; markdownDescription?: string; description?: string; enum?: string[] }
      >;
    };
    keybindings?: { command: string; key: string; mac?: string; when?: string }[];
  };
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');

export function tables(root: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
  const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
  const t = (text: string | undefined): string => (text ?? '').replace(/^%(.+)%$/, (_, key: string) => nls[key] ?? key);
  const c = manifest.contributes;
  const hidden = new Set((c.menus?.commandPalette ?? []).filter((m) => m.when === 'false').map((m) => m.command));
  const titles = new Map(c.commands.map((cmd) => [cmd.command, t(cmd.title)]));
  const commands = c.commands
    .filter((cmd) => !hidden.has(cmd.command))
    .map((cmd) => `| ${cell(`${cmd.category ? `${cmd.category}: ` : ''}${t(cmd.title)}`)} | \`${cmd.command}\` |`);
  const settings = Object.entries(c.configuration.properties).map(
    ([key, p]) =>
      `| \`${key}\` | \`${JSON.stringify(p.default)}\`${p.enum ? ` (${p.enum.map((e) => `\`${e}\``).join(', ')})` : ''} | ${cell(t(p.markdownDescription ?? p.description))} |`,
  );
  const keys = (c.keybindings ?? []).map(
    (k) =>
      `| \`${k.key}\`${k.mac ? ` (mac \`${k.mac}\`)` : ''} | ${cell(titles.get(k.command) ?? k.command)} | \`${cell(k.when ?? '')}\` |`,
  );
  return {
    commands: ['| Command | Id |', '|---|---|', ...commands].join('\n'),
    settings: ['| Setting | Default | What it does |', '|---|---|---|', ...settings].join('\n'),
    keybindings: ['| Key | Command | When |', '|---|---|---|', ...keys].join('\n'),
  };
}

/** The README with every marked table replaced by its generated text. */
export function renderReadme(root: string): string {
  let readme = readFileSync(join(root, 'README.md'), 'utf8');
  for (const [name, table] of Object.entries(tables(root))) {
    const pattern = new RegExp(`(<!-- ${name}:start -->\\n)[\\s\\S]*?(<!-- ${name}:end -->)`);
    readme = readme.replace(pattern, `$1${table}\n$2`);
  }
  return readme;
}

if (process.argv[1] && /readmeTables\.ts$/.test(process.argv[1])) {
  const root = join(__dirname, '..');
  writeFileSync(join(root, 'README.md'), renderReadme(root));
  console.log('README.md: commands, settings and keybindings tables regenerated');
}
