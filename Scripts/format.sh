#!/usr/bin/env bash
# Formats (default) or lints (--lint) every Swift file of the project with the toolchain's
# swift-format and the settings in .swift-format. Model files that tests feed to codable as input
# (Tests/Fixtures, Tests/BadInput) and Samples/ are data, some of them deliberately malformed:
# they are left as they are.
set -euo pipefail
cd "$(dirname "$0")/.."
files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(
  find Package.swift Sources Tests -name '*.swift' \
    -not -path 'Tests/Fixtures/*' -not -path 'Tests/BadInput/*' -print0 | sort -z)
case "${1:-}" in
  --lint) exec swift format lint --strict --parallel "${files[@]}" ;;
  "") exec swift format format --in-place --parallel "${files[@]}" ;;
  *) echo "usage: Scripts/format.sh [--lint]" >&2; exit 2 ;;
esac
