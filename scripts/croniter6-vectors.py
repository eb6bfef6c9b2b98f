#!/usr/bin/env python3
"""Writes tests/python/data/croniter6.jsonl: croniter 6's own answers, recorded by
running croniter 6 (pallets-eco/croniter's source, at the commit tests/pip/croniter_suite.sh
names) for what the drop-in must repeat: the exception class and text of invalid
expressions, and chained get_next/get_prev answers around DST changes in New York,
Berlin, Lord Howe and Santiago (2025-2026).

    git --git-dir=$CRONITER_GIT_DIR archive 3dd4d14e src/croniter | tar -x -C /tmp/c6
    PYTHONPATH=/tmp/c6/src python3 scripts/croniter6-vectors.py > tests/python/data/croniter6.jsonl
"""
import itertools
import json
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import croniter as c6

BAD = ["* * * * * 100", "* *", "* * * * * * * *", "60 * * * *", "* 24 * * *", "* * 32 * *", "* * 0 * *",
       "* * * 13 *", "* * * 0 *", "* * * * 8", "a * * * *", "* * * janu *", "1-a * * * *", "*/0 * * * *",
       "5-1 * * * *", "* * * * * 60", "* * * * * * 1969", "H * * * *", "H(5-1) * * * *", "* * * jan-dec/0 *",
       "@foo", "", "* * * * sat#6", "* * 1,2,/ * *", "1- * * * *", "-1 * * * *", "1-60 * * * *", "0 0 0-5 * *",
       "* * * * * * 2100", "* * 32W * *", "* * 1W,2 * *", "? * * * *", "* * 1? * *", "5/0 * * * *",
       "50-70 * * * *", "* * * * 1-9", "*/a * * * *", "1-2-3 * * * *", "0 0 * * 7L", "1,,2 * * * *"]
BAD_SECONDS_FIRST = ["a * * * * *", "5 a * * * *", "* * * * * 61", "61 * * * * *", "*/0 * * * * *", "5 * * * * x"]
EXPRS = ["30 2 * * *", "30 1 * * *", "0 2 * * *", "0 1 * * *", "7 * * * *", "*/15 * * * *", "*/30 1 * * *",
         "0 1-3 * * *", "0 */2 * * *", "15 2,3 * * *", "0,30 1 * * *", "45 0-23/1 * * *", "* 2 * * *",
         "0 0 * * *", "15 3 * * *", "2-5 1 * * *", "10 * * * * 30"]
ZONES = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "America/Santiago"]


def transitions(zone):
    t, end = datetime(2025, 1, 1, tzinfo=timezone.utc), datetime(2027, 1, 1, tzinfo=timezone.utc)
    before = t.astimezone(zone).utcoffset()
    while t < end:
        t += timedelta(hours=1)
        if t.astimezone(zone).utcoffset() != before:
            before = t.astimezone(zone).utcoffset()
            yield t


def main():
    for expr, sab in [(e, False) for e in BAD] + [(e, True) for e in BAD_SECONDS_FIRST]:
        try:
            c6.croniter(expr, second_at_beginning=sab)
            continue
        except Exception as e:  # noqa: BLE001 - every refusal is recorded as it is
            print(json.dumps({"kind": "error", "expr": expr, "second_at_beginning": sab, "class": type(e).__name__,
                              "message": str(e)}))
    for name in ZONES:
        zone = ZoneInfo(name)
        for t, expr, (direction, hours) in itertools.product(
                transitions(zone), EXPRS, itertools.product(("next", "prev"), (26, 2))):
            start = (t - timedelta(hours=hours) if direction == "next" else t + timedelta(hours=hours)).astimezone(zone)
            it = c6.croniter(expr, start)
            step = it.get_next if direction == "next" else it.get_prev
            print(json.dumps({"kind": "dst", "zone": name, "expr": expr, "from": start.isoformat(),
                              "direction": direction, "answers": [step(datetime).isoformat() for _ in range(5)]}))


if __name__ == "__main__":
    main()
