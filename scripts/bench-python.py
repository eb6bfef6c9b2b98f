#!/usr/bin/env python3
"""fuzzycron's croniter drop-in against croniter itself, same run, same process
(issue 22 item 3). croniter is imported from a source checkout (its repository at
the commit the drop-in follows: git archive of $CRONITER_GIT_DIR), fuzzycron from
PYTHONPATH. For each expression: get_next(datetime) and get_next(float) chained
from one iterator, best of 5 runs of N calls; prints ns per call and the ratio.
Then the patterns applications use (issue 29): a new croniter and one get_next per
call (Airflow, Celery beat), and python-crontab (Debian's python3-crontab) computing
10 next runs for each of 1,000 crontab lines, with `croniter` answered by croniter 6
or by fuzzycron's croniter distribution (bindings/python/croniter-dist), alternated.

    PYTHONPATH=build/release/python python3 scripts/bench-python.py [N]
"""
import os
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from zoneinfo import ZoneInfo

COMMIT = "3dd4d14e"
git_dir = os.environ.get("CRONITER_GIT_DIR", "/work/.mirror/pallets-eco+croniter/repo")
work = tempfile.mkdtemp(prefix="croniter-src-")
archive = subprocess.run(["git", "--git-dir", git_dir, "archive", COMMIT, "src/croniter"], check=True,
                         capture_output=True).stdout
subprocess.run(["tar", "-x", "-C", work], input=archive, check=True)
sys.path.insert(0, os.path.join(work, "src"))
import croniter as reference  # noqa: E402  croniter from source

sys.path.pop(0)
from fuzzycron import croniter as dropin  # noqa: E402

# The croniter distribution's package, loaded under the name `croniter` too: each
# library's modules are swapped into sys.modules for its turn.
REFERENCE_MODULES = {k: v for k, v in sys.modules.items() if k == "croniter" or k.startswith("croniter.")}
for k in REFERENCE_MODULES:
    del sys.modules[k]
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bindings", "python", "croniter-dist"))
import croniter as distribution  # noqa: E402,F401

sys.path.pop(0)
DROPIN_MODULES = {k: v for k, v in sys.modules.items() if k == "croniter" or k.startswith("croniter.")}
assert DROPIN_MODULES["croniter"].croniter is dropin


def use(modules):
    for k in list(sys.modules):
        if k == "croniter" or k.startswith("croniter."):
            del sys.modules[k]
    sys.modules.update(modules)

N = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
CASES = [("*/5 * * * *", None, None), ("0 9 * * 1-5", None, None), ("H H * * *", "backup-db", None),
         ("0 9 * * 1-5", None, ZoneInfo("Europe/Berlin"))]  # the last: an aware start, results in its zone


def per_call(cls, expr, hash_id, start, ret_type, n):
    best = float("inf")
    for _ in range(5):
        it = cls(expr, start, hash_id=hash_id)
        t0 = time.perf_counter_ns()
        for _ in range(n):
            it.get_next(ret_type)
        best = min(best, (time.perf_counter_ns() - t0) / n)
    return best


print(f"{'expression':<16} {'start':<14} {'returns':<9} {'croniter ns':>12} {'fuzzycron ns':>13} {'ratio':>7}")
for expr, hash_id, zone in CASES:
    start = datetime(2026, 3, 1, 12, 34, 56, tzinfo=zone)
    for ret_type in (datetime, float):
        a = dropin(expr, start, hash_id=hash_id)
        b = reference.croniter(expr, start, hash_id=hash_id)
        for _ in range(50):  # the same answers, or the figures mean nothing
            assert a.get_next(ret_type) == b.get_next(ret_type), expr
        slow = per_call(reference.croniter, expr, hash_id, start, ret_type, max(N // 10, 200))
        fast = per_call(dropin, expr, hash_id, start, ret_type, N)
        shown = "naive" if zone is None else zone.key
        print(f"{expr:<16} {shown:<14} {ret_type.__name__:<9} {slow:>12.0f} {fast:>13.0f} {slow / fast:>6.1f}x")


def construct_and_next(cls, expr, start, n):
    """A new iterator and one get_next per call: the Airflow/Celery pattern."""
    t0 = time.perf_counter_ns()
    for _ in range(n):
        cls(expr, start).get_next(datetime)
    return (time.perf_counter_ns() - t0) / n


print()
print(f"{'new croniter + get_next':<26} {'start':<14} {'croniter 6 ns':>13} {'fuzzycron ns':>13} {'ratio':>7}")
for expr, zone in (("*/5 * * * *", None), ("0 9 * * 1-5", None), ("0 9 * * 1-5", ZoneInfo("Europe/Berlin")),
                   ("30 2 * * *", ZoneInfo("America/New_York"))):
    start = datetime(2026, 3, 1, 12, 34, 56, tzinfo=zone)
    assert dropin(expr, start).get_next(datetime) == reference.croniter(expr, start).get_next(datetime)
    slow = fast = float("inf")
    for _ in range(5):  # alternated, best of each
        slow = min(slow, construct_and_next(reference.croniter, expr, start, max(N // 20, 200)))
        fast = min(fast, construct_and_next(dropin, expr, start, max(N // 4, 1000)))
    shown = "naive" if zone is None else zone.key
    print(f"{expr:<26} {shown:<14} {slow:>13.0f} {fast:>13.0f} {slow / fast:>6.1f}x")

try:
    import crontab  # Debian's python3-crontab
except ImportError:
    print("python-crontab: not installed (python3-crontab), skipped")
    sys.exit(0)

FORMS = ["{m} {h} * * *", "*/5 * * * *", "{m} */2 * * *", "{m} {h} * * 1-5", "{m} {h} 1,15 * *", "0 0 1 * *",
         "{m} {h} * * 0", "@hourly", "{m}-59/10 {h} * * *", "{m} 9-17 * * mon-fri"]
TAB = "\n".join(FORMS[i % len(FORMS)].format(m=(i * 7) % 60, h=(i * 5) % 24) + f" /usr/bin/job-{i}"
                for i in range(1000))


def ten_runs_each(tab, start):
    """python-crontab: 10 next runs for every line of the tab."""
    out = []
    for job in tab:
        schedule = job.schedule(date_from=start)
        out.append([schedule.get_next() for _ in range(10)])
    return out


tab = crontab.CronTab(tab=TAB)
start = datetime(2026, 3, 1, 12, 34, 56)
use(REFERENCE_MODULES)
theirs = ten_runs_each(tab, start)
use(DROPIN_MODULES)
ours = ten_runs_each(tab, start)
assert theirs == ours, "python-crontab: croniter 6 and the drop-in answer differently"
slow = fast = float("inf")
for _ in range(3):
    use(REFERENCE_MODULES)
    t0 = time.perf_counter()
    ten_runs_each(tab, start)
    slow = min(slow, time.perf_counter() - t0)
    use(DROPIN_MODULES)
    t0 = time.perf_counter()
    ten_runs_each(tab, start)
    fast = min(fast, time.perf_counter() - t0)
print()
print(f"python-crontab {crontab.__version__ if hasattr(crontab, '__version__') else ''}: 10 next runs x 1,000 lines: "
      f"croniter 6 {slow * 1000:.1f} ms, fuzzycron {fast * 1000:.1f} ms, {slow / fast:.1f}x")
