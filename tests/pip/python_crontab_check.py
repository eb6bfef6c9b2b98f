"""python-crontab (Debian's python3-crontab) as an application uses croniter:
CronTab(tab=...) jobs, job.schedule(start).get_next()/get_prev(), and the
schedule's class. Prints, for each crontab line, the next and previous ten runs
as python-crontab computes them, as JSON: run once with Debian's croniter (the
reference) and once with `croniter` provided by fuzzycron's distribution, and
compared by python_crontab.sh. Written for this project (not python-crontab's
own tests, which are not copied here)."""
import json
import sys
from datetime import datetime

import crontab

LINES = [
    "* * * * * a", "*/5 * * * * b", "0 * * * * c", "30 2 * * * d", "15 9 * * 1-5 e", "0 0 1 * * f",
    "0 0 * * 0 g", "0 12 1,15 * * h", "*/10 9-17 * * mon-fri i", "0 0 29 2 * j", "5 4 * * sun k",
    "0 22 * * 1-5 l", "23 0-20/2 * * * m", "0 0,12 1 */2 * n", "0 4 8-14 * * o", "0 0 1 1 * p",
    "@hourly q", "@daily r", "@weekly s", "@monthly t", "@yearly u", "0 9 28-31 * * v", "59 23 31 12 * w",
    "0 8-18/3 * * 6,0 x", "1-59/7 * * * * y", "0 0 13 * 5 z",
]
STARTS = [datetime(2026, 3, 8, 1, 59, 30), datetime(2024, 2, 28, 23, 59), datetime(2026, 11, 1, 1, 30)]

out = {"croniter": sys.modules.get("croniter.croniter") and sys.modules["croniter.croniter"].__name__, "runs": {}}
for line in LINES:
    job = next(iter(crontab.CronTab(tab=line)))
    runs = []
    for start in STARTS:
        for step in ("get_next", "get_prev"):
            s = job.schedule(date_from=start)
            try:
                runs.append([getattr(s, step)().isoformat() for _ in range(10)])
            except Exception as e:  # noqa: BLE001 - recorded, compared by the caller
                runs.append(f"error: {type(e).__name__}")
    out["runs"][line] = runs
    out["schedule_class"] = type(job.schedule(date_from=STARTS[0])).__module__
json.dump(out, sys.stdout, indent=0, sort_keys=True)
