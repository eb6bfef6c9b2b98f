#!/usr/bin/env python3
"""fuzzycron's croniter drop-in against croniter itself, same run, same process
(issue 22 item 3). croniter is imported from a source checkout (its repository at
the commit the drop-in follows: git archive of $CRONITER_GIT_DIR), fuzzycron from
PYTHONPATH. For each expression: get_next(datetime) and get_next(float) chained
from one iterator, best of 5 runs of N calls; prints ns per call and the ratio.

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
