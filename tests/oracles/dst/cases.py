#!/usr/bin/env python3
"""The DST cases every origin is asked (docs/dst.md, "Checked against the origins"):
each expression, from shortly before every DST change of New York, Berlin, Lord Howe
and Santiago in 2020-2030, for enough chained next() answers to cross the change.

Usage: cases.py five|quartz json|tsv
  five:   5-field cron (kubernetes, croniter, cron-parser); quartz: Quartz 6 fields.
  json:   {"id", "expr", "tz", "from" (RFC 3339, UTC), "n"} per line (robfig, node, python)
  tsv:    id, expr, zone, from (epoch ms), n (the Java oracle)
"""
import json
import sys
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

ZONES = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "America/Santiago"]
# (expression, answers, hours before the change to start from): fixed times in and
# around the gaps and overlaps (02:xx and 01:xx; Lord Howe's half hours; Santiago's
# midnight changes), interval schedules, and a weekday-restricted one.
EXPRS = [
    ("30 2 * * *", 3, 26), ("0 2 * * *", 3, 26), ("30 1 * * *", 3, 26), ("0 1 * * *", 3, 26),
    ("45 1 * * *", 3, 26), ("15 2 * * *", 3, 26), ("15 0 * * *", 3, 26), ("0 0 * * *", 3, 26),
    ("30 23 * * *", 3, 26), ("0 3 * * *", 3, 26), ("10,40 2 * * *", 6, 26), ("45 1 * * 0", 2, 170),
    ("15 1-3 * * *", 7, 26), ("0 0-3 * * *", 8, 26), ("*/20 2 * * *", 7, 26), ("*/30 1 * * *", 5, 26),
    ("0 * * * *", 8, 4), ("30 * * * *", 8, 4), ("*/15 * * * *", 24, 4), ("5 */2 * * *", 6, 6),
]


def quartz(expr):
    m, h, dom, mon, dow = expr.split()
    return f"0 {m} {h} ? {mon} {'*' if dow == '*' else {'0': 'SUN'}[dow]}"


def transitions(zone):
    z = ZoneInfo(zone)
    t = datetime(2020, 1, 1, tzinfo=timezone.utc)
    end = datetime(2031, 1, 1, tzinfo=timezone.utc)
    step = timedelta(minutes=30)
    off = t.astimezone(z).utcoffset()
    while t < end:
        u = t + step
        o = u.astimezone(z).utcoffset()
        if o != off:
            yield u
            off = o
        t = u


def main():
    style, fmt = sys.argv[1], sys.argv[2]
    for zone in ZONES:
        for at in transitions(zone):
            for i, (expr, n, before) in enumerate(EXPRS):
                text = quartz(expr) if style == "quartz" else expr
                start = at - timedelta(hours=before, minutes=1)
                cid = f"{zone}|{expr}|{at.strftime('%Y-%m-%dT%H:%MZ')}"
                if fmt == "tsv":
                    print(f"{cid}\t{text}\t{zone}\t{int(start.timestamp() * 1000)}\t{n}")
                else:
                    print(json.dumps({"id": cid, "expr": text, "tz": zone, "n": n,
                                      "from": start.strftime("%Y-%m-%dT%H:%M:%SZ")}))


main()
