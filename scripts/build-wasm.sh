#!/usr/bin/env bash
# Builds refract's npm package into pkg/ (what `npm run build` runs):
#   cargo (wasm32, profile wasm-release) → wasm-bindgen --target web → wasm-opt (npm's
#   binaryen, never Debian's: its version 108 corrupts wasm-bindgen output) → the functions
#   ordered for gzip (scripts/wasm-order.mjs, then wasm-opt again) → the JS entry
#   (js/index.js), its types (js/index.d.ts), the diagnostic explanations (pkg/explain.js,
#   from scripts/explain-data.mjs) and pkg/package.json.
#
#   scripts/build-wasm.sh              release build into pkg/
#   scripts/build-wasm.sh --dev        debug build (panic messages in the console), no wasm-opt
#   REFRACT_WASM_FEATURES=wee_alloc scripts/build-wasm.sh   the opt-in allocator
#   REFRACT_PKG_DIR=out/pkg scripts/build-wasm.sh           another output folder
#   REFRACT_WASM_OPT=-O3 scripts/build-wasm.sh              another wasm-opt level (default -Oz)
#   REFRACT_WASM_RUSTFLAGS="-C llvm-args=…" scripts/build-wasm.sh   extra flags for rustc/LLVM
#   CARGO_PROFILE_WASM_RELEASE_OPT_LEVEL=2 scripts/build-wasm.sh    another opt-level
#
# The release build is built for size: opt-level z (Cargo.toml's wasm-release profile)
# and wasm-opt -Oz. It is 22 % smaller than opt-level 2 with LLVM's inlining tuned down
# (the default before) for about 45 % more CPU per explore() in Chromium. scripts/wasm-size.sh
# shows the variants; pkg-tests/bench/compare-cpu.mjs (Node) and explore-ab.mjs (Chromium)
# compare their CPU.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"

profile=wasm-release
[ "${1:-}" = "--dev" ] && profile=dev
out="${REFRACT_PKG_DIR:-pkg}"
features="${REFRACT_WASM_FEATURES:-}"

ensure_wasm_toolchain
ensure_npm_deps

build_std=()
if [ "$profile" != dev ]; then
  # Panic locations (file, line and column of every bounds check, unwrap and assertion:
  # about 1,240 of them, 16 bytes each and a distinct constant at each call site) are
  # left out of the package: -Zlocation-detail=none saves 31 KB raw and 13 KB gzipped,
  # room the budget needs for every back end and pass. A panic is a bug in any case; its
  # message still reaches takePanicMessage(), without the location, and the native CLI
  # (and `--dev`) keep them. The flag is unstable, so the stable compiler is told to
  # accept it for this build only (RUSTC_BOOTSTRAP); it has kept its meaning since Rust 1.59.
  export RUSTC_BOOTSTRAP=1
  # Cargo adds these to .cargo/config.toml's flags for the target (the stack size stays).
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Zlocation-detail=none ${REFRACT_WASM_RUSTFLAGS:-}"
  # The standard library is built with the package, at its opt-level z, and with std's
  # `optimize_for_size` (smaller sort and formatting code, the same results; sorting stays
  # O(n log n)) rather than linked from the toolchain's copy built for speed: 7.5 KB
  # gzipped less. Panics still abort with their message (no `immediate-abort`: that
  # would save 3.4 KB more but leave takePanicMessage() nothing to report).
  build_std=(-Zbuild-std=std,panic_abort -Zbuild-std-features=optimize_for_size)
fi

log "cargo build --target wasm32-unknown-unknown --profile $profile ${features:+--features $features}"
cargo build --quiet --lib --target wasm32-unknown-unknown ${build_std[@]+"${build_std[@]}"} --profile "$profile" ${features:+--features "$features"}
dir=$profile; [ "$profile" = dev ] && dir=debug
wasm="target/wasm32-unknown-unknown/$dir/refract.wasm"

rm -rf "$out" && mkdir -p "$out"
debug_flag=(); [ "$profile" = dev ] && debug_flag=(--debug)
wasm-bindgen --target web --out-dir "$out" --out-name refract "${debug_flag[@]}" "$wasm"
if [ "$profile" != dev ]; then
  # --low-memory-unused: no pointer that wrapped around addresses the first 1,024 bytes
  # of memory (the far end of the stack, which Rust's target puts first), so a constant
  # added to a pointer can become the instruction's offset. The functions are then
  # ordered by name, which puts a function beside its kin (the same module, the same
  # generic), where gzip finds their common code; the names are stripped after. The
  # --enable flags are the features Rust's wasm32 target emits by default and SIMD
  # (.cargo/config.toml); wasm-opt must be told of them. --converge repeats the passes
  # while the module shrinks (about 0.8 KB gzipped, for twice the wasm-opt time).
  features=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
    --enable-mutable-globals --enable-reference-types --enable-multivalue --enable-simd)
  strip=(--strip-debug --strip-producers --strip-target-features)
  node_modules/.bin/wasm-opt "${REFRACT_WASM_OPT:--Oz}" --converge --low-memory-unused \
    --reorder-functions-by-name "${strip[@]}" "${features[@]}" \
    "$out/refract_bg.wasm" -o "$out/refract_bg.wasm"
  # Then each function is moved to where gzip compresses it best after the ones before
  # it: scripts/wasm-order.mjs names them in that order, and wasm-opt sorts them by name
  # and drops the names (−3.9 KB gzipped, with HLSL in). The second -Oz is there because
  # binaryen writes a module it reads back 1.6 KB larger unless it optimizes it again.
  node scripts/wasm-order.mjs "$out/refract_bg.wasm" "$out/ordered.wasm"
  node_modules/.bin/wasm-opt "${REFRACT_WASM_OPT:--Oz}" --low-memory-unused \
    --reorder-functions-by-name "${strip[@]}" "${features[@]}" \
    "$out/ordered.wasm" -o "$out/refract_bg.wasm"
  rm "$out/ordered.wasm"
fi
cp js/index.js js/index.d.ts js/README.md "$out/"
# The diagnostic explanations (`explain()`): plain JS data beside the module, which does
# not carry them (its size budget).
node scripts/explain-data.mjs "$out/explain.js"
# The glue's generated declarations describe the raw layer under index.js, which is not
# the package's interface: its types are index.d.ts.
rm -f "$out/refract.d.ts" "$out/refract_bg.wasm.d.ts" "$out/.gitignore"
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
sed "s/@VERSION@/$version/" js/package.json > "$out/package.json"

raw=$(stat -c %s "$out/refract_bg.wasm")
gz=$(gzip -9 -c "$out/refract_bg.wasm" | wc -c)
log "$out/refract_bg.wasm: $raw bytes raw, $gz bytes gzipped"
