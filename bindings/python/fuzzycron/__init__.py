"""fuzzycron: cron schedules that spread load deterministically.

    >>> import fuzzycron
    >>> from datetime import datetime, timezone
    >>> s = fuzzycron.parse("H H(0-5) * * *", seed=["web-07", "backup-db"], zone="Europe/Berlin")
    >>> s.resolved
    '12 5 * * *'
    >>> s.next(datetime(2026, 3, 1, tzinfo=timezone.utc))
    datetime.datetime(2026, 3, 1, 5, 12, tzinfo=zoneinfo.ZoneInfo(key='Europe/Berlin'))

Times go in as datetimes (a naive one is taken as UTC) and come out as
timezone-aware datetimes in the schedule's zone. Errors are ParseError, a
ValueError with .column and .line (1-based; line 0 for one-line input).

fuzzycron.croniter is a drop-in for croniter's class for the common calls.
"""
from __future__ import annotations

import dataclasses
import os
import warnings
from datetime import datetime, timedelta, timezone
from typing import Iterator, List, Optional, Sequence, Union
from zoneinfo import ZoneInfo

from . import _fuzzycron
from ._fuzzycron import BalanceLock, ParseError

__version__ = _fuzzycron.__version__
__all__ = ["parse", "resolve", "offset", "explain", "lint", "Schedule", "Missed", "Finding", "ParseError",
           "BalanceLock", "read_balance_lock", "option_schema", "croniter",
           "CroniterBadCronError", "CroniterBadDateError", "CroniterNotAlphaError"]

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_MS = timedelta(milliseconds=1)

Seed = Union[str, Sequence[str], None]


def _seed_parts(seed: Seed) -> List[str]:
    if seed is None:
        return []
    if isinstance(seed, str):
        return [seed]
    return [str(p) for p in seed]


def _to_ms(dt: datetime) -> int:
    """Milliseconds since the epoch; a naive datetime is UTC."""
    if not isinstance(dt, datetime):
        raise TypeError(f"expected a datetime, got {type(dt).__name__}")
    if dt.tzinfo is None or dt.tzinfo.utcoffset(dt) is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return (dt - _EPOCH) // _MS


def _from_ms(ms: int, zone: ZoneInfo) -> datetime:
    return (_EPOCH + timedelta(milliseconds=ms)).astimezone(zone)


def _pairs(options: dict) -> List[tuple]:
    """Keyword options as (name, text) pairs for the library's schema
    (fuzzycron.option_schema()): the names and every check are the library's."""
    pairs = []
    for name, value in options.items():
        if value is None:
            continue  # the default
        if name == "seed" and not isinstance(value, str):
            pairs.extend(("seed", str(p)) for p in value)
        elif isinstance(value, bool):
            pairs.append((name, "true" if value else "false"))
        elif isinstance(value, timedelta):
            pairs.append((name, f"{value // _MS}ms"))
        elif isinstance(value, datetime):  # not_before, not_after; a naive datetime is UTC
            if value.tzinfo is None or value.tzinfo.utcoffset(value) is None:
                value = value.replace(tzinfo=timezone.utc)
            pairs.append((name, value.isoformat()))
        elif isinstance(value, ZoneInfo):
            pairs.append((name, value.key))
        else:
            pairs.append((name, str(value)))
    return pairs


def _split(options: dict):
    """(pairs, balance lock): a BalanceLock object travels beside the pairs."""
    options = dict(options)
    balance = None
    for key in ("balance_lock", "balance"):  # balance: the old name, still read (the library warns for a path)
        lock = options.pop(key, None)
        if isinstance(lock, (str, os.PathLike)):
            options[key] = os.fspath(lock)  # a lock's path: the library reads it
        elif isinstance(lock, BalanceLock):
            balance = lock
        elif lock is not None:
            raise TypeError(f"{key}= takes a fuzzycron.BalanceLock (read_balance_lock(path)) or a path, not {type(lock).__name__}")
    return _pairs(options), balance


def option_schema() -> List[dict]:
    """Every option parse(), resolve(), explain() and lint() take: name, type,
    default, allowed values and help, from the library's one schema."""
    return _fuzzycron.option_schema()


def read_balance_lock(path) -> BalanceLock:
    """The balance lock at path (written by `fuzzycron balance`, docs/balance.md), for balance_lock=:
    a job the lock names takes its slot, any other keeps plain H.

    >>> lock = fuzzycron.read_balance_lock("jobs.lock")  # doctest: +SKIP
    >>> fuzzycron.resolve("H * * * *", seed="sync", balance_lock=lock)  # doctest: +SKIP
    '41 * * * *'
    """
    with open(path, encoding="utf-8") as f:
        return BalanceLock(f.read())


# The 0.4 names (issue 28: "balance" is the fleet-balancing command; the file it writes is a
# balance lock), still read in 0.5 with a DeprecationWarning.
_OLD_NAMES = {"Balance": "BalanceLock", "read_balance": "read_balance_lock"}


def __getattr__(name):
    if name in _OLD_NAMES:
        warnings.warn(f"fuzzycron.{name} is now fuzzycron.{_OLD_NAMES[name]}", DeprecationWarning, stacklevel=2)
        return globals()[_OLD_NAMES[name]]
    raise AttributeError(f"module 'fuzzycron' has no attribute {name!r}")


@dataclasses.dataclass(frozen=True)
class Missed:
    run: List[datetime]  # to run now, oldest first
    missed: int  # fire times in (last_run, now]
    capped: bool  # the look stopped at 100,000 fire times


class Schedule:
    """A compiled schedule: next, prev and fire times in its zone."""

    __slots__ = ("_core", "_zone", "_expr", "_options")

    def __init__(self, core, expr: str, options: tuple):
        self._core = core
        self._zone = ZoneInfo(core.zone)
        self._expr = expr
        self._options = options  # (pairs, balance)

    def next(self, dt: datetime) -> Optional[datetime]:
        """The first fire time strictly after dt, or None."""
        ms = self._core.next_ms(_to_ms(dt))
        return None if ms is None else _from_ms(ms, self._zone)

    def prev(self, dt: datetime) -> Optional[datetime]:
        """The last fire time strictly before dt, or None."""
        ms = self._core.prev_ms(_to_ms(dt))
        return None if ms is None else _from_ms(ms, self._zone)

    def fires(self, start: datetime, end: datetime) -> Iterator[datetime]:
        """The fire times in [start, end), in order, computed in batches without the GIL."""
        lo, hi = _to_ms(start), _to_ms(end)
        while lo < hi:
            batch = self._core.fires_ms(lo, hi, 4096)
            if not batch:
                return
            for ms in batch:
                yield _from_ms(ms, self._zone)
            lo = batch[-1] + 1

    def missed(self, last_run: datetime, now: datetime, catch_up: str = "skip", limit: int = 1,
               starting_deadline: Optional[timedelta] = None) -> "Missed":
        """The fire times in (last_run, now] and those to run now under the
        runner's catch-up policy: "skip", "latest", or "all" (at most `limit`,
        the newest); a fire older than starting_deadline at `now` is not run.

        >>> import fuzzycron
        >>> from datetime import datetime, timezone
        >>> s = fuzzycron.parse("0 * * * *")
        >>> m = s.missed(datetime(2026, 3, 1, 8, tzinfo=timezone.utc), datetime(2026, 3, 1, 12, 30, tzinfo=timezone.utc), "all", 2)
        >>> [t.hour for t in m.run], m.missed
        ([11, 12], 4)
        """
        modes = {"skip": 0, "latest": 1, "all": 2}
        if catch_up not in modes:
            raise ValueError(f"catch_up: use skip, latest or all, not {catch_up!r}")
        deadline = -1 if starting_deadline is None else starting_deadline // _MS
        run, count, capped = self._core.missed_ms(_to_ms(last_run), _to_ms(now), modes[catch_up], limit, deadline)
        return Missed([_from_ms(ms, self._zone) for ms in run], count, capped)

    @property
    def never(self) -> bool:
        """True when the schedule can never fire (February 30th)."""
        return self._core.never

    @property
    def zone(self) -> ZoneInfo:
        return self._zone

    @property
    def resolved(self) -> str:
        """The expression with hash forms replaced by this seed's values."""
        return _fuzzycron.resolve(self._expr, *self._options)

    def __repr__(self) -> str:
        return f"fuzzycron.Schedule({self._expr!r}, zone={self._zone.key!r})"


def parse(expr: str, **options) -> Schedule:
    """Compile expr. Options by name (option_schema()): dialect, zone, dst, seed
    (the job's name, or parts such as [host, job]), host, hash_scheme,
    offset_window (shift every fire time by the seed's stable offset in
    [0, window): a timedelta or "15m"), balance_lock (a lock from read_balance_lock, or its path), and
    the dialects' own (seconds_first, day_or, strict, format, hash_fields, ...).
    An unknown name is a ParseError with a did-you-mean."""
    split = _split(options)
    return Schedule(_fuzzycron.parse(expr, *split), expr, split)


def resolve(expr: str, **options) -> str:
    """expr with every hash form (H) replaced by the value it stands for, for seed.

    >>> import fuzzycron
    >>> fuzzycron.resolve("H/15 H(9-17) * * *", seed=["web-07", "backup-db"])
    '12-59/15 14 * * *'
    """
    return _fuzzycron.resolve(expr, *_split(options))


def offset(seed: Seed, window: timedelta) -> timedelta:
    """The seed's stable offset in [0, window), at millisecond resolution."""
    return timedelta(milliseconds=_fuzzycron.offset_ms(_seed_parts(seed), int(window / _MS)))


def explain(expr: str, **options) -> dict:
    """{'sentences': [...], 'fields': [...], 'zone': ..., 'dst': ..., 'resolved': ...}"""
    return _fuzzycron.explain(expr, *_split(options))


@dataclasses.dataclass(frozen=True)
class Finding:
    code: str
    severity: str  # "info", "warning", "error"
    line: int
    column: int
    message: str
    rewrite: str  # the suggested schedule, "" when there is none


def lint(expr: str, *, runs_on: Optional[str] = None, start: Optional[datetime] = None, target: Optional[str] = None,
         **options) -> List[Finding]:
    """Findings with stable codes (docs/lint.md); runs_on: where the schedule runs
    (cron, kubernetes, github-actions, ...), so advice fits it; options as parse()."""
    if target is not None:
        warnings.warn("'target' is the old name of 'runs_on' (CHANGELOG.md): 0.6 will refuse it",
                      DeprecationWarning, stacklevel=2)
        runs_on = runs_on or target
    start_ms = _to_ms(start if start is not None else datetime.now(timezone.utc))
    return [Finding(*f) for f in _fuzzycron.lint(expr, runs_on, start_ms, *_split(options))]


from ._croniter import croniter, CroniterBadCronError, CroniterBadDateError, CroniterNotAlphaError  # noqa: E402
# croniter 6's other public names (`import croniter` itself: bindings/python/croniter-dist).
from ._croniter import (CroniterBadTypeRangeError, CroniterError, CroniterUnsupportedSyntaxError,  # noqa: E402
                        croniter_range, datetime_to_timestamp)

__all__ += ["CroniterError", "CroniterBadTypeRangeError", "CroniterUnsupportedSyntaxError", "croniter_range",
            "datetime_to_timestamp"]
