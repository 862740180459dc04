#!/usr/bin/env bash
# Regenerates man/codable.1 from the command definitions (swift-argument-parser's
# generate-manual plugin), with a fixed date so the page only changes when the commands do.
#   Scripts/generate-manual.sh          rewrite man/codable.1
#   Scripts/generate-manual.sh --check  fail (exit 1) when man/codable.1 is stale
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
manual_date=2026-01-01

swift package generate-manual --date "$manual_date" --configuration debug >/dev/null
# The page is made from the help that `codable --experimental-dump-help` gives, and the
# generator drops every character outside ASCII in it ("page-000001.json, …," comes out as
# "page-000001.json, ,"): that help, every command's, must stay ASCII.
help_dump=$(mktemp)
trap 'rm -f "$help_dump"' EXIT
"$(swift build --configuration debug --show-bin-path)/codable" --experimental-dump-help > "$help_dump"
if grep -P '[^\x00-\x7F]' "$help_dump" >&2; then
  echo "generate-manual: the help text above is not ASCII; the man page would lose those characters" >&2
  exit 1
fi
generated=".build/plugins/GenerateManual/outputs/codable/codable.1"
[ -f "$generated" ] || { echo "generate-manual: no page at $generated" >&2; exit 1; }

if [ "${1:-}" = "--check" ]; then
  if ! diff -u man/codable.1 "$generated"; then
    echo "man/codable.1 is stale: run Scripts/generate-manual.sh and commit the result" >&2
    exit 1
  fi
  echo "man/codable.1 is up to date"
else
  mkdir -p man
  cp "$generated" man/codable.1
  echo "wrote man/codable.1"
fi
