#!/usr/bin/env bash
# go test for the Go package against the library as it installs: the build
# tree installed under WORK_DIR, found with pkg-config (static libraries, so
# --static). Nothing is downloaded (GOPROXY=off): the published go.mod requires
# robfig/cron v3.0.1, and the tests supply their own module file replacing it
# with Debian's copy (golang-github-robfig-cron-dev).
# Usage: test.sh BUILD_DIR WORK_DIR [go test args...]
set -euo pipefail
build=$1 work=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work/prefix" && mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
pc_dir=$(dirname "$(find "$work/prefix" -name fuzzycron-c.pc | head -1)")
printf '#!/bin/sh\nexec pkg-config --static "$@"\n' >"$work/pkg-config-static"
chmod +x "$work/pkg-config-static"
# The published module file, plus the replace only this machine needs.
cp "$here/go.mod" "$work/go.test.mod"
printf '\nreplace github.com/robfig/cron/v3 => /usr/share/gocode/src/github.com/robfig/cron\n' >>"$work/go.test.mod"
: >"$work/go.test.sum"
cd "$here"
PKG_CONFIG="$work/pkg-config-static" PKG_CONFIG_PATH="$pc_dir" GOFLAGS="-mod=mod -modfile=$work/go.test.mod" \
  GOPROXY=off GOCACHE="$work/gocache" CGO_CXXFLAGS="" FUZZYCRON_PEER_SUITES="$here/../../tests/peer-suites" \
  go test -count=1 "$@" ./...
