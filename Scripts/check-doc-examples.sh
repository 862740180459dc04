#!/usr/bin/env bash
# Runs every `$ command` of a ```console block in README.md and docs/*.md, as
# Tests/EndToEndTests/ReadmeExamplesTests.swift does (from the repository root, codable on the
# PATH, standard error merged into standard output, validate's timings set to 0.00), and
# compares the output with the lines that follow the command. Usage:
#   Scripts/check-doc-examples.sh [CODABLE_BINARY] [FILE.md...]
# The binary defaults to .build/debug/codable. Prints each mismatch as a diff; exit status 1
# when any example differs.
set -uo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/debug/codable}
shift || true
files=("$@")
[ ${#files[@]} -eq 0 ] && files=(README.md docs/*.md)
bin_dir=$(cd "$(dirname "$binary")" && pwd)

python3 - "$bin_dir" "${files[@]}" <<'PY'
import re, subprocess, sys, os
bin_dir, files = sys.argv[1], sys.argv[2:]
timing = re.compile(r"(\d+ files?, \d+ records?, \d+ errors?(?:, \d+ unreadable)? in )(\d+\.\d\d)( s)")
env = dict(os.environ, NO_COLOR="1")
checked = failed = 0
for path in files:
    examples, in_console = [], False
    for line in open(path, encoding="utf-8").read().split("\n"):
        if line.startswith("```"):
            in_console = line == "```console"
            continue
        if not in_console:
            continue
        if line.startswith("$ "):
            examples.append([line[2:], ""])
        elif examples:
            examples[-1][1] += line + "\n"
    for command, expected in examples:
        script = f'unset GITHUB_ACTIONS; export PATH="{bin_dir}:$PATH"; {{ {command} ; }} 2>&1'
        out = subprocess.run(["/bin/bash", "-c", script], capture_output=True, env=env).stdout
        out = timing.sub(r"\g<1>0.00\g<3>", out.decode("utf-8", "replace"))
        checked += 1
        if out != expected:
            failed += 1
            import difflib
            print(f"FAIL {path}: $ {command}")
            sys.stdout.writelines(difflib.unified_diff(expected.splitlines(True), out.splitlines(True), "expected", "actual"))
print(f"{checked} examples checked, {failed} failed")
sys.exit(1 if failed else 0)
PY
