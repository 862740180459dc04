#!/usr/bin/env bash
# Runs codable against the JSON parsing suite (JSONTestSuite's test_parsing), read as one JSON
# text each (`--from json`):
#   y_*  must be accepted (exit 0);
#   n_*  must be rejected with exit 1 and a located message (FILE:LINE:COL: error: ...);
#   i_*  may go either way, but must not crash, hang, or take more than a second.
# Usage: Scripts/conformance-json.sh [path/to/codable]   (default: a debug build, built if needed)
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
suite="$root/../shared/conformance/JSONTestSuite/test_parsing"
if [ ! -d "$suite" ]; then
  echo "conformance-json: skipped: $suite is absent (it lives in ../shared beside the repo)"
  exit 0
fi

bin=${1:-}
if [ -z "$bin" ]; then
  (cd "$root" && swift build --product codable >/dev/null) || { echo "conformance-json: build failed"; exit 1; }
  bin="$root/.build/debug/codable"
fi

passed=0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL $1: $2"; }

for file in "$suite"/*.json; do
  name=$(basename "$file")
  stderr=$(timeout 1 "$bin" convert --from json --to jsonl "$file" 2>&1 >/dev/null)
  status=$?
  case "$name" in
    y_*)
      if [ $status -eq 0 ]; then passed=$((passed + 1)); else fail "$name" "rejected (status $status): $stderr"; fi ;;
    n_*)
      if [ $status -ne 1 ]; then
        fail "$name" "status $status, expected 1"
      elif ! grep -Eq '^[^ ]+:[0-9]+:[0-9]+: error: ' <<<"$stderr"; then
        fail "$name" "no located message: $stderr"
      else
        passed=$((passed + 1))
      fi ;;
    i_*)
      if [ $status -eq 0 ] || [ $status -eq 1 ]; then passed=$((passed + 1)); else fail "$name" "status $status (crash or time-out)"; fi ;;
  esac
done

echo "JSONTestSuite: $passed passed, $failed failed"
[ $failed -eq 0 ]
