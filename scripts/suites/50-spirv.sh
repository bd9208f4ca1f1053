#!/usr/bin/env bash
# The SPIR-V back end: its IR tests (spirv-val on every module, snapshot disassembly,
# spirv-as round trip), the legalization rules' filecheck tests, and the CLI. Installs
# Debian's spirv-tools (spirv-val, spirv-as) when missing.
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO_ROOT"
ensure_apt spirv-tools
if ! command -v spirv-val >/dev/null || ! command -v spirv-as >/dev/null; then
  echo "error: spirv-val and spirv-as are needed (Debian package spirv-tools)" >&2
  echo "spirv: 0 passed, 1 failed"
  exit 1
fi
log_file=$(mktemp)
cargo test --profile ci --test spirv_backend --test spirv_legalize --test transform_filecheck --test spirv_synth --test cli_spirv \
  -- --nocapture >"$log_file" 2>&1
status=$?
grep -E '^(spirv[a-z ]*:|test result|---- )|panicked' "$log_file"
if [ $status -ne 0 ]; then tail -n 60 "$log_file"; fi
# Each test prints `spirv WHAT: N passed, N failed` for the modules or cases it ran.
passed=$(grep -E '^spirv [a-z -]+: [0-9]+ passed' "$log_file" | grep -Eo '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
failed=$(grep -E '^spirv [a-z -]+: [0-9]+ passed' "$log_file" | grep -Eo '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
[ $status -ne 0 ] && [ "$failed" -eq 0 ] && failed=1
echo "spirv: $passed passed, $failed failed"
rm -f "$log_file"
exit "$status"
