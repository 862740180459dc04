#!/usr/bin/env bash
# Runs this repository's pre-commit hooks for real: `pre-commit try-repo` in a sample repository
# holding a .codable.yaml (a rule with a JSON Schema, one with a Swift model), a
# .pre-commit-config.yaml and data files. Good files pass (status 0); a bad file fails the hook
# with its problem as FILE:LINE:COL. Skips, with a note, without pre-commit (pip install
# pre-commit).
#   Scripts/check-pre-commit.sh [CODABLE_BINARY]   codable-validate (language: system), with
#                                                  the binary (default .build/debug/codable) on PATH
#   Scripts/check-pre-commit.sh --from-source      codable-validate-swift (language: swift):
#                                                  pre-commit builds codable itself, with no codable
#                                                  on PATH (a release build: 10 minutes or more)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v pre-commit >/dev/null; then
  echo "check-pre-commit: skipped: pre-commit is not installed (pip install pre-commit)"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/repo/schemas" "$work/repo/config" "$work/repo/models" "$work/repo/fixtures"
export PRE_COMMIT_HOME="$work/cache"
if [[ ${1:-} == --from-source ]]; then
  hook=codable-validate-swift
  if command -v codable >/dev/null; then
    echo "check-pre-commit: a codable is on PATH ($(command -v codable)): the hook could use it" >&2
    exit 1
  fi
else
  hook=codable-validate
  binary=$(cd "$root" && realpath "${1:-.build/debug/codable}")
  [ -x "$binary" ] || { echo "check-pre-commit: no binary at $binary (swift build first)" >&2; exit 1; }
  mkdir -p "$work/bin"
  ln -s "$binary" "$work/bin/codable"
  export PATH="$work/bin:$PATH"
fi

cd "$work/repo"
git init -q
git config user.email ci@example.com
git config user.name CI
cat > .codable.yaml <<'YAML'
validate:
  - files: "config/*.yaml"
    schema: schemas/service.json
  - files: "fixtures/*.json"
    model: models/Todo.swift
    type: Todo
    dates: iso8601
YAML
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $root
    rev: HEAD
    hooks:
      - id: $hook
YAML
printf '{"type": "object", "required": ["name", "port"], "properties": {"name": {"type": "string"}, "port": {"type": "integer"}}}\n' > schemas/service.json
printf 'struct Todo: Codable {\n    let id: Int\n    let title: String\n    let due: Date?\n}\n' > models/Todo.swift
printf 'name: api\nport: 8080\n' > config/api.yaml
printf 'name: web\nport: 80\n' > config/web.yaml
printf '{"id": 1, "title": "Ship", "due": "2026-12-07T18:00:00Z"}\n' > fixtures/ship.json
git add -A

# The hooks as they are in the working tree (try-repo takes uncommitted changes too).
run() { pre-commit try-repo "$root" "$hook" "$@" 2>&1; }
fail() { echo "check-pre-commit: FAIL: $1:"; echo "$output"; exit 1; }

output=$(run --all-files) || fail "the hook failed on good files"
grep -q "codable validate.*Passed" <<<"$output" || fail "no 'Passed'"

printf 'name: worker\nport: eighty\n' > config/worker.yaml
printf '{"id": 2, "title": "Test", "due": "next week"}\n' > fixtures/test.json
git add -A
! output=$(run --all-files) || fail "the hook passed bad files"
grep -q "config/worker.yaml:2:7: error: expected integer, found string \"eighty\"" <<<"$output" \
  || fail "the schema's problem is not located"
grep -q "fixtures/test.json:1:35: error: " <<<"$output" || fail "the model's problem is not located"
grep -q "codable validate.*Failed" <<<"$output" || fail "no 'Failed'"
echo "check-pre-commit: $hook passes good files and fails bad ones at config/worker.yaml:2:7" \
  "(schema) and fixtures/test.json:1:35 (model)"
