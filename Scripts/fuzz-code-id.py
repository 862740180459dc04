#!/usr/bin/env python3
"""Prints a short id of the code a fuzz target runs, for Scripts/fuzz.sh's ledger.

Reads `swift package describe --type json` on stdin. With --target NAME, the id hashes what
codable-fuzz runs for that target: Package.swift; the resolved version of each dependency
package (Package.resolved's pins, not its file, whose other fields do not change the code);
codable-fuzz's own files and the harness (the files beside the targets that define none); the
file that defines NAME (`FuzzTarget(name: "NAME"`); and every file of each package module those
files import, with the modules it depends on (C targets included). So a change to one target's
file, or to a module only some targets import, starts only those targets' counts again; a change
anywhere else (the commands, the reports, the tests, the scripts, another target) keeps them.
Without --target, the id covers codable-fuzz's whole closure in the package's target graph.

Usage: swift package describe --type json | Scripts/fuzz-code-id.py [--target NAME] [--files]
  --target NAME   the id of what fuzz target NAME runs
  --files         list the hashed files instead (what the id covers)
"""
import argparse
import hashlib
import json
import os
import re
import sys

PRODUCT = "codable-fuzz"
DEFINITION = re.compile(r'FuzzTarget\(\s*name:\s*"([^"]+)"')
IMPORT = re.compile(
    r"^[ \t]*(?:@\w+(?:\([^)\n]*\))?[ \t]+)*(?:(?:public|package|internal|fileprivate|private)[ \t]+)?"
    r"import[ \t]+(?:(?:struct|class|enum|protocol|typealias|func|var|let)[ \t]+)?([A-Za-z_]\w*)",
    re.MULTILINE,
)


def closure(targets, roots):
    """The names of the roots and every target they depend on, directly or not."""
    seen, pending = set(), list(roots)
    while pending:
        name = pending.pop()
        if name in seen or name not in targets:
            continue
        seen.add(name)
        pending.extend(targets[name].get("target_dependencies", []))
    return seen


def files_in(folder):
    """Every file under a folder, sorted, as paths from the package root."""
    found = []
    for root, folders, files in os.walk(folder):
        folders.sort()
        found.extend(os.path.join(root, file) for file in files)
    return sorted(found)


def files_of(targets, names):
    return sorted(path for name in names for path in files_in(targets[name]["path"]))


def read(path):
    with open(path, encoding="utf-8", errors="replace") as file:
        return file.read()


def target_files(targets, target):
    """The files fuzz target `target` runs: see the module's doc."""
    fuzzer = closure(targets, [PRODUCT])
    definitions, harness = {}, []
    for path in files_of(targets, fuzzer):
        if not path.endswith(".swift"):
            continue
        names = DEFINITION.findall(read(path))
        for name in names:
            definitions[name] = path
        if not names:
            harness.append(path)
    if target not in definitions:
        sys.exit(f"fuzz-code-id: no file defines a fuzz target named {target}")
    def under(path, name):
        return path.startswith(targets[name]["path"].rstrip(os.sep) + os.sep)

    # The modules that hold them stand for those files only, not for every target beside: the
    # harness (codable-fuzz's own files, and the files beside the targets that define none) and
    # the target's own file.
    holders = {PRODUCT} | {name for name in fuzzer if any(under(path, name) for path in definitions.values())}
    sources = [path for path in harness if any(under(path, name) for name in holders)] + [definitions[target]]
    imported = {module for path in sources for module in IMPORT.findall(read(path)) if module in targets}
    modules = closure(targets, imported - holders) - holders
    return sorted(set(sources) | set(files_of(targets, modules)))


def pins():
    """`identity revision version` for each resolved dependency, or nothing before resolution."""
    try:
        with open("Package.resolved", encoding="utf-8") as resolved:
            entries = json.load(resolved).get("pins", [])
    except FileNotFoundError:
        return []
    return sorted(
        f'{pin.get("identity", "")} {pin.get("state", {}).get("revision", "")} '
        f'{pin.get("state", {}).get("version", "")}'
        for pin in entries
    )


def main():
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--target")
    parser.add_argument("--files", action="store_true")
    options = parser.parse_args()
    description = json.load(sys.stdin)
    targets = {target["name"]: target for target in description["targets"]}
    if PRODUCT not in targets:
        sys.exit(f"fuzz-code-id: the package has no target named {PRODUCT}")
    if options.target:
        files = ["Package.swift"] + target_files(targets, options.target)
    else:
        files = ["Package.swift"] + files_of(targets, closure(targets, [PRODUCT]))
    if options.files:
        print("\n".join(files))
        return
    digest = hashlib.sha1()
    for path in files:
        with open(path, "rb") as file:
            content = file.read()
        digest.update(f"{path}\0{len(content)}\0".encode())
        digest.update(content)
    for pin in pins():
        digest.update(f"pin\0{pin}\0".encode())
    print(digest.hexdigest()[:12])


if __name__ == "__main__":
    main()
