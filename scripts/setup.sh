#!/usr/bin/env bash
# setup.sh: installs the Debian packages grammut needs (only missing ones).
# Usage: scripts/setup.sh [--build-only] [extra packages...]
#   --build-only  only what building the library, the tool and the shipped
#                 grammars needs (no test and benchmark libraries, no
#                 gnuplot, no ANTLR 4.13 tool): what scripts/demo.sh uses
# (gnuplot-nox: the benchmarks' plots; everything else builds or runs grammut.)
set -euo pipefail
build_only=0
if [ "${1:-}" = --build-only ]; then build_only=1; shift; fi
packages=(antlr4 libantlr4-runtime-dev uuid-dev libabsl-dev zlib1g-dev clang
          libclang-rt-14-dev llvm-14 cmake ninja-build "$@")
if [ $build_only = 0 ]; then
  packages+=(libgtest-dev libgmock-dev libbenchmark-dev gnuplot-nox)
  # npm installs the ANTLR 4.13 tool (grammars that need ANTLR 4.10+); a
  # Node.js from elsewhere may already bring its own npm.
  command -v npm >/dev/null || packages+=(npm)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
[ $build_only = 1 ] && exit 0
# The ANTLR 4.13 tool (npm's antlr4ng-cli, pinned in cmake/compile_g4.sh),
# installed ahead of first use; without it only grammars that need 4.10+
# fail, so a failure here is a warning.
bash "$(dirname "$0")/../cmake/compile_g4.sh" --install-tool antlr4ng >/dev/null ||
  echo "setup: warning: could not install the ANTLR 4.13 tool; grammars that need ANTLR 4.10+ will try again on first use" >&2
