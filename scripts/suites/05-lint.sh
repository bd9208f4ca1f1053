#!/usr/bin/env bash
# Formatting and lints: cargo fmt --check and clippy with warnings denied.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO_ROOT"
cargo fmt --check
cargo clippy --profile ci --all-targets --quiet -- -D warnings
echo "lint: 2 passed, 0 failed"
