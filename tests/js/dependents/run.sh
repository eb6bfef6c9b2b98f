#!/usr/bin/env bash
# node-schedule 2.1.1's and Bull 4.15's own suites with the npm package in
# cron-parser's place: each library copied with its tests into a scratch
# folder whose node_modules/cron-parser is the packed package (what an npm
# alias or `overrides` installs) and the rest links to what scripts/setup.sh
# installed (tests/js/dependents/*/node_modules, pinned by package-lock.json).
# Bull's suite gets a redis-server of its own on a free loopback port.
# The suites themselves are not in this repository: they are read at the
# pinned commits from git copies of the libraries' repositories
# (NODE_SCHEDULE_GIT_DIR, BULL_GIT_DIR), and a suite whose repository is not at
# hand is skipped with a line that says so (ORIGIN.md).
# Usage: run.sh PACKAGE_TARBALL
set -euo pipefail
tarball=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
redis_pid=""
cleanup() {
  if [ -n "$redis_pid" ]; then kill "$redis_pid" 2>/dev/null || true; wait "$redis_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# scratch DIR LIBRARY: DIR/node_modules with the package as cron-parser, LIBRARY copied (so that its
# require('cron-parser') finds the package), everything else linked.
scratch() {
  local dir=$1 library=$2 deps=$here/$(basename "$1")/node_modules
  [ -d "$deps/$library" ] || { echo "FAIL: no $deps/$library (bash scripts/setup.sh test installs it)"; exit 1; }
  mkdir -p "$dir/node_modules/cron-parser"
  for entry in "$deps"/* "$deps"/.bin; do
    [ -e "$entry" ] || continue
    case $(basename "$entry") in cron-parser | "$library") ;; *) ln -s "$entry" "$dir/node_modules/" ;; esac
  done
  tar xzf "$tarball" --strip-components=1 -C "$dir/node_modules/cron-parser"
}

node_schedule_git=${NODE_SCHEDULE_GIT_DIR:-/work/.mirror/node-schedule+node-schedule/repo}
bull_git=${BULL_GIT_DIR:-/work/.mirror/OptimalBits+bull/repo}
# suite GIT_DIR COMMIT DEST PATH...: the suite's files at its release commit, or false.
suite() {
  local git_dir=$1 commit=$2 dest=$3
  shift 3
  git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null || return 1
  git --git-dir="$git_dir" archive "$commit" "$@" | tar x -C "$dest"
}

echo "== node-schedule 2.1.1's suite (npm test), cron-parser = the package"
ns=$work/node-schedule
mkdir -p "$ns"
if ! suite "$node_schedule_git" c5a4d9a0dbcd5bda4996e089817e5669b5acd95f "$ns" \
  test; then
  echo "skipped: node-schedule's repository is not at $node_schedule_git (NODE_SCHEDULE_GIT_DIR)"
  ns=""
fi
if [ -n "$ns" ]; then
scratch "$ns" node-schedule
cp -r "$here/node-schedule/node_modules/node-schedule/." "$ns/"      # the library is the suite's root ('..')
cp "$here/node-schedule/package.json" "$ns/"
(cd "$ns" && node -e 'if (require("cron-parser/package.json").name !== "fuzzycron" || !require.resolve("cron-parser").startsWith(require("path").resolve("node_modules/cron-parser") + "/")) process.exit(1)') ||
  { echo "FAIL: node-schedule does not see the package as cron-parser"; exit 1; }
status=0
(cd "$ns" && npm test --silent) >"$work/node-schedule.log" 2>&1 || status=$?
grep -E '^# (tests|pass|fail)' "$work/node-schedule.log" || true
if [ "$status" -ne 0 ]; then grep -B2 -A8 '^not ok' "$work/node-schedule.log" | head -80; echo "FAIL: node-schedule's suite"; exit 1; fi
fi

echo "== Bull 4.15.0's test/test_repeat.js, cron-parser = the package, its own redis-server"
bull=$work/bull
mkdir -p "$bull"
if ! suite "$bull_git" 18004a0 "$bull" test/test_repeat.js test/utils.js; then
  echo "skipped: Bull's repository is not at $bull_git (BULL_GIT_DIR)"
  exit 0
fi
# The suite's one change: its Redis port is the test's own redis-server's.
sed -i "s/redis: { port: 6379, host: '127.0.0.1' }/redis: { port: Number(process.env.REDIS_PORT), host: '127.0.0.1' }/" "$bull/test/utils.js"
grep -q 'process.env.REDIS_PORT' "$bull/test/utils.js" || { echo "FAIL: Bull's test/utils.js changed: no port to point"; exit 1; }
scratch "$bull" bull
cp -r "$here/bull/node_modules/bull" "$bull/node_modules/bull"
cp "$here/bull/package.json" "$here/bull/redis-port.js" "$bull/"
echo "module.exports = require('bull');" >"$bull/index.js"   # the suite requires '../'
(cd "$bull" && node -e '
  const path = require("path");
  const found = require.resolve("cron-parser", { paths: [path.dirname(require.resolve("bull"))] });
  if (require(path.resolve("node_modules/cron-parser/package.json")).name !== "fuzzycron" ||
      found !== path.resolve("node_modules/cron-parser/index.js")) process.exit(1)') ||
  { echo "FAIL: Bull does not see the package as cron-parser"; exit 1; }
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" >"$work/redis.log" 2>&1 &
redis_pid=$!
for _ in $(seq 600); do  # up to 60 s on a loaded machine
  redis-cli -p "$port" ping 2>/dev/null | grep -q PONG && break
  kill -0 "$redis_pid" 2>/dev/null || { cat "$work/redis.log"; echo "FAIL: redis-server did not start"; exit 1; }
  sleep 0.1
done
redis-cli -p "$port" ping | grep -q PONG || { echo "FAIL: redis-server does not answer"; exit 1; }
status=0
(cd "$bull" && REDIS_PORT=$port npm test --silent) >"$work/bull.log" 2>&1 || status=$?
grep -E '^ *[0-9]+ (passing|failing|pending)' "$work/bull.log" || true
if [ "$status" -ne 0 ]; then sed -n '/failing/,$p' "$work/bull.log" | head -80; echo "FAIL: Bull's repeat suite"; exit 1; fi
