#!/usr/bin/env python3
"""Prints a short id of the code codable-fuzz is built from, for Scripts/fuzz.sh's ledger.

Reads `swift package describe --type json` on stdin. The id hashes Package.swift, every file of
every target codable-fuzz depends on (its closure in the package's target graph, C targets
included), and the resolved version of each dependency package (Package.resolved's pins, not
its file, whose other fields do not change the code). Changing a file outside that closure
(the commands, the reports, the tests, the scripts) keeps the id, so fuzzing counts go on
adding up; changing one inside it starts them again from zero.

Usage: swift package describe --type json | Scripts/fuzz-code-id.py [--files]
  --files   list the hashed files instead (what the id covers)
"""
import hashlib
import json
import os
import sys

PRODUCT = "codable-fuzz"


def closure(targets):
    """The names of PRODUCT's target and every target it depends on, directly or not."""
    seen, pending = set(), [PRODUCT]
    while pending:
        name = pending.pop()
        if name in seen or name not in targets:
            continue
        seen.add(name)
        pending.extend(targets[name].get("target_dependencies", []))
    if PRODUCT not in seen:
        sys.exit(f"fuzz-code-id: the package has no target named {PRODUCT}")
    return seen


def files_of(targets, names):
    """Every file under the named targets' folders, sorted, as paths from the package root."""
    found = []
    for name in names:
        for root, folders, files in os.walk(targets[name]["path"]):
            folders.sort()
            found.extend(os.path.join(root, file) for file in files)
    return sorted(found)


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
    description = json.load(sys.stdin)
    targets = {target["name"]: target for target in description["targets"]}
    files = ["Package.swift"] + files_of(targets, closure(targets))
    if sys.argv[1:] == ["--files"]:
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
