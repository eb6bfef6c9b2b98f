"""How the croniter drop-in reads an expression (fuzzycron._croniter's first half):
croniter 6's constants and exceptions, its expand() built from fuzzycron's reading of
the expression, the rebasing of expand_from_start_time, and croniter 6's error texts
for what fuzzycron refuses. fuzzycron._croniter re-exports every name.
"""
from __future__ import annotations

import calendar
import random
import re
from datetime import datetime, timezone
from typing import Any, Dict, List, Optional, Set, Tuple

from . import _fuzzycron
from ._fuzzycron import ParseError


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
_EPOCH_NAIVE = datetime(1970, 1, 1)


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
        raise _croniter_error(e, expr_format, second_at_beginning) from None
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


def _croniter_text(e: ParseError, expr_format, second_at_beginning: bool = False) -> Tuple[type, str]:
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
        if len(fields) > UNIX_CRON_LEN and second_at_beginning:  # croniter's text shows its own field order
            fields.insert(SECOND_FIELD, fields.pop(0))
        return CroniterNotAlphaError, f"[{' '.join(fields)}] is not acceptable"
    if getattr(e, "kind", "") == "unsupported":
        return CroniterUnsupportedSyntaxError, f"[{expr_format}] is not acceptable: {message}"
    return CroniterBadCronError, f"[{expr_format}] is not acceptable: {message}"


def _croniter_error(e: ParseError, expr_format, second_at_beginning: bool = False) -> CroniterError:
    """croniter's exception with croniter's text; fuzzycron's own reading of the
    problem (field, column, why) stays on it as .fuzzycron_message."""
    kind, text = _croniter_text(e, expr_format, second_at_beginning)
    error = kind(text)
    error.fuzzycron_message = f"[{expr_format}] is not acceptable: {e.message}"
    return error
