"""A drop-in for croniter's main class, with croniter 6's answers.

    from fuzzycron import croniter          # instead of: from croniter import croniter
    it = croniter("H 3 * * *", datetime(2026, 3, 1), hash_id="backup")
    it.get_next(datetime)

The expression is read in fuzzycron's `croniter` dialect: croniter 6's layout
(min hour dom mon dow [sec [year]], or seconds first with
second_at_beginning=True), ranges, names, L, #, aliases and its day rule; H
from hash_id with croniter's own hash, so a job keeps its minute when it
switches imports.

Times: a start_time that is a timezone-aware datetime sets the zone the
schedule runs in, and datetimes come back in it; a naive datetime is read and
returned as naive UTC wall time; a float (or None: now) is a Unix timestamp.

Differences from croniter, by design: H without hash_id is an error (croniter
draws it at random: fuzzycron is deterministic); day_or=False is not offered;
R (random) is not supported.
"""
from __future__ import annotations

import time
from datetime import date, datetime, timedelta, timezone
from typing import Any, Iterator, Optional

from . import _fuzzycron
from ._fuzzycron import ParseError

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_MS = timedelta(milliseconds=1)


class CroniterError(ParseError):
    """Base of the croniter errors (a ValueError, as in croniter)."""


class CroniterBadCronError(CroniterError):
    """The expression is not valid."""


class CroniterNotAlphaError(CroniterBadCronError):
    """A name where croniter allows none."""


class CroniterBadDateError(CroniterError):
    """No further (or earlier) fire time."""


def _zone_name(tz) -> str:
    """An IANA name for a tzinfo: zoneinfo, pytz, dateutil or a fixed offset."""
    for attribute in ("key", "zone"):
        name = getattr(tz, attribute, None)
        if isinstance(name, str):
            return name
    if tz is timezone.utc:
        return "UTC"
    offset = tz.utcoffset(None)
    if offset is None:
        offset = tz.utcoffset(datetime(2000, 1, 1))
    if offset is not None and offset.total_seconds() % 3600 == 0 and tz.dst(datetime(2000, 1, 1)) in (None, timedelta(0)):
        hours = int(offset.total_seconds() // 3600)
        return "UTC" if hours == 0 else f"Etc/GMT{-hours:+d}"
    raise ValueError(f"cannot tell the IANA zone of {tz!r}: use zoneinfo.ZoneInfo")


class croniter:  # noqa: N801 - croniter's own name
    """croniter(expr_format, start_time=None, ret_type=float, day_or=True,
    max_years_between_matches=None, is_prev=False, hash_id=None,
    second_at_beginning=False)"""

    def __init__(self, expr_format: str, start_time: Any = None, ret_type: type = float, day_or: bool = True,
                 max_years_between_matches: Optional[int] = None, is_prev: bool = False, hash_id: Any = None,
                 implement_cron_bug: bool = False, second_at_beginning: bool = False,
                 expand_from_start_time: bool = False):
        if not day_or:
            raise NotImplementedError("fuzzycron.croniter reads the day fields as croniter's default (day_or=True)")
        if implement_cron_bug or expand_from_start_time:
            raise NotImplementedError("implement_cron_bug and expand_from_start_time are not offered")
        if ret_type not in (float, datetime):
            raise TypeError("ret_type must be float or datetime")
        self._ret_type = ret_type
        self._is_prev = is_prev
        self._naive = False
        self._float_start = False
        zone = "UTC"
        if start_time is None:
            start_time = time.time()
        if isinstance(start_time, datetime):
            if start_time.tzinfo is None:
                self._naive = True
            else:
                zone = _zone_name(start_time.tzinfo)
        elif isinstance(start_time, date):
            start_time = datetime(start_time.year, start_time.month, start_time.day)
            self._naive = True
        elif isinstance(start_time, (int, float)):
            self._float_start = True
        else:
            raise TypeError("start_time must be a datetime, a date or a timestamp")
        self._tzinfo = start_time.tzinfo if isinstance(start_time, datetime) and start_time.tzinfo else None
        seed = []
        if hash_id is not None:
            seed = [hash_id.decode("utf-8") if isinstance(hash_id, (bytes, bytearray)) else str(hash_id)]
        self._expression = expr_format
        try:
            self._core = _fuzzycron.parse(expr_format, dialect="croniter", seed=seed, tz=zone,
                                          second_at_beginning=second_at_beginning)
        except ParseError as e:
            raise CroniterBadCronError(str(e)) from e
        self._precision_ms = 1000 if len(expr_format.split()) > 5 else 60000
        self._max_ms = None if max_years_between_matches is None else int(max_years_between_matches * 366 * 86400000)
        self._current = self._ms(start_time)

    # -- conversions
    def _ms(self, t: Any) -> int:
        if isinstance(t, datetime):
            if t.tzinfo is None:
                t = t.replace(tzinfo=timezone.utc)
            return (t - _EPOCH) // _MS
        return int(round(float(t) * 1000))

    def _out(self, ms: int, ret_type: Optional[type]):
        ret_type = ret_type or self._ret_type
        if ret_type is float:
            return ms / 1000.0
        dt = _EPOCH + timedelta(milliseconds=ms)
        if self._naive or self._float_start:
            return dt.replace(tzinfo=None)
        return dt.astimezone(self._tzinfo)

    # -- croniter's API
    def get_next(self, ret_type: Optional[type] = None, start_time: Any = None, update_current: bool = True):
        return self._step(True, ret_type, start_time, update_current)

    def get_prev(self, ret_type: Optional[type] = None, start_time: Any = None, update_current: bool = True):
        return self._step(False, ret_type, start_time, update_current)

    def get_current(self, ret_type: Optional[type] = None):
        return self._out(self._current, ret_type)

    def set_current(self, start_time: Any, force: bool = True) -> float:
        self._current = self._ms(start_time if start_time is not None else time.time())
        return self._current / 1000.0

    def _step(self, forward: bool, ret_type, start_time, update_current):
        current = self._ms(start_time) if start_time is not None else self._current
        ms = self._core.next_ms(current) if forward else self._core.prev_ms(current)
        if ms is None or (self._max_ms is not None and abs(ms - current) > self._max_ms):
            raise CroniterBadDateError("failed to find next date" if forward else "failed to find prev date")
        if update_current:
            self._current = ms
        return self._out(ms, ret_type)

    def all_next(self, ret_type: Optional[type] = None) -> Iterator:
        try:
            while True:
                yield self.get_next(ret_type)
        except CroniterBadDateError:
            return

    def all_prev(self, ret_type: Optional[type] = None) -> Iterator:
        try:
            while True:
                yield self.get_prev(ret_type)
        except CroniterBadDateError:
            return

    def __iter__(self):
        return self

    def __next__(self):
        try:
            return self.get_prev() if self._is_prev else self.get_next()
        except CroniterBadDateError:
            raise StopIteration from None

    next = get_next  # croniter's old alias

    @classmethod
    def is_valid(cls, expression: str, hash_id: Any = None, encoding: str = "UTF-8",
                 second_at_beginning: bool = False) -> bool:
        seed = [hash_id.decode(encoding) if isinstance(hash_id, (bytes, bytearray)) else str(hash_id or "is_valid")]
        try:
            _fuzzycron.parse(expression, dialect="croniter", seed=seed, second_at_beginning=second_at_beginning)
            return True
        except ParseError:
            return False

    @classmethod
    def match(cls, cron_expression: str, testdate: datetime, day_or: bool = True,
              second_at_beginning: bool = False) -> bool:
        """True when testdate (to the minute, or the second with a seconds field) is a fire time."""
        it = cls(cron_expression, testdate, ret_type=datetime, day_or=day_or, second_at_beginning=second_at_beginning)
        at = it._current
        at -= at % it._precision_ms  # the minute (second) testdate is in
        before = it._core.prev_ms(at + 1)
        return before is not None and before == at

    def __repr__(self) -> str:
        return f"fuzzycron.croniter({self._expression!r})"
