#!/usr/bin/env bash
# Peak memory as a multiple of the input's size (issue 8's target: at most 4x), outside CI.
# Each input is one record that must be held whole: a 100 MB string, and 1,000,000 keys, in
# each input format (JSON Lines, CSV, YAML), plus token-dense values (0,0,…: 2 bytes per value)
# as a JSON array, a CSV row without a header, and a YAML flow sequence, and a CSV row of empty
# cells (a comma a value, the one input where a value takes 1 byte: its 16 equal nodes a block
# are one word), alone and under a header of a million names, and one-letter strings (which
# gain quotes), alone and in turn with digits, as a CSV row and a YAML flow sequence, and
# in YAML one-item sequences of them (`[[a],[b],…]`). Each
# goes through `convert --to jsonl` from a file, and the 100 MB string also through `validate`
# and `decode` against a schema and a model; one record with a problem every 21 bytes goes
# through `validate --max-errors 0` (its problems sorted in runs in a temporary file). The huge records are also edited (`--exclude`,
# `--rename`, `--select`, `--keys`) for the JSON, YAML and CSV writers and an envelope, and
# written as CSV (a huge array in one cell, a million columns), and through --flatten and
# --unflatten when they change nothing; a million keys in one nested object go through
# --flatten into JSON Lines and YAML, a million dotted keys (each an object of its own) through
# --unflatten into JSON Lines, YAML and CSV, and sorted, and a million keys (and a million equal keys `"a":0`)
# are written with --sort-keys; a million dates in one array are re-encoded. Last, an
# envelope of the same size around small records (`{"items":[…]}`, `--items items`) and a YAML
# file that is one sequence of small records (`- {id: 1, …}`, from the file and through a pipe,
# in UTF-8 and in UTF-16), all read record by record, and blanks of the same size before a
# small record (spaces in JSON and on a JSON Lines line, blank lines before a YAML document and
# after one's end, `...`), which are read and let go (net near 0x).
# Prints, per run: input size, peak RSS (GNU time), gross ratio (RSS / input) and net ratio
# ((RSS - the RSS of a run on an empty input) / input: what the input itself costs).
# Exit status 1 if any run goes over 4x net, or a 100 MB string run over 4x gross.
# Usage: Scripts/memory.sh          (builds the release binary; MEGABYTES=100 sets the size)
#        BIN=path/to/codable Scripts/memory.sh
#        MARKDOWN=1 Scripts/memory.sh   (the table as Markdown, for docs/performance.md)
set -euo pipefail
cd "$(dirname "$0")/.."
megabytes=${MEGABYTES:-100}
source Scripts/bench/common.sh
BIN=${BIN:-$(release_codable)}
[ -x /usr/bin/time ] || { echo "memory.sh: needs /usr/bin/time (GNU time)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "memory.sh: needs python3 to generate the inputs" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" "$megabytes" <<'PY'
import sys
work, size = sys.argv[1], int(sys.argv[2]) << 20
s = 'x' * size
open(f'{work}/string.jsonl', 'w').write('{"a":1,"b":"' + s + '"}\n')
open(f'{work}/string.csv', 'w').write('a,b\n1,' + s + '\n')
open(f'{work}/string.yaml', 'w').write('a: 1\nb: ' + s + '\n')
n = 1_000_000
open(f'{work}/keys.jsonl', 'w').write('{' + ','.join(f'"k{i}":{i}' for i in range(n)) + '}\n')
open(f'{work}/dotted-keys.jsonl', 'w').write('{' + ','.join(f'"k{i}.x":{i}' for i in range(n)) + '}\n')
open(f'{work}/nested-keys.jsonl', 'w').write('{"a":{' + ','.join(f'"k{i}":{i}' for i in range(n)) + '}}\n')
open(f'{work}/dates.json', 'w').write('{"d":[' + ','.join(f'"2023-04-02T03:21:{10 + i % 50}.540Z"' for i in range(n)) + ']}\n')
open(f'{work}/equal-keys.json', 'w').write('{' + ','.join('"a":0' for i in range(n)) + '}\n')
open(f'{work}/keys.csv', 'w').write(','.join(f'k{i}' for i in range(n)) + '\n' + ','.join(str(i) for i in range(n)) + '\n')
open(f'{work}/keys.yaml', 'w').write(''.join(f'k{i}: {i}\n' for i in range(n)))
open(f'{work}/dense.json', 'w').write('{"a":[' + ','.join(['0'] * (size // 4)) + ']}\n')
open(f'{work}/dense.csv', 'w').write(','.join(['0'] * (size // 4)) + '\n')
open(f'{work}/dense.yaml', 'w').write('a: [' + ','.join(['0'] * (size // 4)) + ']\n')
open(f'{work}/commas.csv', 'w').write(',' * (size // 2 - 1) + '\n')
letters = [chr(97 + i % 26) for i in range(size // 4)]
mixed = [chr(97 + i // 2 % 26) if i % 2 == 0 else str(i // 2 % 10) for i in range(size // 4)]
open(f'{work}/letters.csv', 'w').write(','.join(letters) + '\n')
open(f'{work}/letters.yaml', 'w').write('a: [' + ','.join(letters) + ']\n')
open(f'{work}/mixed.csv', 'w').write(','.join(mixed) + '\n')
open(f'{work}/mixed.yaml', 'w').write('a: [' + ','.join(mixed) + ']\n')
open(f'{work}/nested.yaml', 'w').write('a: [' + ','.join(f'[{letter}]' for letter in letters[:size // 8]) + ']\n')
open(f'{work}/problems.json', 'w').write('{"a":[' + ','.join(f'"x{i:017d}"' for i in range(size // 21)) + ']}\n')
open(f'{work}/names-commas.csv', 'w').write(','.join(f'k{i}' for i in range(n)) + '\n' + ',' * (n - 1) + '\n')
records = size // 40
open(f'{work}/blank.json', 'w').write(' ' * size + '{"a":1}\n')
open(f'{work}/blank.jsonl', 'w').write(' ' * size + '{"a":1}\n')
open(f'{work}/blank.yaml', 'w').write('\n' * (size // 2) + 'a: 1\n...\n' + '\n' * (size // 2) + '---\nb: 2\n')
open(f'{work}/list.yaml', 'w').write(''.join(f'- {{id: {i}, name: user{i}}}\n' for i in range(records)))
open(f'{work}/list16.yaml', 'wb').write(open(f'{work}/list.yaml').read().encode('utf-16'))  # with its byte order mark
open(f'{work}/envelope.json', 'w').write('{"page":1,"items":[' + ','.join(f'{{"id":{i},"name":"user{i}"}}' for i in range(records)) + '],"next":null}\n')
PY
printf 'struct Row: Codable { let a: Int; let b: String }\n' > "$work/Row.swift"
printf '{"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "string"}}}\n' > "$work/row.schema.json"
printf '{"properties": {"a": {"items": {"type": "integer"}}}}\n' > "$work/integers.schema.json"
: > "$work/empty.jsonl"

peak() {  # peak KB of one run; its output is dropped, a failing run is reported
  # (with PIPED=FILE, FILE comes through a pipe on standard input; EXPECT_STATUS=N: N is success)
  local status=0
  if [ -n "${PIPED:-}" ]; then
    cat "$PIPED" | /usr/bin/time -f %M -o "$work/rss" "$BIN" "$@" > /dev/null 2> "$work/stderr" || status=$?
  else
    /usr/bin/time -f %M -o "$work/rss" "$BIN" "$@" > /dev/null 2> "$work/stderr" || status=$?
  fi
  [ $status -eq "${EXPECT_STATUS:-0}" ] || { echo "memory.sh: '$*' exited $status: $(head -c 300 "$work/stderr")" >&2; exit 2; }
  tail -1 "$work/rss"
}

baseline=$(peak convert --to jsonl "$work/empty.jsonl")
echo "baseline (empty input): $baseline KB; $("$BIN" --version) on $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
if [ -n "${MARKDOWN:-}" ]; then
  row='| %s | %s | %.1f | %.1f | %sx | %sx |\n'
  printf '\n| input | command | size (MB) | peak (MB) | gross | net |\n| --- | --- | ---: | ---: | ---: | ---: |\n'
else
  row='%-14s %-24s %10.1f %12.1f %6sx %6sx\n'
  printf '%-14s %-24s %10s %12s %7s %7s\n' input command "size (MB)" "peak (MB)" gross net
fi
over=0
run() {  # run FILE COMMAND... (FILE is the last argument; with PIPED=1, standard input)
  local file=$1; shift
  local bytes kb
  bytes=$(stat -c %s "$work/$file")
  if [ -n "${PIPED:-}" ]; then
    kb=$(PIPED="$work/$file" peak "$@")
  else
    kb=$(peak "$@" "$work/$file")
  fi
  read -r gross net <<< "$(awk -v kb="$kb" -v base="$baseline" -v bytes="$bytes" 'BEGIN { printf "%.2f %.2f", kb * 1024 / bytes, (kb - base) * 1024 / bytes }')"
  local label=$1 arg
  for arg in "$@"; do case $arg in --exclude|--rename|--select|--keys|--envelope|--flatten|--unflatten|--sort-keys|--date|--dates|--to=*) label="$label $arg" ;; esac; done
  # shellcheck disable=SC2059 # the row format is chosen above
  printf "$row" "${PIPED:+cat }$file" "$label" "$(awk -v b="$bytes" 'BEGIN { print b / 1048576 }')" "$(awk -v k="$kb" 'BEGIN { print k / 1024 }')" "$gross" "$net"
  if awk -v n="$net" 'BEGIN { exit !(n > 4) }'; then over=1; fi
  if [[ $file == string.* ]] && awk -v g="$gross" 'BEGIN { exit !(g > 4) }'; then over=1; fi
}
for format in jsonl csv yaml; do
  run "string.$format" convert --to jsonl
  run "string.$format" validate --schema "$work/row.schema.json"
  run "string.$format" decode --model "$work/Row.swift" --type Row
done
EXPECT_STATUS=1 run problems.json validate --schema "$work/integers.schema.json" --max-errors 0
for input in keys.jsonl keys.csv keys.yaml dense.json; do
  run "$input" convert --to jsonl
done
run dense.csv convert --no-header --to jsonl
run commas.csv convert --no-header --to jsonl
run names-commas.csv convert --to jsonl
run dense.yaml convert --to jsonl
for input in letters mixed; do
  run "$input.csv" convert --no-header --to jsonl
  run "$input.yaml" convert --to jsonl
done
run nested.yaml convert --to jsonl
# --exclude, --rename, --select and --keys on a huge record: the writer (JSON, YAML, CSV, an
# envelope's) applies them as it writes, nothing is copied, and --keys lists no key.
run commas.csv convert --no-header --exclude '[0]' --to jsonl
run dense.json convert --exclude 'a[0]' --to jsonl
run dense.json convert --rename a=b --to jsonl
run mixed.yaml convert --exclude 'a[0]' --to jsonl
run mixed.yaml convert --rename a=b --to jsonl
run mixed.yaml convert --select a --to jsonl
run keys.jsonl convert --keys camelCase --to jsonl
run mixed.yaml convert --exclude 'a[0]' --to=yaml
run mixed.yaml convert --exclude 'a[0]' --to=csv
run mixed.yaml convert --exclude 'a[0]' --envelope --to jsonl
# A huge array in one CSV cell is written as it is made; a million columns' names in one array.
run mixed.yaml convert --to=csv
run keys.jsonl convert --to=csv
# --flatten and --unflatten pass on a record they would give back unchanged.
run mixed.yaml convert --flatten --to jsonl
run keys.jsonl convert --unflatten --to jsonl
# --flatten into JSON or YAML flattens as it writes: nothing rebuilt.
run nested-keys.jsonl convert --flatten --to jsonl
run nested-keys.jsonl convert --flatten --to=yaml
# --unflatten into JSON or YAML nests a huge record as it writes it, and the CSV writer walks it
# nested: its order planned, nothing rebuilt.
run dotted-keys.jsonl convert --unflatten --to jsonl
run dotted-keys.jsonl convert --unflatten --to=yaml
run dotted-keys.jsonl convert --unflatten --sort-keys --to jsonl
run dotted-keys.jsonl convert --unflatten --to=csv
# --sort-keys sorts a million keys named where they stand: the shortest keys there are, all equal,
# too (`"a":0`, six bytes a member).
run keys.jsonl convert --sort-keys --to jsonl
run keys.jsonl convert --sort-keys --to=yaml
run equal-keys.json convert --sort-keys --to jsonl
run equal-keys.json convert --sort-keys --to=yaml
# A million dates of one record's array re-encoded, by a rule and found by --dates auto: their
# new texts in one buffer, its room made once.
run dates.json convert --date 'd[]=iso8601' --to jsonl
run dates.json convert --dates auto --to jsonl
run keys.csv convert --unflatten --to jsonl
run envelope.json convert --items items --to jsonl
run list.yaml convert --to jsonl
PIPED=1 run list.yaml convert --from yaml --to jsonl
run list16.yaml convert --to jsonl
PIPED=1 run list16.yaml convert --from yaml --to jsonl
for format in json jsonl yaml; do
  run "blank.$format" convert --to jsonl
done
[ $over -eq 0 ] || { echo "memory.sh: a run took more than 4x its input (net), or a 100 MB string more than 4x gross"; exit 1; }
