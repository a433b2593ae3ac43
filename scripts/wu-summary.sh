#!/usr/bin/env bash
# Wu et al. 2014, figure 3 style: STP of every kernel pair relative to the original kernels
# under the hardware scheduler, geometric mean over the pairs, for persistent threads, SM-centric
# partitions chosen by kernel-smc's model ("SMC predicted") and the best of every static
# partition ("SMC optimal"). Usage: scripts/wu-summary.sh [path/to/aqlsim]
# The path is taken relative to the current directory, a bare name from PATH (default:
# build/cli/aqlsim in the repository); the CSV files go to out/wu/ in the repository.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/program_path.sh"
aqlsim=$(program_path "${1:-$root/build/cli/aqlsim}")
cd "$root"
out=out/wu
mkdir -p "$out"
"$aqlsim" compare workloads/experiments/wu_pairs_original.yaml --jobs 2 --csv "$out/original.csv" >/dev/null
"$aqlsim" compare workloads/experiments/wu_pairs.yaml --jobs 2 --csv "$out/pairs.csv" >/dev/null
"$aqlsim" compare workloads/experiments/wu_pairs.yaml --policies kernel-smc --jobs 2 \
  --sweep scheduling.params.kernel-smc.first_cus=1,2,3,4,5,6,7,8,9,10,11,12,13 \
  --csv "$out/partitions.csv" >/dev/null 2>&1
# original.csv and pairs.csv: workload,policy,status,makespan_us,stp,...; partitions.csv has the
# swept first_cus as its second column.
awk -F, '
  FNR == 1 { next }
  FILENAME ~ /original/ { original[$1] = $5 }
  FILENAME ~ /pairs/ { if ($2 == "none") persistent[$1] = $5; else predicted[$1] = $5 }
  FILENAME ~ /partitions/ { if (!($1 in optimal) || $6 > optimal[$1]) optimal[$1] = $6 }
  END {
    for (w in original) {
      n++
      p += log(persistent[w] / original[w])
      s += log(predicted[w] / original[w])
      o += log(optimal[w] / original[w])
      if (predicted[w] < optimal[w] - 1e-9) below++
    }
    printf "pairs: %d\n", n
    printf "persistent threads / original:  %.3f\n", exp(p / n)
    printf "SMC predicted / original:       %.3f\n", exp(s / n)
    printf "SMC optimal / original:         %.3f\n", exp(o / n)
    printf "pairs where predicted < optimal: %d\n", below + 0
  }' "$out/original.csv" "$out/pairs.csv" "$out/partitions.csv"
