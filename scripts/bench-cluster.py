#!/usr/bin/env python3
"""The cluster benchmark (docs/cluster.md "Measured here", docs/benchmarks.md),
same run, same machine, a real PostgreSQL 15 on a Unix socket:

1. N per-second jobs on one host (`fuzzycron run`), then the same crontab on 3
   replicas with --cluster: start lateness p50/p99/max of each and their
   ratios; claims per second the database answered (won + lost to a peer,
   from each replica's /metrics); round trips per fire; every instant run
   exactly once (FUZZYCRON_SCHEDULED_FOR in the jobs' own output).
2. Failover: 3 replicas, 20 per-second jobs; one replica is SIGKILLed; the
   lateness of the instants it ranked first for is at most --claim-delay plus
   the time the survivors need to notice (measured: the worst start lateness
   after the kill, before its heartbeat goes stale).

Usage: bench-cluster.py BUILD_DIR [--rate 1000] [--seconds 20] [--replicas 3]"""
import argparse
import collections
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import datetime

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "runner"))
from postgres import Postgres  # noqa: E402


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else float("nan")


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def epoch(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def crontab(d, rate, marks, settings=""):
    path = os.path.join(d, f"crontab.{os.path.basename(marks)}")
    with open(path, "w") as f:
        f.write("".join(f"# name: j{i}\n{settings}* * * * * ? echo \"$FUZZYCRON_JOB $FUZZYCRON_SCHEDULED_FOR\" >> {marks}\n"
                        for i in range(rate)))
    return path


def metrics(port):
    out = {}
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    for line in text.splitlines():
        if line.startswith("fuzzycron_cluster_") and " " in line:
            key, value = line.rsplit(" ", 1)
            out[key] = float(value)
    return out


def run(build, tab, seconds, replicas, url=None, extra=()):
    """Starts the replicas, measures `seconds` whole seconds after a 3 s warm-up; start lateness in ms."""
    d = os.path.dirname(tab)
    procs = []
    for i in range(replicas):
        args = [os.path.join(build, "fuzzycron"), "run", "-d", "quartz", tab, "--host", f"r{i}", *extra]
        port = free_port()
        if url:
            args += ["--cluster", url, "--metrics-address", f"127.0.0.1:{port}"]
        log = open(os.path.join(d, f"log.{i}.{'c' if url else 's'}"), "w")
        procs.append((subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT), log, port))
    t0 = int(time.time()) + 4
    window = (t0, t0 + seconds)
    time.sleep(window[1] - time.time() + 3)
    before = [metrics(port) for _, _, port in procs] if url else []
    for p, log, _ in procs:
        p.send_signal(signal.SIGTERM)
        p.wait(60)
        log.close()
    late = []
    for i in range(replicas):
        with open(os.path.join(d, f"log.{i}.{'c' if url else 's'}")) as f:
            for line in f:
                try:
                    e = json.loads(line)
                except ValueError:
                    continue
                if e.get("event") == "job.start" and window[0] <= epoch(e["scheduled_for"]) < window[1]:
                    late.append(e["late_ms"])
    return late, window, before


def main():
    a = argparse.ArgumentParser()
    a.add_argument("build")
    a.add_argument("--rate", type=int, default=1000)
    a.add_argument("--seconds", type=int, default=20)
    a.add_argument("--replicas", type=int, default=3)
    o = a.parse_args()
    pg = Postgres()
    try:
        d = tempfile.mkdtemp(prefix="bench-cluster-")
        single, _, _ = run(o.build, crontab(d, o.rate, os.path.join(d, "marks.s")), o.seconds, 1)
        _, url = pg.new_database()
        marks = os.path.join(d, "marks.c")
        tab = crontab(d, o.rate, marks)
        late, window, counters = run(o.build, tab, o.seconds, o.replicas, url)
        runs = collections.Counter()
        with open(marks) as f:
            for line in f:
                job, instant = line.split()
                if window[0] <= epoch(instant) < window[1]:
                    runs[(job, instant)] += 1
        due = o.rate * o.seconds
        twice = sum(1 for n in runs.values() if n > 1)
        claims = sum(m.get('fuzzycron_cluster_claims_total{result="won"}', 0) +
                     m.get('fuzzycron_cluster_claims_total{result="lost_to_peer"}', 0) for m in counters)
        won = sum(m.get('fuzzycron_cluster_claims_total{result="won"}', 0) for m in counters)
        trips = sum(m.get("fuzzycron_cluster_round_trips_total", 0) for m in counters)
        elapsed = o.seconds + 7  # replicas' lifetime the counters cover (warm-up, window, tail)
        print(f"{o.rate} per-second jobs for {o.seconds} s, single host vs {o.replicas} replicas on one PostgreSQL:")
        for name, v in (("single host", single), (f"{o.replicas} replicas", late)):
            print(f"  {name:12} p50 {percentile(v, 50):7.1f} ms  p99 {percentile(v, 99):7.1f} ms"
                  f"  max {max(v, default=float('nan')):7.1f} ms  ({len(v)} starts)")
        print(f"  ratio        p50 {percentile(late, 50) / max(percentile(single, 50), 0.001):.2f}x"
              f"  p99 {percentile(late, 99) / max(percentile(single, 99), 0.001):.2f}x")
        print(f"  claims answered: {claims:.0f} in ~{elapsed} s = {claims / elapsed:.0f}/s "
              f"({won:.0f} won); round trips {trips:.0f} = {trips / max(won, 1):.2f} per fire run, "
              f"{trips / max(claims, 1):.2f} per claim")
        print(f"  instants: {due} due, {len(runs)} ran, {twice} ran twice, {due - len(runs)} not run")

        # Failover: the replica that ranks first for an instant is killed.
        _, url = pg.new_database()
        fmarks = os.path.join(d, "marks.f")
        # concurrency: allow, so a late run of the dead replica's instant never
        # overlaps the next instant's run (forbid would skip that one, logged).
        ftab = crontab(d, 20, fmarks, "# concurrency: allow\n")
        procs = []
        for i in range(3):
            log = open(os.path.join(d, f"log.f{i}"), "w")
            procs.append((subprocess.Popen([os.path.join(o.build, "fuzzycron"), "run", "-d", "quartz", ftab,
                                            "--host", f"f{i}", "--cluster", url, "--claim-delay", "2s"],
                                           stdout=log, stderr=subprocess.STDOUT), log))
        time.sleep(5)
        killed_at = time.time()
        procs[0][0].kill()
        time.sleep(10)
        for p, log in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
            p.wait(60)
            log.close()
        worst, missing, skipped = 0.0, 0, 0
        seen = set()
        for i in (1, 2):
            with open(os.path.join(d, f"log.f{i}")) as f:
                for line in f:
                    e = json.loads(line) if line.startswith("{") else {}
                    if e.get("event") == "job.start" and killed_at + 1 < epoch(e["scheduled_for"]) < killed_at + 8:
                        worst = max(worst, e["late_ms"])
                        seen.add((e["job"], e["scheduled_for"]))
                    if e.get("event") == "job.skip" and killed_at + 1 < epoch(e["scheduled_for"]) < killed_at + 8:
                        skipped += 1
        for t in range(int(killed_at) + 2, int(killed_at) + 8):
            for j in range(20):
                if (f"j{j}", datetime.utcfromtimestamp(t).strftime("%Y-%m-%dT%H:%M:%SZ")) not in seen:
                    missing += 1
        print(f"failover (3 replicas, 20 per-second jobs, --claim-delay 2s, one replica SIGKILLed): worst start "
              f"lateness in the 6 s after {worst / 1000:.2f} s; instants not run: {missing} "
              f"({skipped} skips logged)")
    finally:
        pg.close()


if __name__ == "__main__":
    sys.exit(main())
