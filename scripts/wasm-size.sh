#!/usr/bin/env bash
# Measures refract's .wasm for the default build and its alternatives: size raw and
# gzipped, and the compiler's CPU time per keystroke (every product of `explore` on the
# 1,055-line example) relative to the default, run interleaved with it
# (pkg-tests/bench/compare-cpu.mjs: median of the rounds and their range; the machine's
# noise shows in the range). Each variant is built into its own folder under
# target/wasm-size/; pkg/ is left alone. Prints a Markdown table for the README.
#
#   scripts/wasm-size.sh              every variant (one cargo build each, ~3 min apiece)
#   WASM_SIZE_ROUNDS=20 scripts/wasm-size.sh   more rounds of the CPU comparison (default 10)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"

# The flags for LLVM of the opt-level 2 build that was the default before opt-level z.
tuned="-C llvm-args=-inline-threshold=75 -C llvm-args=-unroll-threshold=0"
# Most of the size that inlining adds comes from callees marked #[inline] (the standard
# library's generic code above all), which LLVM inlines up to -inlinehint-threshold (325)
# whatever -inline-threshold says. opt-level z caps both at 25 (opt-level s only the plain
# one, at 75), which is where z's size and most of its CPU cost come from; an explicit
# -inline-threshold lifts the cap, so the z row at 75 inlines like the "#[inline] threshold
# 75" row and shows what z's code generation adds on its own.
# name | cargo features | opt-level | wasm-opt level | flags for LLVM
variants=(
  "default (opt-level z, wasm-opt -Oz)||z|-Oz|"
  "wee_alloc (opt-in)|wee_alloc|z|-Oz|"
  "opt-level 2, inline threshold 75, no unrolling, wasm-opt -Oz (the default before)||2|-Oz|$tuned"
  "opt-level 3, wasm-opt -O3||3|-O3|"
  "opt-level 2, wasm-opt -O3||2|-O3|"
  "opt-level 2, inline threshold 100, wasm-opt -Oz||2|-Oz|-C llvm-args=-inline-threshold=100"
  "opt-level 2, inline threshold 50, no unrolling, wasm-opt -Oz||2|-Oz|-C llvm-args=-inline-threshold=50 -C llvm-args=-unroll-threshold=0"
  "opt-level 2 tuned, #[inline] threshold 150 (325 by default)||2|-Oz|$tuned -C llvm-args=-inlinehint-threshold=150"
  "opt-level 2 tuned, #[inline] threshold 75||2|-Oz|$tuned -C llvm-args=-inlinehint-threshold=75"
  "opt-level z, inline threshold 75, no unrolling, wasm-opt -Oz||z|-Oz|$tuned"
  "opt-level s, wasm-opt -Oz||s|-Oz|"
)
dirs=()
rows=()
for v in "${variants[@]}"; do
  IFS='|' read -r name features level wasm_opt llvm <<<"$v"
  out="target/wasm-size/$(echo "$name" | tr -c 'a-z0-9' '-')"
  log "$name"
  CARGO_PROFILE_WASM_RELEASE_OPT_LEVEL="$level" REFRACT_WASM_RUSTFLAGS="$llvm" \
    REFRACT_WASM_FEATURES="$features" REFRACT_WASM_OPT="$wasm_opt" REFRACT_PKG_DIR="$out" \
    bash scripts/build-wasm.sh >/dev/null 2>&1
  raw=$(stat -c %s "$out/refract_bg.wasm")
  gz=$(gzip -9 -c "$out/refract_bg.wasm" | wc -c)
  dirs+=("$out")
  rows+=("| $name | $raw | $gz |")
done

log "CPU, interleaved against the default"
mapfile -t cpu < <(node pkg-tests/bench/compare-cpu.mjs "${WASM_SIZE_ROUNDS:-10}" 15 "${dirs[@]}" | tail -n +2)
echo "| build | raw bytes | gzip -9 bytes | explore() CPU vs default: median [range] |"
echo "|---|---:|---:|---|"
for i in "${!rows[@]}"; do
  IFS=$'\t' read -r _ _ median range <<<"${cpu[$i]}"
  echo "${rows[$i]} $median $range |"
done
