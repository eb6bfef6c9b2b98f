#!/usr/bin/env python3
"""The croniter DST oracle: reads cases as JSON lines on stdin ({"id", "expr", "tz",
"from", "n"}) and writes {"id", "next": [...]} with n chained get_next answers of
the croniter found on sys.path, started from `from` in the zone (zoneinfo), or
{"id", "error"}. Prints croniter's version on stderr."""
import json
import sys
from datetime import datetime
from zoneinfo import ZoneInfo

import croniter as mod

print("croniter", getattr(mod, "__version__", "?"), mod.__file__, file=sys.stderr)
for line in sys.stdin:
    c = json.loads(line)
    start = datetime.fromisoformat(c["from"].replace("Z", "+00:00")).astimezone(ZoneInfo(c["tz"]))
    try:
        it = mod.croniter(c["expr"], start)
        nxt = [it.get_next(datetime).isoformat() for _ in range(c["n"])]
        print(json.dumps({"id": c["id"], "next": nxt}))
    except Exception as e:  # the origin's refusal is an answer
        print(json.dumps({"id": c["id"], "error": repr(e)}))
