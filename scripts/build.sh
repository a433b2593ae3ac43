#!/usr/bin/env bash
# Configures and builds aqlsim. Usage: scripts/build.sh BUILD_DIR BUILD_TYPE [extra cmake args]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}
type=${2:-Release}
shift $(( $# > 2 ? 2 : $# ))
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$type" "$@" >/dev/null
cmake --build "$dir" -j"$(nproc)"
