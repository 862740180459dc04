#!/usr/bin/env bash
# Benchmark --on-error skip: the same JSON Lines file clean and with one malformed line in
# every thousand, through convert (records written as read), convert --date (re-encoded a
# batch per core) and decode (decoded a batch per core). Skipping must not slow the run:
# target (issue 56) the file with bad lines within 10 % of the clean one's time.
#
# Usage: Scripts/bench-skip.sh [--mb N] [--runs K]
#
#   --mb N     size of each file in MB (default 200)
#   --runs K   timed runs per case; the best is reported (default 3)
#
# Environment: CODABLE_BIN=path skips the release build and uses that binary.
# Wall-clock time from bash's EPOCHREALTIME; output goes to /dev/null. The bad file's skipped
# count is checked on a separate run (a wrong count is fatal, exit 1).
set -euo pipefail

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MB=200
RUNS=3
while (($#)); do
    case $1 in
        --mb) MB=${2:?}; shift ;;
        --runs) RUNS=${2:?}; shift ;;
        -h|--help) sed -n '2,14s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; exit 0 ;;
        *) echo "bench-skip: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done

source "$REPO_ROOT/Scripts/bench/common.sh"
CODABLE_BIN=$(release_codable)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Line K (from 1) of bad.jsonl is malformed when K is a multiple of 1000; otherwise both
# files are the same, byte for byte.
python3 - "$work" "$MB" <<'PY'
import json, os, sys
directory, megabytes = sys.argv[1], int(sys.argv[2])
limit = megabytes * 1_000_000
written = 0
index = 0
with open(os.path.join(directory, "clean.jsonl"), "w") as clean, open(os.path.join(directory, "bad.jsonl"), "w") as bad:
    while written < limit:
        line = json.dumps({"id": index, "name": f"user {index}", "email": f"u{index}@example.com",
                           "active": index % 2 == 0, "score": index * 1.5, "tags": ["a", "b"],
                           "created": 700000000 + index}, separators=(",", ":"))
        clean.write(line + "\n")
        bad.write((line.replace('"id":', '"id" ', 1) if index % 1000 == 999 else line) + "\n")
        written += len(line) + 1
        index += 1
print(index // 1000, file=open(os.path.join(directory, "expected"), "w"))
PY
expected=$(cat "$work/expected")
cat > "$work/User.swift" <<'SWIFT'
import Foundation

struct User: Codable {
    let id: Int
    let name: String
    let email: String
    let active: Bool
    let score: Double
    let tags: [String]
    let created: Date
}
SWIFT

best() { best_wall_seconds "$RUNS" "$@"; }

printf 'on-error skip: %d MB of JSON Lines, 1 bad line in 1000, best of %d (nproc %s, load %s)\n' \
    "$MB" "$RUNS" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
status=0
for case in convert dates decode; do
    run() {
        case $case in
            convert) "$CODABLE_BIN" convert "$1" --to jsonl --on-error skip ;;
            dates) "$CODABLE_BIN" convert "$1" --to jsonl --on-error skip --date created=seconds ;;
            decode) "$CODABLE_BIN" decode "$1" --model "$work/User.swift" --type User --dates seconds \
                --to jsonl --on-error skip ;;
        esac
    }
    summary=$(run "$work/bad.jsonl" 2>&1 >/dev/null | tail -1 || true)
    if [ "$summary" != "codable: error: $expected records skipped (--on-error skip)" ]; then
        echo "bench-skip: $case said '$summary', expected $expected records skipped" >&2
        exit 1
    fi
    clean=$(best run "$work/clean.jsonl")
    bad=$(best run "$work/bad.jsonl")
    verdict=$(awk -v c="$clean" -v b="$bad" 'BEGIN { r = b / c; printf "%.2f %s", r, (r <= 1.10 ? "met" : "MISSED") }')
    case $verdict in *MISSED*) status=1 ;; esac
    printf '  %-8s clean %7.3f s  bad %7.3f s  ratio %s (target <= 1.10)\n' "$case" "$clean" "$bad" "$verdict"
done
exit $status
