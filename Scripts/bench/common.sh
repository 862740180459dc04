# Sourced by the scripts that time or measure a release build of codable (bench*.sh, memory.sh,
# load.sh): which binary to measure, and how to time a command.

# Prints the codable binary to measure: $CODABLE_BIN when set, otherwise the binary that ships
# (Scripts/build-release.sh, in .build-release, built first if needed). Every script measures
# that one build, away from the debug build in .build.
release_codable() {
    if [[ -n ${CODABLE_BIN:-} ]]; then
        [[ -x $CODABLE_BIN ]] || { echo "CODABLE_BIN=$CODABLE_BIN is not executable" >&2; return 1; }
        echo "$CODABLE_BIN"
        return
    fi
    "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build-release.sh"
}

# Prints the best wall time, in seconds, of RUNS runs of a command (its output dropped).
# Usage: best_wall_seconds RUNS COMMAND...
best_wall_seconds() {
    local runs=$1 best_us= start end elapsed
    shift
    for _ in $(seq "$runs"); do
        start=${EPOCHREALTIME/./}
        "$@" >/dev/null 2>&1 || true
        end=${EPOCHREALTIME/./}
        elapsed=$((end - start))
        if [[ -z $best_us ]] || ((elapsed < best_us)); then best_us=$elapsed; fi
    done
    awk -v us="$best_us" 'BEGIN { printf "%.3f", us / 1e6 }'
}
