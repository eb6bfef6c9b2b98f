"""The zone of a tzinfo a Python user hands the croniter drop-in, as a zone the
engine reads: its IANA name when it can be named (zoneinfo, pytz, pendulum,
dateutil's gettz/tzfile/tzlocal), else a POSIX TZ rule followed from the
tzinfo's own utcoffset() (dateutil's tzstr/tzrange, any other tzinfo with an
annual rule), or a fixed offset. A tzinfo that follows no rule the engine can
carry raises CroniterBadDateError naming the zone, never an error about the
expression.
"""
from __future__ import annotations

import os
import warnings
import weakref
from datetime import datetime, timedelta, timezone
from typing import Dict, List, Optional, Tuple

from . import _fuzzycron

_ZONEINFO_DIRS = ("/usr/share/zoneinfo/", "/usr/lib/zoneinfo/", "/usr/share/lib/zoneinfo/", "/etc/zoneinfo/")
_cache: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_known: Dict[str, bool] = {}


def _locates(name: str) -> bool:
    """True when the engine reads `name` as a zone."""
    ok = _known.get(name)
    if ok is None:
        try:
            _fuzzycron.croniter_parse("* * * * *", [], name, False, True)
            ok = True
        except _fuzzycron.ParseError:
            ok = False
        _known[name] = ok
    return ok


def _offset(tz, t: float) -> int:
    """tz's UTC offset, in seconds, at the instant t."""
    return int(datetime.fromtimestamp(t, tz).utcoffset().total_seconds())


def _agrees(tz, name: str, years: range) -> bool:
    """True when zone `name` has tz's offsets at every day of `years` (noon UTC)."""
    from zoneinfo import ZoneInfo
    try:
        other = ZoneInfo(name)
    except Exception:  # a name zoneinfo cannot read: not the guess to take
        return False
    t = datetime(years.start, 1, 1, 12, tzinfo=timezone.utc).timestamp()
    end = datetime(years.stop, 1, 1, tzinfo=timezone.utc).timestamp()
    while t < end:
        if _offset(tz, t) != _offset(other, t):
            return False
        t += 86400
    return True


def _path_name(path: str) -> Optional[str]:
    """The IANA name of a TZif file's path (a symlink such as /etc/localtime followed)."""
    for candidate in (path, os.path.realpath(path)):
        for prefix in _ZONEINFO_DIRS:
            if candidate.startswith(prefix):
                candidate = candidate[len(prefix):]
                for sub in ("posix/", "right/"):
                    candidate = candidate[len(sub):] if candidate.startswith(sub) else candidate
                return candidate
    return None


def _local_names() -> List[str]:
    """The machine's local zone by name: $TZ, /etc/localtime's target, /etc/timezone."""
    names = []
    tz_env = os.environ.get("TZ")
    if tz_env:
        tz_env = tz_env[1:] if tz_env.startswith(":") else tz_env
        names.append(_path_name(tz_env) or tz_env)
    if os.path.exists("/etc/localtime"):
        found = _path_name("/etc/localtime")
        if found:
            names.append(found)
    try:
        with open("/etc/timezone", encoding="utf-8") as f:
            names.append(f.read().strip())
    except OSError:
        pass
    return [n for n in names if n]


def _names(tz) -> List[Tuple[str, bool]]:
    """(name, to be checked against tz's offsets) the tzinfo may go by, most likely first:
    a zone's own name is taken as it is, a guess (the local zone's, a rule's) is checked."""
    names = []
    for attribute in ("key", "zone", "name"):  # zoneinfo and pendulum 3, pytz, pendulum 2
        with warnings.catch_warnings():  # pytz_deprecation_shim warns at .zone
            warnings.simplefilter("ignore")
            value = getattr(tz, attribute, None)
        if isinstance(value, str) and value:
            names.append((value, attribute == "name"))
    filename = getattr(tz, "_filename", None)  # dateutil's tzfile (gettz): a name or a path
    if isinstance(filename, str) and filename:
        names.append((_path_name(filename) or filename, True))
    if type(tz).__name__ == "tzlocal":
        names.extend((name, True) for name in _local_names())
    return names


def _transitions(tz, year: int) -> List[Tuple[int, int, int]]:
    """(instant, offset before, offset after) of each change of offset in `year`."""
    start = datetime(year, 1, 1, tzinfo=timezone.utc).timestamp()
    out = []
    day = 0
    before = _offset(tz, start)
    while day < 366:
        t = start + (day + 1) * 86400
        after = _offset(tz, t)
        if after != before:
            lo, hi = start + day * 86400, t  # before at lo, after at hi: bisect to the second
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if _offset(tz, mid) == before:
                    lo = mid
                else:
                    hi = mid
            out.append((int(hi), before, after))
            before = after
        day += 1
    return out


def _hms(seconds: int) -> str:
    sign = "-" if seconds < 0 else ""
    seconds = abs(seconds)
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{sign}{h}" + (f":{m:02}" if m or s else "") + (f":{s:02}" if s else "")


def _when(t: int, offset: int, last: bool) -> Tuple[int, int, int, int]:
    """(month, week 1-5 with 5 the last, weekday 0 = Sunday, seconds into the day) of
    a change at instant t, in the local time before it (as a POSIX rule says it)."""
    local = datetime(1970, 1, 1) + timedelta(seconds=t + offset)
    week = 5 if last else (local.day - 1) // 7 + 1
    return local.month, week, (local.weekday() + 1) % 7, local.hour * 3600 + local.minute * 60 + local.second


def _instant(year: int, when: Tuple[int, int, int, int], offset: int) -> int:
    """The instant a rule date (_when) falls on in `year`, local time at `offset`."""
    month, week, weekday, seconds = when
    first = datetime(year, month, 1)
    day = 1 + (weekday - (first.weekday() + 1) % 7) % 7 + 7 * (week - 1)
    days_in_month = ((first.replace(day=28) + timedelta(days=4)).replace(day=1) - first).days
    while day > days_in_month:
        day -= 7
    local = datetime(year, month, day) + timedelta(seconds=seconds)
    return int((local - datetime(1970, 1, 1)).total_seconds()) - offset


def _posix_rule(tz, year: int) -> Optional[str]:
    """A POSIX TZ rule with tz's two yearly changes in `year` that gives tz's changes
    in the years around it too; None when tz has no such rule."""
    changes = _transitions(tz, year)
    if len(changes) != 2 or changes[1][2] != changes[0][1]:
        return None
    (t1, o0, o1), (t2, _, _) = changes
    if o1 > o0:  # the year's first change starts daylight time (northern hemisphere)
        std, dst, into, out = o0, o1, t1, t2
    else:
        std, dst, into, out = o1, o0, t2, t1
    around = {y: _transitions(tz, y) for y in range(year - 1, year + 4)}
    for last_in in (False, True):
        for last_out in (False, True):
            start, end = _when(into, std, last_in), _when(out, dst, last_out)
            if all(sorted(((_instant(y, start, std), std, dst), (_instant(y, end, dst), dst, std))) == found
                   for y, found in around.items()):
                return (f"<STD>{_hms(-std)}<DST>{_hms(-dst)},M{start[0]}.{start[1]}.{start[2]}/{_hms(start[3])},"
                        f"M{end[0]}.{end[1]}.{end[2]}/{_hms(end[3])}")
    return None


def zone_of(tz, when: float) -> Tuple[str, int]:
    """(zone the engine reads, fixed offset in seconds to compute on UTC) for tzinfo tz,
    a rule found from the year of the instant `when` (a tzinfo without a name)."""
    if tz is None or tz is timezone.utc:
        return "UTC", 0
    try:
        cached = _cache.get(tz)
    except TypeError:  # not weakly referable
        cached = None
    if cached is not None:
        return cached
    found = _find(tz, (datetime(1970, 1, 1) + timedelta(seconds=when)).year)
    try:
        _cache[tz] = found
    except TypeError:
        pass
    return found


def _find(tz, year: int) -> Tuple[str, int]:
    from ._croniter import CroniterBadDateError
    if type(tz).__name__ == "tzutc":
        return "UTC", 0
    years = range(year - 1, year + 2)
    for name, check in _names(tz):
        if _locates(name) and (not check or _agrees(tz, name, years)):
            return name, 0
    probe = datetime(year, 1, 1, 12, tzinfo=timezone.utc).timestamp()
    offsets = {_offset(tz, probe + day * 86400) for day in range(0, 366 * 3, 7)}
    if len(offsets) == 1 and not _transitions(tz, year):
        return "UTC", offsets.pop()
    rule = _posix_rule(tz, year)
    if rule is not None:
        return rule, 0
    raise CroniterBadDateError(
        f"the time zone {tz!r} has neither an IANA name nor a yearly rule of two changes in {year}: "
        f"give the start time a zoneinfo.ZoneInfo zone")
