#!/usr/bin/env bash
# Installs an existing build tree into a temporary prefix (cmake --install), then builds the
# programs of examples/ against the installed package, once through find_package(aqlsim CONFIG)
# (tests/package/) and once through pkg-config, and runs them and the installed aqlsim program.
# Usage: scripts/test-package.sh [BUILD_DIR]   (default build, which scripts/test.sh makes)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
[ -f "$build/CMakeCache.txt" ] || { echo "test-package: no build tree in $build" >&2; exit 1; }
cmake --build "$build" --target aqlsim >/dev/null

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null

# Build the consumer as the package was built (a sanitized library needs sanitized programs).
type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")
flags=""
if grep -q '^AQLSIM_SANITIZE:BOOL=ON$' "$build/CMakeCache.txt"; then
  flags="-fsanitize=address,undefined"
fi
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
cmake -S tests/package -B "$tmp/consumer" "${generator[@]}" -DCMAKE_BUILD_TYPE="$type" \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_FLAGS="$flags" >/dev/null
cmake --build "$tmp/consumer" -j2 >/dev/null

for program in hsa_two_tenants figure3_priorities hip_backend_probe; do
  "$tmp/consumer/$program" >/dev/null || { echo "test-package: $program failed" >&2; exit 1; }
done

if command -v pkg-config >/dev/null; then
  read -r -a pc <<<"$(PKG_CONFIG_PATH="$(dirname "$(find "$prefix" -name aqlsim.pc)")" \
    pkg-config --cflags --libs aqlsim)"
  c++ $flags examples/hsa_two_tenants.cpp "${pc[@]}" -o "$tmp/pc_two_tenants"
  "$tmp/pc_two_tenants" >/dev/null || { echo "test-package: pkg-config build failed" >&2; exit 1; }
fi

data=$prefix/share/aqlsim/workloads
"$prefix/bin/aqlsim" run "$data/examples/quickstart.yaml" >/dev/null
echo "test-package: installed package OK ($build)"
