#!/usr/bin/env bash
# The npm package (pkg/), built from scratch and tested from Node with node:test: the API
# of DESIGN §9, bad input, agreement with the CLI, a 10,000-compile soak, loading, types.
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO_ROOT"
require_shared
ensure_npm_deps
bash scripts/build-wasm.sh || { echo "pkg: 0 passed, 1 failed"; exit 1; }
# The CLI the agreement tests compare against.
cargo build --profile ci --quiet --bin refract || { echo "pkg: 0 passed, 1 failed"; exit 1; }
log_file=$(mktemp)
node --test --test-reporter=spec pkg-tests/node/ 2>&1 | tee "$log_file" | grep -Ev '^\s+✔'
status=${PIPESTATUS[0]}
node_test_counts "$log_file" pkg
rm -f "$log_file"
exit "$status"
