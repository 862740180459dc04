#!/usr/bin/env bash
# Start-up time: `codable convert` of an empty object, and `codable validate --schema` of one,
# against gojq and Miller on the same file, side by side in one hyperfine run (what a script or
# a pre-commit hook pays each time it starts codable on a small file).
#
# Usage: Scripts/bench-startup.sh [--runs N] [--max-ms MS]
#   --runs N     runs per command (default 200, after 20 warm-up runs)
#   --max-ms MS  fail (exit 1) when either codable command's mean is above MS milliseconds
# Environment: CODABLE_BIN=path uses that binary (default: a release build, built here).
# Peers that are not installed are left out with a note; hyperfine is needed
# (apt-get install hyperfine).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=200
max_ms=""
while (($#)); do
  case $1 in
    --runs) runs=${2:?--runs needs a value}; shift ;;
    --max-ms) max_ms=${2:?--max-ms needs a value}; shift ;;
    *) sed -n '/^# Usage:/,/^$/s/^# \{0,1\}//p' "$0"; exit 2 ;;
  esac
  shift
done
command -v hyperfine >/dev/null || { echo "bench-startup: hyperfine is not installed" >&2; exit 2; }
source Scripts/bench/common.sh
bin=$(release_codable)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo '{}' > "$work/empty.json"
echo '{"type":"object"}' > "$work/schema.json"
commands=(-n "codable convert" "$bin convert $work/empty.json"
  -n "codable validate --schema" "$bin validate --schema $work/schema.json $work/empty.json")
if command -v gojq >/dev/null; then commands+=(-n gojq "gojq . $work/empty.json"); else echo "note: gojq is not installed" >&2; fi
if command -v mlr >/dev/null; then commands+=(-n Miller "mlr --json cat $work/empty.json"); else echo "note: mlr is not installed" >&2; fi
hyperfine -N --warmup 20 --runs "$runs" --export-json "$work/times.json" --style basic "${commands[@]}" >&2
python3 - "$work/times.json" "$max_ms" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
limit = float(sys.argv[2]) if sys.argv[2] else None
print("| command | mean ms | min ms |")
print("|---|---:|---:|")
failed = False
for r in results:
    print(f"| {r['command']} | {r['mean'] * 1000:.1f} | {r['min'] * 1000:.1f} |")
    if limit is not None and r["command"].startswith("codable") and r["mean"] * 1000 > limit:
        failed = True
if failed:
    print(f"bench-startup: a codable command's mean is above {limit} ms", file=sys.stderr)
sys.exit(1 if failed else 0)
PY
