#!/usr/bin/env bash
# Fails when a file compiled in a unity batch (CMakeLists.txt: aqlsim_unity_build) defines a
# file-local function (in an anonymous namespace, or `static`) whose name another file of the
# batch gives a function (file-local or not) in the same namespace. In one batch they are
# overloads of each other, and a call meant for one file's helper can silently pick the other's
# (a test's `op(kind, dispatch, {4})` once called another file's `op(kind, queue, dispatch)`).
# Reads the batches CMake generated in BUILD_DIR (*/Unity/unity_*_cxx.cxx) and the functions
# Universal Ctags finds in their files. Exit status:
# 0 no clash, 1 a clash, 2 a usage error, 77 (CTest's skip) no Universal Ctags.
#   scripts/unity-names.sh BUILD_DIR      every batch of a configured, built tree
#   scripts/unity-names.sh BATCH.cxx...   those batches (a file of #include lines)
set -euo pipefail
if [ $# -eq 0 ]; then
  echo "usage: $0 BUILD_DIR | BATCH.cxx..." >&2
  exit 2
fi
if ! ctags --version 2>/dev/null | grep -q 'Universal Ctags'; then
  echo "unity-names: Universal Ctags not found (Debian package universal-ctags); skipped" >&2
  exit 77
fi
if [ $# -eq 1 ] && [ -d "$1" ]; then
  mapfile -t batches < <(find "$1" -path '*/Unity/unity_*_cxx.cxx' | sort)
  if [ ${#batches[@]} -eq 0 ]; then
    echo "unity-names: no unity batches under $1 (configure and build it first)" >&2
    exit 2
  fi
else
  batches=("$@")
fi
clashes=0
for batch in "${batches[@]}"; do
  mapfile -t files < <(sed -n 's/^#include "\(.*\)"$/\1/p' "$batch")
  for f in "${files[@]}"; do
    if [ ! -r "$f" ]; then
      echo "unity-names: $batch includes $f, which cannot be read" >&2
      exit 2
    fi
  done
  [ ${#files[@]} -gt 1 ] || continue
  # One line a function: NAME FILE LINE ;" f then key:value fields (scope, properties).
  report=$(ctags --output-format=u-ctags --excmd=number --c++-kinds=f --fields=+nZp \
    --fields-C++=+'{properties}' --language-force=C++ -o - "${files[@]}" | awk -F'\t' '
    # GoogleTest macros read as functions; lambdas are named __anon...
    $1 ~ /^(TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P)$/ || $1 ~ /^__anon/ { next }
    {
      scope_kind = ""; scope = ""; is_static = 0
      for (i = 4; i <= NF; ++i) {
        if ($i ~ /^scope:/) { split($i, s, ":"); scope_kind = s[2]; scope = substr($i, length(s[2]) + 8) }
        if ($i ~ /^properties:.*static/) is_static = 1
      }
      if (scope_kind != "" && scope_kind != "namespace") next  # a member or a local
      n = split(scope, parts, "::")
      local = is_static || (n > 0 && parts[n] ~ /^__anon/)
      outer = ""
      for (i = 1; i <= n; ++i) if (parts[i] !~ /^__anon/) outer = outer parts[i] "::"
      key = outer $1
      if (!((key, $2) in seen)) { seen[key, $2] = 1; where[key] = where[key] " " $2 ":" $3 + 0; files[key]++ }
      if (local) has_local[key] = 1
    }
    # A file-local helper clashes with a function of that name in another file of the batch,
    # file-local or not.
    END { for (k in files) if (files[k] > 1 && (k in has_local)) printf "  %s, file-local in at least one of:%s\n", k, where[k] }' | sort)
  if [ -n "$report" ]; then
    printf '%s:\n%s\n' "$batch" "$report" >&2
    clashes=$((clashes + $(wc -l <<<"$report")))
  fi
done
if [ "$clashes" -gt 0 ]; then
  echo "unity-names: $clashes file-local name(s) shared within a unity batch; rename one of each" >&2
  exit 1
fi
echo "unity-names: ${#batches[@]} unity batches, no file-local name shared within one"
