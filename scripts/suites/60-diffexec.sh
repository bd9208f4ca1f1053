#!/usr/bin/env bash
# Differential execution (issue #7): runs WGSL compute shaders on lavapipe (Mesa's CPU
# Vulkan driver) through naga (the reference, as wgpu runs them) and through refract's
# WGSL and SPIR-V back ends and its formatter, and compares every writable buffer bit for
# bit. Shaders run on one driver process per core (--jobs).
#
# The fast subset CI runs (about 3 minutes on two cores): one corpus compute entry point
# in DIFFEXEC_CORPUS_SAMPLE (default 3, the same ones every run; 1 runs them all) and
# DIFFEXEC_SEEDS generated programs (default 200). refract's paths must run: "not
# implemented" (E0004), a failure or a mismatch fails the suite; a listed known
# difference (tools/diffexec/src/known.rs) is printed and does not. The binary is the
# `ci` profile's, which 10-cargo.sh has already built.
# Long campaigns: DIFFEXEC_CORPUS_SAMPLE=1 DIFFEXEC_SEEDS=10000 scripts/test diffexec.
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

seeds="${DIFFEXEC_SEEDS:-200}"
sample="${DIFFEXEC_CORPUS_SAMPLE:-3}"
out=$(mktemp -d)
cargo build --profile ci --quiet -p refract-diffexec || { echo "diffexec: 0 passed, 1 failed"; exit 1; }
bin=target/ci/refract-diffexec

status=0
start=$SECONDS
"$bin" --corpus "$REFRACT_SHARED/corpus" --sample "$sample" --require-refract --out "$out" \
  >"$out/corpus.log" 2>&1 || status=1
"$bin" --seeds "$seeds" --require-refract --out "$out" >"$out/seeds.log" 2>&1 || status=1
echo "diffexec: corpus (one in $sample) and $seeds seeds in $((SECONDS - start)) s"

# Counts are per (case, candidate path): a pass is a path that ran and matched the
# reference bit for bit; "not implemented" is a failure (--require-refract); a known
# difference is neither a pass nor a failure.
passed=0; failed=0; skipped=0
for log in "$out/corpus.log" "$out/seeds.log"; do
  name=$(basename "$log" .log)
  # Mismatch reports, failures and reduced repros; then the summary.
  grep -E '^(MISMATCH|FAILED|REDUCED|KNOWN DIFFERENCE)' "$log" | cut -c1-400 | head -n 40
  sed -n '/^path /,$p' "$log" | sed "s/^/$name: /"
  if ! tail -n 1 "$log" | grep -Eq '^ran [0-9]+, skipped [0-9]+, mismatches [0-9]+$'; then
    echo "$name: the harness did not finish; its output ends with:"
    tail -n 30 "$log"
    failed=$((failed + 1)); status=1
    continue
  fi
  while read -r p m f n i k; do
    passed=$((passed + p)); failed=$((failed + m + f + n)); skipped=$((skipped + i + k))
  done < <(sed -nE 's/^path [a-z-]+: ([0-9]+) passed, ([0-9]+) mismatched, ([0-9]+) failed, ([0-9]+) not implemented, ([0-9]+) inconclusive, ([0-9]+) known differences$/\1 \2 \3 \4 \5 \6/p' "$log")
  gen=$(sed -nE 's/^generator failures ([0-9]+)$/\1/p' "$log")
  failed=$((failed + ${gen:-0}))
done
if [ $status -ne 0 ]; then
  echo "full logs: $out"
else
  rm -rf "$out"
fi
echo "diffexec: $passed passed, $failed failed, $skipped skipped"
exit $status
