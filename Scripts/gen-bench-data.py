#!/usr/bin/env python3
"""Generate the benchmark data set for Scripts/bench.sh.

Writes, into --out-dir:
  records.jsonl  one compact JSON record per line (JSON Lines)
  records.json   the same records as ONE top-level JSON array, one element
                 per line, elements separated by ",\\n"
  meta.txt       size, seed, generator version and record count, so that
                 bench.sh can tell whether existing data can be reused

Each data file is about --size-mb MB (1 MB = 1,000,000 bytes). The records
look like a to-do/event API: integers, strings with non-ASCII text and
escapes, booleans, nulls, ISO-8601 dates (Z, fractional seconds, offsets),
epoch seconds and milliseconds, reference-date doubles (seconds since
2001-01-01), nested objects and arrays of objects.

Output is deterministic: the same --size-mb and --seed give byte-identical
files. Python 3 standard library only.
"""

import argparse
import json
import os
import random
import sys
import time

# Bump when the record shape changes, so bench.sh regenerates stale data.
GENERATOR_VERSION = 1

MB = 1_000_000
CHUNK_BYTES = 8 * MB          # write in large chunks
REFERENCE_EPOCH = 978_307_200  # 2001-01-01T00:00:00Z in Unix seconds
START = 1_577_836_800          # 2020-01-01T00:00:00Z
SPAN = 6 * 365 * 86_400        # dates spread over ~6 years

WORDS = [
    "buy", "milk", "call", "review", "deploy", "fix", "bug", "write", "report",
    "meeting", "plan", "sprint", "update", "docs", "release", "notes", "email",
    "invoice", "refactor", "parser", "test", "backup", "server", "renew",
    "passport", "book", "flight", "dentist", "groceries", "garden",
    # non-ASCII: Latin accents, German, Greek, Cyrillic, CJK, emoji
    "café", "naïve", "Straße", "Crème brûlée", "Ελληνικά", "привет", "日本語",
    "会議", "résumé", "Zürich", "São Paulo", "🚀", "✅", "📅 due",
]
# Fragments that force escapes in the JSON output.
ESCAPY = [
    '"quoted"', "line one\nline two", "C:\\Users\\me", "tab\tseparated",
    'say "hi"\\n', "carriage\r\nreturn", "bell\u0007char", "slash / path",
]
TAGS = ["work", "home", "urgent", "later", "errand", "health", "finance",
        "travel", "dev", "ops", "reading", "🏷️ misc", "überfällig", "家庭"]
KINDS = ["created", "updated", "commented", "assigned", "completed",
         "reopened", "snoozed"]
FIRST = ["Ada", "Grace", "Linus", "Zoë", "José", "Björn", "Ngozi", "Yuki",
         "Chloé", "Mateus", "Aleksandr", "Priya", "Wei", "O'Brien", "Anaïs"]
LAST = ["Lovelace", "Hopper", "Torvalds", "Müller", "García", "Øster",
        "Okafor", "Tanaka", "Dubois", "Silva", "Ivanov", "Sharma", "Zhang"]
OFFSETS = ["+01:00", "+02:00", "-05:00", "-08:00", "+05:30", "+09:00", "-03:30"]


def iso8601(rng, epoch):
    """An ISO-8601 string for `epoch`: mostly `Z`, some with fractional
    seconds, some with a UTC offset (the wall time shifted to match)."""
    r = rng.random()
    if r < 0.6:
        return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))
    if r < 0.8:
        frac = rng.randrange(1000)
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(epoch)) + ".%03dZ" % frac
    off = rng.choice(OFFSETS)
    sign = 1 if off[0] == "+" else -1
    shift = sign * (int(off[1:3]) * 3600 + int(off[4:6]) * 60)
    text = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(epoch + shift))
    if rng.random() < 0.3:
        text += ".%d" % rng.randrange(10)
    return text + off


def make_owners(rng, count):
    """A fixed pool of owners; records reference them, as real data repeats."""
    owners = []
    for i in range(count):
        first, last = rng.choice(FIRST), rng.choice(LAST)
        email = None if rng.random() < 0.1 else (
            "%s.%s%d@example.com" % (first.lower(), last.lower(), i)
        ).replace("'", "").replace(" ", "")
        owners.append({
            "id": 10_000 + i,
            "name": "%s %s" % (first, last),
            "email": email,
            "since": iso8601(rng, START - rng.randrange(5 * 365 * 86_400)),
        })
    return owners


def make_title(rng):
    words = rng.choices(WORDS, k=rng.randint(2, 8))
    if rng.random() < 0.15:
        words.insert(rng.randrange(len(words) + 1), rng.choice(ESCAPY))
    title = " ".join(words)
    return title[0].upper() + title[1:]


def make_record(rng, rid, owners):
    created = START + rng.randrange(SPAN)
    updated = created + rng.randrange(30 * 86_400)
    rec = {
        "id": rid,
        "title": make_title(rng),
        "done": rng.random() < 0.4,
        "createdAt": iso8601(rng, created),
        "updatedAt": updated,
        # epoch milliseconds; null for to-dos without a due date
        "dueMs": None if rng.random() < 0.2
        else (updated + rng.randrange(60 * 86_400)) * 1000 + rng.randrange(1000),
        # seconds since 2001-01-01, Foundation's default Date encoding
        "reference": (created - REFERENCE_EPOCH) + rng.randrange(8) / 8,
        "priority": rng.choice((1, 2, 3, None)),
        "owner": rng.choice(owners),
        "tags": rng.sample(TAGS, rng.randint(0, 4)),
        "scores": [round(rng.uniform(-50, 150), rng.randint(0, 6))
                   for _ in range(rng.randint(0, 6))],
        "notes": None if rng.random() < 0.7 else make_title(rng),
    }
    if rng.random() < 0.35:
        at = created
        events = []
        for _ in range(rng.randint(1, 5)):
            at += rng.randrange(1, 5 * 86_400)
            events.append({"at": iso8601(rng, at), "kind": rng.choice(KINDS)})
        rec["events"] = events
    return rec


def generate(size_mb, out_dir, seed):
    rng = random.Random(seed)
    owners = make_owners(rng, 5_000)
    encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    target = size_mb * MB
    os.makedirs(out_dir, exist_ok=True)
    jsonl_path = os.path.join(out_dir, "records.jsonl")
    array_path = os.path.join(out_dir, "records.json")
    # Write to temporary names and rename at the end, so an interrupted run
    # never leaves files that look complete.
    written = 0
    count = 0
    with open(jsonl_path + ".tmp", "wb") as jsonl, open(array_path + ".tmp", "wb") as array:
        array.write(b"[\n")
        while written < target:
            lines = []
            chunk = 0
            while chunk < CHUNK_BYTES and written + chunk < target:
                count += 1
                line = encode(make_record(rng, count, owners))
                lines.append(line)
                chunk += len(line.encode("utf-8")) + 1
            body = "\n".join(lines).encode("utf-8")
            jsonl.write(body + b"\n")
            # Elements are separated by ",\n"; the separator goes before every
            # element but the first.
            array.write((b",\n" if written else b"") + body.replace(b"\n", b",\n"))
            written += chunk
        array.write(b"\n]\n")
    # JSON strings never contain a raw newline (json escapes it), so replacing
    # "\n" inside a chunk only touches record separators.
    os.replace(jsonl_path + ".tmp", jsonl_path)
    os.replace(array_path + ".tmp", array_path)
    with open(os.path.join(out_dir, "meta.txt"), "w") as meta:
        meta.write("size_mb=%d\nseed=%d\nversion=%d\nrecords=%d\n"
                   % (size_mb, seed, GENERATOR_VERSION, count))
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size-mb", type=int, default=200,
                        help="approximate size of each file in MB (default 200)")
    parser.add_argument("--out-dir", default="bench-data",
                        help="directory to write into (default bench-data)")
    parser.add_argument("--seed", type=int, default=20240501,
                        help="random seed (default fixed, for reproducible data)")
    args = parser.parse_args()
    if args.size_mb < 1:
        parser.error("--size-mb must be at least 1")
    began = time.monotonic()
    count = generate(args.size_mb, args.out_dir, args.seed)
    print("gen-bench-data: %d records, %d MB each, in %s (%.1f s)"
          % (count, args.size_mb, args.out_dir, time.monotonic() - began),
          file=sys.stderr)


if __name__ == "__main__":
    main()
