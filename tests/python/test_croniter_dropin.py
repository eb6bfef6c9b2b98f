"""The croniter drop-in as applications meet it (issue 29): croniter 6's error texts
and DST answers (tests/python/data/croniter6.jsonl, recorded by running croniter 6
with scripts/croniter6-vectors.py), every kind of tzinfo a Python user hands over
(checked against zoneinfo on the same instants), croniter 6's public names through
the `croniter` package of bindings/python/croniter-dist, and the hash expander
against Debian's croniter."""
import json
import os
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

import pytest

from fuzzycron import _croniter as dropin
from fuzzycron._croniter import croniter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
with open(os.path.join(HERE, "data", "croniter6.jsonl"), encoding="utf-8") as f:
    RECORDED = [json.loads(line) for line in f]
ERRORS = [v for v in RECORDED if v["kind"] == "error"]


def _known_dst_difference(v):
    """Lord Howe's spring change is 30 minutes (02:00 -> 02:30): croniter 6 fires an
    every-hour time inside it (02:07) at 02:30; the drop-in skips it as croniter does
    in whole-hour gaps (docs/dst.md)."""
    return v["zone"] == "Australia/Lord_Howe" and v["expr"].split()[1] == "*"


DST = [v for v in RECORDED if v["kind"] == "dst" and not _known_dst_difference(v)]


def test_recorded_cases_are_there():
    assert len(ERRORS) > 30 and len(DST) > 1000


@pytest.mark.parametrize("v", ERRORS, ids=[(v["expr"] or "empty") + (" sab" if v["second_at_beginning"] else "")
                                           for v in ERRORS])
def test_error_class_and_text_are_croniter6s(v):
    with pytest.raises(dropin.CroniterError) as e:
        croniter(v["expr"], second_at_beginning=v["second_at_beginning"])
    assert (type(e.value).__name__, str(e.value)) == (v["class"], v["message"])


def test_fuzzycron_reading_of_an_error_stays_available():
    with pytest.raises(dropin.CroniterBadCronError) as e:
        croniter("61 * * * *")
    assert str(e.value) == "[61 * * * *] is not acceptable, out of range"
    assert "minute" in e.value.fuzzycron_message and "0-59" in e.value.fuzzycron_message


def test_dst_answers_are_croniter6s():
    wrong = []
    for v in DST:
        start = datetime.fromisoformat(v["from"]).astimezone(ZoneInfo(v["zone"]))
        it = croniter(v["expr"], start)
        step = it.get_next if v["direction"] == "next" else it.get_prev
        got = [step(datetime).isoformat() for _ in v["answers"]]
        if got != v["answers"]:
            wrong.append((v, got))
    assert not wrong, f"{len(wrong)} of {len(DST)} differ, first: {wrong[0]}"


def test_fall_back_fixed_time_fires_in_both_passes():
    ny = ZoneInfo("America/New_York")
    it = croniter("30 1 * * *", datetime(2026, 10, 31, 12, tzinfo=ny))
    got = [it.get_next(datetime).isoformat() for _ in range(3)]
    assert got == ["2026-11-01T01:30:00-04:00", "2026-11-01T01:30:00-05:00", "2026-11-02T01:30:00-05:00"]


# -- zones: every kind answers as the same zone through zoneinfo
EXPRS = ["30 2 * * *", "30 1 * * *", "7 * * * *", "0 0 * * *"]
NY_STARTS = [datetime(2026, 3, 7, 12), datetime(2026, 10, 31, 12), datetime(2026, 6, 1)]


def answers(expr, start, n=6, prev=False):
    it = croniter(expr, start)
    step = it.get_prev if prev else it.get_next
    return [step(float) for _ in range(n)]


def same_as_zoneinfo(tz, name, starts=NY_STARTS, localize=None):
    for expr in EXPRS:
        for naive in starts:
            theirs = (localize or (lambda d: d.replace(tzinfo=tz)))(naive)
            ours = naive.replace(tzinfo=ZoneInfo(name))
            assert theirs.utcoffset() == ours.utcoffset(), (tz, naive)
            for prev in (False, True):
                assert answers(expr, theirs, prev=prev) == answers(expr, ours, prev=prev), (tz, expr, naive, prev)
    # datetimes come back in the zone given, with its offsets
    theirs = croniter("30 2 * * *", (localize or (lambda d: d.replace(tzinfo=tz)))(datetime(2026, 3, 7, 12)))
    ours = croniter("30 2 * * *", datetime(2026, 3, 7, 12, tzinfo=ZoneInfo(name)))
    assert [theirs.get_next(datetime).isoformat() for _ in range(3)] == \
        [ours.get_next(datetime).isoformat() for _ in range(3)]


def test_pytz():
    pytz = pytest.importorskip("pytz")
    zone = pytz.timezone("America/New_York")
    same_as_zoneinfo(zone, "America/New_York", localize=zone.localize)


def test_dateutil_gettz_and_tzfile():
    tz = pytest.importorskip("dateutil.tz")
    same_as_zoneinfo(tz.gettz("America/New_York"), "America/New_York")
    same_as_zoneinfo(tz.tzfile("/usr/share/zoneinfo/America/New_York"), "America/New_York")
    with open("/usr/share/zoneinfo/America/New_York", "rb") as f:  # a file object: no name to go by
        same_as_zoneinfo(tz.tzfile(f), "America/New_York")


def test_dateutil_tzstr_and_tzrange_follow_their_rules():
    tz = pytest.importorskip("dateutil.tz")
    same_as_zoneinfo(tz.tzstr("EST5EDT,M3.2.0,M11.1.0"), "America/New_York")
    same_as_zoneinfo(tz.tzstr("EST+5EDT,M3.2.0/2,M11.1.0/2"), "America/New_York")
    # a southern rule (daylight time across the new year)
    sydney = tz.tzstr("AEST-10AEDT,M10.1.0,M4.1.0/3")
    starts = [datetime(2026, 4, 4, 12), datetime(2026, 10, 3, 12), datetime(2026, 12, 31, 12)]
    for expr in EXPRS:
        for naive in starts:
            assert answers(expr, naive.replace(tzinfo=sydney)) == \
                answers(expr, naive.replace(tzinfo=ZoneInfo("Australia/Sydney"))), (expr, naive)
    from dateutil.relativedelta import SU, relativedelta
    same_as_zoneinfo(tz.tzrange("EST", -18000, "EDT", -14400,
                                start=relativedelta(hours=+2, month=3, day=1, weekday=SU(+2)),
                                end=relativedelta(hours=+1, month=11, day=1, weekday=SU(+1))), "America/New_York")


def _with_local_zone(value, check):
    saved = os.environ.get("TZ")
    os.environ["TZ"] = value
    time.tzset()
    try:
        check()
    finally:
        if saved is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = saved
        time.tzset()


def test_dateutil_tzlocal_by_name_and_by_rule():
    tz = pytest.importorskip("dateutil.tz")
    _with_local_zone("America/New_York", lambda: same_as_zoneinfo(tz.tzlocal(), "America/New_York"))
    _with_local_zone("EST5EDT,M3.2.0,M11.1.0", lambda: same_as_zoneinfo(tz.tzlocal(), "America/New_York"))


def test_tzlocal_package():
    tzlocal = pytest.importorskip("tzlocal")
    _with_local_zone("America/New_York", lambda: same_as_zoneinfo(tzlocal.get_localzone(), "America/New_York"))


def test_pendulum():
    pendulum = pytest.importorskip("pendulum")
    same_as_zoneinfo(pendulum.timezone("America/New_York"), "America/New_York")
    start = pendulum.datetime(2026, 3, 7, 12, tz="America/New_York")
    assert answers("30 2 * * *", start) == answers("30 2 * * *", datetime(2026, 3, 7, 12, tzinfo=ZoneInfo(
        "America/New_York")))


def test_fixed_offsets():
    tz = pytest.importorskip("dateutil.tz")
    pytz = pytest.importorskip("pytz")
    for fixed in (timezone(timedelta(hours=5, minutes=30)), tz.tzoffset(None, 19800), pytz.FixedOffset(330)):
        got = croniter("0 3 * * *", datetime(2026, 4, 5, 12, tzinfo=fixed)).get_next(datetime)
        assert got.isoformat() == "2026-04-06T03:00:00+05:30", fixed


class _ThreeChanges(tzinfo):
    """A zone that changes offset three times a year: no POSIX rule carries it."""

    def utcoffset(self, dt):
        return timedelta(hours={1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2}.get(dt.month, 0 if dt.month < 9 else 3))

    def dst(self, dt):
        return timedelta(0)


def test_a_zone_without_a_rule_is_not_blamed_on_the_expression():
    with pytest.raises(dropin.CroniterBadDateError) as e:
        croniter("0 3 * * *", datetime(2026, 4, 5, 12, tzinfo=_ThreeChanges())).get_next(datetime)
    assert "time zone" in str(e.value) and "acceptable" not in str(e.value)


def test_the_engine_reads_posix_rules_as_zones():
    from fuzzycron import _fuzzycron
    rule = _fuzzycron.croniter_parse("30 2 * * *", [], "EST5EDT,M3.2.0,M11.1.0", False, True)
    named = _fuzzycron.croniter_parse("30 2 * * *", [], "America/New_York", False, True)
    t = datetime(2026, 1, 1, tzinfo=timezone.utc).timestamp()
    for _ in range(400):
        a, b = rule.next_seconds(t), named.next_seconds(t)
        assert a == b
        t = a
    with pytest.raises(_fuzzycron.ParseError):
        _fuzzycron.croniter_parse("* * * * *", [], "Mars/Olympus", False, True)


# -- croniter's public names, through the `croniter` package of the distribution
# croniter 6's croniter/__init__.py __all__ (pallets-eco/croniter 3dd4d14e)
CRONITER6_ALL = ["DAY_FIELD", "HOUR_FIELD", "MINUTE_FIELD", "MONTH_FIELD", "OVERFLOW32B_MODE", "SECOND_FIELD",
                 "UTC_DT", "YEAR_FIELD", "CroniterBadCronError", "CroniterBadDateError", "CroniterBadTypeRangeError",
                 "CroniterError", "CroniterNotAlphaError", "CroniterUnsupportedSyntaxError", "cron_m", "croniter",
                 "croniter_range", "datetime_to_timestamp"]
# croniter 6's croniter/croniter.py module-level public names (the same commit)
CRONITER6_MODULE = ["CRON_FIELDS", "CroniterBadCronError", "CroniterBadDateError", "CroniterBadTypeRangeError",
                    "CroniterError", "CroniterNotAlphaError", "CroniterUnsupportedSyntaxError", "DAYS", "DAY_FIELD",
                    "DOW_ALPHAS", "DOW_FIELD", "EPOCH", "EXPANDERS", "ExpandedExpression", "HOUR_FIELD",
                    "HashExpander", "MARKER", "MINUTE_FIELD", "MONTHS", "MONTH_FIELD", "M_ALPHAS",
                    "OVERFLOW32B_MODE", "SECOND_CRON_LEN", "SECOND_FIELD", "SECOND_FIELDS", "UNIX_CRON_LEN",
                    "UNIX_FIELDS", "UTC_DT", "VALID_LEN_EXPRESSION", "WEEKDAYS", "YEAR_CRON_LEN", "YEAR_FIELD",
                    "YEAR_FIELDS", "croniter", "croniter_range", "datetime_to_timestamp", "hash_expression_re",
                    "is_32bit", "nearest_weekday_re", "only_int_re", "re_star", "special_dow_re",
                    "star_or_int_re", "step_search_re"]


def test_croniter_package_has_croniter6s_public_names():
    import fuzzycron
    code = f"""
import sys, croniter, croniter.croniter, fuzzycron._croniter
module = sys.modules["croniter.croniter"]
assert module is fuzzycron._croniter and croniter.cron_m is module
assert sorted(croniter.__all__) == sorted({CRONITER6_ALL!r}), croniter.__all__
missing = [n for n in {CRONITER6_ALL!r} if not hasattr(croniter, n)]
missing += [n for n in {CRONITER6_MODULE!r} if not hasattr(module, n)]
assert not missing, missing
from croniter import croniter as c, croniter_range, CroniterBadCronError, datetime_to_timestamp
assert c is fuzzycron._croniter.croniter
print("ok")
"""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [os.path.join(ROOT, "bindings", "python", "croniter-dist"), os.path.dirname(os.path.dirname(fuzzycron.__file__))]))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd="/")
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def test_hash_expander_draws_as_croniter():
    # Debian's croniter (1.3.5): the same HashExpander.do for minute, hour, day and month
    # (croniter 6 changed the day-of-week range, research/hash-compat.md §2.5)
    real = pytest.importorskip("croniter.croniter")
    if not hasattr(real, "HashExpander") or real is dropin:
        pytest.skip("no croniter with a HashExpander")
    for hash_id in (b"job-1", b"backup", "nightly".encode()):
        for idx, (lo, hi) in enumerate([(0, 59), (0, 23), (1, 31), (1, 12)]):
            theirs = real.HashExpander(real.croniter).do(idx, hash_id=hash_id)
            ours = dropin.HashExpander(dropin.croniter).do(idx, hash_id=hash_id)
            assert ours == theirs, (hash_id, idx)
            theirs = real.HashExpander(real.croniter).expand("", idx, f"h({lo}-{lo + 5})", hash_id=hash_id)
            assert dropin.HashExpander(dropin.croniter).expand("", idx, f"h({lo}-{lo + 5})", hash_id=hash_id) == theirs


def test_fuzzycron_exports_croniters_names():
    import fuzzycron
    for name in ("croniter", "croniter_range", "datetime_to_timestamp", "CroniterError", "CroniterBadCronError",
                 "CroniterBadDateError", "CroniterBadTypeRangeError", "CroniterNotAlphaError",
                 "CroniterUnsupportedSyntaxError"):
        assert name in fuzzycron.__all__ and getattr(fuzzycron, name) is getattr(dropin, name), name
