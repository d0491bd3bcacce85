#!/usr/bin/env bash
# Packages editors/vscode as dist/yaoxiang.vsix with @vscode/vsce (from the
# extension's own package-lock.json). vsce runs `vscode:prepublish`, which
# bundles src/extension.js and vscode-languageclient into dist/extension.js
# with esbuild, so the package has no node_modules. A warning from vsce (an
# unbundled extension, a missing field) fails the script.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/dist/yaoxiang.vsix"
mkdir -p "$root/dist"
rm -f "$out"
cd "$root/editors/vscode"
npm ci --no-audit --no-fund
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
npx --no-install vsce package --out "$out" 2>&1 | tee "$log"
if grep -qi 'warning' "$log"; then
  echo "vsce warned (above): fix the package rather than the check" >&2
  exit 1
fi
test -s "$out"
echo "wrote $out ($(wc -c <"$out") bytes)"
