#!/usr/bin/env bash
# Browser tests in Debian's Chromium (playwright-core, never a downloaded browser): the
# package bundled by Vite and imported as a plain ES module, and the playground end to end.
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO_ROOT"
require_shared
ensure_chromium
ensure_npm_deps
npm run --silent build:www >/dev/null || { echo "browser: 0 passed, 1 failed"; exit 1; }
log_file=$(mktemp)
node --test --test-concurrency=1 --test-reporter=spec pkg-tests/browser/ 2>&1 | tee "$log_file" | grep -Ev '^\s+✔'
status=${PIPESTATUS[0]}
node_test_counts "$log_file" browser
rm -f "$log_file"
exit "$status"
