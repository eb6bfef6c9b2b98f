#!/usr/bin/env bash
# Installs the Debian 12 packages a task needs, if any is missing.
#   setup.sh build   the library and the command line (what scripts/demo.sh needs)
#   setup.sh test    the above, plus what the tests use (scripts/test.sh): GoogleTest,
#                    Google Benchmark, libxml2 and libpng to check the spread plot,
#                    Chromium to render it, clang and its runtime for the libFuzzer
#                    targets, dpkg-dev and lintian for the Debian packages, zsh and fish (completion tests), Go and
#                    robfig/cron (the kubernetes dialect's oracle), systemd (systemd-analyze
#                    checks exported OnCalendar= specs), and with npm GitHub's
#                    workflow parser, cron-parser 5 and 4 (tests/oracles), node-schedule and Bull with
#                    their test tools (tests/js/dependents; Bull's suite uses redis-server), pybind11, python3-dev and
#                    pytest for the Python package, Debian's croniter to compare it with,
#                    emscripten for the WebAssembly build (npm package, playground) and
#                    chromium-driver with python3-selenium to test the playground in a browser,
#                    and the JDK with JUnit 5, Quartz, Spring and Clojure for the JVM binding (bindings/java),
#                    and ccache (the tests' shared and pip builds reuse the release build's objects)
# Idempotent: does nothing when everything is already there.
set -euo pipefail
profile=${1:-build}
packages=(
  g++ cmake ninja-build pkg-config tzdata
  libhowardhinnant-date-dev libssl-dev libxxhash-dev zlib1g-dev
  libcli11-dev libfmt-dev nlohmann-json3-dev libfyaml-dev libcpp-httplib-dev libpq-dev
)
case $profile in
  build) ;;
  test)
    packages+=(
      libgtest-dev libgmock-dev libbenchmark-dev
      libxml2-dev libpng-dev chromium
      clang libclang-rt-14-dev
      dpkg-dev lintian file clang-format zsh fish
      golang-go golang-github-robfig-cron-dev golang-github-gorhill-cronexpr-dev systemd
      python3 python3-dev pybind11-dev python3-pytest python3-croniter python3-venv python3-setuptools python3-wheel
      python3-dateutil python3-tz python3-tzlocal python3-pendulum python3-crontab
      postgresql-15 faketime redis-server
      emscripten chromium-driver python3-selenium
      openjdk-17-jdk-headless junit5 libquartz2-java libspring-context-java libslf4j-java clojure
      maven libmaven-compiler-plugin-java libsurefire-java libmaven-jar-plugin-java libmaven-resources-plugin-java
      libmaven-install-plugin-java libmaven-clean-plugin-java
      libical-dev ccache
    ) ;;
  *) echo "setup: unknown profile '$profile' (build or test)" >&2; exit 2 ;;
esac
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
# Test oracles from npm, pinned in tests/oracles/*: GitHub's own workflow parser
# (the export tests), cron-parser 5.10.6 (the npm package's field objects) and 4.9.0
# (with 5.10.6, the DST oracles of tests/oracles/dst).
if [ "$profile" = test ] && command -v npm >/dev/null; then
  # cron-parser 4.9.0 (the package's 4.x API), and node-schedule 2.1.1 and Bull 4.15.0 with their
  # test tools (their own suites run with the package as cron-parser: tests/js/dependents).
  for pair in oracles/github:@actions/workflow-parser oracles/cron-parser:cron-parser oracles/cron-parser4:cron-parser \
              js/dependents/node-schedule:node-schedule js/dependents/bull:bull; do
    oracle="$(cd "$(dirname "$0")/.." && pwd)/tests/${pair%%:*}"
    if [ ! -d "$oracle/node_modules/${pair#*:}" ]; then
      echo "setup: installing ${pair#*:} (npm) into tests/${pair%%:*}" >&2
      (cd "$oracle" && npm ci --no-audit --no-fund --silent)
    fi
  done
fi
