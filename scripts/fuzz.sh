#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, clang, ASan + UBSan) and runs each for SECONDS (default 60)
# on a copy of its committed seed corpus, one after another. Prints the executions per second of
# each; exits non-zero if any target crashed, leaked, timed out or ran out of memory (libFuzzer
# leaves the input as BUILD_DIR/findings/<target>/crash-* etc.).
#   scripts/fuzz.sh              # 60 s per target, built in build-fuzz/ (no tests)
#   scripts/fuzz.sh 600          # the longer run
#   scripts/fuzz.sh 30 build-asan  # in the tree scripts/test.sh --sanitize built (CI)
#   FUZZ_TARGETS="dot stg" scripts/fuzz.sh 30
#   FUZZ_JOBS=2 builds with two jobs (default: all cores)
# BUILD_DIR is taken relative to the current directory (default: build-fuzz/ in the repository).
set -euo pipefail

seconds="${1:-60}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$(realpath -m "${2:-$root/build-fuzz}")"
targets=(${FUZZ_TARGETS:-workload dot stg jsonl packets})

# Ninja for a new tree; an existing one keeps its generator (CMake refuses another).
generator=(-G Ninja)
[ -f "$build/CMakeCache.txt" ] && generator=()
# A tree already configured for fuzzing (build-asan) keeps its options, tests included.
if ! grep -qs '^AQLSIM_FUZZ:BOOL=ON$' "$build/CMakeCache.txt"; then
  CC=clang CXX=clang++ cmake -S "$root" -B "$build" "${generator[@]}" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DAQLSIM_FUZZ=ON -DAQLSIM_BUILD_TESTS=OFF -DAQLSIM_BUILD_BENCH=OFF -DAQLSIM_HIP=OFF \
    -DAQLSIM_CUDA=OFF >/dev/null
fi
cmake --build "$build" --parallel "${FUZZ_JOBS:-$(nproc)}" \
  --target $(printf 'fuzz_%s ' "${targets[@]}")

failed=0
for t in "${targets[@]}"; do
  work="$build/fuzz-run/$t"
  findings="$build/findings/$t"
  rm -rf "$work"
  mkdir -p "$work/corpus" "$findings"
  cp "$root/fuzz/corpus/$t/"* "$work/corpus/"  # new inputs go to the copy, not the repository
  dict=()
  [[ -f "$root/fuzz/$t.dict" ]] && dict=(-dict="$root/fuzz/$t.dict")
  echo "== fuzz_$t: ${seconds}s"
  status=0
  (cd "$work" && ASAN_OPTIONS=detect_leaks=1 "$build/fuzz/fuzz_$t" "${dict[@]}" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=1 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix="$findings/" corpus >"$work/log" 2>&1) || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/log")
  echo "fuzz_$t: ${runs:-?} executions, ${rate:-?} execs/s, exit status $status"
  if [[ $status -ne 0 ]]; then
    failed=1
    grep -E '^(==[0-9]+==ERROR|SUMMARY|aqlsim fuzz:|.*runtime error)' "$work/log" | head -n 5 || true
    ls "$findings"
    echo "(full log: $work/log)"
  fi
done
exit $failed
