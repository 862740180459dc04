#!/usr/bin/env bash
# Benchmark paginated input: 1 000 pages of 100 records from a local HTTP server
# (Tests/PageServer/page_server.py on 127.0.0.1) in every pagination style (--next with a URL,
# --next-param with a page number and with a cursor, --page-param, --offset-param,
# --next-link), and followed with --next from local files; then the same records with --items
# alone (read as they come), from one envelope holding them all and from one file holding the
# pages as the elements of an array.
# Target (issue 56): each HTTP style under 2 seconds (pages fetched ahead while the current one
# is written, over kept-alive connections).
#
# Usage: Scripts/bench-pages.sh [--pages N] [--size N] [--runs K]
#
#   --pages N   pages in the chain (default 1000)
#   --size N    records per page (default 100)
#   --runs K    timed runs per source; the best is reported (default 3)
#
# Environment: CODABLE_BIN=path skips the release build and uses that binary; TARGET=S sets
# the HTTP target in seconds (default 2).
# Wall-clock time from bash's EPOCHREALTIME. Output goes to /dev/null; the record count is
# checked on a separate run (a wrong count is fatal, exit 1).
set -euo pipefail

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PAGES=1000
SIZE=100
RUNS=3
TARGET=${TARGET:-2}
while (($#)); do
    case $1 in
        --pages) PAGES=${2:?}; shift ;;
        --size) SIZE=${2:?}; shift ;;
        --runs) RUNS=${2:?}; shift ;;
        -h|--help) sed -n '2,20s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; exit 0 ;;
        *) echo "bench-pages: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done

source "$REPO_ROOT/Scripts/bench/common.sh"
CODABLE_BIN=$(release_codable)

work=$(mktemp -d)
server_pid=
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    exec 3>&- 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# The server stops when its standard input (fd 3 here) closes.
mkfifo "$work/stdin"
python3 "$REPO_ROOT/Tests/PageServer/page_server.py" <"$work/stdin" >"$work/port" &
server_pid=$!
exec 3>"$work/stdin"
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.05; done
port=$(head -1 "$work/port")
base="http://127.0.0.1:$port"

# The same chain as files.
python3 - "$work/files" "$PAGES" "$SIZE" <<'PY'
import json, os, sys
directory, pages, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
os.makedirs(directory)
bodies = []
for n in range(1, pages + 1):
    body = {"items": [{"page": n, "i": k} for k in range(size)], "page": n,
            "next": f"{n + 1}.json" if n < pages else None}
    bodies.append(body)
    with open(os.path.join(directory, f"{n}.json"), "w") as f:
        json.dump(body, f)
with open(os.path.join(directory, "envelope.json"), "w") as f:
    json.dump({"page": 1, "items": [item for body in bodies for item in body["items"]], "next": None}, f)
with open(os.path.join(directory, "pages.json"), "w") as f:
    json.dump(bodies, f)
PY

expected=$((PAGES * SIZE))
printf 'paginated input: %d pages x %d records, best of %d (nproc %s, load %s)\n' \
    "$PAGES" "$SIZE" "$RUNS" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
status=0
for source in http-next http-next-param http-cursor http-page-param http-offset-param http-next-link \
    files envelope array; do
    # Each HTTP run asks for new URLs (a run number in the query): the server counts requests
    # by path only for its fault routes, but a fresh chain keeps the runs alike.
    run() {
        local q="last=$PAGES&size=$SIZE&run=$1"
        case $source in
            http-next) "$CODABLE_BIN" convert "$base/pages/1?$q" --items items --next next --to jsonl ;;
            http-next-param)
                "$CODABLE_BIN" convert "$base/numbered?page=1&$q" --items items --next nextPage --next-param page \
                    --to jsonl ;;
            http-cursor)
                "$CODABLE_BIN" convert "$base/cursor?$q" --items data --next meta.next_cursor --next-param cursor \
                    --to jsonl ;;
            http-page-param) "$CODABLE_BIN" convert "$base/counted?$q" --items items --page-param page --to jsonl ;;
            http-offset-param)
                "$CODABLE_BIN" convert "$base/offset?limit=$SIZE&total=$expected&run=$1" --items results \
                    --offset-param offset --to jsonl ;;
            http-next-link) "$CODABLE_BIN" convert "$base/linked?page=1&$q" --next-link --to jsonl ;;
            files) "$CODABLE_BIN" convert "$work/files/1.json" --items items --next next --to jsonl ;;
            envelope) "$CODABLE_BIN" convert "$work/files/envelope.json" --items items --to jsonl ;;
            array) "$CODABLE_BIN" convert "$work/files/pages.json" --items items --to jsonl ;;
        esac
    }
    count=$(run 0 | wc -l)
    if [ "$count" -ne "$expected" ]; then
        echo "bench-pages: $source gave $count records, expected $expected" >&2
        exit 1
    fi
    # A new run number each time: `run` with the next one.
    next_run() { run_number=$((run_number + 1)); run "$run_number"; }
    run_number=0
    seconds=$(best_wall_seconds "$RUNS" next_run)
    verdict=
    case $source in
        http-*)
            verdict=$(awk -v s="$seconds" -v t="$TARGET" \
                'BEGIN { print (s < t ? "target < " t " s: met" : "target < " t " s: MISSED") }')
            case $verdict in *MISSED*) status=1 ;; esac
            ;;
    esac
    awk -v src="$source" -v s="$seconds" -v p="$PAGES" -v n="$expected" -v v="$verdict" \
        'BEGIN { printf "  %-18s %7.3f s  %8.0f pages/s  %10.0f records/s  %s\n", src, s, p / s, n / s, v }'
done
exit $status
