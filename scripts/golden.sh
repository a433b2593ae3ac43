#!/usr/bin/env bash
# Writes the outputs that every optimisation must leave byte-identical (README: Speed) into
# OUT_DIR: the bundled examples (JSON and trace, under both timing models), the Pai pairs, the
# graph experiments (figure 3, NW, oversubscription), the preemption experiments on a subset
# of orders, and a generated 10,000-task graph. Compare two builds with
#   scripts/golden.sh build-before/cli/aqlsim out/before
#   scripts/golden.sh build-after/cli/aqlsim out/after
#   diff -r out/before out/after && echo identical
# AQLSIM and OUT_DIR are taken relative to the current directory.
set -euo pipefail
aqlsim=$(realpath -- "${1:?usage: $0 AQLSIM OUT_DIR}")
out=$(realpath -m -- "${2:?usage: $0 AQLSIM OUT_DIR}")
cd "$(dirname "$0")/.."
mkdir -p "$out"
ex=workloads/examples
xp=workloads/experiments

run() {  # NAME ARGS...: the table and the JSON of one run
  local name=$1
  shift
  "$aqlsim" run "$@" --json "$out/$name.json" >"$out/$name.txt"
}
traced() {  # NAME ARGS...: the same and the trace
  local name=$1
  shift
  run "$name" "$@" --trace "$out/$name.trace.json"
}
compare() {  # NAME ARGS...: the summary and the CSV of one comparison
  local name=$1
  shift
  "$aqlsim" compare "$@" --jobs 2 --csv "$out/$name.csv" >"$out/$name.txt"
}

for timing in at-dispatch processor-sharing; do
  for example in quickstart thread_blocks kernel_preemption; do
    traced "$example.$timing" "$ex/$example.yaml" --set device.cu.timing=$timing --predictions
  done
done
for mechanism in drain context-save kill; do
  traced "kernel_preemption.$mechanism" "$ex/kernel_preemption.yaml" \
    --set device.preemption.mechanism=$mechanism
done
traced nw "$xp/nw.yaml" --predictions
for experiment in pai_simultaneous pai_arrival25 pai_arrival50 fig3_experiment nw_experiment \
  oversubscription bashizade_pairs wu_pairs complementary_pair; do
  compare "$experiment" "$xp/$experiment.yaml"
done
# López et al. on 10 of the 100 arrival orders, under the three mechanisms. The kernel library
# is copied beside the edited experiment, so that no output names this checkout's path.
sed -e "s|orders: 100|orders: 10|" -e "s|\.\./kernels/||" "$xp/lopez_fair.yaml" >"$out/lopez_fair.yaml"
cp workloads/kernels/lopez2018.yaml "$out/"
compare lopez_fair "$out/lopez_fair.yaml" --sweep device.preemption.mechanism=drain,context-save,kill

graph=$out/layered10k.jsonl
"$aqlsim" graph gen layered n=10000 seed=3 density=0.01 kernel=k -o "$graph"
cat >"$out/layered10k.yaml" <<YAML
device: {preset: cdna}
kernels:
  - {name: k, workgroup_size: 256, workgroups: 64, vgprs: 32, wg_time: 20us, rsd: 0.1}
graph: {import: layered10k.jsonl, lowering: "round-robin:1024"}
scheduling: {queue_mapping: priority-dynamic, thread_block: fifo-backfill}
YAML
# From the output folder, so that the file name in the outputs is the same wherever it is.
cd "$out"
traced layered10k layered10k.yaml
for policy in srtf srtf-adaptive mpmax; do
  run "layered10k.$policy" layered10k.yaml --policy $policy
done
echo "golden: $(find "$out" -type f | wc -l) files in $out"
