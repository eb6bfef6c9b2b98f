"""Peer harness for scripts/bench-peers.sh: croniter (Debian's python3-croniter)
on the benchmark set with its method. Prints "croniter<TAB>index<TAB>ns per call"."""
import time
from datetime import datetime, timezone

import croniter

STANDARD = ["* * * * *", "*/5 * * * *", "0 0 * * *", "30 2 * * 0", "0 9-17 * * 1-5", "15,45 */2 1-10 * *",
            "0 0 1,15 * *", "0 0 29 2 *", "0 0 31 * *", "", "", "0 0 30 2 *"]
START = datetime(2026, 1, 1, tzinfo=timezone.utc).timestamp()
HORIZON = datetime(2099, 1, 1, tzinfo=timezone.utc).timestamp()

for i, expr in enumerate(STANDARD):
    if not expr:
        continue
    try:
        it = croniter.croniter(expr, START)
    except Exception:
        print(f"croniter\t{i}\t-")
        continue
    calls, begin = 0, time.perf_counter()
    try:
        while time.perf_counter() - begin < 0.3:
            for _ in range(64):
                r = it.get_next(float)
                if r >= HORIZON:
                    it.set_current(START)
            calls += 64
        print(f"croniter\t{i}\t{(time.perf_counter() - begin) / calls * 1e9:.1f}")
    except Exception:  # croniter gives up on schedules it cannot find (February 30th)
        print(f"croniter\t{i}\t-")
