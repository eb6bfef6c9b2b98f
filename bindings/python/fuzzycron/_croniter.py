"""A drop-in for croniter (pallets-eco/croniter 6): its class, functions,
constants and exceptions, with croniter's answers computed by fuzzycron.

    from fuzzycron import croniter          # instead of: from croniter import croniter
    it = croniter("H 3 * * *", datetime(2026, 3, 1), hash_id="backup")
    it.get_next(datetime)

The expression is read in fuzzycron's `croniter` dialect: croniter's layout
(min hour dom mon dow [sec [year]], or seconds first with
second_at_beginning=True), ranges, names, L, W, #, aliases and its day rule
(day_or=False: both day fields must match); H from hash_id with croniter's own
hash, so a job keeps its minute when it switches imports; R draws a random
value once per instance, as croniter does.

Times: a datetime start_time sets the zone the schedule runs in (zoneinfo,
pytz, dateutil or a fixed offset) and datetimes come back in it; a naive one
is naive UTC wall time; a float (or None: now) is a Unix timestamp. Floats
keep croniter's microseconds.
"""
from __future__ import annotations

import calendar
import time
from datetime import date, datetime, timedelta, tzinfo as _tzinfo
from typing import Any, Dict, Iterator, Optional, Tuple

from . import _fuzzycron
from ._fuzzycron import ParseError
from ._croniter_zones import zone_of as _zone_of
from ._croniter_names import (  # noqa: F401 - croniter.croniter's other public names
    EXPANDERS, MARKER, MONTHS, WEEKDAYS, ExpandedExpression, HashExpander, hash_expression_re, is_32bit,
    nearest_weekday_re, only_int_re, re_star, special_dow_re, star_or_int_re, step_search_re)

__all__ = [
    "DAY_FIELD", "HOUR_FIELD", "MINUTE_FIELD", "MONTH_FIELD", "DOW_FIELD", "OVERFLOW32B_MODE", "SECOND_FIELD",
    "UTC_DT", "YEAR_FIELD", "CroniterBadCronError", "CroniterBadDateError", "CroniterBadTypeRangeError",
    "CroniterError", "CroniterNotAlphaError", "CroniterUnsupportedSyntaxError", "croniter", "croniter_range",
    "datetime_to_timestamp",
]

from ._croniter_expand import *  # noqa: F401,F403 - croniter's constants and exceptions, as its module has them
from ._croniter_expand import (  # noqa: F401 - and the reading of expressions
    _LEN_MEANS_ALL, _RANDOM, _RANGES, _croniter_error, _expand, _layout, _rebase, _seed_of)
from ._croniter_expand import CroniterBadDateError, CroniterBadTypeRangeError, CroniterError  # noqa: F401

_US = timedelta(microseconds=1)
_EPOCH_NAIVE = datetime(1970, 1, 1)
_naive_utc = _fuzzycron.naive_utc
_engine_step = _fuzzycron.step
_quick = _fuzzycron.quick
# Expressions read and schedules compiled, shared by instances (values, never changed):
# bounded, emptied when full.
_CACHE_SIZE = 4096
_EXPANSIONS: Dict[Any, Any] = {}
_SCHEDULES: Dict[Any, Any] = {}
_ENGINES: Dict[Any, Any] = {}  # (reading, tzinfo) -> (schedule, fixed offset)


# The exceptions read as this module's (croniter.croniter's), where they are re-exported.
for _exception in (CroniterError, CroniterBadTypeRangeError, CroniterBadCronError, CroniterUnsupportedSyntaxError,
                   CroniterBadDateError, CroniterNotAlphaError):
    _exception.__module__ = __name__


class _Copied:
    """An attribute copied from the shared reading of the expression when first read,
    then the instance's own (a non-data descriptor: the copy shadows it)."""

    def __init__(self, index: int, copy):
        self.index, self.copy = index, copy

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = self.copy(obj._shared[self.index])
        obj.__dict__[self.name] = value
        return value


class croniter:  # noqa: N801 - croniter's own name
    """croniter(expr_format, start_time=None, ret_type=float, day_or=True,
    max_years_between_matches=None, is_prev=False, hash_id=None,
    implement_cron_bug=False, second_at_beginning=False, expand_from_start_time=False)"""

    MONTHS_IN_YEAR = 12
    RANGES = _RANGES
    LEN_MEANS_ALL = _LEN_MEANS_ALL
    DAYS_IN_MONTH = {m + 1: d for m, d in enumerate(DAYS)}
    expanded = _Copied(0, lambda e: [list(values) for values in e])
    nth_weekday_of_month = _Copied(1, lambda nth: {k: set(v) for k, v in nth.items()})
    expressions = _Copied(2, list)
    nearest_weekday = _Copied(3, set)

    def __init__(self, expr_format: str, start_time: Any = None, ret_type: type = float, day_or: bool = True,
                 max_years_between_matches: Optional[int] = None, is_prev: bool = False, hash_id: Any = None,
                 implement_cron_bug: bool = False, second_at_beginning: bool = False,
                 expand_from_start_time: bool = False):
        self._ret_type = ret_type
        self._day_or = day_or
        self._implement_cron_bug = implement_cron_bug
        self.second_at_beginning = bool(second_at_beginning)
        self._expand_from_start_time = expand_from_start_time
        if hash_id is not None and not isinstance(hash_id, (bytes, bytearray, str)):
            raise TypeError("hash_id must be bytes or UTF-8 string")
        self._max_years_btw_matches_explicitly_set = max_years_between_matches is not None
        self._max_years_between_matches = max(int(max_years_between_matches or 50), 1)
        self._engine_for = None
        self.tzinfo: Optional[_tzinfo] = None
        if type(start_time) is datetime:  # the common call, without set_current's dispatch
            self.tzinfo = start_time.tzinfo
            self.start_time = self.dst_start_time = self.cur = datetime_to_timestamp(start_time)
        else:
            self.start_time = self.dst_start_time = self.cur = 0.0
            self.set_current(time.time() if start_time is None else start_time, force=True)
        written = expr_format
        if expand_from_start_time and isinstance(expr_format, str):
            expr_format = _rebase(expr_format, self.dst_start_time, self.tzinfo, self.second_at_beginning)
        # An expression read before is not read again (the Airflow/Celery pattern: a new
        # croniter per call); R draws anew for every instance, so it is never kept.
        self._hash_id = bytes(hash_id) if isinstance(hash_id, bytearray) else hash_id
        key = (expr_format, self._hash_id, self.second_at_beginning) if isinstance(expr_format, str) else None
        known = _EXPANSIONS.get(key) if key is not None else None
        if known is None:
            self._shared = _expand(expr_format, hash_id=hash_id, second_at_beginning=second_at_beginning)
            self._text = self._schedule_text(expr_format)  # rebased, with R drawn
            if key is not None and self._text == expr_format:
                if len(_EXPANSIONS) >= _CACHE_SIZE:
                    _EXPANSIONS.clear()
                _EXPANSIONS[key] = (self._shared, self._text)
        else:
            self._shared, self._text = known
        # expanded & co. are copied from _shared when first read (_Copied): the instance's own, as croniter's
        self.fields = CRON_FIELDS[len(self._shared[0])]
        self._is_prev = is_prev
        self._expr_format = written
        self._seed = _seed_of(hash_id)

    def _schedule_text(self, expr_format: str) -> str:
        """The expression with R drawn as expand drew it (the values are this instance's)."""
        fields = expr_format.split()
        if len(fields) in VALID_LEN_EXPRESSION and any(_RANDOM.search(f) for f in fields):
            written = _layout(len(fields), self.second_at_beginning)
            out = []
            for i, index in enumerate(written):
                values = self.expanded[index]
                out.append(fields[i] if not _RANDOM.search(fields[i]) else
                           ",".join(str(v) for v in values))
            return " ".join(out)
        return expr_format

    def _capsule(self, zone: str):
        """The compiled schedule in `zone`, shared by every instance with the same reading."""
        key = (self._text, tuple(self._seed), zone, self.second_at_beginning, self._day_or, self._dst_policy(),
               self._implement_cron_bug)
        capsule = _SCHEDULES.get(key)
        if capsule is None:
            try:
                core = _fuzzycron.croniter_parse(*key)
            except ParseError as e:
                raise _croniter_error(e, self._expr_format, self.second_at_beginning) from None
            capsule = _fuzzycron.schedule_capsule(core)
            if len(_SCHEDULES) >= _CACHE_SIZE:
                _SCHEDULES.clear()
            _SCHEDULES[key] = capsule
        return capsule

    def _dst_policy(self) -> str:
        """croniter 6 at DST changes (docs/dst.md): a time that occurs twice fires in both
        passes; a time in the spring gap fires at the gap's end, unless every hour matches
        (then the next hour's time is the next fire, as croniter's hourly walk finds it)."""
        return "skip-both" if self.expanded[HOUR_FIELD] == ["*"] else "shift-both"

    # -- times
    @staticmethod
    def datetime_to_timestamp(d: datetime) -> float:
        return datetime_to_timestamp(d)

    _datetime_to_timestamp = datetime_to_timestamp

    def timestamp_to_datetime(self, timestamp: float, tzinfo: Any = MARKER) -> datetime:
        tz = self.tzinfo if tzinfo is MARKER else tzinfo  # croniter 6: tzinfo=None asks for naive
        result = _EPOCH_NAIVE + timedelta(seconds=timestamp)
        if tz:
            result = result.replace(tzinfo=UTC_DT).astimezone(tz)
        return result

    _timestamp_to_datetime = timestamp_to_datetime

    def set_current(self, start_time: Any, force: bool = True) -> float:
        if (force or self.cur is None) and start_time is not None:
            if isinstance(start_time, datetime):
                self.tzinfo = start_time.tzinfo
                start_time = datetime_to_timestamp(start_time)
            elif isinstance(start_time, date):
                start_time = datetime_to_timestamp(datetime(start_time.year, start_time.month, start_time.day))
            elif not isinstance(start_time, (int, float)):
                raise TypeError("start_time must be a datetime, a date or a timestamp")
            self.start_time = self.dst_start_time = self.cur = start_time
        return self.cur

    def get_current(self, ret_type: Optional[type] = None):
        ret_type = ret_type or self._ret_type
        if issubclass(ret_type, datetime):
            return self.timestamp_to_datetime(self.cur)
        return self.cur

    # -- next and previous
    def _engine(self):
        """(tzinfo, schedule, fixed offset) for the current tzinfo, kept while it is the same object."""
        tz = self.tzinfo
        engine = self._engine_for
        if engine is None or engine[0] is not tz:
            key = (self._text, self._hash_id, self.second_at_beginning, self._day_or, self._implement_cron_bug, tz)
            try:
                found = _ENGINES.get(key)
            except TypeError:  # a tzinfo that cannot be a key
                key, found = None, None
            if found is None:
                zone, offset = ("UTC", 0) if tz is None else _zone_of(tz, self.cur)
                found = (self._capsule(zone), float(offset))
                if key is not None:
                    if len(_ENGINES) >= _CACHE_SIZE:
                        _ENGINES.clear()
                    _ENGINES[key] = found
            engine = self._engine_for = (tz, *found)
        return engine

    def _step(self, forward: bool) -> float:
        # The hot path of get_next/get_prev: one call into the engine.
        engine = self._engine_for
        if engine is None or engine[0] is not self.tzinfo:
            engine = self._engine()
        offset = engine[2]  # a fixed offset: computed on UTC wall time
        cur = self.cur
        found = _engine_step(engine[1], cur + offset, forward)
        if found is None:
            raise CroniterBadDateError("failed to find next date" if forward else "failed to find prev date")
        found -= offset
        # croniter searches while the candidate's year (in the zone) is within max_years
        # of the current one: only a result that far needs the calendar to tell.
        if abs(found - cur) > (self._max_years_between_matches - 1) * 31536000.0:
            years = abs(self.timestamp_to_datetime(found).year - self.timestamp_to_datetime(cur).year)
            if years > self._max_years_between_matches:
                raise CroniterBadDateError("failed to find next date" if forward else "failed to find prev date")
        return found

    def _get_next(self, ret_type=None, start_time=None, is_prev=None, update_current=None):
        if update_current is None:
            update_current = True
        if start_time is not None:
            self.set_current(start_time, force=True)
        if is_prev is None:
            is_prev = self._is_prev
        self._is_prev = is_prev
        ret_type = ret_type or self._ret_type
        timestamp = self._step(not is_prev)
        if update_current:
            self.cur = timestamp
        if ret_type is float:
            return timestamp
        if ret_type is datetime or issubclass(ret_type, datetime):
            tz = self.tzinfo
            if tz is None:
                return _naive_utc(timestamp)
            return datetime.fromtimestamp(timestamp, tz)
        if not issubclass(ret_type, float):
            raise TypeError("Invalid ret_type, only 'float' or 'datetime' is acceptable.")
        return timestamp

    def get_next(self, ret_type=None, start_time=None, update_current=True):
        if start_time is not None:
            if start_time and self._expand_from_start_time:
                raise ValueError("start_time is not supported when using expand_from_start_time = True.")
            self.set_current(start_time, force=True)
        self._is_prev = False
        # The call people make in loops: one call into the engine; none found,
        # or one further than max_years could allow, takes _step for the checks.
        engine = self._engine_for
        if engine is None or engine[0] is not self.tzinfo:
            engine = self._engine()
        timestamp = _quick(engine[1], self.cur, engine[2], (self._max_years_between_matches - 1) * 31536000.0)
        if timestamp is None:
            timestamp = self._step(True)
        if update_current or update_current is None:
            self.cur = timestamp
        ret_type = ret_type or self._ret_type
        if ret_type is float:
            return timestamp
        if ret_type is datetime:
            tz = self.tzinfo
            return _naive_utc(timestamp) if tz is None else datetime.fromtimestamp(timestamp, tz)
        return self._as(timestamp, ret_type)

    def _as(self, timestamp: float, ret_type: type):
        if issubclass(ret_type, datetime):
            return self.timestamp_to_datetime(timestamp)
        if issubclass(ret_type, float):
            return timestamp
        raise TypeError("Invalid ret_type, only 'float' or 'datetime' is acceptable.")

    def get_prev(self, ret_type=None, start_time=None, update_current=True):
        return self._get_next(ret_type=ret_type, start_time=start_time, is_prev=True, update_current=update_current)

    def all_next(self, ret_type=None, start_time=None, update_current=None) -> Iterator:
        try:
            while True:
                self._is_prev = False
                yield self._get_next(ret_type=ret_type, start_time=start_time, update_current=update_current)
                start_time = None
        except CroniterBadDateError:
            if self._max_years_btw_matches_explicitly_set:
                return
            raise

    def all_prev(self, ret_type=None, start_time=None, update_current=None) -> Iterator:
        try:
            while True:
                self._is_prev = True
                yield self._get_next(ret_type=ret_type, start_time=start_time, update_current=update_current)
                start_time = None
        except CroniterBadDateError:
            if self._max_years_btw_matches_explicitly_set:
                return
            raise

    def iter(self, *args, **kwargs):
        return self.all_prev if self._is_prev else self.all_next

    def __iter__(self):
        return self

    __next__ = next = _get_next

    # -- croniter's class-level API
    @classmethod
    def expand(cls, expr_format: str, hash_id=None, second_at_beginning: bool = False, from_timestamp=None,
               from_timestamp_tz=None, strict: bool = False, strict_year=None):
        """(expanded, nth_weekday_of_month): each field's values, '*' for all, 'l' for the last day."""
        if isinstance(hash_id, str):
            hash_id = hash_id.encode("UTF-8")
        if from_timestamp is not None:  # expand_from_start_time's rebasing, as croniter.expand offers it
            expr_format = _rebase(expr_format, from_timestamp, from_timestamp_tz, second_at_beginning)
        expanded, nth, _, _ = _expand(expr_format, hash_id=hash_id, second_at_beginning=second_at_beginning,
                                      strict=strict, strict_year=strict_year)
        return expanded, nth

    @classmethod
    def is_valid(cls, expression: str, hash_id=None, encoding: str = "UTF-8", second_at_beginning: bool = False,
                 strict: bool = False, strict_year=None) -> bool:
        if hash_id:
            if not isinstance(hash_id, (bytes, str)):
                raise TypeError("hash_id must be bytes or UTF-8 string")
            if not isinstance(hash_id, bytes):
                hash_id = hash_id.encode(encoding)
        try:
            cls.expand(expression, hash_id=hash_id, second_at_beginning=second_at_beginning, strict=strict,
                       strict_year=strict_year)
        except CroniterError:
            return False
        return True

    @classmethod
    def match(cls, cron_expression, testdate, day_or=True, second_at_beginning=False, precision_in_seconds=None):
        return cls.match_range(cron_expression, testdate, testdate, day_or, second_at_beginning,
                               precision_in_seconds)

    @classmethod
    def match_range(cls, cron_expression, from_datetime, to_datetime, day_or=True, second_at_beginning=False,
                    precision_in_seconds=None):
        cron = cls(cron_expression, to_datetime, ret_type=datetime, day_or=day_or,
                   second_at_beginning=second_at_beginning)
        tdp = cron.get_current(datetime)
        if not tdp.microsecond:
            tdp += _US
        cron.set_current(tdp, force=True)
        try:
            tdt = cron.get_prev()
        except CroniterBadDateError:
            return False
        if precision_in_seconds is None:
            precision_in_seconds = 1 if len(cron.expanded) > UNIX_CRON_LEN else 60
        duration = (to_datetime - from_datetime).total_seconds() + precision_in_seconds
        return (max(tdp, tdt) - min(tdp, tdt)).total_seconds() < duration

    @staticmethod
    def _get_nth_weekday_of_month(year: int, month: int, day_of_week: int) -> Tuple[int, ...]:
        """The days of the month that are `day_of_week` (0 = Sunday), in order."""
        first = (calendar.weekday(year, month, 1) + 1) % 7  # 0 = Sunday
        start = 1 + (day_of_week - first) % 7
        return tuple(range(start, calendar.monthrange(year, month)[1] + 1, 7))

    def __repr__(self) -> str:
        return f"fuzzycron.croniter({self._expr_format!r})"


def croniter_range(start, stop, expr_format, ret_type=None, day_or=True, exclude_ends=False, _croniter=None,
                   second_at_beginning=False, expand_from_start_time=False):
    """Every fire time from start to stop (both included unless exclude_ends), forwards or backwards."""
    _croniter = _croniter or croniter
    auto_rt = datetime
    if type(start) is not type(stop) and not (isinstance(start, type(stop)) or isinstance(stop, type(start))):
        raise CroniterBadTypeRangeError(f"The start and stop must be same type.  {type(start)} != {type(stop)}")
    if isinstance(start, (float, int)):
        start, stop = (datetime(1970, 1, 1) + timedelta(seconds=t) for t in (start, stop))
        auto_rt = float
    if ret_type is None:
        ret_type = auto_rt
    if not exclude_ends:
        if start < stop:
            start, stop = start - _US, stop + _US
        else:
            start, stop = start + _US, stop - _US
    years = abs(stop.year - start.year) + 1
    ic = _croniter(expr_format, start, ret_type=datetime, day_or=day_or, max_years_between_matches=years,
                   second_at_beginning=second_at_beginning, expand_from_start_time=expand_from_start_time)
    forward = start < stop
    step = ic.get_next if forward else ic.get_prev
    try:
        dt = step()
        while (dt < stop) if forward else (dt > stop):
            yield ic.get_current(float) if ret_type is float else dt
            dt = step()
    except CroniterBadDateError:
        return
