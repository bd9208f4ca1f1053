#!/usr/bin/env bash
# The WGSL round trip against Chromium's WebGPU compiler (Tint in Dawn, on SwiftShader):
# every 10th in-scope corpus file (REFRACT_CHROMIUM_EVERY=1 for the whole corpus, about
# 20 minutes on two loaded cores) is compiled with `refract compile --to wgsl`, and
# Chromium must accept the output wherever it accepts the original, on at least 99 % of
# the files. scripts/dev/chromium-roundtrip.mjs says how WebGPU runs headless here.
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO_ROOT"
require_shared
ensure_chromium
ensure_npm_deps
if ! cargo build --profile ci --bin refract --quiet; then
  echo "chromium-roundtrip: 0 passed, 1 failed"
  exit 1
fi
node scripts/dev/chromium-roundtrip.mjs --refract target/ci/refract \
  --every "${REFRACT_CHROMIUM_EVERY:-10}" --jobs 2
status=$?
if [ "$status" -eq 0 ]; then
  echo "chromium-roundtrip: 1 passed, 0 failed"
else
  echo "chromium-roundtrip: 0 passed, 1 failed"
fi
exit "$status"
