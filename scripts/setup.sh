#!/usr/bin/env bash
# setup.sh: installs the Debian packages grammut needs (only missing ones).
# Usage: scripts/setup.sh [extra packages...]
set -euo pipefail
packages=(antlr4 libantlr4-runtime-dev uuid-dev libabsl-dev libgtest-dev
          libgmock-dev libbenchmark-dev clang libclang-rt-14-dev llvm-14 cmake
          ninja-build "$@")
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
