#!/usr/bin/env bash
# Benchmark reading Swift models: a generated model file of about 2 000 lines (structs, nested
# types, raw and tagged enums, CodingKeys, typealiases, generics) read as `--model FILE` reads it.
# Target (issue 4): under 200 ms. Also prints swift-syntax's parse alone, for comparison.
#
# Usage: Scripts/bench-models.sh [LINES] [RUNS]   (defaults: 2000 lines, best of 5 runs)
set -euo pipefail

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$REPO_ROOT"
"$(Scripts/build-release.sh --product codable-model-bench)" "${1:-2000}" "${2:-5}"
