"""The module croniter.croniter is fuzzycron's croniter module itself (one object:
what an application sets or patches on it, fuzzycron reads)."""
import sys

from fuzzycron import _croniter

sys.modules[__name__] = _croniter
