"""The front ends agree (issue 28): for every option of the library's schema,
the command line, `batch`, the C API (tests/c/options_probe.c, the path Go and
Java take), Python and JavaScript accept it under its one name, pass it to the
engine (the same fire times as the command line) and reject a bad value with
the same message and column. An option a front end forgets fails here; so does
an unknown name that some front end lets through.

Environment: FUZZYCRON (the CLI), FUZZYCRON_PROBE (options_probe), PYTHONPATH
holding the built fuzzycron package; FUZZYCRON_JS, the wasm build's npm package
(build/wasm/npm), for JavaScript; FUZZYCRON_FRONT_ENDS, the front ends compared
with the command line (default: batch,c,python; the ctest agreement_js: js)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import tempfile
from datetime import datetime, timedelta, timezone

import pytest

import fuzzycron

CLI = os.environ["FUZZYCRON"]
PROBE = os.environ["FUZZYCRON_PROBE"]
FROM = "2026-03-01T00:00:00Z"
FROM_MS = int(datetime(2026, 3, 1, tzinfo=timezone.utc).timestamp() * 1000)
COUNT = 3

# An expression each dialect reads, with hash forms so that seeds matter.
EXPR = {"standard": "H H * * *", "quartz": "0 H H * * ?", "jenkins": "H H * * *", "furiko": "H H * * *",
        "kubernetes": "30 3 * * *", "croniter": "H H * * *", "cron-parser": "H H * * *", "spring": "0 30 3 * * *"}
# Where an option needs an expression of its own to matter.
EXPR_FOR = {"seconds-first": "30 H H * * *", "strict": "0 H H * * *", "day-or": "0 0 13 * 5",
            "format": "0 0 * * 1", "hash-seconds-by-default": "H H * * *", "hash-names": "0 0 * * *",
            "implement-cron-bug": "0 0 */2 * 5"}
BAD = {"choice": "bogus", "flag": "maybe", "duration": "15mins", "path": "/nonexistent/jobs.lock"}

SCHEMA = fuzzycron.option_schema()


def kebab(snake: str) -> str:
    return snake.replace("_", "-")


@pytest.fixture(scope="module")
def lock_file():
    """A balance lock that gives seed backup-db the slot 17 3 (docs/balance.md's format)."""
    lock = {"fuzzycron_balance": 1, "dialect": "standard", "hash": "fc1", "epsilon": 0.25,
            "groups": [{"shape": "H H * * *", "zone": "UTC", "slots": 1440, "capacity": 1,
                        "jobs": {"backup-db": [17, 3]}}]}
    with tempfile.NamedTemporaryFile("w", suffix=".lock", delete=False) as f:
        json.dump(lock, f)
    yield f.name
    os.unlink(f.name)


def case(option: dict, lock_file: str):
    """(expr, options as {kebab name: text}) using the option's example."""
    name = kebab(option["name"])
    dialect = option["example"] if name == "dialect" else option["dialects"][0]
    value = lock_file if name == "balance-lock" else option["example"]
    options = {"dialect": dialect, "seed": "backup-db"}
    options[name] = value
    return EXPR_FOR.get(name, EXPR[dialect]), options


def fmt_ms(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, timezone.utc).isoformat().replace("+00:00", "Z")


# Each front end: (expr, options) -> ("ok", [instants as UTC RFC 3339]) or ("error", message, column).

def via_cli(expr, options, schema_types):
    args = [CLI, "next", expr, "--from", FROM, "-n", str(COUNT), "--json"]
    for name, value in options.items():
        if schema_types[name] == "flag":
            args.append(f"--{name}" if value == "true" else f"--no-{name}")
        elif name == "seed":
            args += ["-s", value]
        else:
            args += [f"--{name}", value]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        first = r.stderr.splitlines()[0]
        m = re.match(r"fuzzycron: (.*?)(?: \(column (\d+)\))?$", first)
        assert m, r.stderr
        return ("error", m.group(1), int(m.group(2) or 0))
    times = [datetime.fromisoformat(t.replace("Z", "+00:00")) for t in json.loads(r.stdout)["next"]]
    return ("ok", [t.astimezone(timezone.utc).isoformat().replace("+00:00", "Z") for t in times])


def via_batch(expr, options, schema_types):
    line = {"id": 1, "expr": expr, "from": FROM, "next": COUNT}
    for name, value in options.items():
        key = name.replace("-", "_")
        line[key] = (value == "true") if schema_types[name] == "flag" and value in ("true", "false") else value
    r = subprocess.run([CLI, "batch"], input=json.dumps(line) + "\n", capture_output=True, text=True, check=True)
    reply = json.loads(r.stdout)
    if "error" in reply:
        return ("error", reply["error"]["message"], reply["error"]["column"])
    return ("ok", [datetime.fromisoformat(t.replace("Z", "+00:00")).astimezone(timezone.utc).isoformat()
                   .replace("+00:00", "Z") for t in reply["next"]])


def via_c(expr, options, schema_types):
    r = subprocess.run([PROBE, expr, str(FROM_MS), str(COUNT)] + [f"{k}={v}" for k, v in options.items()],
                       capture_output=True, text=True)
    if r.returncode == 1:
        _, column, message = r.stdout.strip().split(" ", 2)
        return ("error", message, int(column))
    assert r.returncode == 0, r.stderr
    return ("ok", [fmt_ms(int(x)) for x in r.stdout.split()])


def via_python(expr, options, schema_types):
    kwargs = {}
    for name, value in options.items():
        if schema_types[name] == "flag" and value in ("true", "false"):
            value = value == "true"
        elif name == "offset-window" and value == "15m":
            value = timedelta(minutes=15)  # what a Python user hands over
        kwargs[name.replace("-", "_")] = value
    try:
        s = fuzzycron.parse(expr, **kwargs)
    except fuzzycron.ParseError as e:
        return ("error", e.message, e.column)
    out, t = [], datetime.fromisoformat(FROM.replace("Z", "+00:00"))
    for _ in range(COUNT):
        t = s.next(t)
        out.append(t.astimezone(timezone.utc).isoformat().replace("+00:00", "Z"))
    return ("ok", out)


def camel(kebab_name: str) -> str:
    head, *rest = kebab_name.split("-")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


JS = os.environ.get("FUZZYCRON_JS", "")
JS_DRIVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "js_front_end.js")


_node = None


def ask_js(request: dict) -> dict:
    """One request to the one node process (js_front_end.js) the run shares."""
    global _node
    if _node is None:
        _node = subprocess.Popen(["node", JS_DRIVER, JS], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    _node.stdin.write(json.dumps(request) + "\n")
    _node.stdin.flush()
    return json.loads(_node.stdout.readline())


@pytest.fixture(scope="session", autouse=True)
def _close_node():
    yield
    if _node is not None:
        _node.stdin.close()
        _node.wait(timeout=60)


def via_js(expr, options, schema_types):
    """The npm package, each option by its camelCase name, flags as booleans."""
    js_options = {}
    for name, value in options.items():
        if schema_types[name] == "flag" and value in ("true", "false"):
            value = value == "true"
        js_options[camel(name)] = value
    reply = ask_js({"expr": expr, "options": js_options, "from": FROM_MS, "count": COUNT})
    if "error" in reply:
        return ("error", reply["error"][0], reply["error"][1])
    return ("ok", [fmt_ms(ms) for ms in reply["ok"]])


ALL_FRONT_ENDS = {"batch": via_batch, "c": via_c, "python": via_python, "js": via_js}
FRONT_ENDS = {name: ALL_FRONT_ENDS[name]
              for name in os.environ.get("FUZZYCRON_FRONT_ENDS", "batch,c,python").split(",")}
assert "js" not in FRONT_ENDS or os.path.isfile(os.path.join(JS, "package.json")), f"no npm package in {JS!r}"
TYPES = {kebab(o["name"]): o["type"] for o in SCHEMA}


def test_the_schema_is_whole():
    names = [kebab(o["name"]) for o in SCHEMA]
    assert len(names) == len(set(names))
    for required in ("dialect", "zone", "dst", "seed", "host", "hash-scheme", "offset-window", "balance-lock"):
        assert required in names
    for o in SCHEMA:
        assert o["help"] and o["example"] and o["dialects"], o
        if o["type"] in ("choice", "flag"):
            assert o["example"] in o["values"], o


@pytest.mark.parametrize("option", SCHEMA, ids=lambda o: o["name"])
def test_each_front_end_takes_the_option_as_the_cli_does(option, lock_file):
    expr, options = case(option, lock_file)
    cli = via_cli(expr, options, TYPES)
    assert cli[0] == "ok", (option["name"], cli)
    for name, front_end in FRONT_ENDS.items():
        assert front_end(expr, options, TYPES) == cli, (name, option["name"])


@pytest.mark.parametrize("option", [o for o in SCHEMA if o["type"] in BAD or kebab(o["name"]) == "zone"],
                         ids=lambda o: o["name"])
def test_each_front_end_refuses_a_bad_value_alike(option, lock_file):
    expr, options = case(option, lock_file)
    name = kebab(option["name"])
    options[name] = "Mars/Olympus" if name == "zone" else BAD[option["type"]]
    # A flag on the command line is --x or --no-x, never a bad word: batch speaks first there.
    fronts = dict(FRONT_ENDS, cli=via_cli)
    if option["type"] == "flag":
        del fronts["cli"]  # a flag on the command line is --x or --no-x
        fronts.pop("python", None)  # Python hands over True/False
        reference = via_batch(expr, options, TYPES)
    else:
        reference = via_cli(expr, options, TYPES)
    assert reference[0] == "error", (name, reference)
    if name != "zone":  # the message names the option, or the file
        assert reference[1].startswith(options[name] if name == "balance-lock" else name + ": "), reference
    for front, front_end in fronts.items():
        assert front_end(expr, options, TYPES) == reference, (front, name)


@pytest.mark.parametrize("option", SCHEMA, ids=lambda o: o["name"])
def test_an_option_outside_its_dialects_is_refused_alike(option, lock_file):
    outside = [d for d in EXPR if d not in option["dialects"]]
    if not outside:
        pytest.skip("applies to every dialect")
    expr, options = case(option, lock_file)
    options["dialect"] = outside[0]
    cli = via_cli(EXPR[outside[0]], options, TYPES)
    assert cli[0] == "error" and "applies to the" in cli[1], cli
    for front, front_end in FRONT_ENDS.items():
        assert front_end(EXPR[outside[0]], options, TYPES) == cli, front


def test_an_unknown_name_is_refused_everywhere_with_a_did_you_mean():
    expected = "unknown option 'dts' (did you mean 'dst'?)"
    r = subprocess.run([CLI, "batch"], input='{"expr": "* * * * *", "options": {"dts": "wall"}}\n',
                       capture_output=True, text=True, check=True)
    assert expected in json.loads(r.stdout)["error"]["message"]
    r = subprocess.run([CLI, "batch"], input='{"expr": "* * * * *", "dts": "wall"}\n', capture_output=True, text=True,
                       check=True)
    assert 'unknown key "dts" (did you mean "dst"?)' in json.loads(r.stdout)["error"]["message"]
    assert expected in via_c("* * * * *", {"dts": "wall"}, TYPES)[1]
    if "js" in FRONT_ENDS:
        assert expected in via_js("* * * * *", {"dts": "wall"}, dict(TYPES, dts="choice"))[1]
    with pytest.raises(fuzzycron.ParseError, match=re.escape(expected)):
        fuzzycron.parse("* * * * *", dts="wall")
    r = subprocess.run([CLI, "next", "* * * * *", "--dts", "wall"], capture_output=True, text=True)
    assert r.returncode == 2 and "unknown option '--dts' (did you mean '--dst'?)" in r.stderr, r.stderr


def test_old_spellings_still_work_and_warn():
    new = via_cli("0 9 * * *", {"zone": "Europe/Berlin"}, TYPES)
    r = subprocess.run([CLI, "next", "0 9 * * *", "--tz", "Europe/Berlin", "--from", FROM, "-n", str(COUNT), "--json"],
                       capture_output=True, text=True, check=True)
    assert "'tz' is the old name of 'zone'" in r.stderr
    assert [datetime.fromisoformat(t).astimezone(timezone.utc).isoformat().replace("+00:00", "Z")
            for t in json.loads(r.stdout)["next"]] == new[1]
    with pytest.warns(DeprecationWarning, match="old name of 'zone'"):
        s = fuzzycron.parse("0 9 * * *", tz="Europe/Berlin")
    assert s.zone.key == "Europe/Berlin"
    r = subprocess.run([CLI, "batch"], input='{"expr": "0 * * * *", "seed": "a", "spread_ms": 900000, "next": 1, '
                       f'"from": "{FROM}"}}\n{{"expr": "0 * * * *", "seed": "a", "offset_window": "15m", "next": 1, '
                       f'"from": "{FROM}"}}\n', capture_output=True, text=True, check=True)
    old, new_line = (json.loads(x)["next"] for x in r.stdout.splitlines())
    assert old == new_line and old[0] != "2026-03-01T01:00:00Z"
    assert r.stderr.count("old name of 'offset-window'") == 1


def test_one_version_everywhere():
    """The version is said once (CMakeLists.txt's project()); every front end prints that one."""
    version = os.environ["FUZZYCRON_VERSION"]
    r = subprocess.run([CLI, "--version"], capture_output=True, text=True, check=True)
    assert version in r.stdout.split(), r.stdout
    assert fuzzycron.__version__ == version
    if "js" in FRONT_ENDS:
        assert ask_js({"version": True})["version"] == version
