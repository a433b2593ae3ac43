#!/usr/bin/env bash
# Configures and builds aqlsim. Usage: scripts/build.sh BUILD_DIR BUILD_TYPE [extra cmake args]
# BUILD_DIR is taken relative to the current directory (default: build/ in the repository).
# Prints configure's lines about the optional parts (HIP and CUDA executors, MPI), and its whole
# output if it fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(realpath -m -- "${1:-$root/build}")
type=${2:-Release}
shift $(( $# > 2 ? 2 : $# ))
# Ninja for a new tree; an existing one keeps the generator it was configured with (CMake
# refuses another).
generator=(-G Ninja)
[ -f "$dir/CMakeCache.txt" ] && generator=()
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cmake -S "$root" -B "$dir" "${generator[@]}" -DCMAKE_BUILD_TYPE="$type" "$@" >"$log" ||
  { cat "$log"; exit 1; }
grep -E '^-- (HIP executor|CUDA executor|MPI)' "$log" || true
cmake --build "$dir" -j"$(nproc)"
