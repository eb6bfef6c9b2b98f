#!/usr/bin/env python3
"""Cases for the robfig/cron oracle (main.go): JSON lines {id, expr, tz, from, n}.

Deterministic (seeded): curated edge cases of robfig's grammar, the real-world
Prow and Kubernetes schedules (../../../../shared/realworld/mirrors.tsv, when
present), and generated expressions, each in UTC and in zones with DST, from
instants spread over 2000-2035 and just before DST changes.
Usage: cases.py [MIRRORS_TSV] > cases.jsonl
       cases.py --live SEED COUNT > cases.jsonl   (generated expressions only, in zones
       where robfig's walk has no known DST bugs: the live differential check)
"""
import json
import random
import sys
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

rng = random.Random(20261124)
ZONES = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Lord_Howe",
         "America/Sao_Paulo", "Asia/Tehran", "Pacific/Chatham"]

CURATED = [
    "* * * * *", "0 * * * *", "*/5 * * * *", "*/15 9-17 * * mon-fri", "0 0 * * *", "30 2 * * *",
    "0 3 * * 0", "0 0 1 * *", "0 0 1 1 *", "15 1 * * *", "45 1,2,3 * * *", "0 */2 * * *",
    "5/15 * * * *", "30/7 * * * *", "0 5/6 * * *", "0 0 10/5 * *", "0 0 1 2/3 *", "0 0 * * 1/2",
    "? * * * *", "0 0 ? * 1", "0 0 1 ? *", "0 ? * * *", "*/1 * * * *", "0 0 */1 * 1", "0 0 */2 * 1",
    "0 0 1 * *", "0 0 1 * 1", "0 0 1,15 * 5", "0 0 1-7 * 1", "0 0 * * 1-5", "0 0 1 * */1",
    "0 0 L * *", "0 0 * * 5L", "0 0 * * 1#2", "0 0 * * 7", "0 0 * * 0-7", "0 0 * * 5-0", "0 0 32 * *",
    "60 * * * *", "0 24 * * *", "0 0 0 * *", "0 0 * 0 *", "0 0 * 13 *", "0 0 * 12 *", "5-3 * * * *",
    "*/0 * * * *", "1,,2 * * * *", "1-2-3 * * * *", "1/2/3 * * * *", "a * * * *", "-1 * * * *",
    "+5 * * * *", "05 09 * * *", "0 0 * JAN,jul *", "0 0 * Jan-Mar *", "0 0 * * SUN,sat",
    "0 0 * * sunday", "0 0 * january *", "0 0 * * *,1", "0 0 1,* * 1", "0 0 * * 1,*/2",
    "* * * *", "* * * * * *", "", "  0 0 * * *  ", "0\t0 * * *",
    "@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly", "@reboot",
    "@Daily", "@every 5m", "@every 1h30m", "@daily 5", "@ daily",
    "TZ=Europe/Berlin 30 2 * * *", "CRON_TZ=America/New_York 0 9 * * *", "TZ=UTC @daily",
    "CRON_TZ=Nowhere/Zone 0 0 * * *", "TZ=UTC", "TZ= 0 0 * * *",
    "0 0 29 2 *", "0 0 30 2 *", "0 0 31 4 *", "0 0 29 2 1", "0 0 31 * *", "59 23 31 12 *",
    "0 0 13 * 5", "0 12 * * 1-5", "0-59/10 * * * *", "0 0-23/6 * * *", "10-50/20 * * * *",
    "1-5/0 * * * *", "*/61 * * * *", "*/100 * * * *", "0 */25 * * *", "00 00 01 01 *",
    "0 0 * * mon-sun", "0 0 * * fri-mon", "0 0 * nov-feb *", "*-5 * * * *",
]

FIELDS = [(0, 59, None), (0, 23, None), (1, 31, None), (1, 12, "jan feb mar apr may jun jul aug sep oct nov dec"),
          (0, 6, "sun mon tue wed thu fri sat")]


def item(lo, hi, names, dense):
    r = rng.random()
    name = lambda v: names.split()[v - lo] if names and rng.random() < 0.3 else str(v)
    if r < 0.25:
        return "*" if rng.random() < 0.8 else "?"
    if r < 0.4:
        return "*/%d" % rng.randint(1, max(2, (hi - lo) // 2))
    a = rng.randint(lo, hi)
    if r < 0.7:
        return name(a)
    if r < 0.85:
        b = rng.randint(a, hi)
        step = "/%d" % rng.randint(1, 6) if rng.random() < 0.3 else ""
        return "%s-%s%s" % (name(a), name(b), step)
    return "%s/%d" % (name(a), rng.randint(1, max(2, (hi - lo) // 2)))


def field(i):
    lo, hi, names = FIELDS[i]
    k = 1 if rng.random() < 0.7 else rng.randint(2, 3)
    return ",".join(item(lo, hi, names, i < 2) for _ in range(k))


def generated(count):
    out = []
    for _ in range(count):
        f = [field(i) for i in range(5)]
        # Mostly fixed times: searches then walk days, months and years.
        if rng.random() < 0.6:
            f[0] = str(rng.randint(0, 59))
        if rng.random() < 0.5:
            f[1] = str(rng.randint(0, 23))
        out.append(" ".join(f))
    return out


def transitions(zone):
    """Instants just before the zone's offset changes, 2020-2030."""
    z = ZoneInfo(zone)
    t = datetime(2020, 1, 1, tzinfo=timezone.utc)
    prev = t.astimezone(z).utcoffset()
    out = []
    while t.year < 2031:
        t += timedelta(hours=1)
        off = t.astimezone(z).utcoffset()
        if off != prev:
            out.append(t)
            prev = off
    return out


def instant(zone):
    if zone != "UTC" and rng.random() < 0.5:
        ts = TRANSITIONS[zone]
        if ts:
            return rng.choice(ts) - timedelta(minutes=rng.randint(1, 60 * 30))
    start = datetime(2000, 1, 1, tzinfo=timezone.utc).timestamp()
    end = datetime(2035, 12, 31, tzinfo=timezone.utc).timestamp()
    return datetime.fromtimestamp(rng.randint(int(start), int(end)), timezone.utc)


TRANSITIONS = {z: transitions(z) for z in ZONES if z != "UTC"}


def live(seed, count):
    global rng
    rng = random.Random(seed)
    for n, expr in enumerate(generated(count), 1):
        zone = rng.choice(["UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata"])
        t = instant(zone).replace(microsecond=0)
        print(json.dumps({"id": "live-%05d" % n, "expr": expr, "tz": zone,
                          "from": t.strftime("%Y-%m-%dT%H:%M:%SZ"), "n": 5}))


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--live":
        live(int(sys.argv[2]), int(sys.argv[3]))
        return
    exprs = [(e, "curated") for e in CURATED]
    if len(sys.argv) > 1:
        seen = set()
        for line in open(sys.argv[1], encoding="utf-8"):
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 3 and parts[0] in ("prow", "k8s") and parts[2] not in seen:
                seen.add(parts[2])
                exprs.append((parts[2], "real-world " + parts[0]))
    exprs += [(e, "generated") for e in generated(400)]
    n = 0
    for expr, origin in exprs:
        zones = ["UTC", rng.choice(ZONES[1:])] if origin != "generated" else [rng.choice(ZONES)]
        for zone in zones:
            n += 1
            t = instant(zone).replace(microsecond=0)
            if rng.random() < 0.3:
                t = t.replace(second=0)
            print(json.dumps({"id": "robfig-%04d" % n, "expr": expr, "tz": zone,
                              "from": t.strftime("%Y-%m-%dT%H:%M:%SZ"), "n": 5, "note": origin}))


main()
