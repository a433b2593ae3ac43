#!/usr/bin/env bash
# The README's second command: install what is needed, build, and run the whole test suite.
#   scripts/test.sh             Debug build (assertions on) in build-test/
#   scripts/test.sh --sanitize  the same under AddressSanitizer + UndefinedBehaviorSanitizer
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ "${1:-}" = "--sanitize" ]; then
  dir=build-asan
  scripts/build.sh "$dir" Debug -DAQLSIM_SANITIZE=ON -DAQLSIM_BUILD_BENCH=OFF
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
else
  dir=build-test
  scripts/build.sh "$dir" Debug
fi
ctest --test-dir "$dir" -j"$(nproc)" --output-on-failure --timeout 300
