#!/usr/bin/env bash
# Runs JSON-Schema-Test-Suite (draft2020-12, draft2019-09, draft7, draft6 and draft4: the
# required tests, optional/, and optional/format/ with format assertion on) against
# CodableSchema, serving remotes/ from disk
# in place of http://localhost:1234/. Prints `N passed, N failed` per draft and exits non-zero
# when a required test or an optional/format test fails (other optional failures are reported,
# not fatal).
# Usage: Scripts/conformance-schema.sh [--verbose] [--filter TEXT]
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
suite="$root/../shared/conformance/JSON-Schema-Test-Suite"
if [ ! -d "$suite" ]; then
  echo "conformance-schema: skipped: $suite is absent (it lives in ../shared beside the repo)"
  exit 0
fi

(cd "$root" && swift build --product codable-schema-suite >/dev/null) || { echo "conformance-schema: build failed"; exit 1; }
output=$("$root/.build/debug/codable-schema-suite" "$suite" "$@")
status=$?
# Failures of required and format tests first, then the tallies.
grep '^FAIL' <<<"$output" | grep -v '^FAIL optional ' || true
grep -v '^FAIL' <<<"$output"
exit $status
