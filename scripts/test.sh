#!/usr/bin/env bash
# The README's second command: install what is needed, build, and run the whole test suite.
#   scripts/test.sh             the Release build in build/ (the tree run-example.sh uses: the
#                               binary users run is the one tested)
#   scripts/test.sh --sanitize  clang, AddressSanitizer + UndefinedBehaviorSanitizer, assertions
#                               on, in build-asan/; the libFuzzer targets are built there too
#                               (scripts/fuzz.sh SECONDS build-asan runs them)
# The HIP and CUDA executors and MPI are built when found (AUTO): where one is not, its tests
# skip or are not registered and the suite still passes, and the last lines say which.
set -euo pipefail
usage() {
  echo "usage: $0 [--sanitize]" >&2
  exit 2
}
sanitize=0
case "$#:${1:-}" in
  0:) ;;
  1:--sanitize) sanitize=1 ;;
  *) usage ;;
esac
cd "$(dirname "$0")/.."
# With the HIP packages, so the AMD code objects of the hip backend are built and checked.
scripts/setup.sh --hip
if [ "$sanitize" -eq 1 ]; then
  dir=build-asan
  # AQLSIM_FUZZ instruments every library for the sanitizers and libFuzzer at -O1 with asserts
  # on. The GPU runtimes (libamdhip64, the static CUDA runtime) are not built for the
  # sanitizers; their executors are tested in the plain build.
  CC=clang CXX=clang++ scripts/build.sh "$dir" Debug -DAQLSIM_FUZZ=ON -DBUILD_TESTING=ON \
    -DAQLSIM_BUILD_TESTS=ON -DAQLSIM_BUILD_BENCH=OFF -DAQLSIM_HIP=OFF -DAQLSIM_CUDA=OFF
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
else
  dir=build
  scripts/build.sh "$dir" Release -DBUILD_TESTING=ON -DAQLSIM_BUILD_TESTS=ON
fi
status=0
ctest --test-dir "$dir" -j"$(nproc)" --output-on-failure --timeout 300 || status=$?
# What configure left out (CMakeLists.txt: aqlsim_not_built), after ctest's summary.
not_built=$(sed -n 's/^AQLSIM_NOT_BUILT:INTERNAL=//p' "$dir/CMakeCache.txt")
if [ -n "$not_built" ]; then
  echo "test: not built in $dir (their tests were skipped or not registered):"
  tr ';' '\n' <<<"$not_built" | sed 's/^/  /'
fi
exit "$status"
