#!/usr/bin/env bash
# A large `aqlsim compare` as a Slurm job array, without MPI: each array task makes one shard of
# the runs (--shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT), and a job that waits for the
# whole array merges the shards into the summary and the CSV that one process would have
# printed and written (README: Sweeps on a cluster).
#
#   scripts/sbatch-compare.sh EXPERIMENT.yaml SHARDS OUT_DIR [compare options...]
#
# Run on the login node, it submits itself as an array of SHARDS tasks (indices 0 to SHARDS-1,
# as --shard counts) and the merge job; each task runs this script again, which then makes its
# shard into OUT_DIR/part_I.csv with one thread per CPU of the task. The merge job writes
# OUT_DIR/results.csv and OUT_DIR/summary.txt. AQLSIM names the program (default: aqlsim on
# the PATH). Edit the #SBATCH lines (or pass sbatch options in SBATCH_OPTIONS) for your site.
#
# With MPI instead, one job over many cores or nodes gives the same files:
#   srun -n 64 aqlsim compare EXPERIMENT.yaml --csv results.csv > summary.txt
#   mpirun -n 64 aqlsim compare EXPERIMENT.yaml --csv results.csv > summary.txt
#
#SBATCH --job-name=aqlsim-compare
#SBATCH --cpus-per-task=4
#SBATCH --time=02:00:00
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 EXPERIMENT.yaml SHARDS OUT_DIR [compare options...]" >&2
  exit 2
fi
experiment=$1 shards=$2 out=$3
shift 3
aqlsim=${AQLSIM:-aqlsim}

if [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then
  mkdir -p "$out"
  # shellcheck disable=SC2086  # SBATCH_OPTIONS is a list of options
  array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --array="0-$((shards - 1))" \
    --output="$out/shard_%a.log" "$0" "$experiment" "$shards" "$out" "$@")
  merge=$(printf '%q merge %q/part_*.csv -o %q > %q' "$aqlsim" "$out" "$out/results.csv" \
    "$out/summary.txt")
  sbatch --parsable ${SBATCH_OPTIONS:-} --dependency="afterok:${array%%;*}" \
    --output="$out/merge.log" --wrap="$merge"
  exit 0
fi

exec "$aqlsim" compare "$experiment" --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" \
  --jobs "${SLURM_CPUS_PER_TASK:-1}" --csv "$out/part_$SLURM_ARRAY_TASK_ID.csv" "$@"
