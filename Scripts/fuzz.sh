#!/usr/bin/env bash
# Runs codable's fuzz targets under libFuzzer (with AddressSanitizer unless told otherwise).
#
# Usage: Scripts/fuzz.sh TARGET SECONDS     fuzz one target for SECONDS
#        Scripts/fuzz.sh all SECONDS        every target, SECONDS each
#        Scripts/fuzz.sh --list             the targets and what they check
#        Scripts/fuzz.sh --ledger           executions each target ran on the code as it is now
#
# The fuzzer binary is built with -sanitize=fuzzer,address into .build-fuzz/ (git-ignored),
# on codable's own modules only (Package.swift reads CODABLE_FUZZ_SANITIZERS): swift-syntax's
# coverage callbacks would take most of each Swift model run;
# the targets' own checks get no coverage callbacks either (only AddressSanitizer).
# It is built in debug mode (quick to build, as CI's short runs want); FUZZ_CONFIGURATION=release
# builds it optimized, for long runs; FUZZ_RUNS=N stops each target after N executions (as well as
# after SECONDS), FUZZ_MAX_LEN=BYTES caps input size (default 65536), FUZZ_TIMEOUT=SECONDS is
# how long one input may run before it counts as a hang (default 10; more for a long run beside
# builds, which can starve a niced fuzzer for that long). FUZZ_SANITIZERS=fuzzer
# leaves AddressSanitizer out (built into .build-fuzz/no-asan): several times the executions a
# second, for reaching millions of them. Swift's own
# checks (bounds, overflow, force-unwraps) still trap, but a wrong access through an unsafe
# pointer may go unseen, so alternate with the default. Each target's corpus lives in
# .build-fuzz/corpus/TARGET and grows across runs; every run re-seeds it from the target's
# seed folders (Samples/, the test fixtures, ../shared/conformance when present). An input
# that crashes, or breaks one of the target's invariants, is saved as
# Tests/FuzzRegressions/TARGET/crash-<sha1>: fix the bug and commit the file;
# FuzzRegressionTests replays it in every `swift test`. The JSON, CSV and YAML targets read
# each input one way an execution (a framing, a dialect and header, a version: the one its
# length picks), and every way in a replay.
# Prints one line per target: executions, seconds it ran, and the outcome (no crash; a crash or a
# timeout, with the input saved; or interrupted, by Ctrl-C or SIGTERM). Exit status 1 if any
# target did not run to its end cleanly.
# Every run is also added to a ledger, .build-fuzz/ledger.tsv, under an id of the code its
# target runs (Scripts/fuzz-code-id.py --target: Package.swift, the resolved dependencies, the
# harness, the target's own file, and the modules these import). --ledger adds up, per target,
# the executions of the runs on that code as it is now: a change to a module a target imports
# starts its count again; a change elsewhere (another target, the commands, the reports, tests)
# does not.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-fuzz
sanitizers=${FUZZ_SANITIZERS:-fuzzer,address}
case $sanitizers in
  fuzzer,address) build_scratch=$scratch ;;
  fuzzer) build_scratch=$scratch/no-asan ;;  # other flags: a build of its own
  *) echo "fuzz: FUZZ_SANITIZERS is fuzzer,address (the default) or fuzzer, not '$sanitizers'" >&2; exit 2 ;;
esac
build() {
  local configuration=${FUZZ_CONFIGURATION:-debug}
  echo "fuzz: building codable-fuzz with -sanitize=$sanitizers ($configuration)..." >&2
  local log status=0
  log=$(mktemp)
  CODABLE_FUZZ_SANITIZERS=$sanitizers swift build -c "$configuration" --scratch-path "$build_scratch" \
    --product codable-fuzz >"$log" 2>&1 || status=$?
  grep -E "error|warning: .*Sources/|Compiling|Build" "$log" | grep -v "^\[" >&2 || true
  rm -f "$log"
  binary="$build_scratch/$configuration/codable-fuzz"
  # A failed build may leave an older binary behind: never fuzz that one.
  [ $status -eq 0 ] && [ -x "$binary" ] || { echo "fuzz: build failed (status $status)" >&2; exit 2; }
}



seed() {  # seed TARGET CORPUS: copy the target's seed files (at most 64 KiB each) into CORPUS
  local name=$1 corpus=$2 folder
  mkdir -p "$corpus"
  for folder in $(seed_folders "$name"); do
    [ -d "$folder" ] || { echo "fuzz: $name: seed folder $folder absent, skipped" >&2; continue; }
    find "$folder" -type f -size -64k -print0 | while IFS= read -r -d '' file; do
      cp "$file" "$corpus/seed-$(sha1sum "$file" | cut -c1-16)"
    done
  done
}

seed_folders() {
  case $1 in
    json-reader) echo "Samples Tests/Fixtures ../shared/conformance/JSONTestSuite/test_parsing" ;;
    dates) echo "Samples/dates Tests/Fixtures" ;;
    where-expression) echo "Tests/Fixtures docs" ;;
    yaml-reader) echo "Samples Tests/Fixtures" ;;
    schema-compiler) echo "Samples Scripts/bench ../shared/conformance/JSON-Schema-Test-Suite/remotes" ;;
    swift-model-reader) echo "Samples/models Tests/CodableDecodingTests Scripts/bench" ;;
    *) echo "Samples Tests/Fixtures" ;;
  esac
}

fuzz() {  # fuzz TARGET SECONDS
  local name=$1 seconds=$2 corpus="$scratch/corpus/$1" crashes="Tests/FuzzRegressions/$1" log code
  code=$(code_id "$name") || { echo "fuzz: $name: no code id (Scripts/fuzz-code-id.py failed), not run" >&2; return 2; }
  seed "$name" "$corpus"
  mkdir -p "$crashes"
  log=$(mktemp)
  local status=0 started=$SECONDS
  CODABLE_FUZZ_TARGET=$name SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$binary" "$corpus" \
    -max_total_time="$seconds" -max_len="${FUZZ_MAX_LEN:-65536}" ${FUZZ_RUNS:+-runs="$FUZZ_RUNS"} -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$crashes/" >"$log" 2>&1 || status=$?
  local runs elapsed=$((SECONDS - started))
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  local outcome=clean
  case $status in
    0) printf '%-14s %12s executions in %4ss: no crash\n' "$name" "${runs:-?}" "$elapsed" ;;
    72)  # libFuzzer's -interrupted_exitcode: SIGINT or SIGTERM, not a finding
      outcome=interrupted
      printf '%-14s %12s executions in %4ss: interrupted before the end, no crash\n' "$name" "${runs:-?}" "$elapsed" ;;
    *)
      local what="CRASH"
      outcome=crash
      if [ $status -eq 70 ]; then  # -timeout_exitcode
        what="TIMEOUT (an input ran over ${FUZZ_TIMEOUT:-10} s)" outcome=timeout
      fi
      printf '%-14s %12s executions: %s (status %s); input saved in %s/\n' "$name" "${runs:-?}" "$what" "$status" "$crashes"
      grep -E "ERROR|Fatal error|invariant|SUMMARY" "$log" | head -5 ;;
  esac
  record "$name" "$code" "${runs:-0}" "$elapsed" "$outcome"
  rm -f "$log"
  return $status
}

description=$(mktemp)  # the package's description, for the code ids (describe_package)
trap 'rm -f "$description"' EXIT
describe_package() {
  swift package describe --type json >"$description" 2>/dev/null
}
code_id() {  # code_id TARGET: the id of the code TARGET runs now (see Scripts/fuzz-code-id.py)
  Scripts/fuzz-code-id.py --target "$1" <"$description"
}

ledger_file=$scratch/ledger.tsv

record() {  # record TARGET CODE EXECUTIONS SECONDS OUTCOME (clean, interrupted, timeout, crash): a ledger line
  mkdir -p "$scratch"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$2" "$1" "$3" "$4" \
    "$5" "$sanitizers" "${FUZZ_CONFIGURATION:-debug}" "${FUZZ_MAX_LEN:-65536}" >>"$ledger_file"
}

ledger() {  # per target, the runs on its code as it is now: executions without a finding, findings
  local id targets
  targets=$(swift run -q codable-fuzz --list | cut -f1)
  describe_package
  echo "fuzz ledger ($ledger_file), each target on the code it runs now:"
  printf '%-20s %-12s %14s %6s %9s  %s\n' target code executions runs findings "10 million"
  for target in $targets; do
    id=$(code_id "$target")
    { cat "$ledger_file" 2>/dev/null || true; } | awk -F'\t' -v id="$id" -v target="$target" '
      $2 == id && $3 == target { runs++; if ($6 == "clean" || $6 == "interrupted") clean += $4; else found++ }
      END {
        printf "%-20s %-12s %14d %6d %9d  %s\n", target, id, clean, runs, found, (clean >= 10000000 && found == 0) ? "yes" : "no"
      }'
  done
}

case ${1:-} in
  --list) swift run -q codable-fuzz --list; exit 0 ;;
  ""|-h|--help) sed -n '2,38s/^# \{0,1\}//p' "$0"; exit 0 ;;
  --ledger) ledger; exit 0 ;;
esac
name=$1
seconds=${2:?"usage: Scripts/fuzz.sh TARGET SECONDS"}
build
describe_package
failed=0
if [ "$name" = all ]; then
  for target in $(swift run -q codable-fuzz --list | cut -f1); do
    fuzz "$target" "$seconds" || failed=1
  done
else
  fuzz "$name" "$seconds" || failed=1
fi
exit $failed
