#!/bin/sh
# Installs a codable release binary, its man page and shell completions, for this machine:
#   curl -fsSL https://github.com/codable-cli/codable/releases/latest/download/install.sh | sh
#   curl -fsSL .../install.sh | sh -s -- --prefix ~/tools --version 0.1.0
# Downloads codable-VERSION-PLATFORM.tar.gz and SHA256SUMS from the release, checks the archive
# against SHA256SUMS, then copies bin/codable to PREFIX/bin and the rest to PREFIX/share. On an
# unsupported platform, a failed download or a checksum mismatch it installs nothing and exits 1.
# Options (or environment):
#   --prefix DIR     (CODABLE_PREFIX)       default /usr/local when /usr/local/bin is writable,
#                                           else ~/.local
#   --version V      (CODABLE_VERSION)      default the release this script comes with
#   --url URL        (CODABLE_RELEASE_URL)  the folder holding the release's files; default
#                                           https://github.com/codable-cli/codable/releases/download/vVERSION
set -eu

default_version=0.1.0

fail() {
  echo "install.sh: $*" >&2
  exit 1
}

prefix=${CODABLE_PREFIX:-}
version=${CODABLE_VERSION:-$default_version}
url=${CODABLE_RELEASE_URL:-}
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || fail "--prefix needs a folder"; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --version) [ $# -ge 2 ] || fail "--version needs a version"; version=$2; shift 2 ;;
    --version=*) version=${1#--version=}; shift ;;
    --url) [ $# -ge 2 ] || fail "--url needs a URL"; url=$2; shift 2 ;;
    --url=*) url=${1#--url=}; shift ;;
    -h | --help) sed -n '2,14s/^# \{0,1\}//p' "$0" 2>/dev/null || true; exit 0 ;;
    *) fail "unknown option '$1' (--prefix DIR, --version V, --url URL)" ;;
  esac
done
version=${version#v}
[ -n "$url" ] || url=https://github.com/codable-cli/codable/releases/download/v$version
url=${url%/}

system=$(uname -s)
machine=$(uname -m)
case $system in
  Linux) os=linux ;;
  Darwin) os=macos ;;
  *) os= ;;
esac
case $machine in
  x86_64 | amd64) arch=x86_64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) arch= ;;
esac
if [ -z "$os" ] || [ -z "$arch" ]; then
  fail "no codable release for $system $machine (there are builds for Linux and macOS on x86_64 and arm64); build it from source: https://github.com/codable-cli/codable#install"
fi
platform=$os-$arch
archive=codable-$version-$platform.tar.gz

if [ -z "$prefix" ]; then
  if [ -w /usr/local/bin ]; then prefix=/usr/local; else prefix=${HOME:?}/.local; fi
fi

if command -v curl >/dev/null 2>&1; then
  fetch() { curl -fsSL --retry 3 -o "$2" "$1"; }
elif command -v wget >/dev/null 2>&1; then
  fetch() { wget -q -O "$2" "$1"; }
else
  fail "needs curl or wget to download the release"
fi
if command -v sha256sum >/dev/null 2>&1; then
  sha256() { sha256sum "$1" | cut -d' ' -f1; }
elif command -v shasum >/dev/null 2>&1; then
  sha256() { shasum -a 256 "$1" | cut -d' ' -f1; }
else
  fail "needs sha256sum or shasum to check the download"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/codable-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 1' INT TERM

echo "install.sh: downloading $url/$archive"
fetch "$url/SHA256SUMS" "$work/SHA256SUMS" || fail "could not download $url/SHA256SUMS (is there a release $version?)"
fetch "$url/$archive" "$work/$archive" \
  || fail "could not download $url/$archive (no release $version for $platform?)"

expected=$(awk -v name="$archive" '$2 == name || $2 == "*" name { print $1; exit }' "$work/SHA256SUMS")
[ -n "$expected" ] || fail "SHA256SUMS names no $archive; nothing installed"
actual=$(sha256 "$work/$archive")
[ "$actual" = "$expected" ] \
  || fail "checksum mismatch for $archive: SHA256SUMS says $expected, the download is $actual; nothing installed"

mkdir "$work/unpacked"
tar -xzf "$work/$archive" -C "$work/unpacked" || fail "could not unpack $archive; nothing installed"
folder=$work/unpacked/codable-$version-$platform
[ -x "$folder/bin/codable" ] || fail "$archive holds no codable-$version-$platform/bin/codable; nothing installed"

# Each file goes in beside its destination first, then takes its place in one rename.
place() { # SOURCE DESTINATION MODE
  mkdir -p "$(dirname "$2")" || fail "cannot create $(dirname "$2")"
  cp "$1" "$2.new.$$" && chmod "$3" "$2.new.$$" && mv -f "$2.new.$$" "$2" || {
    rm -f "$2.new.$$"
    fail "cannot write $2"
  }
}
place "$folder/bin/codable" "$prefix/bin/codable" 755
for file in man/man1/codable.1 bash-completion/completions/codable zsh/site-functions/_codable \
  fish/vendor_completions.d/codable.fish; do
  [ -f "$folder/share/$file" ] && place "$folder/share/$file" "$prefix/share/$file" 644
done

echo "install.sh: installed codable $("$prefix/bin/codable" --version 2>/dev/null || echo "$version") at $prefix/bin/codable"
[ -f "$folder/share/man/man1/codable.1" ] && echo "install.sh: its man page is at $prefix/share/man/man1/codable.1"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "install.sh: $prefix/bin is not on your PATH; add it: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
