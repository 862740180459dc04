#!/usr/bin/env bash
# Builds the release binary that ships, and prints its path: `swift build -c release` of the
# codable product in .build-release, with the Swift runtime and Foundation linked statically
# (--static-swift-stdlib) and, on Linux, libyaml and libstdc++ too. The linker finds their `.a`
# first in a folder that holds only those, so the binary needs only the C library's parts
# (Scripts/check-release.sh checks it). HTTP loads the system libcurl when a URL is first read.
# On Linux the executable is also linked as position-dependent (-no-pie: no 116 000 relocations
# to apply and pages to copy at each start) and exports no symbols (--no-export-dynamic: the C
# library's dladdr, called at start, no longer searches 40 000 of them); each saves about 1 ms
# of a 10 ms start (Scripts/bench-startup.sh). It is linked by lld with
# Scripts/deferred-conformances.ld, which keeps swift-syntax's 5 000 protocol conformance records
# out of those the Swift runtime scans on each first lookup at start (it makes about 90): a third
# fewer instructions per start; SwiftModelReader registers them before a Swift model is read.
# Every script that packages, tests or measures a release build uses this one, so it is built
# once (about 8 minutes from scratch on 2 cores), at the lowest priority.
# Usage: Scripts/build-release.sh [--print-path] [--product NAME]
#   --print-path    print the path, build nothing
#   --product NAME  another product of the package, built the same way (default codable)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$PWD/.build-release
print_only=
product=codable
while (($#)); do
  case $1 in
    --print-path) print_only=yes ;;
    --product) product=${2:?--product needs a name}; shift ;;
    *) sed -n '/^# Usage:/,/^set /s/^# \{0,1\}//p' "$0" | sed '$d' >&2; exit 2 ;;
  esac
  shift
done

fail() { echo "build-release: $*" >&2; exit 1; }

build=(swift build -c release --product "$product" --scratch-path "$scratch")
case "$(uname -s)" in
  Linux)
    # Only the static archives, so that -lyaml and -lstdc++ find them before the shared libraries.
    static_libs=$scratch/static-libs
    mkdir -p "$static_libs"
    multiarch=$(gcc -print-multiarch 2>/dev/null || echo "$(uname -m)-linux-gnu")
    libyaml=/usr/lib/$multiarch/libyaml.a
    libstdcxx=$({ gcc -print-file-name=libstdc++.a || clang -print-file-name=libstdc++.a; } 2>/dev/null || true)
    [ -f "$libyaml" ] || fail "no $libyaml (apt-get install libyaml-dev)"
    [ -f "$libstdcxx" ] || fail "no libstdc++.a (apt-get install libstdc++-12-dev)"
    # A copy of libyaml.a whose objects call codable's allocation functions
    # (Sources/CSupport/YAMLAllocation.c says why): a static libyaml calls malloc, free and
    # realloc itself, so no definition of codable's can take the place of its own.
    # Made again only when the system's archive or this script is newer (a new copy relinks).
    copy=$static_libs/libyaml.a
    allocator=${CODABLE_YAML_ALLOCATOR:-1}
    if [ -z "$print_only" ] && { [ ! -f "$copy" ] || [ "$libyaml" -nt "$copy" ] || [ "$0" -nt "$copy" ] \
      || [ "$(cat "$static_libs/allocator" 2>/dev/null)" != "$allocator" ]; }; then
      yaml_objects=$static_libs/libyaml-objects
      rm -rf "$yaml_objects" "$copy"
      mkdir -p "$yaml_objects"
      (cd "$yaml_objects" && ar x "$libyaml")
      if [ "$allocator" != 0 ]; then
        for object in "$yaml_objects"/*.o; do
          renames=(--redefine-sym malloc=codable_yaml_malloc --redefine-sym free=codable_yaml_free
            --redefine-sym realloc=codable_yaml_realloc)
          # api.o defines yaml_string_extend; the others call it.
          [ "$(basename "$object")" = api.o ] \
            || renames+=(--redefine-sym yaml_string_extend=codable_yaml_string_extend)
          objcopy "${renames[@]}" "$object"
        done
      fi
      ar rcs "$copy" "$yaml_objects"/*.o
      echo "$allocator" > "$static_libs/allocator"
    fi
    ln -sf "$(realpath "$libstdcxx")" "$static_libs/libstdc++.a"
    # SwiftPM puts pkg-config's libyaml flags (-L/usr/lib/MULTIARCH -lyaml) before -Xlinker's: a
    # yaml-0.1.pc of our own names the folder instead.
    printf 'Name: yaml-0.1\nDescription: libyaml, linked statically\nVersion: %s\nLibs: -L%s -lyaml\nCflags:\n' \
      "$(pkg-config --modversion yaml-0.1 2>/dev/null || echo 0.2)" "$static_libs" > "$static_libs/yaml-0.1.pc"
    export PKG_CONFIG_PATH=$static_libs${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
    build+=(--static-swift-stdlib -Xlinker -L"$static_libs" -Xlinker -no-pie -Xlinker --no-export-dynamic)
    # Linked by lld with Scripts/deferred-conformances.ld (Package.swift reads this): swift-syntax's
    # conformance records apart from those the runtime scans at each start.
    export CODABLE_DEFERRED_CONFORMANCES=1
    ;;
  Darwin)
    # macOS has no static Swift runtime; it is part of the system from macOS 12 on.
    build+=(-Xlinker -dead_strip)
    ;;
  *) fail "no release build for $(uname -s)" ;;
esac

if [ -z "$print_only" ]; then
  echo "==> ${build[*]}" >&2
  start=$(date +%s)
  nice -n 19 "${build[@]}" >&2 &
  builder=$!
  # SwiftPM starts its compilers at priority 0 whatever its own: lower each one as it appears.
  while kill -0 "$builder" 2>/dev/null; do
    ps -eo pid=,ppid=,ni= | awk -v root="$builder" '
      { parent[$1] = $2; nice[$1] = $3 }
      END { for (p in parent) { q = p; while (q in parent && q != root && q > 1) q = parent[q]
              if (q == root && p != root && nice[p] < 19) print p } }' | xargs -r renice -n 19 -p >/dev/null 2>&1 || true
    sleep 2
  done
  wait "$builder" || fail "the build failed"
  echo "==> built in $(($(date +%s) - start)) s" >&2
fi
binary="$("${build[@]}" --show-bin-path)/$product"
[ -x "$binary" ] || fail "no binary at $binary (run without --print-path)"
echo "$binary"
