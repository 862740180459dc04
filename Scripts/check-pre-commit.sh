#!/usr/bin/env bash
# Runs this repository's pre-commit hook for real: `pre-commit try-repo` of codable-validate
# (language: system, with the built codable on PATH) in a sample repository holding a
# .codable.yaml, a .pre-commit-config.yaml and data files. Good files pass (status 0); a bad
# file fails the hook with its problem as FILE:LINE:COL. Skips, with a note, without pre-commit
# (pip install pre-commit).
#   Scripts/check-pre-commit.sh [CODABLE_BINARY]
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
binary=$(cd "$root" && realpath "${1:-.build/debug/codable}")
if ! command -v pre-commit >/dev/null; then
  echo "check-pre-commit: skipped: pre-commit is not installed (pip install pre-commit)"
  exit 0
fi
[ -x "$binary" ] || { echo "check-pre-commit: no binary at $binary (swift build first)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin="$work/bin"
mkdir -p "$bin" "$work/repo/schemas" "$work/repo/config"
ln -s "$binary" "$bin/codable"
export PATH="$bin:$PATH" PRE_COMMIT_HOME="$work/cache"

cd "$work/repo"
git init -q
git config user.email ci@example.com
git config user.name CI
cat > .codable.yaml <<'YAML'
validate:
  - files: "config/*.yaml"
    schema: schemas/service.json
YAML
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $root
    rev: HEAD
    hooks:
      - id: codable-validate
YAML
printf '{"type": "object", "required": ["name", "port"], "properties": {"name": {"type": "string"}, "port": {"type": "integer"}}}\n' > schemas/service.json
printf 'name: api\nport: 8080\n' > config/api.yaml
printf 'name: web\nport: 80\n' > config/web.yaml
git add -A

# The hooks as they are in the working tree (try-repo takes uncommitted changes too).
run() { pre-commit try-repo "$root" codable-validate "$@" 2>&1; }

if ! output=$(run --all-files); then
  echo "check-pre-commit: FAIL: the hook failed on good files:"; echo "$output"; exit 1
fi
grep -q "codable validate.*Passed" <<<"$output" || { echo "check-pre-commit: FAIL: no 'Passed':"; echo "$output"; exit 1; }

printf 'name: worker\nport: eighty\n' > config/worker.yaml
git add -A
if output=$(run --all-files); then
  echo "check-pre-commit: FAIL: the hook passed a bad file:"; echo "$output"; exit 1
fi
grep -q "config/worker.yaml:2:7: error: expected integer, found string \"eighty\"" <<<"$output" \
  || { echo "check-pre-commit: FAIL: the problem is not located:"; echo "$output"; exit 1; }
grep -q "codable validate.*Failed" <<<"$output" || { echo "check-pre-commit: FAIL: no 'Failed':"; echo "$output"; exit 1; }
echo "check-pre-commit: codable-validate passes good files and fails a bad one at config/worker.yaml:2:7"
