#!/usr/bin/env bash
# Configures and builds aqlsim. Usage: scripts/build.sh BUILD_DIR BUILD_TYPE [extra cmake args]
# Prints configure's lines about the optional parts (HIP and CUDA executors, MPI), and its whole
# output if it fails.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}
type=${2:-Release}
shift $(( $# > 2 ? 2 : $# ))
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$type" "$@" >"$log" || { cat "$log"; exit 1; }
grep -E '^-- (HIP executor|CUDA executor|MPI)' "$log" || true
cmake --build "$dir" -j"$(nproc)"
