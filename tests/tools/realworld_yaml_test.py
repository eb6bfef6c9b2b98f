#!/usr/bin/env python3
"""The real-world YAML corpus (tests/realworld-yaml, copied from the team's
shared/realworld-yaml: 230 files from 88 public repositories and their hashed
variants) through `fuzzycron resolve --manifest` / `--workflow`, as a
regression test (issue 24):

- every original comes out byte for byte as it went in (or, for the templates
  and broken files kept for the error path, with nothing written and exit 2);
- every hashed variant's output equals its golden copy in
  tests/realworld-yaml/expected (byte-exact), with the exit status recorded in
  expected/status.tsv; and, checked on its own, differs from its input only on
  the lines of the schedules it reports as changed, with no H left in them.

Usage: realworld_yaml_test.py FUZZYCRON [--update]  (--update rewrites the goldens)
FUZZYCRON_TEST_STRIDE=N checks every Nth file only (the sanitizer build: each
start of an ASan binary costs 0.3 s; the release build checks them all)."""
import csv
import os
import subprocess
import sys

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "realworld-yaml")


def run(bin_, kind, path, source):
    if kind == "manifests":
        cmd = [bin_, "resolve", "--manifest", path]
    else:
        cmd = [bin_, "resolve", "--workflow", path, "--seed", source["repo"], "--path", source["path"]]
    p = subprocess.run(cmd, capture_output=True)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def main():
    bin_ = sys.argv[1]
    update = "--update" in sys.argv
    with open(os.path.join(HERE, "sources.tsv")) as f:
        sources = {row["file"]: row for row in csv.DictReader(f, delimiter="\t")}
    status_path = os.path.join(HERE, "expected", "status.tsv")
    statuses = {}
    if not update:
        with open(status_path) as f:
            for line in f:
                name, code = line.rstrip("\n").split("\t")
                statuses[name] = int(code)
    failures, checked, changed = [], 0, 0
    new_status = {}
    stride = int(os.environ.get("FUZZYCRON_TEST_STRIDE", "1"))
    if update and stride != 1:
        sys.exit("--update rewrites every golden: unset FUZZYCRON_TEST_STRIDE")
    for kind in ("manifests", "workflows"):
        for i, name in enumerate(sorted(os.listdir(os.path.join(HERE, kind)))):
            if i % stride:
                continue
            rel = f"{kind}/{name}"
            source = sources[rel]
            original = open(os.path.join(HERE, rel), "rb").read()
            code, out, err = run(bin_, kind, os.path.join(HERE, rel), source)
            checked += 1
            new_status[rel] = code
            if out not in (original, b"") or (out == b"" and code == 0 and original != b""):
                failures.append(f"{rel}: the original did not come out unchanged (exit {code}): {err[:200]}")
            if not update and statuses.get(rel) != code:
                failures.append(f"{rel}: exit {code}, expected {statuses.get(rel)}: {err[:200]}")
            hashed = os.path.join(HERE, "hashed", rel)
            if not os.path.exists(hashed):
                continue
            hashed_text = open(hashed, "rb").read()
            code, out, err = run(bin_, kind, hashed, source)
            checked += 1
            new_status["hashed/" + rel] = code
            golden = os.path.join(HERE, "expected", rel)
            if update:
                os.makedirs(os.path.dirname(golden), exist_ok=True)
                with open(golden, "wb") as f:
                    f.write(out)
            else:
                if out != open(golden, "rb").read():
                    failures.append(f"hashed/{rel}: output differs from expected/{rel}")
                if statuses.get("hashed/" + rel) != code:
                    failures.append(f"hashed/{rel}: exit {code}, expected {statuses.get('hashed/' + rel)}: {err[:200]}")
            # On its own: only the changed schedules' lines differ, and they hold no H.
            if out:
                changed_lines = {int(l.split(":")[1]) for l in err.splitlines()
                                 if "' -> '" in l and l.startswith(hashed)}
                a, b = hashed_text.split(b"\n"), out.split(b"\n")
                if len(a) != len(b):
                    failures.append(f"hashed/{rel}: the line count changed")
                else:
                    for i, (x, y) in enumerate(zip(a, b), 1):
                        if x != y and i not in changed_lines:
                            failures.append(f"hashed/{rel}:{i}: changed but not reported: {y[:80]!r}")
                        if x != y and b"H" in y.split(b"#")[0].replace(b"Hourly", b""):
                            if b"H" in y and y.count(b"H") >= x.count(b"H"):
                                failures.append(f"hashed/{rel}:{i}: still has H: {y[:80]!r}")
                changed += len(changed_lines)
    if update:
        os.makedirs(os.path.dirname(status_path), exist_ok=True)
        with open(status_path, "w") as f:
            for name in sorted(new_status):
                f.write(f"{name}\t{new_status[name]}\n")
    for failure in failures:
        print(failure)
    print(f"{checked} files resolved, {changed} schedules changed in the hashed variants, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
