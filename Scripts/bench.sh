#!/usr/bin/env bash
# Benchmark `codable convert` against jq, gojq and Miller on the same work, and
# `codable decode` (with the model Scripts/bench/Record.swift) against `codable
# convert` on the same input and against JSONDecoder + JSONEncoder in a Swift
# program compiled here with `swiftc -O` (Scripts/bench/main.swift).
# Also a filter with a projection (--where + --select) and a whole-input sort (--sort-by), CSV
# out against Miller, and `codable validate` against check-jsonschema: every record checked
# against Scripts/bench/records.schema.json (required members, types, enums, ranges, patterns,
# uniqueItems, $refs, additionalProperties false). check-jsonschema (pip install
# check-jsonschema) cannot read JSON Lines, so it reads records.json, the same records as one
# array, against a schema whose `items` is the record schema: the same records against the same
# rules, one process each, formats as annotations for both. Both must find every record valid.
# `csv -> nested jsonl`: the records as CSV (written by `codable convert --to csv`: dotted
# columns, arrays as JSON text) back to nested JSON Lines (`--unflatten`), against Miller,
# which nests dotted CSV columns when it writes JSON.
# `validate, every record bad`: the same records against Scripts/bench/every-record-bad.schema.json,
# which gives each two problems (`id` and `done` of the wrong type), all of them reported
# (`--max-errors 0`): what placing and printing problems costs, against check-jsonschema and
# against the clean `validate`.
# Last, `validate yaml files`: the first 2000 records as 2000 small YAML files (written by
# `codable convert --to yaml --split 1`), validated in one call by both, as a CI step checks a
# repository's YAML files.
#
# Usage: Scripts/bench.sh [--size-mb N] [--data-dir DIR] [--runs K] [--quick]
#                         [--job NAME]... [--baseline BIN] [--markdown] [--check FILE]
#
#   --size-mb N     size of each generated data file in MB (default 200)
#   --data-dir DIR  where data is generated and reused (default bench-data/
#                   at the repo root, git-ignored); each size gets its own
#                   subdirectory DIR/<N>mb, so --quick never clobbers full data
#   --runs K        timed runs per command; the best is reported (default 3)
#   --quick         smoke test: 20 MB, 1 run (later flags still override)
#   --job NAME      run only this job (repeatable), e.g. --job 'where+select'
#   --baseline BIN  also time another codable binary (an older build) on every
#                   job, as the tool "baseline", to compare builds in one run
#   --markdown      print the table as Markdown (docs/performance.md)
#   --check FILE    fail (exit 1) when a ratio of this run is past its bound
#                   in FILE (Benchmarks/thresholds.tsv)
#
# Environment: CODABLE_BIN=path skips the release build and uses that binary.
#
# Every command writes to /dev/null. Wall-clock time is measured with bash's
# EPOCHREALTIME (microseconds); peak memory comes from GNU time's
# "Maximum resident set size". MB = 1,000,000 bytes for sizes and throughput;
# RSS is reported in MiB. Runs are interleaved (run 1 of every tool, then
# run 2, ...) so that drift on the machine does not favour one tool.
# Peers that are not installed are skipped with a note; a peer that fails is
# reported, not fatal. codable failing, or disagreeing with jq on the number
# of records, is fatal (exit 1).
set -euo pipefail

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SIZE_MB=200
RUNS=3
DATA_ROOT="$REPO_ROOT/bench-data"
TIME_BIN=/usr/bin/time
PEERS=(jq gojq mlr check-jsonschema)
VALIDATE_SCHEMA="$REPO_ROOT/Scripts/bench/records.schema.json"
BAD_RECORDS_SCHEMA="$REPO_ROOT/Scripts/bench/every-record-bad.schema.json"
SELECTED=()
BASELINE=""
MARKDOWN=no
CHECK_FILE=""
JOBS=("jsonl -> jsonl" "array -> jsonl" "jsonl+date -> jsonl" "jsonl+model -> jsonl" "where+select" "sort-by id" "jsonl -> csv" "csv -> nested jsonl" "validate" "validate, every record bad" "validate yaml files")
YAML_FILES=2000

usage() { sed -n '/^# Usage:/,/^$/s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }

die() { echo "bench: $*" >&2; exit 1; }

parse_args() {
    while (($#)); do
        case $1 in
            --size-mb)  SIZE_MB=${2:?--size-mb needs a value}; shift ;;
            --data-dir) DATA_ROOT=${2:?--data-dir needs a value}; shift ;;
            --runs)     RUNS=${2:?--runs needs a value}; shift ;;
            --quick)    SIZE_MB=20; RUNS=1 ;;
            --job)      SELECTED+=("${2:?--job needs a name}"); shift ;;
            --baseline) BASELINE=${2:?--baseline needs a binary}; shift ;;
            --markdown) MARKDOWN=yes ;;
            --check)    CHECK_FILE=${2:?--check needs a file}; shift ;;
            -h|--help)  usage; exit 0 ;;
            *)          usage >&2; exit 2 ;;
        esac
        shift
    done
    if ((${#SELECTED[@]})); then
        local job known
        for job in "${SELECTED[@]}"; do
            known=no
            for k in "${JOBS[@]}"; do [[ $k == "$job" ]] && known=yes; done
            [[ $known == yes ]] || die "unknown job '$job' (jobs: ${JOBS[*]})"
        done
        JOBS=("${SELECTED[@]}")
    fi
    [[ $SIZE_MB =~ ^[1-9][0-9]*$ ]] || die "--size-mb must be a positive integer"
    [[ $RUNS =~ ^[1-9][0-9]*$ ]] || die "--runs must be a positive integer"
    [[ -x $TIME_BIN ]] || die "$TIME_BIN (GNU time) is required: apt-get install time"
    [[ -z $BASELINE || -x $BASELINE ]] || die "--baseline $BASELINE is not executable"
    [[ -z $CHECK_FILE || -r $CHECK_FILE ]] || die "--check $CHECK_FILE cannot be read"
}

# Sets CODABLE to the binary under test, building it in release mode unless
# CODABLE_BIN is given. The build uses its own scratch path so that it never
# disturbs a debug build in .build/.
build_codable() {
    source "$REPO_ROOT/Scripts/bench/common.sh"
    CODABLE=$(release_codable) || die "no codable to measure"
}

# Sets DATA_DIR, generating the data unless a complete set of this size made
# by the current generator version is already there.
ensure_data() {
    DATA_DIR="$DATA_ROOT/${SIZE_MB}mb"
    local gen="$REPO_ROOT/Scripts/gen-bench-data.py"
    local version
    version=$(sed -n 's/^GENERATOR_VERSION = //p' "$gen")
    if [[ -f $DATA_DIR/meta.txt && -f $DATA_DIR/records.jsonl && -f $DATA_DIR/records.json ]] \
        && grep -qx "size_mb=$SIZE_MB" "$DATA_DIR/meta.txt" \
        && grep -qx "version=$version" "$DATA_DIR/meta.txt"; then
        echo "Reusing data in $DATA_DIR" >&2
    else
        echo "Generating ${SIZE_MB} MB of data in $DATA_DIR..." >&2
        rm -f "$DATA_DIR/meta.txt"  # written last: marks the set complete
        python3 "$gen" --size-mb "$SIZE_MB" --out-dir "$DATA_DIR"
    fi
}

# Sets CMD to the command line for a job and tool; returns 1 if the tool
# does not do that job.
command_for() {
    local job=$1 tool=$2 jsonl="$DATA_DIR/records.jsonl" array="$DATA_DIR/records.json"
    if [[ $tool == baseline ]]; then
        # The same command as codable's, run by the baseline binary.
        local CODABLE=$BASELINE
        command_for "$job" codable
        return
    fi
    case "$job|$tool" in
        "jsonl -> jsonl|codable") CMD=("$CODABLE" convert --from jsonl --to jsonl "$jsonl") ;;
        "jsonl -> jsonl|jq")      CMD=(jq -c . "$jsonl") ;;
        "jsonl -> jsonl|gojq")    CMD=(gojq -c . "$jsonl") ;;
        "jsonl -> jsonl|mlr")     CMD=(mlr --ijsonl --ojsonl cat "$jsonl") ;;
        "array -> jsonl|codable") CMD=("$CODABLE" convert --from json --to jsonl "$array") ;;
        "array -> jsonl|jq")      CMD=(jq -c '.[]' "$array") ;;
        "array -> jsonl|gojq")    CMD=(gojq -c '.[]' "$array") ;;
        "array -> jsonl|mlr")     CMD=(mlr --ijson --ojsonl cat "$array") ;;
        # The same convert with one date field re-encoded (ISO-8601 in, RFC 3339 UTC out); no
        # peer reads ISO-8601 with offsets and fractions, so it is compared with plain convert.
        "jsonl+date -> jsonl|codable") CMD=("$CODABLE" convert --from jsonl --to jsonl --date createdAt=iso8601 "$jsonl") ;;
        # Every record decoded into the model and re-encoded (reference dates in, ISO-8601 out),
        # compared with plain convert and with the same decode done by JSONDecoder + JSONEncoder.
        "jsonl+model -> jsonl|codable") CMD=("$CODABLE" decode --model "$REPO_ROOT/Scripts/bench/Record.swift" --type Record --to jsonl "$jsonl") ;;
        "jsonl+model -> jsonl|jsondecoder") CMD=("$JSONDECODER_BIN" "$jsonl") ;;
        # Transforms: a filter and a projection, and a whole-input sort (jq and gojq slurp).
        "where+select|codable") CMD=("$CODABLE" convert --from jsonl --to jsonl --where '.done == true' --select id,title,createdAt "$jsonl") ;;
        "where+select|jq")      CMD=(jq -c 'select(.done) | {id,title,createdAt}' "$jsonl") ;;
        "where+select|gojq")    CMD=(gojq -c 'select(.done) | {id,title,createdAt}' "$jsonl") ;;
        "where+select|mlr")     CMD=(mlr --ijsonl --ojsonl filter '$done == true' then cut -o -f id,title,createdAt "$jsonl") ;;
        "sort-by id|codable")   CMD=("$CODABLE" convert --from jsonl --to jsonl --sort-by .id "$jsonl") ;;
        "sort-by id|jq")        CMD=(jq -s -c 'sort_by(.id)[]' "$jsonl") ;;
        "sort-by id|gojq")      CMD=(gojq -s -c 'sort_by(.id)[]' "$jsonl") ;;
        "sort-by id|mlr")       CMD=(mlr --ijsonl --ojsonl sort -nf id "$jsonl") ;;
        # CSV out: nested objects flattened to dotted columns (Miller also splits arrays into
        # columns and starts a new header block when the keys change; codable keeps the first
        # record's columns, writes arrays as JSON text and notes the dropped `events` field).
        "jsonl -> csv|codable")   CMD=("$CODABLE" convert --from jsonl --to csv "$jsonl") ;;
        "jsonl -> csv|mlr")       CMD=(mlr --ijsonl --ocsv cat "$jsonl") ;;
        # Back: dotted columns nested again (codable also reads the cells holding JSON arrays as
        # arrays; Miller keeps them as strings).
        "csv -> nested jsonl|codable") CMD=("$CODABLE" convert --from csv --to jsonl --unflatten "$DATA_DIR/records.csv") ;;
        "csv -> nested jsonl|mlr")     CMD=(mlr --icsv --ojsonl cat "$DATA_DIR/records.csv") ;;
        "validate|codable")       CMD=("$CODABLE" validate --schema "$VALIDATE_SCHEMA" "$jsonl") ;;
        "validate|check-jsonschema") CMD=(check-jsonschema --disable-formats '*' --schemafile "$TMP/array.schema.json" "$array") ;;
        "validate, every record bad|codable") CMD=("$CODABLE" validate --max-errors 0 --schema "$BAD_RECORDS_SCHEMA" "$jsonl") ;;
        "validate, every record bad|check-jsonschema") CMD=(check-jsonschema --disable-formats '*' --schemafile "$TMP/array-bad.schema.json" "$array") ;;
        "validate yaml files|codable") CMD=("$CODABLE" validate --schema "$VALIDATE_SCHEMA" "$DATA_DIR"/yaml-files/*.yaml) ;;
        "validate yaml files|check-jsonschema") CMD=(check-jsonschema --disable-formats '*' --schemafile "$VALIDATE_SCHEMA" "$DATA_DIR"/yaml-files/*.yaml) ;;
        *) return 1 ;;
    esac
}

# The number of bytes a job reads.
input_bytes() {
    case $1 in
        "jsonl -> jsonl"|"jsonl+date -> jsonl"|"jsonl+model -> jsonl"|"where+select"|"sort-by id"|"jsonl -> csv"|validate|"validate, every record bad") stat -c %s "$DATA_DIR/records.jsonl" ;;
        "array -> jsonl") stat -c %s "$DATA_DIR/records.json" ;;
        "csv -> nested jsonl") stat -c %s "$DATA_DIR/records.csv" ;;
        "validate yaml files") cat "$DATA_DIR"/yaml-files/*.yaml | wc -c ;;
    esac
}

# Writes the first YAML_FILES records as one YAML file each into DATA_DIR/yaml-files, unless
# they are there.
ensure_yaml_files() {
    local dir="$DATA_DIR/yaml-files"
    [[ $dir/index.json -nt $DATA_DIR/records.jsonl ]] && return
    rm -rf "$dir"
    head -n "$YAML_FILES" "$DATA_DIR/records.jsonl" | "$CODABLE" convert --from jsonl --to yaml --split 1 --output-dir "$dir"
}

# Writes the records as CSV into DATA_DIR/records.csv, unless it is there.
ensure_csv_file() {
    [[ $DATA_DIR/records.csv -nt $DATA_DIR/records.jsonl ]] && return
    "$CODABLE" convert --from jsonl --to csv "$DATA_DIR/records.jsonl" -o "$DATA_DIR/records.csv" 2>/dev/null
}

# Sets JSONDECODER_BIN to the JSONDecoder + JSONEncoder program, compiled with
# swiftc -O from Scripts/bench (empty when swiftc is missing or fails).
build_jsondecoder() {
    JSONDECODER_BIN=""
    command -v swiftc >/dev/null || { echo "jsondecoder: swiftc not found, skipped"; return; }
    echo "Compiling the JSONDecoder program (swiftc -O)..." >&2
    if swiftc -O -o "$TMP/jsondecoder" "$REPO_ROOT/Scripts/bench/main.swift" "$REPO_ROOT/Scripts/bench/Record.swift" >&2; then
        JSONDECODER_BIN="$TMP/jsondecoder"
    else
        echo "jsondecoder: swiftc failed, skipped"
    fi
}

# Sets TOOLS to codable plus the peers that are installed.
find_tools() {
    TOOLS=(codable)
    [[ -n $BASELINE ]] && TOOLS+=(baseline)
    [[ -n $JSONDECODER_BIN ]] && TOOLS+=(jsondecoder)
    local peer
    for peer in "${PEERS[@]}"; do
        if command -v "$peer" >/dev/null; then
            TOOLS+=("$peer")
        else
            echo "$peer: not installed, skipped"
        fi
    done
}

# Checks once per job that codable writes as many records (lines) as jq. CSV output (quoted
# line breaks, a header) is read back by codable and counted against the generator's count.
check_job() {
    local job=$1 got want source=jq
    case $job in
        validate) check_validate_job "$job" "1 file, $(sed -n 's/^records=//p' "$DATA_DIR/meta.txt") records, 0 errors"; return ;;
        "validate yaml files") check_validate_job "$job" "$YAML_FILES files, $YAML_FILES records, 0 errors"; return ;;
        "validate, every record bad")
            local records
            records=$(sed -n 's/^records=//p' "$DATA_DIR/meta.txt")
            check_validate_job "$job" "1 file, $records records, $((2 * records)) errors" 1
            return ;;
    esac
    command_for "$job" codable
    if [[ $job == *"-> csv" ]]; then
        got=$("${CMD[@]}" 2>/dev/null | "$CODABLE" convert --from csv --to jsonl | wc -l) || { echo "FAIL $job: codable exited with an error"; exit 1; }
        want=$(sed -n 's/^records=//p' "$DATA_DIR/meta.txt")
        ((got == want)) || { echo "FAIL $job: codable wrote $got rows, generator $want records"; exit 1; }
        echo "ok   $job: codable's CSV reads back as the generator's $got records"
        return
    fi
    got=$("${CMD[@]}" | wc -l) || { echo "FAIL $job: codable exited with an error"; exit 1; }
    if command -v jq >/dev/null && command_for "$job" jq; then
        want=$("${CMD[@]}" | wc -l) || { echo "FAIL $job: jq exited with an error"; exit 1; }
    else
        source=generator  # no jq: trust the generator's record count
        want=$(sed -n 's/^records=//p' "$DATA_DIR/meta.txt")
    fi
    if ((got != want)); then
        echo "FAIL $job: codable wrote $got lines, $source $want"
        exit 1
    fi
    echo "ok   $job: codable and $source agree on $got records"
}

# Runs CMD once with output to /dev/null. Sets SECONDS_TAKEN, RSS_KB and
# CPU_PCT; returns the command's exit status.
time_once() {
    local report="$TMP/time.txt" start end status=0
    start=$EPOCHREALTIME
    "$TIME_BIN" -v -o "$report" "${CMD[@]}" >/dev/null 2>"$TMP/stderr.txt" || status=$?
    end=$EPOCHREALTIME
    SECONDS_TAKEN=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }')
    RSS_KB=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$report")
    CPU_PCT=$(awk -F': ' '/Percent of CPU/ { sub(/%/, "", $2); print $2 }' "$report")
    return "$status"
}

# The exit status every tool gives on a job when it works: 1 (problems found) where every
# record is bad, else 0.
expected_status() {
    [[ $1 == "validate, every record bad" ]] && echo 1 || echo 0
}

# Times every tool on a job RUNS times, interleaved, keeping for each tool the
# best wall time, the largest peak RSS and the CPU% of the best run.
# Results go in the associative arrays BEST, RSS, CPU (keyed "job|tool");
# a tool that fails gets BEST=error.
time_job() {
    local job=$1 run tool key
    for ((run = 1; run <= RUNS; run++)); do
        for tool in "${TOOLS[@]}"; do
            key="$job|$tool"
            command_for "$job" "$tool" || continue
            [[ ${BEST[$key]:-} == error ]] && continue
            local status=0
            time_once || status=$?
            if ((status != $(expected_status "$job"))); then
                [[ $tool == codable ]] && { echo "FAIL $job: codable failed (status $status):"; cat "$TMP/stderr.txt"; exit 1; }
                echo "note: $tool failed on $job: $(head -c 300 "$TMP/stderr.txt")" >&2
                BEST[$key]=error
                continue
            fi
            if [[ -z ${BEST[$key]:-} ]] || awk -v a="$SECONDS_TAKEN" -v b="${BEST[$key]}" 'BEGIN { exit !(a < b) }'; then
                BEST[$key]=$SECONDS_TAKEN
                CPU[$key]=$CPU_PCT
            fi
            ((${RSS[$key]:-0} > RSS_KB)) || RSS[$key]=$RSS_KB
        done
    done
}

# Prints the results table and then one summary line per job.
print_report() {
    local job tool key mb best jq_best
    local fmt="%-20s %-8s %9s %9s %8s %9s %6s\n"
    echo
    echo "codable $("$CODABLE" --version 2>/dev/null || echo '?'); ${SIZE_MB} MB inputs; best of $RUNS run(s); $(nproc) cores, $(machine_name)"
    if [[ $MARKDOWN == yes ]]; then
        echo
        fmt="| %s | %s | %s | %s | %s | %s | %s |\n"
        printf "$fmt" job tool "best s" "MB/s" "vs jq" "RSS MiB" "CPU%"
        printf "$fmt" --- --- ---: ---: ---: ---: ---:
    else
        printf "$fmt" job tool "best s" "MB/s" "vs jq" "RSS MiB" "CPU%"
    fi
    for job in "${JOBS[@]}"; do
        mb=$(awk -v b="$(input_bytes "$job")" 'BEGIN { print b / 1e6 }')
        jq_best=${BEST["$job|jq"]:-}
        for tool in "${TOOLS[@]}"; do
            key="$job|$tool"
            best=${BEST[$key]:-}
            [[ -n $best ]] || continue
            if [[ $best == error ]]; then
                printf "$fmt" "$job" "$tool" error - - - -
                continue
            fi
            printf "$fmt" "$job" "$tool" "$best" \
                "$(awk -v m="$mb" -v t="$best" 'BEGIN { printf "%.1f", m / t }')" \
                "$(ratio "$jq_best" "$best")" \
                "$(awk -v k="${RSS[$key]}" 'BEGIN { printf "%.1f", k / 1024 }')" \
                "${CPU[$key]}"
        done
    done
    echo
    for job in "${JOBS[@]}"; do
        best=${BEST["$job|codable"]}
        jq_best=${BEST["$job|jq"]:-}
        printf "%s: codable %s MB/s" "$job" \
            "$(awk -v m="$(input_bytes "$job")" -v t="$best" 'BEGIN { printf "%.1f", m / 1e6 / t }')"
        if [[ $job == "jsonl+date -> jsonl" && -z ${BEST["jsonl -> jsonl|codable"]:-} ]]; then
            echo " (run the jsonl -> jsonl job too to compare)"
        elif [[ $job == "validate, every record bad" ]]; then
            local clean=${BEST["validate|codable"]:-} versus
            versus=$(ratio "${BEST["$job|check-jsonschema"]:-}" "$best")
            [[ $versus == - ]] && printf " (no check-jsonschema time to compare with)" || printf " = %s check-jsonschema" "$versus"
            if [[ -n $clean && $clean != error ]]; then
                echo "; $(awk -v b="$best" -v c="$clean" 'BEGIN { printf "%.2fx", b / c }') the time of the clean validate"
            else
                echo "; no clean validate time to compare with (add --job validate)"
            fi
        elif [[ $job == validate* ]]; then
            local versus
            versus=$(ratio "${BEST["$job|check-jsonschema"]:-}" "$best")
            if [[ $versus == - ]]; then
                echo " (no check-jsonschema time to compare with)"
            elif [[ $job == validate ]]; then
                echo " = $versus check-jsonschema (targets: at least 100 MB/s and 20x); peak RSS $(awk -v k="${RSS["validate|codable"]}" 'BEGIN { printf "%.1f", k / 1024 }') MiB"
            else
                echo " = $versus check-jsonschema on $YAML_FILES files"
            fi
        elif [[ $job == "csv -> nested jsonl" ]]; then
            echo " = $(ratio "${BEST["$job|mlr"]:-}" "$best") Miller"
        elif [[ $job == "jsonl -> csv" ]]; then
            local versus
            versus=$(ratio "${BEST["$job|mlr"]:-}" "$best")
            if [[ $versus == - ]]; then
                echo " (no Miller time to compare with)"
            else
                echo " = $versus Miller's throughput (target: at least 5x)"
            fi
        elif [[ $job == "jsonl+date -> jsonl" || $job == "jsonl+model -> jsonl" ]]; then
            # Compared with plain convert, when that job ran too (`--job` may leave it out).
            local plain=${BEST["jsonl -> jsonl|codable"]:-}
            if [[ -z $plain || $plain == error ]]; then
                printf " (no plain jsonl -> jsonl time to compare with: add --job 'jsonl -> jsonl')"
            else
                printf " = %s the time of plain jsonl -> jsonl (target: at most 1.5x)" \
                    "$(awk -v d="$best" -v p="$plain" 'BEGIN { printf "%.2fx", d / p }')"
            fi
            if [[ $job == "jsonl+date -> jsonl" ]]; then
                echo
                continue
            fi
            local peer=${BEST["$job|jsondecoder"]:-}
            if [[ -n $peer && $peer != error ]]; then
                echo "; $(awk -v j="$peer" -v t="$best" 'BEGIN { printf "%.2fx", j / t }') faster than JSONDecoder + JSONEncoder (target: at least 5x)"
            else
                echo "; no JSONDecoder time to compare with"
            fi
        elif [[ $(ratio "$jq_best" "$best") == - ]]; then
            echo " (no jq time to compare with)"
        elif [[ $job == "where+select" ]]; then
            echo " = $(ratio "$jq_best" "$best") jq (target: at least 10x), $(ratio "${BEST["$job|mlr"]:-}" "$best") Miller (target: above 1x)"
        elif [[ $job == "sort-by id" ]]; then
            echo " = $(ratio "$jq_best" "$best") jq (target: at least 5x); peak RSS $(awk -v c="${RSS["$job|codable"]}" -v j="${RSS["$job|jq"]:-0}" 'BEGIN { if (j > 0) printf "%.2f", c / j; else printf "-" }') of jq's (target: at most 0.25)"
        else
            echo " = $(ratio "$jq_best" "$best") jq"
        fi
    done
}

# One line per job: codable's time and peak memory as a share of the baseline binary's.
print_baseline_comparison() {
    local job time base
    echo
    for job in "${JOBS[@]}"; do
        time=$(best_of "$job" codable)
        base=$(best_of "$job" baseline)
        [[ -n $time && -n $base ]] || continue
        echo "$job: codable takes $(awk -v t="$time" -v b="$base" 'BEGIN { printf "%.3f", t / b }') the baseline's time," \
            "$(awk -v c="${RSS["$job|codable"]}" -v b="${RSS["$job|baseline"]}" 'BEGIN { printf "%.3f", c / b }') its peak memory"
    done
}

# The processor's model name, for the table's heading.
machine_name() {
    sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -1 | grep . || uname -m
}

# The time of `job` by `tool` (empty when it did not run or failed).
best_of() {
    local value=${BEST["$1|$2"]:-}
    [[ $value == error ]] && value=""
    echo "$value"
}

# Checks this run against the bounds in CHECK_FILE: one per line, tab-separated,
#   JOB  MEASURE  BOUND
# where MEASURE is `vs-jq` (jq's time over codable's: at least BOUND), `vs-plain` (codable's
# time over its plain jsonl -> jsonl time: at most BOUND), `vs-baseline` (codable's time over
# the --baseline binary's: at most BOUND) or `rss-mib` (codable's peak: at most BOUND MiB).
# A bound whose job or peer did not run is skipped with a note. Exit 1 when one is missed.
check_thresholds() {
    local job measure bound value failed=0 codable_time other verdict
    echo
    while IFS=$'\t' read -r job measure bound; do
        [[ -z $job || $job == \#* ]] && continue
        codable_time=$(best_of "$job" codable)
        if [[ -z $codable_time ]]; then
            echo "skip $job $measure: the job did not run"
            continue
        fi
        case $measure in
            vs-jq) other=$(best_of "$job" jq) ;;
            vs-plain) other=$(best_of "jsonl -> jsonl" codable) ;;
            vs-baseline) other=$(best_of "$job" baseline) ;;
            rss-mib) other=${RSS["$job|codable"]} ;;
            *) die "$CHECK_FILE: unknown measure '$measure'" ;;
        esac
        if [[ -z $other ]]; then
            echo "skip $job $measure: nothing to compare with in this run"
            continue
        fi
        case $measure in
            vs-jq) value=$(awk -v p="$other" -v t="$codable_time" 'BEGIN { printf "%.2f", p / t }') ;;
            rss-mib) value=$(awk -v k="$other" 'BEGIN { printf "%.1f", k / 1024 }') ;;
            *) value=$(awk -v p="$other" -v t="$codable_time" 'BEGIN { printf "%.2f", t / p }') ;;
        esac
        if [[ $measure == vs-jq ]]; then
            awk -v v="$value" -v b="$bound" 'BEGIN { exit !(v >= b) }' && verdict=ok || verdict=FAIL
            echo "$verdict $job: $value times jq (at least $bound)"
        else
            awk -v v="$value" -v b="$bound" 'BEGIN { exit !(v <= b) }' && verdict=ok || verdict=FAIL
            echo "$verdict $job: $measure $value (at most $bound)"
        fi
        [[ $verdict == ok ]] || failed=1
    done <"$CHECK_FILE"
    return "$failed"
}

# The schema check-jsonschema validates records.json with: an array whose items are the record
# schema, embedded as its own resource (its $id kept).
write_array_schema() {
    local record_schema=$1 out=$2
    python3 - "$record_schema" "$out" <<'PY'
import json, sys
record = json.load(open(sys.argv[1]))
record.setdefault("$id", "urn:codable-bench:record")
wrapper = {"$schema": record.get("$schema", "https://json-schema.org/draft/2020-12/schema"),
           "type": "array", "items": record}
json.dump(wrapper, open(sys.argv[2], "w"))
PY
}

# Checks that codable and check-jsonschema both find everything the job reads valid (or, with
# EXPECTED_STATUS 1, both find problems), and that codable's summary line starts with SUMMARY
# (it counts the files, records and problems).
check_validate_job() {
    local job=$1 summary=$2 expected=${3:-0} status=0 verdict="find them all valid"
    ((expected == 0)) || verdict="find problems"
    command_for "$job" codable
    "${CMD[@]}" >/dev/null 2>"$TMP/validate.txt" || status=$?
    if ((status != expected)); then echo "FAIL $job: codable exited with $status, not $expected:"; head -20 "$TMP/validate.txt"; exit 1; fi
    grep -q "^$summary" "$TMP/validate.txt" \
        || { echo "FAIL $job: codable's summary is not '$summary': $(tail -1 "$TMP/validate.txt")"; exit 1; }
    if command -v check-jsonschema >/dev/null && command_for "$job" check-jsonschema; then
        status=0
        "${CMD[@]}" >"$TMP/check.txt" 2>&1 || status=$?
        if ((expected == 0 && status != 0)) || ((expected != 0 && status == 0)); then
            echo "FAIL $job: check-jsonschema does not $verdict (status $status): $(head -c 600 "$TMP/check.txt")"; exit 1
        fi
        echo "ok   $job: codable and check-jsonschema $verdict ($summary)"
    else
        echo "ok   $job: codable finds $( ((expected == 0)) && echo "them all valid" || echo "problems") ($summary; check-jsonschema not installed)"
    fi
}

# How many times faster than a peer (jq, unless another is named) a time is ("-" when the
# peer has no time).
ratio() {
    local peer_time=$1 time=$2
    if [[ -z $peer_time || $peer_time == error ]]; then echo "-"; return; fi
    awk -v p="$peer_time" -v t="$time" 'BEGIN { printf "%.2fx", p / t }'
}

main() {
    parse_args "$@"
    TMP=$(mktemp -d)
    trap 'rm -rf "$TMP"' EXIT
    declare -gA BEST=() RSS=() CPU=()
    build_codable
    build_jsondecoder
    ensure_data
    ensure_yaml_files
    ensure_csv_file
    find_tools
    write_array_schema "$VALIDATE_SCHEMA" "$TMP/array.schema.json"
    write_array_schema "$BAD_RECORDS_SCHEMA" "$TMP/array-bad.schema.json"
    local job
    for job in "${JOBS[@]}"; do
        check_job "$job"
    done
    for job in "${JOBS[@]}"; do
        echo "Timing $job..." >&2
        time_job "$job"
    done
    print_report
    [[ -z $BASELINE ]] || print_baseline_comparison
    [[ -z $CHECK_FILE ]] || check_thresholds || die "a bound in $CHECK_FILE was missed"
}

main "$@"
