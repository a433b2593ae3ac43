#!/usr/bin/env bash
# How time and memory grow with the size of a task graph (README: Speed). For each size, a
# layered random DAG (DAGGEN, density 0.01, seed 3) is generated as JSON Lines into out/scale/
# (not committed), imported by a workload on the CDNA preset (120 CUs; one kernel of 64
# work-groups of 20 us with 10% spread; round-robin lowering onto 1024 queues; priority-dynamic
# mapping; fifo-backfill), and run with everything on: the alone runs and the JSON file.
# Prints one row per size: CPU seconds (user + system) and peak RSS of `aqlsim run`, and of
# `aqlsim validate` (reading and lowering the graph alone). Sizes in MiB.
#   scripts/scale.sh [path/to/aqlsim] [SIZES...]     default sizes: 1000 10000 100000 1000000
# The path is taken relative to the current directory, a bare name from PATH (default:
# build-release/cli/aqlsim in the repository); the outputs go to out/scale/ in the repository.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/program_path.sh"
aqlsim=$(program_path "${1:-$root/build-release/cli/aqlsim}")
cd "$root"
shift $(( $# > 0 ? 1 : 0 ))
sizes=("${@:-1000 10000 100000 1000000}")
out=out/scale
mkdir -p "$out"
if [ ! -x /usr/bin/time ]; then
  echo "scale: /usr/bin/time not found (Debian package time; scripts/setup.sh installs it)" >&2
  exit 1
fi
# Prints "CPU_SECONDS PEAK_MIB" of the command. A command that fails (crashed, killed for memory)
# is reported and ends the script, rather than given a row.
measure() {
  local status=0
  /usr/bin/time -f "%U %S %M" -o "$out/time.txt" "$@" >/dev/null || status=$?
  if [ "$status" -ne 0 ]; then
    echo "scale: failed (exit $status): $*" >&2
    head -n 1 "$out/time.txt" >&2  # e.g. "Command terminated by signal 9"
    return 1
  fi
  awk '{ printf "%.2f %.0f", $1 + $2, $3 / 1024 }' "$out/time.txt"
}
printf '| tasks | edges | work-groups | validate CPU s | validate MiB | run CPU s | run MiB | JSON MiB |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for n in ${sizes[*]}; do
  graph="$out/g$n.jsonl"
  [[ -f "$graph" ]] || "$aqlsim" graph gen layered n="$n" seed=3 density=0.01 kernel=k -o "$graph"
  cat >"$out/w$n.yaml" <<YAML
description: layered random DAG of $n tasks (scripts/scale.sh)
device: {preset: cdna}
kernels:
  - {name: k, workgroup_size: 256, workgroups: 64, vgprs: 32, wg_time: 20us, rsd: 0.1}
graph: {import: g$n.jsonl, lowering: "round-robin:1024"}
scheduling: {queue_mapping: priority-dynamic, thread_block: fifo-backfill}
YAML
  edges=$("$aqlsim" graph stats "$graph" | awk '/^edges/ { print $2 }')
  # Plain assignments, so that a failing measure ends the script (set -e); read would not.
  m=$(measure "$aqlsim" validate "$out/w$n.yaml")
  read -r vcpu vmb <<<"$m"
  rm -f "$out/r$n.json"  # no stale JSON from an earlier run
  m=$(measure "$aqlsim" run "$out/w$n.yaml" --quiet --json "$out/r$n.json")
  read -r rcpu rmb <<<"$m"
  json_mb=$(stat -c %s "$out/r$n.json" | awk '{ printf "%.1f", $1 / 1048576 }')
  printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$n" "$edges" "$((n * 64))" "$vcpu" "$vmb" \
    "$rcpu" "$rmb" "$json_mb"
done
