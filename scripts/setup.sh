#!/usr/bin/env bash
# Installs the Debian 12 packages aqlsim needs to build and test. Skips apt when they are
# already present, so it is quick on a prepared machine and works offline there.
#   --hip   also the HIP compiler and runtime, for the hip executor and the AMD code objects
#           (then configure with -DAQLSIM_HIP=ON; hip_backend/README.md)
set -euo pipefail

with_hip=0
for arg in "$@"; do
  case "$arg" in
    --hip) with_hip=1 ;;
    *) echo "usage: $0 [--hip]" >&2; exit 2 ;;
  esac
done

packages=(
  build-essential cmake ninja-build
  pkg-config  # scripts/test-package.sh builds a program through aqlsim.pc
  time        # /usr/bin/time, for scripts/scale.sh
  universal-ctags  # scripts/unity-names.sh, the lint of the unity batches (a test)
  libyaml-cpp-dev libboost-graph-dev libhsa-runtime-dev
  libcli11-dev nlohmann-json3-dev libfmt-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  clang libclang-rt-14-dev  # the libFuzzer targets (scripts/fuzz.sh)
  chromium                  # the browser test of `aqlsim report`
  libopenmpi-dev openmpi-bin  # optional: `aqlsim compare` under mpirun, and its tests
)
if [ "$with_hip" -eq 1 ]; then
  packages+=(hipcc libamdhip64-dev)  # pulls clang-15 and the ROCm device libraries
  packages+=(llvm-15)  # llvm-readelf-15, for the code objects' test (also pulled by hipcc)
fi

# Installed means dpkg's status "install ok installed": `dpkg -s` also succeeds for a package
# removed but not purged ("deinstall ok config-files"), whose files are gone.
installed() {
  dpkg-query -W -f='${Status}\n' "$1" 2>/dev/null | grep -qx 'install ok installed'
}
missing=()
for p in "${packages[@]}"; do
  installed "$p" || missing+=("$p")
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
