#!/usr/bin/env bash
# Installs the one system library codable builds against, libyaml (with pkg-config, which
# SwiftPM uses to find it), where it is missing: apt on Debian/Ubuntu, Homebrew on macOS.
# Does nothing when `pkg-config --exists yaml-0.1` already succeeds.
set -euo pipefail
if command -v pkg-config >/dev/null && pkg-config --exists yaml-0.1; then
  exit 0
fi
if command -v apt-get >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "system-packages: installing libyaml-dev and pkg-config with apt-get" >&2
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends libyaml-dev pkg-config >/dev/null
elif command -v brew >/dev/null; then
  echo "system-packages: installing libyaml and pkg-config with Homebrew" >&2
  brew install libyaml pkg-config
else
  echo "system-packages: install libyaml (yaml-0.1, with its headers) and pkg-config, then retry" >&2
  exit 1
fi
