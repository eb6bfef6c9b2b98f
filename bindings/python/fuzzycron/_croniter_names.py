"""The rest of croniter 6's module-level names (croniter/croniter.py), so that code
reading them through `croniter.croniter` finds them: the regular expressions it
exposes, is_32bit, MARKER, ExpandedExpression and the hash expander. The hash
values come from fuzzycron's engine (its croniter hash), not a second copy.
"""
from __future__ import annotations

import random
import re
import struct
import sys
from typing import List, Literal, Union

from . import _fuzzycron

ExpandedExpression = List[Union[int, Literal["*", "l"]]]
MARKER = object()  # "no argument given", where None is a meaningful argument

_MONTH_NAMES = "jan feb mar apr may jun jul aug sep oct nov dec".split()
_DOW_NAMES = "sun mon tue wed thu fri sat".split()
WEEKDAYS = "|".join(_DOW_NAMES)
MONTHS = "|".join(_MONTH_NAMES)
# The patterns croniter names publicly, with the same meaning (a step range,
# digits only, a digit or star, nth/last weekday, nearest weekday, star, H/R).
step_search_re = re.compile(r"^([^-]+)-([^-/]+)(/(\d+))?$")
only_int_re = re.compile(r"^\d+$")
star_or_int_re = re.compile(r"^(\d+|\*)$")
special_dow_re = re.compile(
    rf"^(?P<pre>((?P<he>(({WEEKDAYS})(-({WEEKDAYS}))?)|(({MONTHS})(-({MONTHS}))?)|\w+)#)|l)(?P<last>\d+)$")
nearest_weekday_re = re.compile(r"^(?:(\d+)w|w(\d+))$")
re_star = re.compile("[*]")
hash_expression_re = re.compile(
    r"^(?P<hash_type>h|r)(\((?P<range_begin>\d+)-(?P<range_end>\d+)\))?(\/(?P<divisor>\d+))?$")


def is_32bit() -> bool:
    """True on a 32-bit Python (pointer size or sys.maxsize)."""
    return struct.calcsize("P") * 8 == 32 or sys.maxsize <= 2**32


def _bad(message: str) -> Exception:
    from ._croniter import CroniterBadCronError
    return CroniterBadCronError(message)


class HashExpander:
    """croniter's expander of H and R in one field: HashExpander(croniter_class_or_instance).
    expand(efl, idx, "H(0-29)", hash_id=b"job") -> "12"; do(idx, ...) -> the drawn int."""

    def __init__(self, cronit):
        self.cron = cronit

    def _field(self, idx: int, text: str, hash_id) -> str:
        """One field resolved by the engine's croniter hash: the field at croniter index idx."""
        if isinstance(hash_id, str):
            hash_id = hash_id.encode("UTF-8")
        n = 5 if idx < 5 else idx + 1
        fields = ["*"] * n
        fields[idx] = text
        resolved = _fuzzycron.croniter_resolve(" ".join(fields), [bytes(hash_id)], False)
        return resolved.split()[idx]

    def do(self, idx, hash_type="h", hash_id=None, range_end=None, range_begin=None):
        """A hashed (h) or random (r) value in [range_begin, range_end] for field idx."""
        lo, hi = self.cron.RANGES[idx]
        range_begin = lo if range_begin is None else int(range_begin)
        range_end = hi if range_end is None else int(range_end)
        if hash_type == "r":
            return random.randint(range_begin, range_end)
        if range_begin == range_end:
            return range_begin
        if range_begin > range_end:
            raise _bad("Range end must be greater than range begin")
        return int(self._field(idx, f"H({range_begin}-{range_end})", hash_id))

    def match(self, efl, idx, expr, hash_id=None, **kw):
        return hash_expression_re.match(expr)

    def expand(self, efl, idx, expr, hash_id=None, match="", **kw):
        """The field with H or R replaced by what it stands for ("H/15" -> "7-59/15")."""
        if match == "":
            match = self.match(efl, idx, expr, hash_id, **kw)
        if not match:
            return expr
        m = match.groupdict()
        if m["hash_type"] == "h" and hash_id is None:
            raise _bad("Hashed definitions must include hash_id")
        if m["range_begin"] and m["range_end"] and int(m["range_begin"]) >= int(m["range_end"]):
            raise _bad("Range end must be greater than range begin")
        if m["divisor"] is not None and int(m["divisor"]) == 0:
            raise _bad(f"Bad expression: {expr}")
        if m["hash_type"] == "r":
            lo, hi = self.cron.RANGES[idx]
            begin = int(m["range_begin"]) if m["range_begin"] else lo
            end = int(m["range_end"]) if m["range_end"] else hi
            if m["divisor"]:
                step = int(m["divisor"])
                x = random.randint(begin, min(begin + step - 1, end))
                return str(x) if x == end else f"{x}-{end}/{step}"
            return str(random.randint(begin, end))
        return self._field(idx, expr.upper(), hash_id)


EXPANDERS = {"hash": HashExpander}
