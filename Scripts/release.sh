#!/usr/bin/env bash
# Builds the release archive for this machine's platform, for machines without a Swift toolchain:
#   dist/codable-VERSION-PLATFORM.tar.gz   codable-VERSION-PLATFORM/ holding bin/codable,
#                                          share/man/man1/codable.1, the bash, zsh and fish
#                                          completions under share/, README.md and LICENSE
#   dist/install.sh                        the installer (install.sh), for the one-line install
#   dist/SHA256SUMS                        sha256sum's lines for both
# PLATFORM is linux-x86_64 or linux-arm64 (macos-arm64, macos-x86_64 on a Mac); VERSION is what
# `codable --version` prints. The binary is Scripts/build-release.sh's: the Swift runtime,
# Foundation, libyaml and libstdc++ linked statically, so it needs only the C library's parts.
# Usage:
#   Scripts/release.sh [--skip-build]   (--skip-build: package what .build-release holds)
set -euo pipefail
cd "$(dirname "$0")/.."
dist=$PWD/dist

fail() { echo "release: $*" >&2; exit 1; }

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=macos ;;
  *) fail "no release build for $(uname -s)" ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x86_64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) fail "no release build for $(uname -m)" ;;
esac

if [ "${1:-}" = --skip-build ]; then
  binary=$(Scripts/build-release.sh --print-path)
else
  binary=$(Scripts/build-release.sh)
fi

version=$("$binary" --version)
platform=$os-$arch
name=codable-$version-$platform
installer_version=$(sed -n 's/^default_version=\(.*\)$/\1/p' install.sh)
[ "$installer_version" = "$version" ] \
  || fail "install.sh installs $installer_version by default, the binary is $version: update default_version"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
folder=$stage/$name
mkdir -p "$folder/bin" "$folder/share/man/man1" "$folder/share/bash-completion/completions" \
  "$folder/share/zsh/site-functions" "$folder/share/fish/vendor_completions.d"
# The symbol table is for debuggers only; backtraces still name Swift functions (dynamic symbols).
strip -o "$folder/bin/codable" "$binary" 2>/dev/null || cp "$binary" "$folder/bin/codable"
chmod 755 "$folder/bin/codable"
cp man/codable.1 "$folder/share/man/man1/codable.1"
"$binary" --generate-completion-script bash > "$folder/share/bash-completion/completions/codable"
"$binary" --generate-completion-script zsh > "$folder/share/zsh/site-functions/_codable"
"$binary" --generate-completion-script fish > "$folder/share/fish/vendor_completions.d/codable.fish"
cp README.md "$folder/"
if [ -f LICENSE ]; then
  cp LICENSE "$folder/"
else
  echo "release: warning: the repository has no LICENSE file; the archive has none" >&2
fi

mkdir -p "$dist"
rm -f "$dist/$name.tar.gz" "$dist/SHA256SUMS"
# The same sources give the same archive: fixed owner, order and times (the last commit's).
stamp=$(git log -1 --format=%ct 2>/dev/null || date +%s)
tar_options=()
tar --version 2>/dev/null | grep -q GNU && tar_options=(--owner=0 --group=0 --numeric-owner --sort=name --mtime="@$stamp")
tar -C "$stage" ${tar_options[@]+"${tar_options[@]}"} -cf - "$name" | gzip -9n > "$dist/$name.tar.gz"
cp install.sh "$dist/install.sh"
checksum() { if command -v sha256sum >/dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi; }
(cd "$dist" && checksum "$name.tar.gz" install.sh > SHA256SUMS)

echo "==> $dist/$name.tar.gz ($(du -k "$dist/$name.tar.gz" | cut -f1) KiB; binary $(du -k "$folder/bin/codable" | cut -f1) KiB)"
tar -tzvf "$dist/$name.tar.gz"
cat "$dist/SHA256SUMS"
