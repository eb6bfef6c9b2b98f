"""Anchored intervals against Quartz 2.3.2, run here (docs/intervals.md,
"Checked against Quartz"): CalendarIntervalTriggerImpl (calendar and exact
units from a start time, the hour of day kept across DST) and
DailyTimeIntervalTriggerImpl (a step inside a daily window on some days of the
week), chained getFireTimeAfter answers around the DST changes of New York,
Berlin and Lord Howe (a half-hour change), against `fuzzycron batch` with the
same schedule written as `@every ...`.

Usage: quartz_check.py FUZZYCRON_BINARY WORK_DIR. Exits 77 (skipped) when
Quartz (Debian libquartz2-java) or javac is missing."""
from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import quartz_oracle  # this directory's


# Quartz's IntervalUnit -> fuzzycron's unit letters.
UNIT = {"SECOND": "s", "MINUTE": "m", "HOUR": "h", "DAY": "d", "WEEK": "w", "MONTH": "mo", "YEAR": "y"}
# Per zone: a few days before its spring change and before its autumn change
# (2026), and wall times in its gap and its overlap.
ZONES = {
    "America/New_York": {"spring": (2026, 3, 5), "autumn": (2026, 10, 29), "gap": (2, 30), "overlap": (1, 30)},
    "Europe/Berlin": {"spring": (2026, 3, 26), "autumn": (2026, 10, 22), "gap": (2, 30), "overlap": (2, 30)},
    # Lord Howe moves by 30 minutes: 02:00 -> 02:30 in October, 02:00 -> 01:30 in April.
    "Australia/Lord_Howe": {"spring": (2026, 10, 1), "autumn": (2026, 4, 2), "gap": (2, 15), "overlap": (1, 45)},
}
DAYS_JAVA = {"sun": 1, "mon": 2, "tue": 3, "wed": 4, "thu": 5, "fri": 6, "sat": 7}


def ms(dt: datetime) -> int:
    return int(dt.timestamp() * 1000)


def iso_z(t_ms: int) -> str:
    return datetime.fromtimestamp(t_ms / 1000, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def cases():
    """(kind, id, zone, start_ms, interval, unit, count, extra fields, fuzzycron expression tail)."""
    out = []
    for zone, z in ZONES.items():
        tz = ZoneInfo(zone)
        for season in ("spring", "autumn"):
            y, m, d = z[season]
            for label, (hh, mm) in (("gap", z["gap"]), ("overlap", z["overlap"]), ("nine", (9, 0)),
                                    ("midnight", (0, 0))):
                # A start time that exists (the gap's wall time a day before the change).
                start = datetime(y, m, d, hh, mm, tzinfo=tz)
                for interval, unit, count in ((1, "DAY", 60), (2, "WEEK", 12), (3, "DAY", 30), (1, "MONTH", 14),
                                              (7, "HOUR", 60), (90, "MINUTE", 120), (1, "YEAR", 5)):
                    out.append(("cal", f"{zone}/{season}/{label}/{interval}{unit}", zone, ms(start), interval, unit,
                                count, []))
        # Daily windows over the days of both changes.
        for season in ("spring", "autumn"):
            y, m, d = z[season]
            start = datetime(y, m, d, 0, 0, tzinfo=tz)
            for interval, unit, lo, hi, days, count in ((25, "MINUTE", "09:00", "17:00", "mon-fri", 200),
                                                         (45, "MINUTE", "00:00", "23:59", "sun-sat", 400),
                                                         (2, "HOUR", "01:00", "05:00", "sun-sat", 40),
                                                         (20, "MINUTE", "01:00", "03:00", "sat,sun", 80),
                                                         (90, "SECOND", "01:30", "02:45", "sun-sat", 800)):
                out.append(("daily", f"{zone}/{season}/window/{interval}{unit}/{lo}-{hi}/{days}", zone, ms(start),
                            interval, unit, count, [lo, hi, days]))
    return out


def java_days(days: str) -> str:
    names = list(DAYS_JAVA)
    picked = []
    for item in days.split(","):
        a, _, b = item.partition("-")
        i, j = names.index(a), names.index(b or a)
        picked += names[i:j + 1]
    return ",".join(str(DAYS_JAVA[n]) for n in picked)


def expression(case) -> str:
    kind, _, zone, start, interval, unit, _, extra = case
    text = f"@every {interval}{UNIT[unit]} from {iso_z(start)}"
    if kind == "daily":
        text += f" between {extra[0]} and {extra[1]} on {extra[2]}"
    return text


def known_deviation(case, quartz, ours) -> str:
    """Why Quartz and fuzzycron differ where they are known to (docs/intervals.md,
    "Checked against Quartz"), checked: Quartz's answers equal ours up to the
    point the documented rule predicts, and ours keep the anchor's day or time
    after it. "" when the case is not such a case."""
    kind, _, zone, start, interval, unit, _, _ = case
    if kind != "cal" or isinstance(ours, dict) or quartz == ours:
        return ""
    tz = ZoneInfo(zone)
    anchor = datetime.fromtimestamp(start / 1000, tz)
    local = [datetime.fromtimestamp(t / 1000, tz) for t in ours]
    first = next(i for i, (a, b) in enumerate(zip(quartz, ours)) if a != b)
    if unit == "MONTH" and anchor.day > 28:
        # Quartz adds a month to the previous fire, so a clamped day (the 28th
        # of February) sticks; fuzzycron counts each month from the anchor.
        clamped = [i for i, t in enumerate(local) if t.day < anchor.day]
        if clamped and first > clamped[0] and all(t.day == anchor.day for t in local if t.month != 2):
            return "a clamped day of month sticks in Quartz (chained adds); fuzzycron counts from the anchor"
    if zone == "Australia/Lord_Howe" and unit in ("DAY", "WEEK", "MONTH", "YEAR"):
        # A 30-minute gap: Quartz resolves 02:15 to 02:45 and then restores only
        # the hour, so every later fire is at 02:45; fuzzycron keeps 02:15.
        in_gap = [i for i, t in enumerate(local) if (t.hour, t.minute) != (anchor.hour, anchor.minute)]
        after = [t for i, t in enumerate(local) if not in_gap or i > in_gap[0]]
        if in_gap and first > in_gap[0] and all((t.hour, t.minute) == (anchor.hour, anchor.minute) for t in after):
            return "Quartz keeps the minute a 30-minute gap moved the fire to; fuzzycron keeps the anchor's"
    if unit in ("MONTH", "YEAR") and len(quartz) == len(ours):
        # java.util.Calendar's add(MONTH/YEAR) resolves a repeated wall time to
        # its second pass (add(DAY) keeps the first); fuzzycron takes the pass
        # the overlap policy names (first here) for every unit.
        differ = [i for i, (a, b) in enumerate(zip(quartz, ours)) if a != b]
        wall = lambda t: datetime.fromtimestamp(t / 1000, tz).replace(tzinfo=None)
        if all(wall(quartz[i]) == wall(ours[i]) and quartz[i] > ours[i] for i in differ):
            return "Quartz's month and year steps take an overlap's second pass; fuzzycron the policy's (first)"
    return ""


def main() -> int:
    fuzzycron, work = sys.argv[1], sys.argv[2]
    if not quartz_oracle.available():
        print("skip: libquartz2-java or javac missing")
        return 77
    all_cases = cases()
    lines = []
    for c in all_cases:
        kind, cid, zone, start, interval, unit, count, extra = c
        row = [kind, cid, zone, str(start), str(interval), unit, str(count)]
        if kind == "daily":
            row += [extra[0], extra[1], java_days(extra[2])]
        lines.append("\t".join(row))
    quartz = quartz_oracle.run("QuartzIntervals", work, lines)
    # The same schedules through fuzzycron batch: Quartz resolves a wall time in
    # a gap the gap's length later and an overlap's to its first pass: later-first.
    requests = []
    for c in all_cases:
        kind, cid, zone, start, _, _, count, _ = c
        # Quartz's daily window opens a repeated start time in its second pass.
        dst = "later-last" if kind == "daily" else "later-first"
        requests.append(json.dumps({"id": cid, "expr": expression(c), "zone": zone, "dst": dst,
                                    "from": iso_z(start - 1000), "next": count}))
    batch = subprocess.run([fuzzycron, "batch"], input="\n".join(requests) + "\n", capture_output=True, text=True,
                           check=True)
    ours = {}
    for line in batch.stdout.splitlines():
        reply = json.loads(line)
        if "error" in reply:
            ours[reply["id"]] = reply["error"]
        else:
            ours[reply["id"]] = [ms(datetime.fromisoformat(t.replace("Z", "+00:00"))) for t in reply["next"]]
    failed = 0
    fires = 0
    deviations = 0
    for c in all_cases:
        cid = c[1]
        q, o = quartz[cid], ours[cid]
        fires += len(q)
        why = known_deviation(c, q, o)
        if why:
            deviations += 1
            print(f"known deviation {cid}: {why}")
            continue
        if q != o:
            failed += 1
            if failed <= 10:
                print(f"DIFFER {cid}: {expression(c)} in {c[2]}")
                if isinstance(o, dict):
                    print("  fuzzycron error:", o)
                    continue
                for i, (a, b) in enumerate(zip(q, o)):
                    if a != b:
                        tz = ZoneInfo(c[2])
                        print(f"  fire {i}: quartz {datetime.fromtimestamp(a / 1000, tz).isoformat()}"
                              f"  fuzzycron {datetime.fromtimestamp(b / 1000, tz).isoformat()}")
                        break
                else:
                    print(f"  lengths {len(q)} vs {len(o)}")
    print(f"{len(all_cases) - failed - deviations}/{len(all_cases)} cases agree ({fires} Quartz fire times), "
          f"{deviations} known deviations (docs/intervals.md)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
