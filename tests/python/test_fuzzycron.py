"""The Python package against the C++ library's documented behaviour."""
import threading
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

import fuzzycron

UTC = timezone.utc
FROM = datetime(2026, 3, 8, 1, 59, 30, tzinfo=UTC)


def test_next_prev_in_the_schedules_zone():
    s = fuzzycron.parse("0 * * * *")
    assert s.next(FROM) == datetime(2026, 3, 8, 2, 0, tzinfo=UTC)
    assert s.prev(FROM) == datetime(2026, 3, 8, 1, 0, tzinfo=UTC)
    ny = fuzzycron.parse("30 2 * * *", tz="America/New_York")
    got = ny.next(FROM)
    assert got.tzinfo == ZoneInfo("America/New_York")
    # 02:30 does not exist on 2026-03-08; cron's policy runs it at 03:00 EDT.
    assert got.isoformat() == "2026-03-08T03:00:00-04:00"
    skipping = fuzzycron.parse("30 2 * * *", tz="America/New_York", dst="skip-both")
    assert skipping.next(FROM).isoformat() == "2026-03-09T02:30:00-04:00"


def test_naive_datetimes_are_utc():
    s = fuzzycron.parse("0 * * * *")
    assert s.next(FROM.replace(tzinfo=None)) == s.next(FROM)


def test_fires_walks_in_order_across_batches():
    s = fuzzycron.parse("* * * * *")
    start, end = datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 1, 8, tzinfo=UTC)
    times = list(s.fires(start, end))
    assert len(times) == 7 * 24 * 60  # more than one batch of 4096
    assert times[0] == start and times[-1] == end - timedelta(minutes=1)
    assert all(b - a == timedelta(minutes=1) for a, b in zip(times, times[1:]))


def test_hash_forms_need_a_seed_and_resolve():
    with pytest.raises(fuzzycron.ParseError) as e:
        fuzzycron.parse("H * * * *")
    assert e.value.kind == "missing-seed"
    one = fuzzycron.parse("H H(0-5) * * *", seed=["web-07", "backup-db"])
    resolved = one.resolved
    assert "H" not in resolved
    assert resolved == fuzzycron.resolve("H H(0-5) * * *", seed=["web-07", "backup-db"])
    plain = fuzzycron.parse(resolved)
    t = FROM
    for _ in range(10):
        assert one.next(t) == plain.next(t)
        t = one.next(t)
    # A string seed is one part.
    assert fuzzycron.resolve("H * * * *", seed="job") == fuzzycron.resolve("H * * * *", seed=["job"])


def test_spread_and_offset():
    window = timedelta(minutes=15)
    off = fuzzycron.offset("nightly", window)
    assert timedelta(0) <= off < window
    assert off == timedelta(milliseconds=522707)  # the CLI's `offset --seed nightly --window 15m`
    s = fuzzycron.parse("0 * * * *", seed="nightly", spread=window)
    assert s.next(datetime(2026, 1, 1, tzinfo=UTC)) == datetime(2026, 1, 1, tzinfo=UTC) + off


def test_parse_error_has_position():
    with pytest.raises(ValueError) as e:
        fuzzycron.parse("0 0 * * 8")
    err = e.value
    assert isinstance(err, fuzzycron.ParseError)
    assert err.column == 9 and err.line == 0 and err.text == "0 0 * * 8" and err.kind == "syntax"
    assert "day-of-week" in str(err)
    with pytest.raises(fuzzycron.ParseError) as e:
        fuzzycron.parse("TZ=Europe/Berlin\nH 2 * * 9", dialect="jenkins", seed="j")
    assert e.value.line == 2
    with pytest.raises(fuzzycron.ParseError):
        fuzzycron.parse("0 * * * *", tz="Mars/Olympus")
    with pytest.raises(fuzzycron.ParseError):
        fuzzycron.parse("0 * * * *", dialect="cronish")
    with pytest.raises(TypeError):
        fuzzycron.parse("0 * * * *").next("2026-01-01")


def test_never():
    s = fuzzycron.parse("0 0 30 2 *")
    assert s.never
    assert s.next(FROM) is None and s.prev(FROM) is None
    assert not fuzzycron.parse("0 0 29 2 *").never


def test_explain_and_lint():
    e = fuzzycron.explain("H(0-29) * * * *", seed="db-sync")
    assert e["sentences"][0].startswith("Once an hour, at a stable minute between :00 and :29")
    assert e["resolved"] == fuzzycron.resolve("H(0-29) * * * *", seed="db-sync")
    assert [f["field"] for f in e["fields"]] == ["minute", "hour", "day-of-month", "month", "day-of-week"]
    findings = fuzzycron.lint("*/15 * * * *", target="fuzzycron", start=FROM)
    assert [(f.code, f.severity, f.column, f.rewrite) for f in findings] == [("FC101", "warning", 1, "H/15 * * * *")]
    on_k8s = fuzzycron.lint("*/15 * * * *", target="kubernetes", seed="backup", start=FROM)
    assert on_k8s[0].rewrite == fuzzycron.resolve("H/15 * * * *", seed="backup")
    with pytest.raises(fuzzycron.ParseError):
        fuzzycron.lint("* * * * *", target="crontab")


def test_calls_from_many_threads_agree():
    s = fuzzycron.parse("H/5 * * * *", seed="threads")
    want = [t for t in s.fires(datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 2, 1, tzinfo=UTC))]
    results = []

    def walk():
        results.append(list(s.fires(datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 2, 1, tzinfo=UTC))))

    threads = [threading.Thread(target=walk) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == want for r in results)


def test_version_and_repr():
    assert fuzzycron.__version__
    assert "Europe/Berlin" in repr(fuzzycron.parse("0 * * * *", tz="Europe/Berlin"))


LOCK = """{"fuzzycron_balance": 1, "dialect": "standard", "hash": "fc1", "epsilon": 0.25,
 "groups": [{"shape": "H * * * *", "zone": "UTC", "slots": 60, "capacity": 1, "jobs": {"ops/sync": [41]}}]}
"""


def test_balance_lock_gives_the_job_its_slot(tmp_path):
    path = tmp_path / "jobs.lock"
    path.write_text(LOCK)
    lock = fuzzycron.read_balance_lock(str(path))
    assert lock.dialect == "standard" and lock.groups == 1
    assert fuzzycron.resolve("H * * * *", seed=["ops", "sync"], balance_lock=lock) == "41 * * * *"
    s = fuzzycron.parse("H * * * *", seed=["ops", "sync"], balance_lock=lock)
    assert s.next(datetime(2026, 3, 8, 1, 59, 30, tzinfo=timezone.utc)) == datetime(2026, 3, 8, 2, 41,
                                                                                      tzinfo=timezone.utc)
    # A job the lock does not name keeps plain H.
    assert fuzzycron.resolve("H * * * *", seed="other", balance_lock=lock) == fuzzycron.resolve("H * * * *", seed="other")
    assert fuzzycron.BalanceLock(lock.write()).write() == lock.write()
    with pytest.raises(fuzzycron.ParseError) as e:
        fuzzycron.BalanceLock('{"fuzzycron_balance": 1,\n "dialect": standard}')
    assert e.value.kind == "lock"
    # The 0.4 names still read, with a DeprecationWarning naming the new one.
    with pytest.warns(DeprecationWarning, match="fuzzycron.BalanceLock"):
        assert fuzzycron.Balance is fuzzycron.BalanceLock
    with pytest.warns(DeprecationWarning, match="read_balance_lock"):
        assert fuzzycron.read_balance(str(path)).write() == lock.write()
    with pytest.raises(AttributeError):
        fuzzycron.Balanse and e.value.line == 2
    with pytest.raises(TypeError, match="balance_lock="):
        fuzzycron.resolve("H * * * *", seed="a", balance_lock=41)
    # A string is a lock's path (the schema's type for balance): the library reads it.
    with pytest.raises(fuzzycron.ParseError, match="cannot read the balance lock") as e:
        fuzzycron.resolve("H * * * *", seed="a", balance_lock="/nonexistent/jobs.lock")
    assert e.value.kind == "lock"
