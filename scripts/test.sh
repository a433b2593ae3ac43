#!/usr/bin/env bash
# The README's second command: install what is needed, build, and run the whole test suite.
#   scripts/test.sh             Debug build (assertions on) in build-test/
#   scripts/test.sh --sanitize  the same under AddressSanitizer + UndefinedBehaviorSanitizer
set -euo pipefail
cd "$(dirname "$0")/.."
# With the HIP packages, so the AMD code objects of the hip backend are built and checked.
scripts/setup.sh --hip
if [ "${1:-}" = "--sanitize" ]; then
  dir=build-asan
  # The GPU runtimes (libamdhip64, the static CUDA runtime) are not built for the sanitizers;
  # their executors are tested in the plain build.
  scripts/build.sh "$dir" Debug -DAQLSIM_SANITIZE=ON -DAQLSIM_BUILD_BENCH=OFF -DAQLSIM_HIP=OFF \
    -DAQLSIM_CUDA=OFF
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
else
  dir=build-test
  scripts/build.sh "$dir" Debug
fi
ctest --test-dir "$dir" -j"$(nproc)" --output-on-failure --timeout 300
