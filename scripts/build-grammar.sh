#!/usr/bin/env bash
# Regenerates tree-sitter-yaoxiang/src (tree-sitter CLI, ABI 14) and
# tree-sitter-yaoxiang/tree-sitter-yaoxiang.wasm (Debian's clang-19), then
# records the hashes of inputs and outputs in tree-sitter-yaoxiang/src/build.sha256
# so that `npm test` can tell when the committed output is stale.
#
#   scripts/build-grammar.sh           regenerate in place
#   scripts/build-grammar.sh --check   regenerate into a scratch copy and fail
#                                      if it differs from what is committed
#   scripts/build-grammar.sh --install only install the toolchain
#
# Installs what it needs when missing: tree-sitter-cli from crates.io (no
# network downloads at run time) and clang-19, lld-19, wasi-libc from Debian.
set -euo pipefail

TS_CLI_VERSION=0.27.1
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GRAMMAR="$ROOT/tree-sitter-yaoxiang"
export PATH="$HOME/.cargo/bin:$PATH"

log() { printf 'build-grammar: %s\n' "$*" >&2; }

install_cli() {
  if command -v tree-sitter >/dev/null && tree-sitter --version | grep -q " $TS_CLI_VERSION"; then
    return
  fi
  command -v cargo >/dev/null || { log "cargo is required to install tree-sitter-cli"; exit 2; }
  log "installing tree-sitter-cli $TS_CLI_VERSION from crates.io"
  # Without default features the CLI evaluates grammar.js with node instead of
  # an embedded QuickJS, so it does not need libclang to build.
  cargo install tree-sitter-cli --version "$TS_CLI_VERSION" --locked --no-default-features >&2
}

install_clang() {
  if command -v clang-19 >/dev/null && command -v wasm-ld-19 >/dev/null && [ -d /usr/include/wasm32-wasi ]; then
    return
  fi
  command -v apt-get >/dev/null || { log "clang-19, lld-19 and wasi-libc are required"; exit 2; }
  log "installing clang-19, lld-19, wasi-libc from Debian"
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq >&2
  $sudo apt-get install -y -qq --no-install-recommends clang-19 lld-19 wasi-libc >&2
}

record_hashes() {
  (cd "$1" && sha256sum grammar.js src/scanner.c src/parser.c tree-sitter-yaoxiang.wasm >src/build.sha256)
}

# Generates parser sources and the wasm inside directory $1 (a grammar checkout).
build_in() {
  local dir="$1"
  (cd "$dir" && tree-sitter generate --abi 14 >&2)
  (cd "$dir/src" && clang-19 --target=wasm32-unknown-wasi -fPIC -shared -Os \
    -Wl,--export=tree_sitter_yaoxiang -Wl,--allow-undefined -Wl,--no-entry -nostdlib \
    -fno-exceptions -fvisibility=hidden -DNDEBUG -I . parser.c scanner.c \
    -o ../tree-sitter-yaoxiang.wasm)
  record_hashes "$dir"
}

mode="${1:-build}"
install_cli
install_clang
[ "$mode" = "--install" ] && exit 0

case "$mode" in
  build)
    build_in "$GRAMMAR"
    log "regenerated src/ and tree-sitter-yaoxiang.wasm ($(wc -c <"$GRAMMAR/tree-sitter-yaoxiang.wasm") bytes)"
    ;;
  --check)
    scratch="$(mktemp -d)"
    trap 'rm -rf "$scratch"' EXIT
    mkdir -p "$scratch/src"
    cp "$GRAMMAR/grammar.js" "$GRAMMAR/tree-sitter.json" "$GRAMMAR/package.json" "$scratch/"
    cp "$GRAMMAR/src/scanner.c" "$scratch/src/"
    build_in "$scratch"
    status=0
    for f in src/parser.c src/grammar.json src/node-types.json src/tree_sitter/parser.h \
             src/build.sha256 tree-sitter-yaoxiang.wasm; do
      if ! cmp -s "$scratch/$f" "$GRAMMAR/$f"; then
        log "stale: tree-sitter-yaoxiang/$f differs from a fresh build; run npm run build:grammar"
        status=1
      fi
    done
    [ "$status" = 0 ] && log "generated files are in sync with grammar.js and scanner.c"
    exit "$status"
    ;;
  *)
    log "usage: build-grammar.sh [--check|--install]"
    exit 2
    ;;
esac
