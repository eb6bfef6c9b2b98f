#!/usr/bin/env bash
# fuzzycron as others get it. From the build tree under test (static) and from
# a shared build of its own: `cmake --install` into a prefix; a separate CMake
# project (find_package) and a plain g++ with pkg-config build the README's
# example and a tools program under ASan+UBSan, and their output must equal the
# build tree's. The shared library exports the public API only; `cpack -G DEB`
# makes packages that unpack into a working `fuzzycron --version` with a man
# page, whose dependencies apt can satisfy.
# Usage: run.sh SOURCE_DIR BUILD_DIR WORK_DIR
set -euo pipefail
src=$(cd "$1" && pwd) build=$(cd "$2" && pwd) work=$3
rm -rf "$work" && mkdir -p "$work" && work=$(cd "$work" && pwd)
jobs=$(nproc)
san=(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
fail() { echo "consumer: FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }
# quietly CMD...: runs CMD with its output in a log, shown (the end) only when it fails.
quietly() {
  local rc=0
  "$@" >"$work/last.log" 2>&1 || rc=$?
  [ "$rc" -eq 0 ] || { tail -n 60 "$work/last.log" >&2; fail "exit $rc: $*"; }
}

# The expected output: the in-tree example and a tools program built here.
expected_readme=$("$build/examples/example_readme" 2>&1)

step "static: install the build tree under test"
quietly cmake --install "$build" --prefix "$work/static"

step "shared: configure and build with BUILD_SHARED_LIBS=ON"
# The release preset's flags, in a directory as deep as build/release: with
# ccache (scripts/test.sh: CCACHE_BASEDIR, the compiler launcher) the objects
# the release build made are found, not compiled again (a shared library's
# objects are the static one's: PIC, hidden visibility, no _EXPORTS symbol).
shared_build=$src/build/consumer-shared
rm -rf "$shared_build"
quietly cmake -S "$src" -B "$shared_build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON \
  -DFUZZYCRON_WERROR=ON -DFUZZYCRON_TESTS=OFF -DFUZZYCRON_BENCH=OFF -DFUZZYCRON_EXAMPLES=OFF -DFUZZYCRON_PYTHON=ON \
  -DCMAKE_INSTALL_PREFIX=/usr
quietly cmake --build "$shared_build" -j "$jobs"
quietly cmake --install "$shared_build" --prefix "$work/shared"

libdir_of() { dirname "$(find "$1" -name 'libfuzzycron.*' | head -1)"; }

step "shared: only the public API is exported"
so=$(find "$work/shared" -name 'libfuzzycron.so.*.*' | head -1)
[ -n "$so" ] || fail "no versioned libfuzzycron.so"
soname=$(objdump -p "$so" | awk '/SONAME/ {print $2}')
[ "$soname" = "libfuzzycron.so.0" ] || fail "SONAME is '$soname'"
for lib in "$so" "$(find "$work/shared" -name 'libfuzzycron-tools.so.*.*' | head -1)" \
           "$(find "$work/shared" -name 'libfuzzycron-c.so.*.*' | head -1)"; do
  exported=$(nm -D --defined-only "$lib" | c++filt | awk '{ $1 = ""; $2 = ""; print }')
  internal=$(grep -E 'fuzzycron::(detail|syntax|compiler|hash|tools|cli)::' <<<"$exported" || true)
  [ -z "$internal" ] || fail "$(basename "$lib") exports internals:"$'\n'"$internal"
  # Besides ours (C++ in fuzzycron::, the C API as fuzzycron_*), only the
  # standard library's own template instances (weak, vague linkage: typeinfo,
  # statics of inline functions; a function template's instance shows its
  # return type first, "void std::__detail::...") may appear.
  outside=$(grep -vE 'fuzzycron::|^ *fuzzycron_[a-z_]+$|^ *(_init|_fini)$|^ *(typeinfo (name )?for )?([^ (]+ )?std::' <<<"$exported" |
            grep -vE '^ *$' || true)
  [ -z "$outside" ] || fail "$(basename "$lib") exports names outside fuzzycron::"$'\n'"$outside"
  echo "   $(basename "$lib"): $(wc -l <<<"$exported") symbols, all public"
done
# The C API under its stable C names.
c_lib=$(find "$work/shared" -name 'libfuzzycron-c.so.*.*' | head -1)
c_names=$(nm -D --defined-only "$c_lib" | awk '{print $3}')
# C and Go users link neither libfyaml nor the rest of the tools.
c_needed=$(objdump -p "$c_lib" | awk '/NEEDED/ {print $2}')
grep -qE 'fyaml|fuzzycron-tools' <<<"$c_needed" && fail "libfuzzycron-c needs: $c_needed"
for name in fuzzycron_parse fuzzycron_schedule_free fuzzycron_next fuzzycron_prev fuzzycron_never \
            fuzzycron_resolve fuzzycron_explain fuzzycron_offset fuzzycron_version fuzzycron_options_init; do
  grep -qx "$name" <<<"$c_names" || fail "the C API's $name is not exported"
done

for kind in static shared; do
  prefix=$work/$kind
  libdir=$(libdir_of "$prefix")
  export LD_LIBRARY_PATH=$libdir
  step "$kind: find_package(fuzzycron CONFIG) consumer under ASan+UBSan"
  quietly cmake -S "$src/tests/consumer/project" -B "$work/$kind-consumer" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_PREFIX_PATH="$prefix" -DEXAMPLE="$src/examples/readme.cc" \
    -DCMAKE_CXX_FLAGS="${san[*]}" -DCMAKE_EXE_LINKER_FLAGS="${san[*]}"
  quietly cmake --build "$work/$kind-consumer"
  got=$("$work/$kind-consumer/readme" 2>&1) || fail "$kind cmake consumer: README example exited $?"
  [ "$got" = "$expected_readme" ] || fail "$kind cmake consumer output differs:"$'\n'"$got"
  tools_cmake=$("$work/$kind-consumer/tools")

  step "$kind: g++ \$(pkg-config --cflags --libs fuzzycron) under ASan+UBSan"
  export PKG_CONFIG_PATH=$libdir/pkgconfig
  static=()
  [ "$kind" = static ] && static=(--static)
  g++ "${san[@]}" "$src/examples/readme.cc" -o "$work/$kind-readme" $(pkg-config "${static[@]}" --cflags --libs fuzzycron)
  g++ "${san[@]}" "$src/tests/consumer/tools.cc" -o "$work/$kind-tools" \
    $(pkg-config "${static[@]}" --cflags --libs fuzzycron-tools)
  got=$("$work/$kind-readme" 2>&1) || fail "$kind pkg-config consumer: README example exited $?"
  [ "$got" = "$expected_readme" ] || fail "$kind pkg-config consumer output differs:"$'\n'"$got"
  [ "$("$work/$kind-tools")" = "$tools_cmake" ] || fail "$kind: tools program differs between CMake and pkg-config"
  echo "   $kind: README example and tools program agree with the build tree"
  step "$kind: cc \$(pkg-config --cflags --libs fuzzycron-c): the C API test from C"
  gcc -std=c11 -Wall -Wextra -Werror "$src/tests/c/c_api_test.c" -o "$work/$kind-c" \
    $(pkg-config "${static[@]}" --cflags --libs fuzzycron-c)
  "$work/$kind-c" >/dev/null || fail "$kind: the C API test failed against the installed library"
  unset LD_LIBRARY_PATH PKG_CONFIG_PATH
done
# The tools program must agree with the build tree's own lint and explain.
want_tools=$("$build/fuzzycron" lint '*/15 * * * *' --from 2026-03-01T00:00:00Z --json |
  python3 -c 'import json,sys; [print(f["code"], f["column"], f.get("suggestion", "")) for f in json.load(sys.stdin)["findings"]]')
[ "$(head -n -2 <<<"$tools_cmake")" = "$want_tools" ] || fail "tools program's lint differs from fuzzycron lint"

step "Debian packages: cpack -G DEB"
(cd "$shared_build" && cpack -G DEB >/dev/null) || fail "cpack"
debs=("$shared_build"/*.deb)
[ ${#debs[@]} -eq 4 ] || fail "expected 4 packages, got ${#debs[@]}"
for deb in "${debs[@]}"; do
  echo "   $(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version): Depends: $(dpkg-deb -f "$deb" Depends)"
  dpkg-deb -x "$deb" "$work/root"
done
version=$("$build/fuzzycron" --version)
got=$(LD_LIBRARY_PATH=$(libdir_of "$work/root/usr") "$work/root/usr/bin/fuzzycron" --version)
[ "$got" = "$version" ] || fail "packaged fuzzycron --version says '$got', want '$version'"
for f in usr/share/man/man1/fuzzycron.1.gz usr/share/man/man5/fuzzycron-crontab.5.gz \
         usr/share/bash-completion/completions/fuzzycron usr/share/zsh/vendor-completions/_fuzzycron \
         usr/share/fish/vendor_completions.d/fuzzycron.fish lib/systemd/system/fuzzycron.service \
         etc/fuzzycron/crontab etc/default/fuzzycron; do
  [ -f "$work/root/$f" ] || fail "the packages lack /$f"
done
# Listings are captured before grep: `grep -q` exits at the first match and,
# under pipefail, the writer's SIGPIPE would fail the check at random.
man_text=$(zcat "$work/root/usr/share/man/man1/fuzzycron.1.gz")
for cmd in next prev batch resolve offset explain lint spread export run completion; do
  grep -q "^.SS \"fuzzycron $cmd\"" <<<"$man_text" || fail "man page lacks the command $cmd"
done
grep -q '^.SH EXAMPLES' <<<"$man_text" || fail "man page has no EXAMPLES section"
grep -qE '/(build|work|tmp)/' <<<"$man_text" && fail "man page names a build-tree path"
for page in man1/fuzzycron.1.gz man5/fuzzycron-crontab.5.gz; do
  warnings=$(zcat "$work/root/usr/share/man/$page" | groff -man -Tutf8 -ww -z 2>&1 || true)
  [ -z "$warnings" ] || fail "$page: groff warns: $warnings"
done
# The service: a unit systemd reads, installed disabled; its files are conffiles.
if command -v systemd-analyze >/dev/null; then
  mkdir -p "$work/unit"
  sed "s|/usr/bin/fuzzycron|$work/root/usr/bin/fuzzycron|g" "$work/root/lib/systemd/system/fuzzycron.service" \
    >"$work/unit/fuzzycron.service"
  verify=$(systemd-analyze verify --man=no "$work/unit/fuzzycron.service" 2>&1) || fail "systemd-analyze verify: $verify"
fi
cli_deb=$(ls "$shared_build"/fuzzycron_*.deb)
conffiles=$(dpkg-deb -I "$cli_deb" conffiles)
grep -qx /etc/fuzzycron/crontab <<<"$conffiles" || fail "/etc/fuzzycron/crontab is not a conffile"
dpkg-deb -c "$cli_deb" >"$work/cli.list"
grep -q 'etc/systemd/system/multi-user.target.wants' "$work/cli.list" && fail "the service is enabled by the package"
# copyright and changelog in every package; lintian finds no error.
for deb in "${debs[@]}"; do
  pkg=$(dpkg-deb -f "$deb" Package)
  dpkg-deb -c "$deb" >"$work/$pkg.list"
  for f in copyright changelog.gz; do
    grep -q "usr/share/doc/$pkg/$f\$" "$work/$pkg.list" || fail "$pkg lacks /usr/share/doc/$pkg/$f"
  done
done
if command -v lintian >/dev/null; then
  lintian_out=$(lintian --fail-on error --tag-display-limit 0 "${debs[@]}" 2>&1) || fail "lintian finds errors:"$'\n'"$lintian_out"
  echo "   lintian: no error ($(grep -c '^W:' <<<"$lintian_out" || true) warnings)"
fi
# The Python package, as packaged, imports and answers.
py_dir=$(dirname "$(find "$work/root" -path '*dist-packages/fuzzycron/__init__.py' | head -1)")
[ -n "$py_dir" ] && [ "$py_dir" != . ] || fail "no fuzzycron module in python3-fuzzycron"
py_got=$(LD_LIBRARY_PATH=$(libdir_of "$work/root/usr") PYTHONPATH=$(dirname "$py_dir") /usr/bin/python3 -c \
  'import fuzzycron, datetime as d; print(fuzzycron.__version__, fuzzycron.parse("0 * * * *").next(d.datetime(2026, 1, 1, 0, 30)).isoformat())')
[ "$py_got" = "${version#fuzzycron } 2026-01-01T01:00:00+00:00" ] || fail "packaged Python module says '$py_got'"
echo "   python3-fuzzycron: $py_got"
dpkg-deb -f "$cli_deb" Depends | grep -q 'libfuzzycron0 (= ' || fail "fuzzycron does not depend on its library"
# Packages built against the library depend on exactly this version (its ABI may change with the minor).
dpkg-deb --ctrl-tarfile "$(ls "$shared_build"/libfuzzycron0_*.deb)" | tar -xO ./shlibs >"$work/shlibs"
grep -q "libfuzzycron 0 libfuzzycron0 (= " "$work/shlibs" || fail "shlibs: $(cat "$work/shlibs")"
dev_deb=$(ls "$shared_build"/libfuzzycron-dev_*.deb)
dev_files=$(dpkg-deb -c "$dev_deb")
grep -q 'fuzzycronConfig.cmake' <<<"$dev_files" || fail "no CMake package in libfuzzycron-dev"
grep -q 'fuzzycron.pc' <<<"$dev_files" || fail "no pkg-config file in libfuzzycron-dev"
# apt resolves the dependencies without installing anything (root only).
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  apt-get install -s "${debs[@]}" >"$work/apt.log" 2>&1 || { cat "$work/apt.log"; fail "apt cannot install the packages"; }
  echo "   apt-get install -s: $(grep -c '^Inst' "$work/apt.log") packages would be installed"
fi
step "packages alone: pkg-config, g++ and gcc where the dependencies' -dev packages are hidden"
# A mount namespace in which the headers and .pc files of date, fmt, OpenSSL,
# xxHash, zlib and libfyaml do not exist, as on a machine with only the
# project's packages; what the packages hold is unpacked in $work/root.
if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null; then
  multiarch=$(gcc -print-multiarch)
  hide=()
  for pkg in libhowardhinnant-date-dev libfmt-dev libssl-dev libxxhash-dev zlib1g-dev libfyaml-dev; do
    while read -r f; do
      # What the package puts under /usr/include (or its multiarch directory), at the top.
      case $f in
        /usr/include/$multiarch/?*) top=/usr/include/$multiarch/$(cut -d/ -f5 <<<"$f") ;;
        /usr/include/?*) top=/usr/include/$(cut -d/ -f4 <<<"$f") ;;
        *) continue ;;
      esac
      [ "$top" != "/usr/include/$multiarch" ] && [ -e "$top" ] && hide+=("$top")
    done < <(dpkg -L "$pkg" 2>/dev/null)
  done
  mapfile -t hide < <(printf '%s\n' "${hide[@]}" | sort -u)
  cat >"$work/alone.sh" <<ALONE
set -euo pipefail
mount --make-rprivate /
for p in ${hide[*]}; do
  if [ -d "\$p" ]; then mount -t tmpfs none "\$p"; else mount --bind /dev/null "\$p"; fi
done
for d in /usr/lib/$multiarch/pkgconfig /usr/share/pkgconfig /usr/lib/pkgconfig; do
  [ -d "\$d" ] && mount -t tmpfs none "\$d"
done
[ ! -e /usr/include/fmt/format.h ] && [ ! -s /usr/include/xxhash.h ] || { echo "the -dev packages are not hidden"; exit 1; }
export PKG_CONFIG_SYSROOT_DIR=$work/root PKG_CONFIG_LIBDIR=$work/root/usr/lib/$multiarch/pkgconfig
export LD_LIBRARY_PATH=$work/root/usr/lib/$multiarch
libs=\$(pkg-config --cflags --libs fuzzycron fuzzycron-tools fuzzycron-c)
echo "   pkg-config: \$libs"
g++ "$src/examples/readme.cc" -o "$work/alone-readme" \$(pkg-config --cflags --libs fuzzycron)
g++ -std=c++20 "$src/tests/consumer/tools.cc" -o "$work/alone-tools" \$(pkg-config --cflags --libs fuzzycron-tools fuzzycron)
gcc -std=c11 -Wall -Werror "$src/tests/c/c_api_test.c" -o "$work/alone-c" \$(pkg-config --cflags --libs fuzzycron-c)
"$work/alone-readme" >"$work/alone-readme.out" 2>&1
"$work/alone-c" >/dev/null
ALONE
  unshare --mount bash "$work/alone.sh" || fail "a consumer of the packages alone does not build or run"
  [ "$(cat "$work/alone-readme.out")" = "$expected_readme" ] || fail "the packages' README example differs"
  echo "   without the dependencies' -dev packages: README example, tools program and C test build and run"
else
  echo "   (not root or no unshare: the check without the -dev packages is skipped)"
fi
echo "consumer: OK"
