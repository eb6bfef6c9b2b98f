"""Each dialect's DST default through the Python API (docs/dst.md): dst=None, the
default, is the dialect's own policy, not `cron`."""
from datetime import datetime, timezone

import pytest

import fuzzycron

NY = "America/New_York"
SPRING = datetime(2026, 3, 8, 5, 0, tzinfo=timezone.utc)  # 00:00 EST, before the gap
FALL = datetime(2026, 11, 1, 4, 0, tzinfo=timezone.utc)  # 00:00 EDT, before the overlap


def walk(schedule, start, n):
    out, t = [], start
    for _ in range(n):
        t = schedule.next(t)
        out.append(t.isoformat())
    return out


@pytest.mark.parametrize("dialect, expr, own", [
    ("standard", "30 1 * * *", "cron"),
    ("quartz", "0 30 1 ? * *", "skip-last"),
    ("kubernetes", "30 1 * * *", "skip-both"),
    ("jenkins", "30 1 * * *", "skip-both"),
    ("furiko", "30 1 * * *", "skip-both"),
    ("croniter", "30 1 * * *", "hourly-both"),
    ("cron-parser", "30 2 * * *", "later-hourly"),
    ("spring", "0 30 1 * * *", "skip-both"),
])
def test_the_default_is_the_dialects_own(dialect, expr, own):
    default = fuzzycron.parse(expr, dialect=dialect, tz=NY)
    stated = fuzzycron.parse(expr, dialect=dialect, tz=NY, dst=own)
    for start in (SPRING, FALL):
        assert walk(default, start, 3) == walk(stated, start, 3)


def test_origins_answers_at_the_changes():
    # Quartz 2.3.2 fires a repeated time in the second pass only.
    q = fuzzycron.parse("0 30 1 ? * *", dialect="quartz", tz=NY)
    assert walk(q, FALL, 1) == ["2026-11-01T01:30:00-05:00"]
    # croniter 6 fires it in both passes; robfig too.
    for dialect in ("croniter", "kubernetes"):
        s = fuzzycron.parse("30 1 * * *", dialect=dialect, tz=NY)
        assert walk(s, FALL, 2) == ["2026-11-01T01:30:00-04:00", "2026-11-01T01:30:00-05:00"]
    # cron-parser fires 02:30 in the gap at 03:30; croniter at 03:00; robfig not at all.
    gap = {"cron-parser": "2026-03-08T03:30:00-04:00", "croniter": "2026-03-08T03:00:00-04:00",
           "kubernetes": "2026-03-09T02:30:00-04:00", "standard": "2026-03-08T03:00:00-04:00"}
    for dialect, first in gap.items():
        assert walk(fuzzycron.parse("30 2 * * *", dialect=dialect, tz=NY), SPRING, 1) == [first]
    # `cron` stays available by name.
    assert walk(fuzzycron.parse("30 2 * * *", dialect="cron-parser", tz=NY, dst="cron"), SPRING, 1) == \
        ["2026-03-08T03:00:00-04:00"]


def test_croniter_drop_in_fires_a_fall_back_time_twice():
    from zoneinfo import ZoneInfo
    it = fuzzycron.croniter("30 1 * * *", datetime(2026, 11, 1, 0, 0, tzinfo=ZoneInfo(NY)))
    got = [it.get_next(datetime).isoformat() for _ in range(2)]
    assert got == ["2026-11-01T01:30:00-04:00", "2026-11-01T01:30:00-05:00"]
