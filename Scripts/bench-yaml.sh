#!/usr/bin/env bash
# Benchmark YAML conversion: `codable convert` JSON -> YAML and YAML -> JSON against gojq,
# PyYAML's libyaml-backed CSafeDumper/CSafeLoader, and (JSON -> YAML) a plain C program that
# drives libyaml's emitter (Scripts/bench/libyaml-emit.c, compiled here with cc).
#
# Usage: Scripts/bench-yaml.sh [--size-mb N] [--data-dir DIR] [--runs K]
#
#   --size-mb N     size of the generated JSON data in MB (default 20)
#   --data-dir DIR  where data is generated and reused (default bench-data/ at the repo root,
#                   shared with Scripts/bench.sh: DIR/<N>mb)
#   --runs K        timed runs per command; the best is reported (default 3)
#
# Environment: CODABLE_BIN=path skips the release build and uses that binary.
#
# The JSON input is the generator's records.json (one array); the YAML input is that data as
# YAML documents, written once by codable into the data directory (records.yaml). Every
# command writes to /dev/null; MB = 1,000,000 bytes of input. Runs are interleaved. Targets:
# JSON -> YAML at least 3x gojq, 10x CSafeDumper and half the C emitter's throughput; YAML ->
# JSON likewise against CSafeLoader and gojq. Peers that are missing are skipped with a note.
set -euo pipefail

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SIZE_MB=20
RUNS=3
DATA_ROOT="$REPO_ROOT/bench-data"

die() { echo "bench-yaml: $*" >&2; exit 1; }

while (($#)); do
    case $1 in
        --size-mb)  SIZE_MB=${2:?--size-mb needs a value}; shift ;;
        --data-dir) DATA_ROOT=${2:?--data-dir needs a value}; shift ;;
        --runs)     RUNS=${2:?--runs needs a value}; shift ;;
        -h|--help)  sed -n '2,20s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; exit 0 ;;
        *)          die "unknown argument $1 (see --help)" ;;
    esac
    shift
done
[[ $SIZE_MB =~ ^[1-9][0-9]*$ ]] || die "--size-mb must be a positive integer"
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || die "--runs must be a positive integer"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

source "$REPO_ROOT/Scripts/bench/common.sh"
CODABLE=$(release_codable) || die "no codable to measure"

DATA_DIR="$DATA_ROOT/${SIZE_MB}mb"
JSON="$DATA_DIR/records.json"
YAML="$DATA_DIR/records.yaml"
if [[ ! -f $JSON ]]; then
    echo "Generating ${SIZE_MB} MB of data in $DATA_DIR..." >&2
    mkdir -p "$DATA_DIR"
    python3 "$REPO_ROOT/Scripts/gen-bench-data.py" --size-mb "$SIZE_MB" --out-dir "$DATA_DIR" >&2
fi
if [[ ! -f $YAML || $YAML -ot $JSON ]]; then
    "$CODABLE" convert --to yaml -o "$YAML" "$JSON"
fi

echo "Compiling Scripts/bench/libyaml-emit.c..." >&2
HAVE_C=1
cc -O2 -o "$TMP/libyaml-emit" "$REPO_ROOT/Scripts/bench/libyaml-emit.c" $(pkg-config --cflags --libs yaml-0.1) \
    || { echo "note: cc or libyaml-dev missing: the C emitter is skipped"; HAVE_C=0; }
HAVE_PYYAML=$(python3 -c 'import yaml; print(1 if yaml.__with_libyaml__ else 0)' 2>/dev/null || echo 0)
((HAVE_PYYAML)) || echo "note: PyYAML with libyaml (yaml.__with_libyaml__) missing: skipped (pip install pyyaml)"
HAVE_GOJQ=0
command -v gojq >/dev/null && HAVE_GOJQ=1 || echo "note: gojq missing: skipped"

DUMP='import json, sys, yaml
yaml.dump_all(json.load(open(sys.argv[1])), sys.stdout, Dumper=yaml.CSafeDumper, sort_keys=False, allow_unicode=True)'
LOAD='import json, sys, yaml
for d in yaml.load_all(open(sys.argv[1]), Loader=yaml.CSafeLoader): sys.stdout.write(json.dumps(d, ensure_ascii=False) + "\n")'

# job|tool -> command
declare -A CMDS
CMDS["json->yaml|codable"]="$CODABLE convert --to yaml $JSON"
((HAVE_C)) && CMDS["json->yaml|c-libyaml"]="$TMP/libyaml-emit $JSON"
((HAVE_GOJQ)) && CMDS["json->yaml|gojq"]="gojq --yaml-output . $JSON"
((HAVE_PYYAML)) && CMDS["json->yaml|CSafeDumper"]="python3 -c \"\$DUMP\" $JSON"
CMDS["yaml->json|codable"]="$CODABLE convert --from yaml --to jsonl $YAML"
((HAVE_GOJQ)) && CMDS["yaml->json|gojq"]="gojq --yaml-input -c . $YAML"
((HAVE_PYYAML)) && CMDS["yaml->json|CSafeLoader"]="python3 -c \"\$LOAD\" $YAML"
TOOLS=(codable c-libyaml gojq CSafeDumper CSafeLoader)
JOBS=("json->yaml" "yaml->json")

# codable must agree with itself: YAML back to JSON gives the records of the JSON input.
"$CODABLE" convert --to jsonl "$JSON" > "$TMP/direct.jsonl"
"$CODABLE" convert --from yaml --to jsonl "$YAML" > "$TMP/roundtrip.jsonl"
cmp -s "$TMP/direct.jsonl" "$TMP/roundtrip.jsonl" || die "JSON -> YAML -> JSON does not give back the records"
echo "ok   round trip: $(wc -l < "$TMP/direct.jsonl") records identical" >&2

declare -A BEST
for ((run = 1; run <= RUNS; run++)); do
    for job in "${JOBS[@]}"; do
        for tool in "${TOOLS[@]}"; do
            key="$job|$tool"
            [[ -n ${CMDS[$key]:-} ]] || continue
            start=$EPOCHREALTIME
            if ! DUMP=$DUMP LOAD=$LOAD eval "${CMDS[$key]}" >/dev/null 2>"$TMP/err"; then
                echo "note: $tool failed on $job: $(head -c 300 "$TMP/err")" >&2
                [[ $tool == codable ]] && exit 1
                unset "CMDS[$key]"
                continue
            fi
            end=$EPOCHREALTIME
            t=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }')
            if [[ -z ${BEST[$key]:-} ]] || awk -v a="$t" -v b="${BEST[$key]}" 'BEGIN { exit !(a < b) }'; then BEST[$key]=$t; fi
        done
    done
done

echo
echo "codable $("$CODABLE" --version); best of $RUNS run(s); $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-11s %-12s %8s %8s %14s\n" job tool "best s" "MB/s" "codable is"
for job in "${JOBS[@]}"; do
    if [[ $job == "json->yaml" ]]; then input=$JSON; else input=$YAML; fi
    mb=$(awk -v b="$(stat -c %s "$input")" 'BEGIN { print b / 1e6 }')
    mine=${BEST["$job|codable"]}
    for tool in "${TOOLS[@]}"; do
        t=${BEST["$job|$tool"]:-}
        [[ -n $t ]] || continue
        ratio=$(awk -v p="$t" -v c="$mine" 'BEGIN { printf "%.2fx faster", p / c }')
        [[ $tool == codable ]] && ratio="-"
        printf "%-11s %-12s %8s %8s %14s\n" "$job" "$tool" "$t" "$(awk -v m="$mb" -v t="$t" 'BEGIN { printf "%.1f", m / t }')" "$ratio"
    done
done
echo "targets: json->yaml >= 3x gojq, >= 10x CSafeDumper, >= 0.5x the C emitter (within 2x); yaml->json >= 3x gojq, >= 10x CSafeLoader"
