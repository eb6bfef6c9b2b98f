"""Calendars against Quartz 2.3.2, run here (docs/calendars.md, "Checked
against Quartz"): a CronTrigger with a HolidayCalendar (days excluded in the
calendar's zone) or a CronCalendar (the seconds its expression matches
excluded), Quartz's own fire-time loop (TriggerUtils.computeFireTimes), against
`fuzzycron batch` with the same schedule in the quartz dialect and `except` or
`except_cron`; in New York, Berlin and Lord Howe, over both DST changes.

Usage: quartz_calendars.py FUZZYCRON_BINARY WORK_DIR. Exits 77 (skipped) when
Quartz (Debian libquartz2-java) or javac is missing."""
from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime, timezone

import quartz_oracle  # this directory's

START = int(datetime(2026, 1, 1, tzinfo=timezone.utc).timestamp() * 1000)

ZONES = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe"]
TRIGGERS = ["0 0 9 ? * *", "0 30 2 ? * *", "0 0/30 * ? * *", "0 0 12 ? * MON-FRI", "0 15 10 L * ?",
            "30 0/7 * ? * *"]
# Holidays, with the days of each zone's DST changes among them.
HOLIDAYS = ("2026-01-01,2026-01-19,2026-02-16,2026-03-08,2026-03-29,2026-04-03,2026-04-05,2026-05-25,"
            "2026-07-03,2026-10-04,2026-10-25,2026-11-01,2026-11-26,2026-12-24,2026-12-25,2026-12-31")
CRON_CALENDARS = ["* * 0-7 ? * *", "* * * ? * SAT,SUN", "0-29 * * ? * *", "* 0-44 9-17 ? * MON-FRI",
                  "* * * 1-7 * ?"]
COUNT = 400
# Quartz's cron expressions end 100 years after the current year: compare up to 2100.
HORIZON = int(datetime(2100, 1, 1, tzinfo=timezone.utc).timestamp() * 1000)


def cases():
    out = []
    for zone in ZONES:
        for trig in TRIGGERS:
            out.append((f"{zone}|{trig}|holiday", zone, trig, "holiday", HOLIDAYS))
            for cal in CRON_CALENDARS:
                out.append((f"{zone}|{trig}|cron {cal}", zone, trig, "cron", cal))
    return out


def main() -> int:
    fuzzycron, work = sys.argv[1], sys.argv[2]
    if not quartz_oracle.available():
        print("skip: libquartz2-java or javac missing")
        return 77
    all_cases = cases()
    lines = ["\t".join([cid, zone, trig, str(START), str(COUNT), kind, payload])
             for cid, zone, trig, kind, payload in all_cases]
    quartz = quartz_oracle.run("QuartzCalendars", work, lines)
    requests = []
    for cid, zone, trig, kind, payload in all_cases:
        r = {"id": cid, "expr": trig, "dialect": "quartz", "zone": zone,
             "from": datetime.fromtimestamp((START - 1) / 1000, timezone.utc).isoformat(timespec="milliseconds")
             .replace("+00:00", "Z"), "next": COUNT}
        r["except" if kind == "holiday" else "except_cron"] = payload
        requests.append(json.dumps(r))
    batch = subprocess.run([fuzzycron, "batch"], input="\n".join(requests) + "\n", capture_output=True, text=True,
                           check=True)
    failed = fires = 0
    for line in batch.stdout.splitlines():
        reply = json.loads(line)
        cid = reply["id"]
        q = [t for t in quartz[cid] if t < HORIZON]
        fires += len(q)
        if "error" in reply:
            failed += 1
            print(f"DIFFER {cid}: fuzzycron error {reply['error']}")
            continue
        ours = [int(datetime.fromisoformat(t.replace("Z", "+00:00")).timestamp() * 1000) for t in reply["next"]]
        ours = [t for t in ours if t < HORIZON]
        if ours != q:
            failed += 1
            if failed <= 10:
                i = next((i for i, (a, b) in enumerate(zip(q, ours)) if a != b), min(len(q), len(ours)))
                show = lambda v: datetime.fromtimestamp(v[i] / 1000, timezone.utc).isoformat() if i < len(v) else "-"
                print(f"DIFFER {cid}: fire {i}: quartz {show(q)} fuzzycron {show(ours)}")
    print(f"{len(all_cases) - failed}/{len(all_cases)} cases agree ({fires} Quartz fire times)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
