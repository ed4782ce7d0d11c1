// node registryDeps.mjs <package.json>: makes a VS Code package.json installable from the npm registry
// alone (the only source these machines reach), in place, before anything is built:
//   - a dependency named by a GitHub commit ("owner/repo#sha", VS Code 1.105's @parcel/watcher)
//     becomes the registry's latest release of that package;
//   - @vscode/ripgrep, whose install script downloads rg from GitHub, becomes an alias of
//     @vscode/ripgrep-universal, which ships the binaries in the package and exports the same `rgPath`
//     (what VS Code 1.139 itself uses).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
const manifest = JSON.parse(readFileSync(file, 'utf8'));
const latest = (name) => execFileSync('npm', ['view', name, 'version'], { encoding: 'utf8' }).trim();
let changed = 0;
for (const field of ['dependencies', 'optionalDependencies', 'devDependencies']) {
  for (const [name, spec] of Object.entries(manifest[field] ?? {})) {
    let replacement;
    if (/^(github:)?[\w.-]+\/[\w.-]+#[0-9a-f]{7,40}$/.test(spec) || /^git(\+\w+)?:/.test(spec)) {
      replacement = latest(name);
    } else if (name === '@vscode/ripgrep') {
      replacement = `npm:@vscode/ripgrep-universal@${latest('@vscode/ripgrep-universal')}`;
    }
    if (replacement) {
      manifest[field][name] = replacement;
      console.log(`[host] ${file}: ${name} ${spec} -> ${replacement} (npm registry)`);
      changed++;
    }
  }
}
if (changed > 0) {
  writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n');
}
