#!/usr/bin/env bash
# Measures the size of refract's .wasm (raw and gzipped) for the default build and its
# variants: the opt-in wee_alloc allocator, rustc's size-oriented opt-levels, and
# wasm-opt's -Oz. Each variant is built into its own folder under target/wasm-size/; pkg/
# is left alone. Prints a Markdown table for the README.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"

variants=(
  "default (opt-level 3, wasm-opt -O3)||||"
  "wee_alloc|wee_alloc|||"
  "opt-level s||s||"
  "opt-level z||z||"
  "opt-level s, wasm-opt -Oz||s|-Oz|"
)
echo "| build | raw bytes | gzip -9 bytes |"
echo "|---|---:|---:|"
for v in "${variants[@]}"; do
  IFS='|' read -r name features level wasm_opt _ <<<"$v"
  out="target/wasm-size/$(echo "$name" | tr -c 'a-z0-9' '-')"
  env ${level:+CARGO_PROFILE_WASM_RELEASE_OPT_LEVEL=$level} \
    REFRACT_WASM_FEATURES="$features" REFRACT_WASM_OPT="${wasm_opt:--O3}" REFRACT_PKG_DIR="$out" \
    bash scripts/build-wasm.sh >/dev/null 2>&1
  raw=$(stat -c %s "$out/refract_bg.wasm")
  gz=$(gzip -9 -c "$out/refract_bg.wasm" | wc -c)
  echo "| $name | $raw | $gz |"
done
