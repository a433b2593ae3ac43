#!/usr/bin/env bash
# The README's first command: install what is needed, build, and simulate the bundled example.
# Writes the JSON results and a Perfetto timeline to out/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh build Release -DAQLSIM_BUILD_TESTS=OFF
mkdir -p out
build/cli/aqlsim run workloads/examples/quickstart.yaml \
  --json out/quickstart.json --trace out/quickstart.trace.json
echo
echo "results: out/quickstart.json   timeline: out/quickstart.trace.json (open in https://ui.perfetto.dev)"
