#!/usr/bin/env bash
# The syntax layer against the corpus, with its figures printed: parse/fmt/idempotence/naga
# rates over the 10,758 in-scope files, 10,000 token-level mutants (REFRACT_MUTANTS=N for a
# longer campaign), and the syntax-error snapshots. 10-cargo.sh runs the same tests without
# showing their output; this suite shows the counts.
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO_ROOT"
require_shared
log_file=$(mktemp)
cargo test --profile ci --test corpus_syntax --test mutants --test syntax_errors -- --nocapture \
  >"$log_file" 2>&1
status=$?
grep -E '^(corpus-syntax:|  [a-z]|mutants:|comment mutants:|syntax-error snapshots:|test result)' "$log_file"
if [ $status -ne 0 ]; then tail -n 60 "$log_file"; fi
passed=$(grep -E '^test result' "$log_file" | grep -Eo '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
failed=$(grep -E '^test result' "$log_file" | grep -Eo '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
[ $status -ne 0 ] && [ "$failed" -eq 0 ] && failed=1
echo "corpus-syntax: $passed passed, $failed failed"
rm -f "$log_file"
exit "$status"
