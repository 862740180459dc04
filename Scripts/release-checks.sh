#!/usr/bin/env bash
# The checks that need an optimised build, run by .ci/run as a step of its own (never inside the
# `swift test` run before every commit), all on the binary that ships (Scripts/build-release.sh):
#   0. the release archive, built and checked as a user gets it (Scripts/check-release.sh: it
#      installs and runs with the Swift toolchain hidden);
#   1. against the release binary, the golden cases and the end-to-end suites that hold the tests
#      marked `.releaseCheck` (Tests/EndToEndTests/ReleaseChecks.swift), which `swift test` leaves
#      out: peak memory of huge records, YAML sequences and outputs; the 100 MB cells and every
#      truncation of the bad-input matrix; every pair of transforms; the longest number;
#   2. throughput and peak memory against jq on the same work, held to Benchmarks/thresholds.tsv
#      (Scripts/bench.sh --check);
#   3. start-up (Scripts/bench-startup.sh, with gojq and Miller beside it): a mean over 10 ms
#      fails, the cost of a library loaded or a runtime lookup added at each start.
# Usage: Scripts/release-checks.sh [--skip-build]   (--skip-build: the debug test bundle is built)
set -euo pipefail
cd "$(dirname "$0")/.."
skip_build=()
[[ ${1:-} == --skip-build ]] && skip_build=(--skip-build)

echo "==> the release archive (Scripts/release.sh) and its checks (Scripts/check-release.sh)"
Scripts/release.sh >/dev/null
Scripts/check-release.sh
binary=$(Scripts/build-release.sh --print-path)

# The suites that hold release checks, and the golden cases: the debug binary ran every other
# end-to-end test in `swift test` already, and a second run of them here would add minutes.
suites=(FixtureTests)
for file in Tests/EndToEndTests/*.swift; do
  grep -q '\.releaseCheck' "$file" && [[ $file != */ReleaseChecks.swift ]] || continue
  suites+=($(grep -o 'struct [A-Za-z]*Tests' "$file" | awk '{ print $2 }'))
done
filter="EndToEndTests\.($(IFS='|'; echo "${suites[*]}"))"
echo "==> release checks and golden cases against $binary: $filter"
CODABLE_RELEASE_CHECKS=1 CODABLE_BINARY="$binary" swift test "${skip_build[@]}" --filter "$filter"

echo "==> throughput and memory against jq (Benchmarks/thresholds.tsv)"
jobs=()
declare -A listed=()
while IFS=$'\t' read -r job _; do
  [[ -z $job || $job == \#* || -n ${listed[$job]:-} ]] && continue
  listed[$job]=1
  jobs+=(--job "$job")
done < Benchmarks/thresholds.tsv
CODABLE_BIN="$binary" Scripts/bench.sh --size-mb 20 --runs 2 --check Benchmarks/thresholds.tsv "${jobs[@]}"

echo "==> start-up against gojq and Miller (Scripts/bench-startup.sh)"
CODABLE_BIN="$binary" Scripts/bench-startup.sh --runs 100 --max-ms 10
