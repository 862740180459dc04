#!/usr/bin/env bash
# Checks what Scripts/release.sh left in dist/, for this machine's platform (about 10 s):
#   1. SHA256SUMS matches the files, and the archive holds the binary, man page, completions,
#      README (and LICENSE when the repository has one);
#   2. install.sh, served over HTTP with the archive, installs nothing and exits 1 on a
#      checksum mismatch and on an unsupported platform (a faked uname);
#   3. with the Swift toolchain's folder hidden under an empty tmpfs (unshare --mount), install.sh
#      installs the release and the installed binary runs `convert`, `decode --model`,
#      `validate --schema` on Samples/ and reads web pages from Tests/PageServer/page_server.py;
#   4. ldd lists only the C library's parts (libc, libm, libpthread, libdl, librt, ld-linux,
#      libgcc_s): the system libcurl is opened when a URL is first read, not linked.
# Usage: Scripts/check-release.sh   (after Scripts/release.sh; needs python3; step 3 needs
# unshare, and root or unprivileged user namespaces)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

failures=0
pass() { echo "check-release: ok: $*"; }
fail() { echo "check-release: FAIL: $*"; failures=$((failures + 1)); }

# The part run inside the mount namespace: the toolchain hidden, install and run.
if [ "${1:-}" = --hidden-toolchain ]; then
  toolchain=$2 url=$3 prefix=$4 pages=$5
  if [ -n "$toolchain" ]; then
    mount -t tmpfs -o size=1m tmpfs "$toolchain"
    [ -z "$(ls -A "$toolchain")" ] && ! command -v swift >/dev/null && ! swift --version >/dev/null 2>&1 \
      || { echo "check-release: FAIL: the toolchain at $toolchain is not hidden"; exit 1; }
    echo "check-release: $toolchain is an empty tmpfs; swift is not found"
  fi
  CODABLE_RELEASE_URL=$url sh install.sh --prefix "$prefix" > "$prefix.log" 2>&1 \
    || { echo "check-release: FAIL: install.sh failed:"; cat "$prefix.log"; exit 1; }
  codable=$prefix/bin/codable
  status=0
  expect() { # NAME EXPECTED_STATUS EXPECTED_OUTPUT COMMAND...
    local name=$1 want_status=$2 want=$3 out got_status=0
    shift 3
    out=$("$@" 2>&1) || got_status=$?
    out=$(sed -E 's/ in [0-9]+\.[0-9]+ s$/ in 0.00 s/' <<<"$out")
    if [ "$got_status" = "$want_status" ] && [ "$out" = "$want" ]; then
      echo "check-release: ok: $name (status $got_status)"
    else
      echo "check-release: FAIL: $name: status $got_status (want $want_status), output:"
      echo "$out"
      echo "--- wanted:"
      echo "$want"
      status=1
    fi
  }
  expect "convert" 0 '{"id":1,"title":"Write the release notes","done":false,"createdAt":730976400.0,"tags":["docs","release"],"priority":2,"notes":null}' \
    sh -c "'$codable' convert --to jsonl Samples/todos.json | head -1"
  expect "decode --model" 0 '{"id":1,"title":"Write the release notes","done":false,"createdAt":"2024-03-01T09:00:00Z","tags":["docs","release"],"priority":2}' \
    sh -c "'$codable' decode --model Samples/models --type Todo --to jsonl Samples/todos.json | head -1"
  expect "validate --schema" 1 '3 files, 9 records, 7 errors in 0.00 s' \
    sh -c "'$codable' validate --schema Samples/todo.schema.json --each 'Samples/validate/*.json*' 2>&1 >/dev/null"
  expect "HTTP pages" 0 '{"page":1,"i":0}
{"page":1,"i":1}
{"page":2,"i":0}
{"page":2,"i":1}' \
    "$codable" convert --to jsonl --items items --next next "$pages/pages/1?last=2&size=2"
  exit $status
fi

case "$(uname -s)" in Linux) os=linux ;; Darwin) os=macos ;; *) os=$(uname -s) ;; esac
case "$(uname -m)" in x86_64 | amd64) arch=x86_64 ;; aarch64 | arm64) arch=arm64 ;; *) arch=$(uname -m) ;; esac
shopt -s nullglob
archives=(dist/codable-*-"$os-$arch".tar.gz)
[ ${#archives[@]} -eq 1 ] || { echo "check-release: want one dist/codable-*-$os-$arch.tar.gz (Scripts/release.sh)" >&2; exit 1; }
archive=${archives[0]}
name=$(basename "$archive" .tar.gz)
version=${name#codable-}
version=${version%-"$os-$arch"}
echo "check-release: $archive ($(du -k "$archive" | cut -f1) KiB), version $version"

work=$(mktemp -d)
servers=()
cleanup() {
  for pid in ${servers[@]+"${servers[@]}"}; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# 1. Checksums and contents.
if (cd dist && sha256sum --quiet -c SHA256SUMS); then pass "SHA256SUMS matches"; else fail "SHA256SUMS does not match dist/"; fi
want=(bin/codable share/man/man1/codable.1 share/bash-completion/completions/codable
  share/zsh/site-functions/_codable share/fish/vendor_completions.d/codable.fish README.md)
[ -f LICENSE ] && want+=(LICENSE)
listed=$(tar -tzf "$archive")
for file in "${want[@]}"; do
  grep -qx "$name/$file" <<<"$listed" || fail "$archive has no $name/$file"
done
pass "the archive holds ${want[*]}"
[ -f LICENSE ] || echo "check-release: note: the repository has no LICENSE, so neither has the archive"
mkdir "$work/unpacked"
tar -xzf "$archive" -C "$work/unpacked"
binary=$work/unpacked/$name/bin/codable
grep -Eq "^complete .*-F _codable codable$" "$work/unpacked/$name/share/bash-completion/completions/codable" \
  && grep -q "#compdef codable" "$work/unpacked/$name/share/zsh/site-functions/_codable" \
  && grep -q "^complete -c 'codable'" "$work/unpacked/$name/share/fish/vendor_completions.d/codable.fish" \
  && pass "bash, zsh and fish completions" || fail "a completion script is not codable's"

# A server for the release's files (good/, and tampered/ with one byte more in the archive).
mkdir -p "$work/www/tampered"
ln -s "$root/dist" "$work/www/good"
cp dist/* "$work/www/tampered/"
printf 'x' >> "$work/www/tampered/$name.tar.gz"
serve() { # FOLDER: a static HTTP server on 127.0.0.1 that prints its port to $work/port
  python3 -u -c '
import functools, http.server, sys
class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass
handler = functools.partial(Quiet, directory=sys.argv[1])
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
print(server.server_address[1], flush=True)
server.serve_forever()' "$1" > "$work/port" &
  servers+=($!)
}
first_line() { # FILE: waits (up to 10 s) for the line a server prints first
  local line=""
  for _ in $(seq 100); do
    read -r line < "$1" 2>/dev/null || true
    [ -n "$line" ] && { echo "$line"; return; }
    sleep 0.1
  done
  echo "check-release: no server started ($1)" >&2
  exit 1
}
serve "$work/www"
url=http://127.0.0.1:$(first_line "$work/port")

# 2. install.sh's refusals: nothing installed, status 1, a message saying why.
refuses() { # NAME MESSAGE ENVIRONMENT...
  local name=$1 message=$2 out status=0
  shift 2
  out=$(env "$@" CODABLE_PREFIX="$work/refused" sh install.sh 2>&1) || status=$?
  if [ "$status" = 1 ] && grep -q "$message" <<<"$out" && [ ! -e "$work/refused" ]; then
    pass "install.sh refuses $name: $(tail -1 <<<"$out")"
  else
    fail "install.sh on $name: status $status, installed: $(ls -A "$work/refused" 2>/dev/null), output: $out"
  fi
}
refuses "a checksum mismatch" "checksum mismatch for $name.tar.gz" CODABLE_RELEASE_URL="$url/tampered" CODABLE_VERSION="$version"
refuses "a missing release" "could not download" CODABLE_RELEASE_URL="$url/good" CODABLE_VERSION=0.0.0-none
mkdir -p "$work/fake"
for fake in "FreeBSD amd64" "Linux riscv64"; do
  printf '#!/bin/sh\ncase $1 in -s) echo %s ;; -m) echo %s ;; *) echo %s ;; esac\n' $fake ${fake% *} > "$work/fake/uname"
  chmod +x "$work/fake/uname"
  refuses "$fake" "no codable release for $fake" PATH="$work/fake:$PATH" CODABLE_RELEASE_URL="$url/good" CODABLE_VERSION="$version"
done

# 3. The toolchain hidden: install, then run.
# The page server stops when its standard input closes: this script holds it open until it ends.
mkfifo "$work/pages.in"
python3 -u Tests/PageServer/page_server.py < "$work/pages.in" > "$work/pages.port" 2> "$work/pages.log" &
servers+=($!)
exec {hold_pages}> "$work/pages.in"
pages_port=$(first_line "$work/pages.port")
toolchain=${CODABLE_TOOLCHAIN_DIR:-}
if [ -z "$toolchain" ] && swift_path=$(command -v swift); then
  swift_path=$(realpath "$swift_path")
  toolchain=${swift_path%/usr/bin/*}
fi
namespace=(unshare --mount)
[ "$(id -u)" = 0 ] || namespace+=(--map-root-user)
inner=(bash "$0" --hidden-toolchain "$toolchain" "$url/good" "$work/prefix" "http://127.0.0.1:$pages_port")
if [ -z "$toolchain" ]; then
  echo "check-release: no Swift toolchain on this machine: nothing to hide"
  "${inner[@]}" || failures=$((failures + 1))
elif "${namespace[@]}" true 2>/dev/null; then
  "${namespace[@]}" "${inner[@]}" || failures=$((failures + 1))
else
  fail "cannot hide the toolchain: '${namespace[*]}' is not allowed here"
fi

# 4. The shared libraries the binary needs.
libraries=$(ldd "$binary" | awk '{ print $1 }' | sed 's,.*/,,' | sort)
echo "check-release: ldd lists: $(tr '\n' ' ' <<<"$libraries")"
c_library='^(linux-vdso|linux-gate|ld-linux[-a-z0-9_]*|libc|libm|libpthread|libdl|librt|libgcc_s)\.so'
extra=$(grep -Ev "$c_library" <<<"$libraries" || true)
if [ -z "$extra" ]; then
  pass "the binary needs only the C library's parts"
else
  fail "beyond the C library, the binary needs: $(tr '\n' ' ' <<<"$extra")"
fi

[ "$failures" = 0 ] && echo "check-release: all checks passed" || echo "check-release: $failures failed"
exit $((failures > 0))
