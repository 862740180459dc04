#!/usr/bin/env bash
# Under load (issue 8, part 5), outside CI (too heavy for it):
#  1. PROCESSES (default 64) `codable` processes at once on the same input files, half of them
#     racing to write one `-o` target; every status, output and diagnostic is checked against a
#     run made alone first, and no temporary file may be left.
#  2. A GIGABYTES (default 5) JSON Lines input generated on the fly and streamed through a pipe
#     (never written to disk), converted to JSON Lines; wall time and peak RSS are recorded
#     (/usr/bin/time -v), and the output is checked byte for byte (SHA-256 of a second,
#     identical generator run).
#  3. One record past 4 GiB (9 strings of 500 MB, streamed through a pipe after one small
#     record): the tape addresses a record with 32-bit offsets, so it must fail at its start
#     with status 1 after the record before it, never give a wrong record (set SKIP_HUGE=1 to
#     leave it out: it needs about 4.5 GB of memory).
#  4. An array of 134,217,727 values (268 MB, the most a record can hold: a container's size has
#     27 bits) read whole, and one inside an object after one small record, one value past: it
#     must fail at the object's array with status 1 after the record before it (SKIP_HUGE=1
#     leaves it out too).
#     Most of them are `validate` (a schema every record meets, and one that half of them break,
#     so reports of 1000 problems are compared too); the rest `convert`.
# Usage: Scripts/load.sh            (builds the release binary)
#        BIN=path/to/codable PROCESSES=64 GIGABYTES=5 Scripts/load.sh
set -euo pipefail
cd "$(dirname "$0")/.."
processes=${PROCESSES:-64}
gigabytes=${GIGABYTES:-5}
source Scripts/bench/common.sh
BIN=${BIN:-$(release_codable)}
[ -x /usr/bin/time ] || { echo "load.sh: needs /usr/bin/time (GNU time)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# Compares two outputs, the run time in validate's summary line ("… in 0.42 s") aside.
same() { cmp -s <(sed -E 's/ in [0-9.]+ s( |$)/\1/' "$1") <(sed -E 's/ in [0-9.]+ s( |$)/\1/' "$2"); }

# A medium input (about 20 MB) shared by every process, beside the repository's samples.
generate() { # generate BYTES: compact JSON Lines records, about BYTES long, to stdout
  python3 - "$1" <<'PY'
import sys
target = int(sys.argv[1])
block = "".join('{"id":%d,"title":"A reasonably long title for record %d","done":%s,"tags":["a","b"],"score":%d.5}\n'
                % (i, i, "true" if i % 3 else "false", i % 1000) for i in range(10000)).encode()
out = sys.stdout.buffer
written = 0
while written < target:
    out.write(block)
    written += len(block)
PY
}
generate $((20 << 20)) > "$work/medium.jsonl"

cat > "$work/record.schema.json" <<'JSON'
{"type": "object", "required": ["id", "title", "done", "tags", "score"], "additionalProperties": false,
 "properties": {"id": {"type": "integer", "minimum": 0}, "title": {"type": "string", "minLength": 1},
                "done": {"type": "boolean"}, "tags": {"type": "array", "items": {"enum": ["a", "b"]}},
                "score": {"type": "number", "maximum": 1000}}}
JSON
sed 's/"maximum": 1000/"maximum": 500/' "$work/record.schema.json" > "$work/strict.schema.json"

# The jobs: name|arguments|expected status|whether a failing run still writes its -o file (a
# validate report does). Each process runs job (i mod count).
jobs=(
  "valid|validate --report json --schema $work/record.schema.json $work/medium.jsonl|0|yes"
  "invalid|validate --report json --schema $work/strict.schema.json $work/medium.jsonl|1|yes"
  "valid-text|validate --report text --schema $work/record.schema.json $work/medium.jsonl Samples/todos.jsonl|1|yes"
  "sarif|validate --report sarif --schema $work/strict.schema.json $work/medium.jsonl|1|yes"
  "medium|convert --to jsonl $work/medium.jsonl|0|no"
  "medium-sorted|convert --to jsonl --sort-by=-score,id $work/medium.jsonl|0|no"
  "todos|convert --to jsonl Samples/todos.json|0|no"
  "broken|convert --to jsonl Samples/broken.jsonl|1|no"
)
echo "== $processes processes at once on the same files ($BIN)"
for j in "${!jobs[@]}"; do
  IFS='|' read -r name args status _ <<<"${jobs[$j]}"
  # shellcheck disable=SC2086
  set +e; "$BIN" $args > "$work/expected-$name.out" 2> "$work/expected-$name.err"; actual=$?; set -e
  [ "$actual" = "$status" ] || fail "$name alone: status $actual, expected $status"
done
mkdir "$work/shared-target"
started=$(date +%s.%N)
pids=()
for i in $(seq 0 $((processes - 1))); do
  IFS='|' read -r name args status _ <<<"${jobs[$((i % ${#jobs[@]}))]}"
  if [ $((i / ${#jobs[@]} % 2)) = 0 ]; then
    # Half of them write their output to files of their own...
    # shellcheck disable=SC2086
    ( set +e; "$BIN" $args > "$work/run-$i.out" 2> "$work/run-$i.err"; echo $? > "$work/run-$i.status" ) &
  else
    # ...and the other half race for one -o target per job.
    # shellcheck disable=SC2086
    ( set +e; "$BIN" $args -o "$work/shared-target/$name.out" 2> "$work/run-$i.err"; echo $? > "$work/run-$i.status" ) &
  fi
  pids+=($!)
done
wait "${pids[@]}"
elapsed=$(echo "$(date +%s.%N) - $started" | bc)
for i in $(seq 0 $((processes - 1))); do
  IFS='|' read -r name args status _ <<<"${jobs[$((i % ${#jobs[@]}))]}"
  actual=$(cat "$work/run-$i.status")
  [ "$actual" = "$status" ] || fail "process $i ($name): status $actual, expected $status"
  same "$work/run-$i.err" "$work/expected-$name.err" || fail "process $i ($name): stderr differs"
  if [ $((i / ${#jobs[@]} % 2)) = 0 ]; then
    same "$work/run-$i.out" "$work/expected-$name.out" || fail "process $i ($name): stdout differs"
  fi
done
for j in "${!jobs[@]}"; do
  IFS='|' read -r name args status keeps <<<"${jobs[$j]}"
  if [ "$status" = 0 ] || [ "$keeps" = yes ]; then
    same "$work/shared-target/$name.out" "$work/expected-$name.out" || fail "-o target of $name differs"
  else
    [ ! -e "$work/shared-target/$name.out" ] || fail "-o target of failing $name was written"
  fi
done
leftovers=$(find "$work/shared-target" -name '*.tmp' | wc -l)
[ "$leftovers" = 0 ] || fail "$leftovers temporary files left in the -o folder"
echo "   $processes processes in ${elapsed}s, results checked: $failures failures"

echo "== $gigabytes GB of JSON Lines through a pipe"
bytes=$((gigabytes * 1000 * 1000 * 1000))
expected=$(generate "$bytes" | sha256sum | cut -d' ' -f1)
set +e
generate "$bytes" | /usr/bin/time -v -o "$work/time.txt" "$BIN" convert --from jsonl --to jsonl 2> "$work/big.err" | sha256sum > "$work/big.sha"
statuses=("${PIPESTATUS[@]}")
set -e
[ "${statuses[1]}" = 0 ] || fail "$gigabytes GB convert: status ${statuses[1]}: $(head -c 300 "$work/big.err")"
[ "$(cut -d' ' -f1 < "$work/big.sha")" = "$expected" ] || fail "$gigabytes GB convert: output differs from input"
wall=$(grep 'Elapsed (wall clock)' "$work/time.txt" | awk '{print $NF}')
rss=$(grep 'Maximum resident set size' "$work/time.txt" | awk '{print $NF}')
echo "   wall time $wall, peak RSS $((rss / 1024)) MB, output identical: $([ "$(cut -d' ' -f1 < "$work/big.sha")" = "$expected" ] && echo yes || echo no)"

# A huge record after a small one ({"first":1}), streamed through a pipe by the Python
# GENERATOR (which writes to `out`): the run must stop with status 1 and stderr starting with
# ERROR, after the small record. Usage: huge_record_fails NAME ERROR GENERATOR [convert options]
huge_record_fails() {
  local name=$1 error=$2 generator=$3
  shift 3
  set +e
  { printf '{"first":1}\n'
    python3 -c "import signal, sys; signal.signal(signal.SIGPIPE, signal.SIG_DFL); out = sys.stdout.buffer
$generator"
  } | /usr/bin/time -f %M -o "$work/huge.rss" "$BIN" convert --from jsonl --to jsonl "$@" > "$work/huge.out" 2> "$work/huge.err"
  local status=${PIPESTATUS[1]}
  set -e
  [ "$status" = 1 ] || fail "$name: status $status, expected 1"
  [ "$(cat "$work/huge.out")" = '{"first":1}' ] || fail "$name: stdout is $(head -c 200 "$work/huge.out")"
  [[ "$(head -1 "$work/huge.err")" == "$error"* ]] || fail "$name: stderr is $(head -c 300 "$work/huge.err")"
  echo "   $name: status $status, error: $(head -1 "$work/huge.err" | cut -c1-100), peak RSS $(($(tail -1 "$work/huge.rss") / 1024)) MB"
}

if [ -z "${SKIP_HUGE:-}" ]; then
  echo "== one record past 4 GiB through a pipe"
  huge_record_fails "record past 4 GiB" '<stdin>:2:1: error: record longer than 4294967295 bytes' '
value = b"\"" + b"x" * (500 << 20) + b"\""
out.write(b"{")
for i in range(9):
    out.write(b"%s\"k%d\":" % (b"," if i else b"", i) + value)
out.write(b",\"last\":\"tail\"}\n")' --select first,last

  echo "== 134,217,727 values in one record, and one more"
  set +e
  python3 -c '
import sys
out = sys.stdout.buffer
out.write(b"[0" + b",0" * ((1 << 20) - 2))
block = b",0" * (1 << 20)
for _ in range(127):
    out.write(block)
out.write(b"]\n")
' | "$BIN" convert --from jsonl --to jsonl | wc -c > "$work/values.count"
  statuses=("${PIPESTATUS[@]}")
  set -e
  [ "${statuses[1]}" = 0 ] && [ "$(cat "$work/values.count")" = 268435456 ] || fail "134,217,727 values: status ${statuses[1]}, $(cat "$work/values.count") bytes out"
  huge_record_fails "134,217,728 values" '<stdin>:2:6: error: array or object holding more than 134217727 values' '
block = b",0" * (1 << 20)
out.write(b"{\"a\":[0")
for _ in range(128):
    out.write(block)
out.write(b"]}\n")'
fi

if [ "$failures" != 0 ]; then echo "load.sh: $failures failures"; exit 1; fi
echo "load.sh: all results correct"
