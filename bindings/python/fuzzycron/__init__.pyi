from datetime import datetime, timedelta
from typing import Iterator, List, Optional, Sequence, Union
from zoneinfo import ZoneInfo

from ._croniter import (CroniterBadCronError as CroniterBadCronError, CroniterBadDateError as CroniterBadDateError,
                        CroniterNotAlphaError as CroniterNotAlphaError, croniter as croniter)

__version__: str
Seed = Union[str, Sequence[str], None]

class ParseError(ValueError):
    message: str
    column: int  # 1-based; 0 when the error is not about the text
    line: int  # 1-based line of a multi-line spec; 0 for one line
    text: str
    kind: str  # "syntax", "missing-seed", "bad-seed", "time-zone", "unsupported", "argument", "lock"

class Balance:
    """A balance lock (docs/balance.md), read from its text; ParseError (kind "lock") when corrupt."""
    def __init__(self, text: str) -> None: ...
    @property
    def dialect(self) -> str: ...
    @property
    def groups(self) -> int: ...
    def write(self) -> str: ...

def read_balance(path: str) -> Balance: ...

class Schedule:
    def next(self, dt: datetime) -> Optional[datetime]: ...
    def prev(self, dt: datetime) -> Optional[datetime]: ...
    def fires(self, start: datetime, end: datetime) -> Iterator[datetime]: ...
    @property
    def never(self) -> bool: ...
    @property
    def zone(self) -> ZoneInfo: ...
    @property
    def resolved(self) -> str: ...

class Finding:
    code: str
    severity: str
    line: int
    column: int
    message: str
    rewrite: str

def parse(expr: str, *, dialect: str = ..., seed: Seed = ..., tz: str = ..., dst: Optional[str] = ...,
          hash: Optional[str] = ..., spread: Optional[timedelta] = ..., balance: Optional[Balance] = ...) -> Schedule: ...
def resolve(expr: str, *, dialect: str = ..., seed: Seed = ..., tz: str = ..., dst: Optional[str] = ...,
            hash: Optional[str] = ..., balance: Optional[Balance] = ...) -> str: ...
def offset(seed: Seed, window: timedelta) -> timedelta: ...
def explain(expr: str, *, dialect: str = ..., seed: Seed = ..., tz: str = ..., dst: Optional[str] = ...,
            hash: Optional[str] = ..., balance: Optional[Balance] = ...) -> dict: ...
def lint(expr: str, *, dialect: str = ..., seed: Seed = ..., tz: str = ..., dst: Optional[str] = ...,
         hash: Optional[str] = ..., target: Optional[str] = ..., start: Optional[datetime] = ...) -> List[Finding]: ...
