#!/usr/bin/env bash
# Installs the Debian 12 packages fuzzycron builds with, if any is missing.
# Idempotent: does nothing when everything is already there. The tests use
# libxml2 and libpng to check the spread plot and Chromium to render it;
# clang and its runtime build the libFuzzer targets.
set -euo pipefail
packages=(
  g++ cmake ninja-build pkg-config tzdata
  libhowardhinnant-date-dev libssl-dev libxxhash-dev zlib1g-dev
  libcli11-dev libfmt-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libxml2-dev libpng-dev chromium
  clang libclang-rt-14-dev
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
