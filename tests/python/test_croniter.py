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
