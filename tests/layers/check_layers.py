#!/usr/bin/env python3
"""The layers the README draws, checked: every #include of src/, cli/ and
include/fuzzycron/ goes to its own layer or one below it, never up.

    base < syntax < hash < engine < compiler < pipeline < tools, bindings < runner < cli

A public header belongs to the layer that implements it (the table below); a
new header must be added to it, so a ninth upward include cannot creep in
unseen. Prints each upward edge as FILE:LINE and exits 1 when there is one."""
import pathlib
import re
import sys

LAYERS = ["base", "syntax", "hash", "engine", "compiler", "pipeline", "tools", "runner", "cli"]
RANK = {name: i for i, name in enumerate(LAYERS)}
RANK["bindings"] = RANK["tools"]  # the C API sits beside the tools (it calls explain)

# include/fuzzycron/<header> -> the layer that implements it.
PUBLIC = {
    "error.h": "base", "visibility.h": "base", "export.h": "base", "instant.h": "base", "version.h": "base",
    "diagnostic.h": "base", "dst_policy.h": "base", "hash_scheme.h": "base",
    "dialect.h": "syntax", "syntax.h": "syntax",
    "seed.h": "hash",
    "time_zone.h": "engine", "schedule.h": "engine", "rfc3339.h": "engine",
    "parse.h": "pipeline", "resolve.h": "pipeline", "crontab.h": "pipeline", "structured.h": "pipeline",
    "target.h": "pipeline", "options.h": "pipeline", "fuzzycron.h": "pipeline", "balance.h": "pipeline",
    "explain.h": "tools", "lint.h": "tools", "spread.h": "tools", "exporter.h": "tools", "manifest.h": "tools",
    "tools.h": "tools", "balancer.h": "tools", "c.h": "bindings",
    "missed.h": "pipeline", "calendar.h": "pipeline",
}


def layer_of(path: pathlib.Path, root: pathlib.Path) -> str:
    rel = path.relative_to(root)
    if rel.parts[0] == "include":
        name = rel.name.removesuffix(".in")
        if name not in PUBLIC:
            sys.exit(f"{rel}: a public header with no layer: add it to PUBLIC in {pathlib.Path(__file__).name}")
        return PUBLIC[name]
    if rel.parts[0] == "cli":
        return "cli"
    if rel.parts[0] == "src":
        return "base" if len(rel.parts) == 2 else rel.parts[1]
    raise ValueError(rel)


def target_layer(include: str) -> str | None:
    if include.startswith("fuzzycron/"):
        return PUBLIC.get(include.removeprefix("fuzzycron/"), "unknown")
    first = include.split("/")[0]
    return first if first in RANK else None  # a library's header, or a same-folder one


def self_test() -> int:
    """The check fails on an upward include and on a header it does not know."""
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        for d in ("src/syntax", "src/engine", "cli", "include/fuzzycron"):
            (root / d).mkdir(parents=True)
        (root / "include/fuzzycron/parse.h").write_text('#include "fuzzycron/schedule.h"\n')
        (root / "src/engine/ok.cc").write_text('#include "syntax/field.h"\n#include "fuzzycron/error.h"\n')
        run = lambda: subprocess.run([sys.executable, __file__, tmp], capture_output=True, text=True)
        clean = run()
        (root / "src/syntax/bad.cc").write_text('#include <vector>\n#include "fuzzycron/parse.h"\n')
        upward = run()
        (root / "include/fuzzycron/new.h").write_text("")
        unknown = run()
    ok = (clean.returncode == 0 and upward.returncode == 1 and "src/syntax/bad.cc:2: syntax includes" in upward.stdout
          and unknown.returncode != 0 and "no layer" in unknown.stderr + unknown.stdout)
    print("self-test:", "the check finds an upward include and an unknown header" if ok else "FAILED",
          clean.stdout, upward.stdout, unknown.stderr)
    return 0 if ok else 1


def main() -> int:
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    files = [p for d in ("src", "cli", "include") for p in (root / d).rglob("*") if p.suffix in (".h", ".cc", ".in")]
    upward, edges = [], 0
    for path in sorted(files):
        own = layer_of(path, root)
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if not m:
                continue
            to = target_layer(m.group(1))
            if to is None:
                continue
            if to == "unknown":
                upward.append(f"{path.relative_to(root)}:{n}: {m.group(1)} has no layer")
                continue
            edges += 1
            if RANK[to] > RANK[own]:
                upward.append(f"{path.relative_to(root)}:{n}: {own} includes {m.group(1)} ({to})")
    for u in upward:
        print(u)
    print(f"{edges} includes between layers checked, {len(upward)} upward")
    return 1 if upward else 0


if __name__ == "__main__":
    sys.exit(main())
