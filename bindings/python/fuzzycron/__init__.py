"""fuzzycron: cron schedules that spread load deterministically.

    >>> import fuzzycron
    >>> from datetime import datetime, timezone
    >>> s = fuzzycron.parse("H H(0-5) * * *", seed=["web-07", "backup-db"], tz="Europe/Berlin")
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
from datetime import datetime, timedelta, timezone
from typing import Iterator, List, Optional, Sequence, Union
from zoneinfo import ZoneInfo

from . import _fuzzycron
from ._fuzzycron import Balance, ParseError

__version__ = _fuzzycron.__version__
__all__ = ["parse", "resolve", "offset", "explain", "lint", "Schedule", "Finding", "ParseError", "Balance",
           "read_balance", "croniter",
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


def _options(dialect, seed, tz, dst, hash, spread, balance=None):
    spread_ms = 0 if spread is None else int(spread / _MS)
    if balance is not None and not isinstance(balance, Balance):
        raise TypeError(f"balance= takes a fuzzycron.Balance (read_balance(path)), not {type(balance).__name__}")
    return dict(dialect=dialect, seed=_seed_parts(seed), tz=tz, dst=dst, hash=hash, spread_ms=spread_ms,
                balance=balance)


def read_balance(path) -> Balance:
    """The balance lock at path (written by `fuzzycron balance`, docs/balance.md), for balance=:
    a job the lock names takes its slot, any other keeps plain H.

    >>> lock = fuzzycron.read_balance("jobs.lock")  # doctest: +SKIP
    >>> fuzzycron.resolve("H * * * *", seed="sync", balance=lock)  # doctest: +SKIP
    '41 * * * *'
    """
    with open(path, encoding="utf-8") as f:
        return Balance(f.read())


class Schedule:
    """A compiled schedule: next, prev and fire times in its zone."""

    __slots__ = ("_core", "_zone", "_expr", "_options")

    def __init__(self, core, expr: str, options: dict):
        self._core = core
        self._zone = ZoneInfo(core.zone)
        self._expr = expr
        self._options = options

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
        return _fuzzycron.resolve(self._expr, **self._options)

    def __repr__(self) -> str:
        return f"fuzzycron.Schedule({self._expr!r}, tz={self._zone.key!r})"


def parse(expr: str, *, dialect: str = "standard", seed: Seed = None, tz: str = "UTC", dst: Optional[str] = None,
          hash: Optional[str] = None, spread: Optional[timedelta] = None, balance: Optional[Balance] = None) -> Schedule:
    """Compile expr. seed: the job's name, or parts such as [host, job]; spread: shift
    every fire time by the seed's stable offset in [0, spread); balance: a lock
    (read_balance) giving the job its balanced slot."""
    options = _options(dialect, seed, tz, dst, hash, spread, balance)
    return Schedule(_fuzzycron.parse(expr, **options), expr, options)


def resolve(expr: str, *, dialect: str = "standard", seed: Seed = None, tz: str = "UTC", dst: Optional[str] = None,
            hash: Optional[str] = None, balance: Optional[Balance] = None) -> str:
    """expr with every hash form (H) replaced by the value it stands for, for seed.

    >>> import fuzzycron
    >>> fuzzycron.resolve("H/15 H(9-17) * * *", seed=["web-07", "backup-db"])
    '12-59/15 14 * * *'
    """
    return _fuzzycron.resolve(expr, **_options(dialect, seed, tz, dst, hash, None, balance))


def offset(seed: Seed, window: timedelta) -> timedelta:
    """The seed's stable offset in [0, window), at millisecond resolution."""
    return timedelta(milliseconds=_fuzzycron.offset_ms(_seed_parts(seed), int(window / _MS)))


def explain(expr: str, *, dialect: str = "standard", seed: Seed = None, tz: str = "UTC", dst: Optional[str] = None,
            hash: Optional[str] = None, balance: Optional[Balance] = None) -> dict:
    """{'sentences': [...], 'fields': [...], 'zone': ..., 'dst': ..., 'resolved': ...}"""
    return _fuzzycron.explain(expr, **_options(dialect, seed, tz, dst, hash, None, balance))


@dataclasses.dataclass(frozen=True)
class Finding:
    code: str
    severity: str  # "info", "warning", "error"
    line: int
    column: int
    message: str
    rewrite: str  # the suggested schedule, "" when there is none


def lint(expr: str, *, dialect: str = "standard", seed: Seed = None, tz: str = "UTC", dst: Optional[str] = None,
         hash: Optional[str] = None, target: Optional[str] = None, start: Optional[datetime] = None) -> List[Finding]:
    """Findings with stable codes (docs/lint.md); target: where the schedule runs
    (cron, kubernetes, github-actions, ...), so advice fits it."""
    start_ms = _to_ms(start if start is not None else datetime.now(timezone.utc))
    return [Finding(*f) for f in _fuzzycron.lint(expr, target, start_ms, **_options(dialect, seed, tz, dst, hash, None))]


from ._croniter import croniter, CroniterBadCronError, CroniterBadDateError, CroniterNotAlphaError  # noqa: E402
