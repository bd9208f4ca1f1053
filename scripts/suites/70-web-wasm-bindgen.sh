#!/usr/bin/env bash
# The wasm-bindgen tests (tests/wasm.rs): the bindings of src/wasm.rs inside real JS
# engines, once under Node and once in headless Chromium through chromedriver.
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO_ROOT"
ensure_chromium
ensure_node
ensure_wasm_toolchain

passed=0; failed=0; status=0
# The wasm-only code (src/wasm.rs, tests/wasm.rs) is invisible to the native lint suite.
if cargo clippy --quiet --target wasm32-unknown-unknown --profile ci --lib --test wasm -- -D warnings; then
  passed=$((passed + 1))
else
  failed=$((failed + 1)); status=1
fi
for engine in node chromium; do
  log_file=$(mktemp)
  if [ "$engine" = chromium ]; then
    env WASM_BINDGEN_USE_BROWSER=1 \
      WASM_BINDGEN_TEST_WEBDRIVER_JSON="$REPO_ROOT/tests/wasm-support/webdriver.json" \
      cargo test --target wasm32-unknown-unknown --profile ci --test wasm >"$log_file" 2>&1
  else
    cargo test --target wasm32-unknown-unknown --profile ci --test wasm >"$log_file" 2>&1
  fi
  code=$?
  grep -E '^(test |test result|error)' "$log_file" | sed "s/^/[$engine] /"
  if [ $code -ne 0 ]; then tail -n 40 "$log_file"; status=1; fi
  p=$(grep -E '^test result' "$log_file" | grep -Eo '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
  f=$(grep -E '^test result' "$log_file" | grep -Eo '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
  # A run that never reached its tests (a build or driver failure) counts as a failure.
  [ $code -ne 0 ] && [ "$f" -eq 0 ] && f=1
  passed=$((passed + p)); failed=$((failed + f))
  rm -f "$log_file"
done
echo "wasm-bindgen: $passed passed, $failed failed"
[ $status -eq 0 ] && [ $passed -gt 0 ]
