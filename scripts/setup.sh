#!/usr/bin/env bash
# Installs the Debian 12 packages aqlsim needs to build and test. Skips apt when they are
# already present, so it is quick on a prepared machine and works offline there.
set -euo pipefail

packages=(
  build-essential cmake ninja-build
  libyaml-cpp-dev libboost-graph-dev libhsa-runtime-dev
  libcli11-dev nlohmann-json3-dev libfmt-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  clang libclang-rt-14-dev  # the libFuzzer targets (scripts/fuzz.sh)
  chromium                  # the browser test of `aqlsim report`
  libopenmpi-dev openmpi-bin  # optional: `aqlsim compare` under mpirun, and its tests
)

missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all packages present"
  exit 0
fi

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "setup: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
