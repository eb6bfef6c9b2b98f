"""The Python binding's side of issue 32: anchored intervals parse, missed()
gives the runner's policies, not_before/not_after take datetimes, `except`
(a Python keyword) is accepted as except_ or by **{"except": ...}. Fire times
are checked against the schedule's own next() chain, not written out."""
from datetime import datetime, timedelta, timezone

import pytest

import fuzzycron

UTC = timezone.utc


def chain(s, t, n):
    out = []
    for _ in range(n):
        t = s.next(t)
        out.append(t)
    return out


def test_an_anchored_interval_keeps_its_local_time_across_dst():
    s = fuzzycron.parse("@every 2w from 2026-01-06T09:00", zone="America/New_York")
    fires = chain(s, datetime(2026, 1, 1, tzinfo=UTC), 8)
    assert {(f.hour, f.minute) for f in fires} == {(9, 0)}
    assert {f.utcoffset() for f in fires} == {timedelta(hours=-5), timedelta(hours=-4)}
    assert all((b.date() - a.date()).days == 14 for a, b in zip(fires, fires[1:]))


def test_a_hashed_phase_needs_a_seed():
    with pytest.raises(fuzzycron.ParseError) as e:
        fuzzycron.parse("@every 6h")
    assert "seed" in e.value.message
    a = fuzzycron.parse("@every 6h", seed="job-a")
    assert a.next(datetime(2026, 1, 1, tzinfo=UTC)) == fuzzycron.parse("@every 6h", seed="job-a").next(
        datetime(2026, 1, 1, tzinfo=UTC))


def test_missed_matches_the_next_chain():
    s = fuzzycron.parse("@every 90m from 2026-03-01T00:00Z")
    last, now = datetime(2026, 3, 1, 1, tzinfo=UTC), datetime(2026, 3, 1, 12, tzinfo=UTC)
    due = [t for t in chain(s, last, 20) if t <= now]
    assert s.missed(last, now, "all", limit=100).run == due
    assert s.missed(last, now, "latest").run == due[-1:]
    m = s.missed(last, now, "all", limit=2)
    assert m.run == due[-2:] and m.missed == len(due) and not m.capped
    assert s.missed(last, now, "skip").run == []
    fresh = s.missed(last, now, "all", limit=100, starting_deadline=timedelta(hours=3))
    assert fresh.run == [t for t in due if now - t <= timedelta(hours=3)]
    with pytest.raises(ValueError):
        s.missed(last, now, "some")


def test_bounds_and_excluded_days():
    everyday = fuzzycron.parse("0 9 * * *")
    start, end = datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 3, 4, 9, tzinfo=UTC)
    s = fuzzycron.parse("0 9 * * *", not_before=start, not_after=end, except_="2026-03-03")
    fires = list(s.fires(datetime(2026, 1, 1, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC)))
    expected = [t for t in everyday.fires(start, end + timedelta(seconds=1)) if t.day != 3]
    assert fires == expected and len(fires) == 2
    same = fuzzycron.parse("0 9 * * *", **{"not_before": "2026-03-02T00:00:00Z", "not_after": "2026-03-04T09:00:00Z",
                                           "except": "2026-03-03"})
    assert list(same.fires(datetime(2026, 1, 1, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC))) == fires
