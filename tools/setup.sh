#!/usr/bin/env bash
# Quick start (`npm run quickstart`): installs the reference LLVM/MLIR 22 tools, CMake and Ninja if missing,
# installs the npm workspace, builds it, and runs ods-tblgen over the example dialect
# (examples/dialect -> examples/dialect/generated/).
set -euo pipefail
cd "$(dirname "$0")/.."

export NX_DAEMON="${NX_DAEMON:-false}" NX_NO_CLOUD=true

# Debian packages to install: LLVM/MLIR 22 (the reference tools and MLIR's .td tree and CMake
# modules), and CMake and Ninja (the CMake e2e of `npm test`).
packages=()
missing=0
for t in mlir-tblgen-22 llvm-tblgen-22 llvm-config-22; do
  command -v "$t" >/dev/null 2>&1 || missing=1
done
if [ "$missing" = 1 ] || [ ! -f "$(llvm-config-22 --includedir 2>/dev/null)/mlir/IR/OpBase.td" ]; then
  packages+=(mlir-22-tools libmlir-22-dev llvm-22)
fi
command -v cmake >/dev/null 2>&1 || packages+=(cmake)
command -v ninja >/dev/null 2>&1 || packages+=(ninja-build)
if [ "${#packages[@]}" -gt 0 ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: missing tools; install these (Debian names) by hand: ${packages[*]}" >&2
    echo "setup: (LLVM/MLIR 22: mlir-tblgen-22, llvm-tblgen-22, llvm-config-22; cmake; ninja)" >&2
    exit 1
  fi
  sudo=()
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "setup: need root or sudo to install packages" >&2; exit 1; }
    sudo=(sudo)
  fi
  echo "setup: installing ${packages[*]}"
  "${sudo[@]}" apt-get update
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${packages[@]}"
fi

npm ci
npm run build
npx nx run dialect:ods
echo "setup: done; outputs in examples/dialect/generated/"
