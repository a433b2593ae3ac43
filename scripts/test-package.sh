#!/usr/bin/env bash
# Installs an existing build tree into a temporary prefix (cmake --install), then builds the
# programs of examples/ against the installed package, once through find_package(aqlsim CONFIG)
# (tests/package/, which also links aqlsim::hip_backend) and once through pkg-config, and runs
# them and the installed aqlsim program. Neither consumer sets a C++ standard: the package must
# bring C++20. Quiet when every step passes; a step that fails prints its output and ends the
# script with status 1. pkg-config is required (scripts/setup.sh installs it).
# Usage: scripts/test-package.sh [BUILD_DIR]   (default build, which scripts/test.sh makes)
# BUILD_DIR is taken relative to the current directory (default: build/ in the repository).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath -m -- "${1:-$root/build}")
cd "$root"
[ -f "$build/CMakeCache.txt" ] || { echo "test-package: no build tree in $build" >&2; exit 1; }
if ! command -v pkg-config >/dev/null; then
  echo "test-package: pkg-config not found (scripts/setup.sh installs it)" >&2
  exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
log=$tmp/log
# step WHAT COMMAND...: runs COMMAND with its output in a log, and prints the log if it fails.
step() {
  local what=$1
  shift
  if ! "$@" >"$log" 2>&1; then
    echo "test-package: $what failed:" >&2
    cat "$log" >&2
    exit 1
  fi
}

step "building the installed targets in $build" cmake --build "$build" --target aqlsim_installed
prefix=$tmp/prefix
step "installing $build" cmake --install "$build" --prefix "$prefix"

# Build the consumers as the package was built: with its compiler and build type, and a library
# instrumented by the sanitizers needs their runtimes. AQLSIM_SANITIZE builds with ASan + UBSan;
# AQLSIM_FUZZ (the tree scripts/test.sh --sanitize makes, build-asan/) with those and
# libFuzzer's coverage (fuzzer-no-link), whose hooks the ASan runtime provides: both link with
# -fsanitize=address,undefined, as the project's own programs do.
cached() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
on() { [[ "$(cached "$1")" =~ ^(ON|on|On|TRUE|true|True|YES|yes|Yes|Y|y|1)$ ]]; }
type=$(cached CMAKE_BUILD_TYPE)
cxx=$(cached CMAKE_CXX_COMPILER)
flags=()
if on AQLSIM_SANITIZE || on AQLSIM_FUZZ; then
  # shellcheck disable=SC2054  # one flag, whose value has a comma
  flags=(-fsanitize=address,undefined)
fi
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
step "configuring tests/package" cmake -S tests/package -B "$tmp/consumer" "${generator[@]}" \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE="$type" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CXX_FLAGS="${flags[*]}"
step "building tests/package (find_package)" cmake --build "$tmp/consumer" -j2
for program in hsa_two_tenants figure3_priorities hip_backend_probe; do
  step "running $program (find_package)" "$tmp/consumer/$program"
done

pc_dir=$(dirname "$(find "$prefix" -name aqlsim.pc)")
if ! pc=$(PKG_CONFIG_PATH="$pc_dir" pkg-config --cflags --libs aqlsim 2>"$log"); then
  echo "test-package: pkg-config --cflags --libs aqlsim failed:" >&2
  cat "$log" >&2
  exit 1
fi
read -r -a pc <<<"$pc"
step "building hsa_two_tenants through pkg-config" \
  "$cxx" "${flags[@]}" examples/hsa_two_tenants.cpp "${pc[@]}" -o "$tmp/pc_two_tenants"
step "running hsa_two_tenants (pkg-config)" "$tmp/pc_two_tenants"

data=$prefix/share/aqlsim/workloads
step "running the installed aqlsim" "$prefix/bin/aqlsim" run "$data/examples/quickstart.yaml"
echo "test-package: installed package OK ($build): built, installed, find_package and" \
  "pkg-config consumers built and ran"
