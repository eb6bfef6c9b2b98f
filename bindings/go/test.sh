#!/usr/bin/env bash
# go test for the Go package against the library as it installs: the build
# tree installed under WORK_DIR, found with pkg-config (static libraries, so
# --static). Nothing is downloaded (GOPROXY=off; robfig/cron from Debian).
# Usage: test.sh BUILD_DIR WORK_DIR [go test args...]
set -euo pipefail
build=$1 work=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work/prefix" && mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
pc_dir=$(dirname "$(find "$work/prefix" -name fuzzycron-c.pc | head -1)")
printf '#!/bin/sh\nexec pkg-config --static "$@"\n' >"$work/pkg-config-static"
chmod +x "$work/pkg-config-static"
cd "$here"
PKG_CONFIG="$work/pkg-config-static" PKG_CONFIG_PATH="$pc_dir" GOFLAGS=-mod=mod GOPROXY=off \
  GOCACHE="$work/gocache" CGO_CXXFLAGS="" go test -count=1 "$@" ./...
