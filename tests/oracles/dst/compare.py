#!/usr/bin/env python3
"""Compares an origin's chained next() answers with `fuzzycron batch -d DIALECT`
asked without a DST policy (the dialect's default, docs/dst.md).

Usage: compare.py ORIGIN DIALECT FUZZYCRON CASES.jsonl ANSWERS
  ANSWERS: JSON lines {"id", "next": [RFC 3339...]} or {"id", "error": ...}, or
  tab-separated lines id, epoch ms... (or id, "error", message).
Every differing case must be explained by a line of known.txt for ORIGIN (its zone,
its expression and the reason), and every such line must still explain one: the
list stays true. Prints the chained answers compared per zone.
"""
import json
import subprocess
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path


def instant(text):
    return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp())


def read_answers(path):
    out = {}
    for line in Path(path).read_text().splitlines():
        if line.startswith("{"):
            a = json.loads(line)
            nxt = a.get("next")
            out[a["id"]] = None if a.get("error") or nxt is None else [instant(t) for t in nxt]
        else:
            f = line.split("\t")
            out[f[0]] = None if len(f) > 1 and f[1] == "error" else [int(x) // 1000 for x in f[1:]]
    return out


def known_lines(origin):
    rules = []
    for line in (Path(__file__).parent / "known.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        o, zone, expr, reason = line.split("|", 3)
        if o == origin:
            rules.append((zone, expr, reason))
    return rules


def main():
    origin, dialect, fuzzycron, cases_path, answers_path = sys.argv[1:6]
    cases = [json.loads(l) for l in Path(cases_path).read_text().splitlines()]
    theirs = read_answers(answers_path)
    requests = "".join(json.dumps({"id": c["id"], "expr": c["expr"], "dialect": dialect, "tz": c["tz"],
                                   "from": c["from"], "next": c["n"]}) + "\n" for c in cases)
    out = subprocess.run([fuzzycron, "batch"], input=requests, capture_output=True, text=True, check=True).stdout
    ours = {}
    for line in out.splitlines():
        a = json.loads(line)
        ours[a["id"]] = None if "error" in a else [instant(t) for t in a["next"]]
    rules = known_lines(origin)
    used = Counter()
    compared, differ = Counter(), Counter()
    unexplained = []
    for c in cases:
        t, o = theirs[c["id"]], ours[c["id"]]
        if t is None or o is None:
            if t != o:
                unexplained.append((c, t, o))
            continue
        # An origin that errs part-way (cron-parser's loop limit) answers fewer.
        n = min(len(t), len(o))
        compared[c["tz"]] += n
        if t[:n] == o[:n] and len(t) == len(o):
            continue
        differ[c["tz"]] += 1
        rule = next((r for r in rules if r[0] in (c["tz"], "*") and r[1] in (c["expr"], "*")), None)
        if rule:
            used[rule] += 1
        else:
            unexplained.append((c, t, o))
    for zone in sorted(compared):
        print(f"{origin} {zone}: {compared[zone]} chained answers compared, {differ[zone]} cases differ (known)")
    print(f"{origin}: {sum(compared.values())} chained answers in {len(cases)} cases; "
          f"{sum(differ.values())} cases differ, {len(unexplained)} unexplained")
    fmt = lambda xs: xs if xs is None else [datetime.utcfromtimestamp(x).strftime("%Y-%m-%dT%H:%MZ") for x in xs]
    by = Counter((c["tz"], c["expr"]) for c, _, _ in unexplained)
    for (zone, expr), n in sorted(by.items()):
        print(f"UNEXPLAINED {zone}|{expr}: {n} cases")
    for c, t, o in unexplained[:8]:
        print("DIFFER", c["id"], "origin:", fmt(t), "fuzzycron:", fmt(o))
    stale = [r for r in rules if not used[r]]
    for r in stale:
        print("STALE known.txt line (no case differs any more):", origin, *r[:2])
    sys.exit(1 if unexplained or stale else 0)


main()
