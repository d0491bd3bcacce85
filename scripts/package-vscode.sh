#!/usr/bin/env bash
# Packages editors/vscode as dist/yaoxiang.vsix with @vscode/vsce (from the
# extension's own package-lock.json). vsce puts the production dependencies
# (vscode-languageclient) into the package.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/dist/yaoxiang.vsix"
mkdir -p "$root/dist"
rm -f "$out"
cd "$root/editors/vscode"
npm ci --no-audit --no-fund
npx --no-install vsce package --out "$out"
test -s "$out"
echo "wrote $out ($(wc -c <"$out") bytes)"
