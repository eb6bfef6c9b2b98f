"""fuzzycron.croniter as a drop-in for croniter: croniter 6's answers (its
vectors, produced by running croniter 6.3.0.dev0), and Debian's croniter where
the two croniter versions agree."""
import json
import os
from datetime import date, datetime, timezone
from zoneinfo import ZoneInfo

import pytest

import fuzzycron
from fuzzycron import croniter

VECTORS = os.environ.get("FUZZYCRON_VECTORS_DIR", os.path.join(os.path.dirname(__file__), "..", "vectors"))
DEVIATIONS = os.environ.get("FUZZYCRON_DEVIATIONS_FILE", os.path.join(os.path.dirname(__file__), "..", "deviations.txt"))


def deviations():
    with open(DEVIATIONS, encoding="utf-8") as f:
        return {line.split()[0] for line in f if line.strip() and not line.startswith("#")}


def vectors():
    skip = deviations()
    out = []
    for name in ("croniter-hash.jsonl",):
        with open(os.path.join(VECTORS, name), encoding="utf-8") as f:
            for line in f:
                v = json.loads(line)
                if v["id"] not in skip and v.get("dialect") == "croniter":
                    out.append(v)
    return out


CASES = vectors()


def test_there_are_vectors():
    assert len(CASES) > 300


@pytest.mark.parametrize("v", CASES, ids=[v["id"] for v in CASES])
def test_croniter6_vector(v):
    zone = ZoneInfo(v["tz"])
    start = datetime.fromisoformat(v["from"]).astimezone(zone)
    sab = bool(v.get("options", {}).get("second_at_beginning", False))
    if v.get("error"):
        with pytest.raises(fuzzycron.CroniterBadCronError):
            croniter(v["expr"], start, hash_id=v.get("seed"), second_at_beginning=sab)
        return
    it = croniter(v["expr"], start, hash_id=v.get("seed"), second_at_beginning=sab)
    got = [it.get_next(datetime).isoformat() for _ in v["next"]]
    assert got == [datetime.fromisoformat(t).isoformat() for t in v["next"]]
    back = croniter(v["expr"], start, hash_id=v.get("seed"), second_at_beginning=sab)
    got = [back.get_prev(datetime).isoformat() for _ in v.get("prev", [])]
    assert got == [datetime.fromisoformat(t).isoformat() for t in v.get("prev", [])]


# Debian ships croniter 1.3.5; croniter 6 changed H/n and the day-of-week range
# (research/hash-compat.md §2.5: H/n, day-of-week 0-7, a hashed @weekly drawn
# mod 8), and 1.3.5 mishandles DST; compare where the two agree by design.
AGREED = ["*/5 * * * *", "0 3 * * *", "15 4 1,15 * *", "0 12 * * 5#3", "0 0 L * *", "30 */5 1,15 * *",
          "0 0 1 * 1", "@daily", "H 3 * * *", "H H * * *", "H H H * *", "H(0-29) H(9-17) * * 1-5",
          "* * * * * 15", "0 9-17/2 * * mon-fri", "59 23 31 12 *"]


@pytest.mark.parametrize("expr", AGREED)
def test_same_answers_as_debian_croniter(expr):
    real = pytest.importorskip("croniter")
    for start in (datetime(2026, 3, 1, 12, 34), datetime(2024, 2, 28, 23, 59), 1772935170.0,
                  datetime(2026, 3, 8, 1, 0, tzinfo=ZoneInfo("Asia/Kolkata"))):  # croniter 1.3.5 mishandles DST
        a = real.croniter(expr, start, hash_id="job-7")
        b = croniter(expr, start, hash_id="job-7")
        for ret in (datetime, float):
            assert [a.get_next(ret) for _ in range(4)] == [b.get_next(ret) for _ in range(4)], (expr, start)
            assert [a.get_prev(ret) for _ in range(2)] == [b.get_prev(ret) for _ in range(2)], (expr, start)
        assert a.get_current(datetime) == b.get_current(datetime)


def test_iteration_current_and_types():
    it = croniter("*/10 * * * *", datetime(2026, 1, 1, 0, 0))
    assert isinstance(it.get_next(), float)  # ret_type float by default
    assert it.get_current(datetime) == datetime(2026, 1, 1, 0, 10)
    assert [next(it) for _ in range(2)] == [datetime(2026, 1, 1, 0, 20).replace(tzinfo=timezone.utc).timestamp(),
                                            datetime(2026, 1, 1, 0, 30).replace(tzinfo=timezone.utc).timestamp()]
    gen = croniter("0 0 1 1 *", datetime(2026, 6, 1), ret_type=datetime).all_next()
    assert [next(gen) for _ in range(2)] == [datetime(2027, 1, 1), datetime(2028, 1, 1)]
    back = croniter("0 0 * * *", datetime(2026, 6, 1), ret_type=datetime, is_prev=True)
    assert next(iter(back)) == datetime(2026, 5, 31)
    assert croniter("0 0 * * *", date(2026, 6, 1)).get_next(datetime) == datetime(2026, 6, 2)
    aware = croniter("0 9 * * *", datetime(2026, 6, 1, tzinfo=ZoneInfo("Europe/Berlin")))
    assert aware.get_next(datetime).isoformat() == "2026-06-01T09:00:00+02:00"
    assert aware.get_next(start_time=datetime(2026, 7, 1, tzinfo=ZoneInfo("Europe/Berlin")),
                          ret_type=datetime).isoformat() == "2026-07-01T09:00:00+02:00"


def test_match_and_is_valid():
    assert croniter.match("0 3 * * *", datetime(2026, 3, 1, 3, 0))
    assert croniter.match("0 3 * * *", datetime(2026, 3, 1, 3, 0, 59))
    assert not croniter.match("0 3 * * *", datetime(2026, 3, 1, 3, 1))
    assert croniter.match("* * * * * 15", datetime(2026, 3, 1, 3, 1, 15))
    assert not croniter.match("* * * * * 15", datetime(2026, 3, 1, 3, 1, 16))
    assert croniter.is_valid("0 3 * * *") and croniter.is_valid("H H * * *", hash_id="job")
    assert not croniter.is_valid("H H * * *")  # as croniter: H needs hash_id
    assert not croniter.is_valid("0 3 * * 9") and not croniter.is_valid("0 24 * * *")
    assert croniter.is_valid("15 0 3 * * *", second_at_beginning=True)


def test_errors_are_value_errors():
    with pytest.raises(ValueError):
        croniter("0 3 * *", datetime(2026, 1, 1))
    with pytest.raises(fuzzycron.CroniterBadCronError) as e:
        croniter("H 3 * * *", datetime(2026, 1, 1))  # as croniter: H needs hash_id
    assert "Hashed definitions must include hash_id" in str(e.value)
    with pytest.raises(fuzzycron.CroniterBadDateError):
        croniter("0 0 30 2 *", datetime(2026, 1, 1)).get_next()


# Issue 22: answers croniter gives that the drop-in got wrong before, each checked here.
def test_dateutil_zones_follow_their_rules():
    from dateutil import tz
    london = tz.gettz("Europe/London")
    it = croniter("7 0 * * *", datetime(2025, 3, 29, 12, 0, tzinfo=london))
    assert [it.get_next(datetime).isoformat() for _ in range(2)] == ["2025-03-30T00:07:00+00:00",
                                                                       "2025-03-31T00:07:00+01:00"]
    sydney = croniter("0 3 * * *", datetime(2025, 4, 5, 12, 0, tzinfo=tz.gettz("Australia/Sydney")))
    assert sydney.get_next(datetime).isoformat() == "2025-04-06T03:00:00+10:00"
    kolkata = croniter("0 3 * * *", datetime(2025, 4, 5, 12, 0, tzinfo=tz.tzoffset(None, 19800)))
    assert kolkata.get_next(datetime).isoformat() == "2025-04-06T03:00:00+05:30"


def test_start_times_keep_their_zone_and_microseconds():
    it = croniter("0 * * * *", datetime(2025, 1, 1))
    aware = it.get_next(datetime, start_time=datetime(2025, 6, 1, 10, 30, tzinfo=timezone.utc))
    assert aware.tzinfo is not None and aware.isoformat() == "2025-06-01T11:00:00+00:00"
    assert croniter("0 10 * * *", datetime(2025, 1, 1, 10, 0, 0, 500)).get_prev(datetime) == datetime(2025, 1, 1, 10)
    assert croniter("0 10 * * *", 1735725600.0005).get_prev() == 1735725600.0


def test_hash_id_bytes_r_and_day_or():
    # croniter hashes hash_id's bytes, UTF-8 or not.
    assert croniter("H * * * *", datetime(2025, 1, 1), hash_id=b"\xff\xfe").expanded[0] == [42]
    assert croniter("H * * * *", datetime(2025, 1, 1), hash_id="job").expanded == \
        croniter("H * * * *", datetime(2025, 1, 1), hash_id=b"job").expanded
    # R: drawn once per instance, inside its range, stable across calls.
    it = croniter("R(10-20) * * * *", datetime(2025, 1, 1))
    minute = it.expanded[0][0]
    assert 10 <= minute <= 20 and {it.get_next(datetime).minute for _ in range(3)} == {minute}
    # day_or=False: both day fields must match.
    assert croniter("0 0 2 * mon", datetime(2010, 1, 25), day_or=False).get_next(datetime) == datetime(2010, 8, 2)
    assert croniter("0 0 2 * mon", datetime(2010, 1, 25)).get_next(datetime) == datetime(2010, 2, 1)


def test_croniter_exception_family():
    from fuzzycron._croniter import (CroniterError, CroniterUnsupportedSyntaxError, CroniterBadTypeRangeError,
                                     croniter_range)
    assert issubclass(fuzzycron.CroniterNotAlphaError, fuzzycron.CroniterBadCronError)
    assert issubclass(CroniterUnsupportedSyntaxError, fuzzycron.CroniterBadCronError)
    assert issubclass(fuzzycron.CroniterBadCronError, CroniterError) and issubclass(CroniterError, ValueError)
    with pytest.raises(fuzzycron.CroniterNotAlphaError):
        croniter("X X * * *", datetime(2025, 1, 1), hash_id="a")
    with pytest.raises(CroniterUnsupportedSyntaxError):
        croniter("0 0 * * 5,6#3", datetime(2025, 1, 1))
    with pytest.raises(CroniterBadTypeRangeError):
        list(croniter_range(datetime(2025, 1, 1), 1.0, "* * * * *"))
    assert [d.day for d in croniter_range(datetime(2025, 1, 1), datetime(2025, 1, 3), "0 0 * * *")] == [1, 2, 3]
