#!/usr/bin/env bash
# Differential execution (issue #7): runs WGSL compute shaders on lavapipe (Mesa's CPU
# Vulkan driver) through naga (the reference, as wgpu runs them) and through refract's
# WGSL and SPIR-V back ends and its formatter, and compares every writable buffer bit for
# bit. Shaders run on one driver process per core (--jobs).
#
# Inputs: every in-scope corpus compute shader the harness can bind, and DIFFEXEC_SEEDS
# generated programs (default 300; the generated ones also run the naga round-trip
# stand-in path). A refract path that answers "not implemented" (E0004) is counted and
# printed loudly but does not fail the suite; once it compiles, any mismatch or failure
# does. Long campaigns: DIFFEXEC_SEEDS=10000 scripts/test diffexec.
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO_ROOT"
require_shared
ensure_apt mesa-vulkan-drivers libvulkan1 vulkan-tools spirv-tools
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"
if ! vulkaninfo --summary 2>/dev/null | grep -q llvmpipe; then
  echo "error: lavapipe (llvmpipe) is not visible to Vulkan; vulkaninfo --summary says:" >&2
  vulkaninfo --summary >&2 || true
  echo "diffexec: 0 passed, 1 failed"
  exit 1
fi

seeds="${DIFFEXEC_SEEDS:-300}"
out=$(mktemp -d)
cargo build --profile ci --quiet -p refract-diffexec || { echo "diffexec: 0 passed, 1 failed"; exit 1; }
bin=target/ci/refract-diffexec

status=0
"$bin" --corpus "$REFRACT_SHARED/corpus" --out "$out" >"$out/corpus.log" 2>&1 || status=1
"$bin" --seeds "$seeds" --standin --out "$out" >"$out/seeds.log" 2>&1 || status=1

# Counts are per (case, candidate path): a pass is a path that ran and matched the
# reference bit for bit; a path refract does not implement yet counts as skipped, loudly.
passed=0; failed=0; skipped=0
declare -A not_implemented=()
for log in "$out/corpus.log" "$out/seeds.log"; do
  name=$(basename "$log" .log)
  # Mismatch reports, failures and reduced repros; then the summary.
  grep -E '^(MISMATCH|FAILED|REDUCED)' "$log" | head -n 40
  sed -n '/^path /,$p' "$log" | sed "s/^/$name: /"
  if ! tail -n 1 "$log" | grep -Eq '^ran [0-9]+, skipped [0-9]+, mismatches [0-9]+$'; then
    echo "$name: the harness did not finish; its output ends with:"
    tail -n 30 "$log"
    failed=$((failed + 1)); status=1
    continue
  fi
  while read -r path p m f n i; do
    passed=$((passed + p)); failed=$((failed + m + f)); skipped=$((skipped + n + i))
    not_implemented[$path]=$(( ${not_implemented[$path]:-0} + n ))
  done < <(sed -nE 's/^path ([a-z-]+): ([0-9]+) passed, ([0-9]+) mismatched, ([0-9]+) failed, ([0-9]+) not implemented, ([0-9]+) inconclusive$/\1 \2 \3 \4 \5 \6/p' "$log")
  gen=$(sed -nE 's/^generator failures ([0-9]+)$/\1/p' "$log")
  failed=$((failed + ${gen:-0}))
done
for path in "${!not_implemented[@]}"; do
  if [ "${not_implemented[$path]}" -gt 0 ]; then
    echo "diffexec: NOT IMPLEMENTED: path $path did not run ${not_implemented[$path]} times: refract answers E0004 (counted as skipped until the back end lands)"
  fi
done
if [ $status -ne 0 ]; then
  echo "full logs: $out"
else
  rm -rf "$out"
fi
echo "diffexec: $passed passed, $failed failed, $skipped skipped"
exit $status
