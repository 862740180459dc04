#!/usr/bin/env bash
# Builds the release archive for this machine's platform, for machines without a Swift toolchain:
#   dist/codable-VERSION-PLATFORM.tar.gz   codable-VERSION-PLATFORM/ holding bin/codable,
#                                          share/man/man1/codable.1, the bash, zsh and fish
#                                          completions under share/, README.md and LICENSE
#   dist/install.sh                        the installer (install.sh), for the one-line install
#   dist/SHA256SUMS                        sha256sum's lines for both
# PLATFORM is linux-x86_64 or linux-arm64 (macos-arm64, macos-x86_64 on a Mac); VERSION is what
# `codable --version` prints. The Swift runtime and Foundation are linked statically
# (--static-swift-stdlib), and so are libyaml and libstdc++ on Linux: the linker finds their
# `.a` first in a folder that holds only those, so the binary needs only the C library's parts
# and, while HTTP goes through FoundationNetworking, libcurl (Scripts/check-release.sh checks it). The build goes to .build-static (about 8 minutes from
# scratch on 2 cores; run at the lowest priority). Usage:
#   Scripts/release.sh [--skip-build]   (--skip-build: package what .build-static holds)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
scratch=$root/.build-static
dist=$root/dist

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

build=(swift build -c release --product codable --scratch-path "$scratch")
if [ "$os" = linux ]; then
  # Only the static archives, so that -lyaml and -lstdc++ find them before the shared libraries.
  static_libs=$scratch/static-libs
  mkdir -p "$static_libs"
  multiarch=$(gcc -print-multiarch 2>/dev/null || echo "$(uname -m)-linux-gnu")
  libyaml=/usr/lib/$multiarch/libyaml.a
  libstdcxx=$({ gcc -print-file-name=libstdc++.a || clang -print-file-name=libstdc++.a; } 2>/dev/null || true)
  [ -f "$libyaml" ] || fail "no $libyaml (apt-get install libyaml-dev)"
  [ -f "$libstdcxx" ] || fail "no libstdc++.a (apt-get install libstdc++-12-dev)"
  ln -sf "$libyaml" "$static_libs/libyaml.a"
  ln -sf "$(realpath "$libstdcxx")" "$static_libs/libstdc++.a"
  # SwiftPM puts pkg-config's libyaml flags (-L/usr/lib/MULTIARCH -lyaml) before -Xlinker's: a
  # yaml-0.1.pc of our own names the folder instead.
  printf 'Name: yaml-0.1\nDescription: libyaml, linked statically\nVersion: %s\nLibs: -L%s -lyaml\nCflags:\n' \
    "$(pkg-config --modversion yaml-0.1 2>/dev/null || echo 0.2)" "$static_libs" > "$static_libs/yaml-0.1.pc"
  export PKG_CONFIG_PATH=$static_libs${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
  # A static FoundationNetworking links -lcurl: that needs libcurl's development files.
  if grep -rqs "import FoundationNetworking" Sources && [ ! -e "/usr/lib/$multiarch/libcurl.so" ]; then
    fail "no /usr/lib/$multiarch/libcurl.so, which a static FoundationNetworking links (apt-get install libcurl4-openssl-dev)"
  fi
  build+=(--static-swift-stdlib -Xlinker -L"$static_libs")
else
  # macOS has no static Swift runtime; it is part of the system from macOS 12 on.
  build+=(-Xlinker -dead_strip)
fi

if [ "${1:-}" != --skip-build ]; then
  echo "==> ${build[*]}"
  start=$(date +%s)
  nice -n 19 "${build[@]}" &
  builder=$!
  # SwiftPM starts its compilers at priority 0 whatever its own: lower each one as it appears.
  while kill -0 "$builder" 2>/dev/null; do
    ps -eo pid=,ppid=,ni= | awk -v root="$builder" '
      { parent[$1] = $2; nice[$1] = $3 }
      END { for (p in parent) { q = p; while (q in parent && q != root && q > 1) q = parent[q]
              if (q == root && p != root && nice[p] < 19) print p } }' | xargs -r renice -n 19 -p >/dev/null 2>&1 || true
    sleep 2
  done
  wait "$builder"
  echo "==> built in $(($(date +%s) - start)) s"
fi
binary="$("${build[@]}" --show-bin-path)/codable"
[ -x "$binary" ] || fail "no binary at $binary (run without --skip-build)"

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
