#!/usr/bin/env bash
# The README's first command: install what is needed, build, and simulate the bundled example.
# Writes the JSON results and a Perfetto timeline to out/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# Only the program: the tree is the one scripts/test.sh builds and tests (nothing to rebuild after
# it), and a first run here need not compile the test suite.
# Ninja for a new tree; an existing one keeps its generator (CMake refuses another).
generator=(-G Ninja)
[ -f build/CMakeCache.txt ] && generator=()
cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target aqlsim
mkdir -p out
build/cli/aqlsim run workloads/examples/quickstart.yaml \
  --json out/quickstart.json --trace out/quickstart.trace.json
echo
echo "results: out/quickstart.json   timeline: out/quickstart.trace.json (open in https://ui.perfetto.dev)"
