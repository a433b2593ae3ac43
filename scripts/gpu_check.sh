#!/usr/bin/env bash
# The checks of hip_backend that need a GPU, in one go: what the backends find, the GPU tests,
# a calibration, and measured-against-simulated comparisons of the examples, two task graphs and
# the 56 Pai et al. pairs. Every comparison runs twice: simulated on PRESET (a preset matching
# the GPU), then on the device file `calibrate` wrote; always with contention 0, since the spin
# kernels do not contend (README: Running on a GPU). Each comparison runs 5 times (--repeat).
#   scripts/gpu_check.sh AQLSIM HIP_GPU_TEST OUTDIR [EXECUTOR] [PRESET]
#   e.g. scripts/gpu_check.sh build/cli/aqlsim build/tests/hip/hip_gpu_test out/gpu cuda h100
# AQLSIM, HIP_GPU_TEST and OUTDIR are taken relative to the current directory.
# Writes OUTDIR/{summary.txt, log.txt, calibration.yaml, steps/*.txt, PASS/*.csv, quickstart.*}
# (PASS: preset, calibrated) and prints the summary last. A step that fails is logged with its
# exit status; the rest still run, and the script then ends with status 1, naming the failed
# steps (0 when every step passed).
#   --quick (first): the GPU tests, the quickstart run and the comparisons on PRESET only (no
#   pairs, no calibration): a few minutes, for a re-check on a short GPU lease.
set -uo pipefail

quick=0
if [ "${1:-}" = --quick ]; then
  quick=1
  shift
fi
if [ $# -lt 3 ]; then
  echo "usage: $0 [--quick] AQLSIM HIP_GPU_TEST OUTDIR [EXECUTOR] [PRESET]" >&2
  exit 2
fi
aqlsim=$(realpath "$1")
gpu_test=$(realpath "$2")
out=$3
executor=${4:-auto}
preset=${5:-h100}
repeat=5  # runs per comparison: each reports its run of median makespan
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
  echo "$0: $out is not empty (the results of an earlier check?): give a new folder" >&2
  exit 2
fi
mkdir -p "$out/steps"
out=$(realpath "$out")
log=$out/log.txt
summary=$out/summary.txt
: >"$log"
: >"$summary"

step() {  # step NAME COMMAND...: runs with a 2-minute limit into steps/NAME.txt, logs the status
  local name=$1
  shift
  local start=$SECONDS
  timeout 120 "$@" >"$out/steps/$name.txt" 2>&1
  local rc=$?
  echo "$name: exit $rc, $((SECONDS - start)) s: $*" >>"$log"
  [ $rc -eq 0 ] || echo "FAILED $name (exit $rc; steps/$name.txt)" >>"$summary"
  return $rc
}

# Prints the summary and exits: 1, naming the failed steps, when any failed.
finish() {
  cat "$summary"
  local failed
  failed=$(sed -n 's/^FAILED \([^ ]*\) .*/\1/p' "$summary")
  if [ -n "$failed" ]; then
    echo "gpu_check: $(wc -l <<<"$failed") step(s) failed: $(paste -sd ' ' <<<"$failed")" >&2
    exit 1
  fi
  exit 0
}

# --set options giving every kernel of FILE's own `kernels:` list contention 0.
no_contention() {
  local kernels i
  kernels=$(grep -cE '^ *- *\{?name: ' <(sed -n '/^kernels:/,/^[a-z]/p' "$1"))
  for ((i = 0; i < kernels; i++)); do echo "kernels.$i.contention=0"; done
}

# compare PASS DEVICE NAME FILE [--set ...] [options]: simulated on DEVICE (a YAML value).
compare() {
  local pass=$1 device=$2 name=$3 file=$4
  shift 4
  local -a sets=(--set "device=$device")
  local s
  while read -r s; do sets+=(--set "$s"); done < <(no_contention "$file")
  if step "$pass.$name" "$aqlsim" hip compare "$file" --executor "$executor" --repeat "$repeat" \
    "${sets[@]}" \
    --csv "$out/$pass/$name.csv" "$@"; then
    {
      echo "--- $pass: $name"
      grep -E '^(makespan|mean)|measured makespans' "$out/steps/$pass.$name.txt"
    } >>"$summary"
  fi
}

# The 56 ordered pairs of Pai et al.'s eight ERCBench kernels, the second 100 cycles after the
# first, each kernel on its own queue (the pai_simultaneous experiment's workloads).
pai_pairs() {  # pai_pairs PASS DEVICE [options]
  local pass=$1 device=$2 dir a b
  shift 2
  mkdir -p "$out/$pass"
  dir=$(mktemp -d)
  sed -E 's/^( *)rsd: (.*)$/\1rsd: \2\n\1contention: 0/' \
    "$root/workloads/kernels/ercbench.yaml" >"$dir/ercbench.yaml"
  local -a names
  mapfile -t names < <(sed -nE 's/^  - name: ([a-z0-9_]+)$/\1/p' "$dir/ercbench.yaml")
  echo "pair,simulated_makespan_us,measured_makespan_us,makespan_error_pct" \
    >"$out/$pass/pai_makespans.csv"
  for a in "${names[@]}"; do
    for b in "${names[@]}"; do
      [ "$a" = "$b" ] && continue
      cat >"$dir/${a}__$b.yaml" <<EOF
description: Pai et al. pair $a then $b (100 cycles later)
device: $preset
kernels: [{include: ercbench.yaml}]
queues:
  - {name: first, packets: [{name: $a, dispatch: $a}]}
  - {name: second, packets: [{name: $b, dispatch: $b, at: 100cy}]}
EOF
      step "$pass.pair_${a}__$b" "$aqlsim" hip compare "$dir/${a}__$b.yaml" \
        --executor "$executor" --repeat "$repeat" --set "device=$device" --csv "$dir/${a}__$b.csv" "$@" || continue
      [ -f "$out/$pass/pai_pairs.csv" ] ||
        head -1 "$dir/${a}__$b.csv" | sed 's/^/pair,/' >"$out/$pass/pai_pairs.csv"
      tail -n +2 "$dir/${a}__$b.csv" | sed "s/^/${a}__$b,/" >>"$out/$pass/pai_pairs.csv"
      sed -nE "s/^makespan: simulated ([0-9.]+) us, measured ([0-9.]+) us, error (-?[0-9.]+) %$/${a}__$b,\\1,\\2,\\3/p" \
        "$out/steps/$pass.pair_${a}__$b.txt" >>"$out/$pass/pai_makespans.csv"
    done
  done
  rm -rf "$dir"
  awk -F, -v pass="$pass" 'NR > 1 { n++; t += ($5 < 0 ? -$5 : $5); r += ($8 < 0 ? -$8 : $8) }
    END { if (n) printf "--- %s: pai pairs, %d kernels: mean |turnaround error| %.1f %%, mean |run error| %.1f %%\n", pass, n, t / n, r / n }' \
    "$out/$pass/pai_pairs.csv" >>"$summary"
  awk -F, -v pass="$pass" 'NR > 1 { n++; e = ($4 < 0 ? -$4 : $4); m += e; if (e > x) x = e }
    END { if (n) printf "--- %s: pai pairs, %d makespans: mean |error| %.1f %%, max %.1f %%\n", pass, n, m / n, x }' \
    "$out/$pass/pai_makespans.csv" >>"$summary"
}

suite() {  # suite PASS DEVICE: the examples and task graphs, then (unless --quick) the pairs
  local pass=$1 device=$2
  mkdir -p "$out/$pass"
  compare "$pass" "$device" quickstart "$root/workloads/examples/quickstart.yaml"
  compare "$pass" "$device" thread_blocks "$root/workloads/examples/thread_blocks.yaml"
  # Puthoor et al. figure 3 on one hardware queue and on all of them; the 16 x 16
  # Needleman-Wunsch wavefront (256 queues) on 8.
  compare "$pass" "$device" fig3_one_queue "$root/workloads/experiments/fig3.yaml" \
    --set device.front_end.hw_queues=1 --hardware-queues 1
  compare "$pass" "$device" fig3 "$root/workloads/experiments/fig3.yaml"
  compare "$pass" "$device" nw "$root/workloads/experiments/nw.yaml" \
    --set device.front_end.hw_queues=8 --hardware-queues 8
  [ "$quick" -eq 1 ] || pai_pairs "$pass" "$device"
}

{
  date -u
  nvidia-smi -L 2>/dev/null || true
} >>"$summary"
step info "$aqlsim" hip info
step gpu_tests "$gpu_test" --gtest_brief=1
step quickstart_run "$aqlsim" hip run "$root/workloads/examples/quickstart.yaml" \
  --executor "$executor" --set "device=$preset" --set kernels.0.contention=0 \
  --set kernels.1.contention=0 --json "$out/quickstart.json" --trace "$out/quickstart.trace.json"
suite preset "{preset: $preset}"
if [ "$quick" -eq 1 ]; then
  finish
fi
# Which of the model's thread-block policies the GPU's own way of sharing CUs between two
# kernels is closest to (the suite uses the default, fifo-backfill).
pai_pairs preset-fifo "{preset: $preset}" --policy fifo
pai_pairs preset-mpmax "{preset: $preset}" --policy mpmax
if step calibrate "$aqlsim" hip calibrate --executor "$executor" -o "$out/calibration.yaml"; then
  cat "$out/calibration.yaml" >>"$summary"
  suite calibrated "$(cat "$out/calibration.yaml")"
fi

finish
