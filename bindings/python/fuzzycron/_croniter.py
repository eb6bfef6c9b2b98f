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
import math
import random
import re
import time
from datetime import date, datetime, timedelta, timezone, tzinfo as _tzinfo
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple, Union

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

OVERFLOW32B_MODE = False  # datetimes past 2038 work on every platform Python 3.9+ supports here
UTC_DT = timezone.utc
EPOCH = datetime(1970, 1, 1, tzinfo=UTC_DT)
MINUTE_FIELD, HOUR_FIELD, DAY_FIELD, MONTH_FIELD, DOW_FIELD, SECOND_FIELD, YEAR_FIELD = range(7)
UNIX_FIELDS = (MINUTE_FIELD, HOUR_FIELD, DAY_FIELD, MONTH_FIELD, DOW_FIELD)
SECOND_FIELDS = UNIX_FIELDS + (SECOND_FIELD,)
YEAR_FIELDS = SECOND_FIELDS + (YEAR_FIELD,)
CRON_FIELDS = {"unix": UNIX_FIELDS, "second": SECOND_FIELDS, "year": YEAR_FIELDS,
               5: UNIX_FIELDS, 6: SECOND_FIELDS, 7: YEAR_FIELDS}
UNIX_CRON_LEN, SECOND_CRON_LEN, YEAR_CRON_LEN = 5, 6, 7
VALID_LEN_EXPRESSION = {5, 6, 7}
M_ALPHAS = {m: i + 1 for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split())}
DOW_ALPHAS = {d: i for i, d in enumerate("sun mon tue wed thu fri sat".split())}
DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
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


class CroniterError(ValueError):
    """Base of croniter's errors (a ValueError)."""


class CroniterBadTypeRangeError(TypeError):
    """croniter_range's start and stop are of different types."""


class CroniterBadCronError(CroniterError):
    """The expression is not valid."""


class CroniterUnsupportedSyntaxError(CroniterBadCronError):
    """Valid cron, but a combination croniter does not support."""


class CroniterBadDateError(CroniterError):
    """No further (or earlier) fire time within max_years_between_matches."""


class CroniterNotAlphaError(CroniterBadCronError):
    """A name where the field takes none."""


def datetime_to_timestamp(d: datetime) -> float:
    """Seconds since the epoch; a naive datetime is UTC."""
    if d.tzinfo is not None:
        return d.timestamp()  # (d - epoch).total_seconds(), exact to the microsecond as croniter's
    return (d - _EPOCH_NAIVE).total_seconds()


# -- croniter's expand(), built from fuzzycron's reading of the expression
_RANGES = ((0, 59), (0, 23), (1, 31), (1, 12), (0, 6), (0, 59), (1970, 2099))
_LEN_MEANS_ALL = (60, 24, 31, 12, 7, 60, 130)
# fuzzycron's FieldId order (second, minute, hour, dom, month, dow, year) -> croniter's field index
_CRONITER_INDEX = {0: SECOND_FIELD, 1: MINUTE_FIELD, 2: HOUR_FIELD, 3: DAY_FIELD, 4: MONTH_FIELD, 5: DOW_FIELD,
                   6: YEAR_FIELD}
_RANDOM = re.compile(r"(?<![a-z])r(\((\d+)-(\d+)\))?(/(\d+))?(?![a-z])", re.I)
_HASHED = re.compile(r"(?<![a-z])h(?![a-z])|(?<![a-z])h[(/]", re.I)
_ALIASES = {"@midnight", "@hourly", "@daily", "@weekly", "@monthly", "@yearly", "@annually"}


def _seed_of(hash_id) -> List[bytes]:
    """croniter hashes hash_id's bytes (a str as UTF-8): the seed is those bytes."""
    if hash_id is None or hash_id == b"" or hash_id == "":
        return []
    if isinstance(hash_id, (bytes, bytearray)):
        return [bytes(hash_id)]
    if not isinstance(hash_id, str):
        raise TypeError("hash_id must be bytes or UTF-8 string")
    return [hash_id.encode("UTF-8")]


def _draw_random(expr: str, layout: List[int], rng) -> str:
    """croniter's R: a value drawn once (per instance) in the field's range, or R(a-b), R/n."""
    fields = expr.split()
    if not any(_RANDOM.search(f) for f in fields):
        return expr
    out = []
    for i, text in enumerate(fields):
        index = layout[i] if i < len(layout) else i
        lo, hi = _RANGES[index]

        def draw(m, lo=lo, hi=hi):
            a, b = (int(m.group(2)), int(m.group(3))) if m.group(1) else (lo, hi)
            if m.group(5):
                step = int(m.group(5))
                return f"{a + rng.randrange(min(step, b - a + 1))}-{b}/{step}"
            return str(rng.randint(a, b))
        out.append(_RANDOM.sub(draw, text))
    return " ".join(out)


def _layout(n: int, second_at_beginning: bool) -> List[int]:
    """croniter field index of each written field."""
    if n == 5:
        return list(UNIX_FIELDS)
    fields = list(UNIX_FIELDS) + [SECOND_FIELD] + ([YEAR_FIELD] if n == 7 else [])
    if second_at_beginning:
        fields.insert(0, fields.pop(5))
    return fields


def _values(kind: str, lo: int, hi: int, step: int, index: int) -> List[Any]:
    rlo, rhi = _RANGES[index]
    if kind == "all":
        return ["*"] if step == 0 else list(range(rlo, rhi + 1, step))
    if kind == "no_spec":
        return ["*"]
    if index == DOW_FIELD:
        lo, hi = (0 if lo == 7 else lo), (0 if hi == 7 and kind != "range" else hi)
    if kind == "value":
        return list(range(lo, rhi + 1, step)) if step else [lo]
    if kind == "range" and lo == hi and index != YEAR_FIELD:  # croniter: a-a is the whole cycle
        return list(range(rlo, rhi + 1, step or 1))
    if kind == "range":
        step = step or 1
        if index == DOW_FIELD and hi == 7:
            hi = 6 if lo > 0 else 6
            return sorted(set(range(lo, 7, step)) | ({0} if (7 - lo) % step == 0 else set()))
        if lo <= hi:
            return list(range(lo, hi + 1, step))
        forward = list(range(lo, rhi + 1, step))  # a range that wraps: lo..max, then min..hi
        skip = (step - (rhi - forward[-1]) - 1) % step if forward else 0
        return forward + list(range(rlo + skip, hi + 1, step))
    if kind == "last_day":
        return ["l"]
    if kind in ("nearest_weekday",):
        return [lo]
    return [lo]


def _expand(expr_format: str, hash_id=None, second_at_beginning: bool = False, strict: bool = False,
            strict_year=None, rng: Optional[random.Random] = None):
    """(expanded, nth_weekday_of_month, expressions, nearest_weekday) as croniter's _expand."""
    if not isinstance(expr_format, str):
        raise CroniterBadCronError(f"[{expr_format!r}] is not acceptable: an expression is a string")
    text = expr_format.strip()
    lowered = text.lower()
    seed = _seed_of(hash_id)
    if lowered in _ALIASES and seed:
        text = {"@midnight": "H H(0-2) * * * H", "@hourly": "H * * * * H", "@daily": "H H * * * H",
                "@weekly": "H H * * H H", "@monthly": "H H H * * H", "@yearly": "H H H H * H",
                "@annually": "H H H H * H"}[lowered]
    elif lowered in _ALIASES:
        text = {"@midnight": "0 0 * * *", "@hourly": "0 * * * *", "@daily": "0 0 * * *", "@weekly": "0 0 * * 0",
                "@monthly": "0 0 1 * *", "@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *"}[lowered]
    fields = text.split()
    if len(fields) not in VALID_LEN_EXPRESSION:
        raise CroniterBadCronError("Exactly 5, 6 or 7 columns has to be specified for iterator expression.")
    layout = _layout(len(fields), second_at_beginning)
    text = _draw_random(text, layout, rng or random)  # croniter draws from the random module
    if _HASHED.search(text) and not seed:
        raise CroniterBadCronError("Hashed definitions must include hash_id")
    try:
        resolved = _fuzzycron.croniter_resolve(text, seed, second_at_beginning) if seed else text
        terms = _fuzzycron.croniter_terms(resolved, seed, second_at_beginning)
    except ParseError as e:
        raise _croniter_error(e, expr_format) from None
    expressions = resolved.lower().split()
    if second_at_beginning and len(expressions) > 5:
        expressions.insert(SECOND_FIELD, expressions.pop(0))
    expanded: List[List[Any]] = [[] for _ in range(len(fields))]
    nth: Dict[int, Set[Any]] = {}
    nearest: Set[int] = set()
    for fid, field in enumerate(terms):
        if field is None:
            continue
        index = _CRONITER_INDEX[fid]
        if index >= len(fields):
            continue
        values: List[Any] = []
        for kind, lo, hi, step, _ in field[1]:
            if kind == "nth_weekday":
                w = 0 if lo == 7 else lo
                values.append(w)
                nth.setdefault(w, set()).add(hi)
            elif kind == "last_of_weekday":
                w = 0 if lo == 7 else lo
                values.append(w)
                nth.setdefault(w, set()).add("l")
            elif kind == "nearest_weekday":
                nearest.add(lo)
                values.append(lo)
            else:
                values.extend(_values(kind, lo, hi, step, index))
        unique = sorted(set(values), key=lambda v: f"{v:02}" if isinstance(v, int) else v)
        if len(unique) == _LEN_MEANS_ALL[index]:
            other = expressions[DOW_FIELD] if index == DAY_FIELD else expressions[DAY_FIELD]
            if index not in (DAY_FIELD, DOW_FIELD) or "*" in other:
                unique = ["*"]
        if "*" in unique and len(unique) > 1 and all(v == "*" or isinstance(v, int) for v in unique):
            pass
        expanded[index] = ["*"] if unique == ["*"] else unique
    if nth:
        plain = set(expanded[DOW_FIELD]) - set(nth) - {"*"}
        if plain and len(set(expanded[DOW_FIELD])) != _LEN_MEANS_ALL[DOW_FIELD]:
            raise CroniterUnsupportedSyntaxError(
                f"day-of-week field does not support mixing literal values and nth day of week syntax.  "
                f"Cron: '{expr_format}'    dow={plain} vs nth={nth}")
    if strict:
        _check_strict(expr_format, expanded, strict_year)
    return expanded, nth, expressions, nearest


def _number(text: str, index: int) -> Optional[int]:
    """A value as written (a number, or a month or weekday name), or None."""
    text = text.lower()
    if text.isdigit():
        return int(text)
    names = M_ALPHAS if index == MONTH_FIELD else DOW_ALPHAS if index == DOW_FIELD else {}
    return names.get(text)


def _rebase(expr_format: str, start: float, tz, second_at_beginning: bool) -> str:
    """expand_from_start_time: each stepped item starts at the start time's phase of its step
    (*/15 from :07 is 7-59/15), as croniter does; '{max}/{step}' stays the maximum."""
    fields = expr_format.split()
    if len(fields) not in VALID_LEN_EXPRESSION:
        return expr_format
    dt = datetime.fromtimestamp(start, tz=tz or UTC_DT)
    phase = {MINUTE_FIELD: lambda n: dt.minute % n, HOUR_FIELD: lambda n: dt.hour % n,
             DAY_FIELD: lambda n: (dt.day - 1) % n + 1, MONTH_FIELD: lambda n: (dt.month - 1) % n + 1,
             DOW_FIELD: lambda n: (dt.isoweekday() % 7) % n, SECOND_FIELD: lambda n: dt.second % n,
             YEAR_FIELD: lambda n: (dt.year - 1970) % n + 1970}
    out = []
    for text, index in zip(fields, _layout(len(fields), second_at_beginning)):
        items = []
        for item in text.split(","):
            m = re.fullmatch(r"(\*|[^-/]+|[^-/]+-[^-/]+)/(\d+)", item)
            if not m or int(m.group(2)) == 0 or item.lower().startswith(("h", "r")):
                items.append(item)
                continue
            start_text, step = m.group(1), int(m.group(2))
            top = str(_RANGES[index][1])
            if "-" in start_text:
                top = start_text.split("-", 1)[1]
            elif _number(start_text, index) == _RANGES[index][1]:
                items.append(item)  # the maximum alone
                continue
            items.append(f"{phase[index](step)}-{top}/{step}")
        out.append(",".join(items))
    return " ".join(out)


def _check_strict(expr_format, expanded, strict_year) -> None:
    """strict=True: a day-of-month that no month of the expression (or year) has."""
    days, months = expanded[DAY_FIELD], expanded[MONTH_FIELD]
    if days in (["*"], ["l"]) or months == ["*"]:
        return
    int_days = [d for d in days if isinstance(d, int)]
    int_months = [m for m in months if isinstance(m, int)]
    if not int_days or not int_months:
        return
    longest = {m: DAYS[m - 1] for m in int_months}
    if 2 in longest:
        leap = True
        if strict_year is not None:
            years = [strict_year] if isinstance(strict_year, int) else list(strict_year)
            leap = any(calendar.isleap(y) for y in years)
        elif len(expanded) > YEAR_FIELD and expanded[YEAR_FIELD] != ["*"]:
            leap = any(calendar.isleap(y) for y in expanded[YEAR_FIELD] if isinstance(y, int))
        if leap:
            longest[2] = 29
    if min(int_days) > max(longest.values()):
        raise CroniterBadCronError(
            f"[{expr_format}] is not acceptable. Day(s) {int_days} can never occur in month(s) {int_months}")


_FIELD_INDEX = {"minute": MINUTE_FIELD, "hour": HOUR_FIELD, "day-of-month": DAY_FIELD, "month": MONTH_FIELD,
                "day-of-week": DOW_FIELD, "second": SECOND_FIELD, "year": YEAR_FIELD}


def _item_at(text: str, column: int) -> str:
    """The list item (between commas, within its field) at a 1-based column of text."""
    for m in re.finditer(r"[^,\s]+", text or ""):
        if m.start() < column <= m.end() or (column == m.start() + 1):
            return m.group(0)
    return ""


def _croniter_text(e: ParseError, expr_format) -> Tuple[type, str]:
    """croniter 6's exception and message for what fuzzycron refused (applications
    compare them, e.g. OpenStack heat's CRON constraint)."""
    message = e.message
    field, _, detail = message.partition(": ")
    index = _FIELD_INDEX.get(field)
    item = _item_at(getattr(e, "text", ""), getattr(e, "column", 0))
    fields = str(expr_format).lower().split()
    if "does not mix plain weekdays" in message:
        return CroniterUnsupportedSyntaxError, (
            f"day-of-week field does not support mixing literal values and nth day of week syntax.  "
            f"Cron: '{expr_format}'")
    if "hash range" in message and "runs backwards" in message:
        return CroniterBadCronError, "Range end must be greater than range begin"
    nth = re.match(r"#(\d+) is out of range", detail)
    if nth:
        return CroniterBadCronError, f"[{expr_format}] is not acceptable. Invalid day_of_week value: '{nth.group(1)}'"
    if re.match(r"the step must be positive, not 0", detail) and index is not None:
        return CroniterBadCronError, f"[{expr_format}] step '0' in field {index} is not acceptable"
    number = re.match(r"(-?\d+) is out of range", detail)
    if number:
        if re.fullmatch(r"(\d+w|w\d+)", item.lower()):
            return CroniterBadCronError, (f"[{expr_format}] is not acceptable, nearest weekday day value "
                                          f"'{number.group(1)}' out of range")
        if re.search(r"\d-\d", item) and index is not None and int(number.group(1)) > _RANGES[index][1]:
            return CroniterBadCronError, f"{expr_format} is out of bands"  # croniter's text has no brackets here
        return CroniterBadCronError, f"[{expr_format}] is not acceptable, out of range"
    if detail.startswith("'W' can only be used"):
        return CroniterBadCronError, f"[{expr_format}] is not acceptable. {detail}"
    if re.match(r"'\?' is not allowed in the", detail):
        return CroniterBadCronError, (f"[{expr_format}] is not acceptable. "
                                      f"Question mark can only used in day_of_month or day_of_week")
    if re.match(r"unexpected '\?'|'\?' must be", detail):
        return CroniterBadCronError, f"[{expr_format}] is not acceptable. Question mark can not used with other characters"
    if detail.startswith("unexpected '-'") and item.startswith("-"):
        return CroniterBadCronError, f"[{expr_format}] is not acceptable, negative numbers not allowed"
    if e.kind == "syntax" and index is not None:  # croniter: a text its name reader cannot read
        if len(fields) > UNIX_CRON_LEN and getattr(e, "second_at_beginning", False):
            fields.insert(SECOND_FIELD, fields.pop(0))
        return CroniterNotAlphaError, f"[{' '.join(fields)}] is not acceptable"
    if getattr(e, "kind", "") == "unsupported":
        return CroniterUnsupportedSyntaxError, f"[{expr_format}] is not acceptable: {message}"
    return CroniterBadCronError, f"[{expr_format}] is not acceptable: {message}"


def _croniter_error(e: ParseError, expr_format) -> CroniterError:
    """croniter's exception with croniter's text; fuzzycron's own reading of the
    problem (field, column, why) stays on it as .fuzzycron_message."""
    kind, text = _croniter_text(e, expr_format)
    error = kind(text)
    error.fuzzycron_message = f"[{expr_format}] is not acceptable: {e.message}"
    return error


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
        key = (self._text, tuple(self._seed), zone, self.second_at_beginning, self._days_ored(), self._dst_policy())
        capsule = _SCHEDULES.get(key)
        if capsule is None:
            try:
                core = _fuzzycron.croniter_parse(*key[:2], zone, *key[3:])
            except ParseError as e:
                raise _croniter_error(e, self._expr_format) from None
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

    def _days_ored(self) -> bool:
        """implement_cron_bug: Vixie cron ANDs the day fields when one of them starts with '*'."""
        if not self._day_or:
            return False
        if self._implement_cron_bug and (self.expressions[DAY_FIELD].startswith("*") or
                                         self.expressions[DOW_FIELD].startswith("*")):
            return False
        return True

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
