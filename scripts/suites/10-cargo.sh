#!/usr/bin/env bash
# Unit and integration tests: cargo test over the whole crate, in the `ci` profile
# (optimized, with debug assertions and overflow checks on).
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO_ROOT"
# The SPIR-V tests run spirv-val and spirv-as.
# The diffexec harness's tests (tools/diffexec) run shaders on lavapipe.
# The HLSL tests compile refract's HLSL with glslang's HLSL front end (DXC's stand-in).
ensure_apt mesa-vulkan-drivers libvulkan1 spirv-tools glslang-tools
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"
# The HLSL corpus test runs glslang twice per entry point: CI takes one file in ten
# (REFRACT_HLSL_EVERY=1 runs them all).
export REFRACT_HLSL_EVERY="${REFRACT_HLSL_EVERY:-10}"
log_file=$(mktemp)
cargo test --profile ci --all-targets --no-fail-fast >"$log_file" 2>&1
status=$?
grep -E '^(test result|     Running|error|failures:|---- )|panicked|^[a-z_-]+: [0-9]+ passed' "$log_file"
if [ $status -ne 0 ]; then tail -n 60 "$log_file"; fi
passed=$(grep -E '^test result' "$log_file" | grep -Eo '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
failed=$(grep -E '^test result' "$log_file" | grep -Eo '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
echo "cargo: $passed passed, $failed failed"
rm -f "$log_file"
exit "$status"
