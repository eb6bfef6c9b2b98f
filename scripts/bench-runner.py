#!/usr/bin/env python3
"""The runner's benchmark (docs/runner.md "Measured here"), same run, same machine:

1. Lateness at N fires a second (N per-second jobs) for `fuzzycron run` with
   --state-dir and --metrics-address (scraped every second) against a minimal
   C spawning loop (bench/runner/minimal_runner.c), in pairs: p50, p99, max
   and their ratios; and every fire accounted for (started, or skipped with a
   reason in the log).
2. 100,000 idle jobs with --metrics-address: start-up (exec to runner.start),
   RSS, idle CPU over 20 s, the size of /metrics.

Usage: bench-runner.py BUILD_DIR [--rate 1000] [--seconds 20]"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def minimal(build, rate, seconds):
    exe = os.path.join(tempfile.mkdtemp(), "minimal_runner")
    src = os.path.join(os.path.dirname(__file__), "..", "bench", "runner", "minimal_runner.c")
    subprocess.run(["cc", "-O2", "-o", exe, src], check=True)
    out = subprocess.run([exe, str(rate), str(seconds)], capture_output=True, text=True, check=True).stdout
    return [float(x) for x in out.split()]


def fuzzycron(build, rate, seconds):
    d = tempfile.mkdtemp(prefix="bench-runner-")
    crontab = os.path.join(d, "crontab")
    with open(crontab, "w") as f:
        f.write("".join(f"# name: j{i}\n* * * * * ? true\n" for i in range(rate)))
    port = free_port()
    p = subprocess.Popen([os.path.join(build, "fuzzycron"), "run", "-d", "quartz", crontab, "--state-dir",
                          os.path.join(d, "state"), "--metrics-address", f"127.0.0.1:{port}"],
                         stdout=subprocess.PIPE, text=True)
    late, skipped, started_at = [], 0, None
    stop = time.monotonic() + seconds + 2

    def scrape():
        while time.monotonic() < stop:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read()
            except OSError:
                pass
            time.sleep(1)

    threading.Thread(target=scrape, daemon=True).start()
    due = 0
    window = None
    stopped = False
    for line in p.stdout:
        e = json.loads(line)
        if e["event"] == "runner.start":
            started_at = time.time()
            window = (int(started_at) + 2, int(started_at) + 2 + seconds)  # whole seconds measured
        if window and e["event"] in ("job.start", "job.skip"):
            t = e.get("scheduled_for")
            if t:
                ts = stamp(t)
                if window[0] <= ts < window[1]:
                    if e["event"] == "job.start":
                        late.append(e["late_ms"])
                    else:
                        skipped += 1
            elif e.get("first"):  # a range of per-second instants skipped at once (catch-up, shutdown)
                first, last = max(stamp(e["first"]), window[0]), min(stamp(e["last"]), window[1] - 1)
                skipped += max(0, int(last) - int(first) + 1)
        if not stopped and time.monotonic() > stop:
            # Stop it and read on to the end: what it owed when stopped is said (job.skip
            # shutdown) or missing — counted either way, not cut off by the stop.
            p.terminate()
            stopped = True
    p.wait(60)
    return late, skipped, rate * seconds


def stamp(text):
    from datetime import datetime
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def idle(build, jobs):
    d = tempfile.mkdtemp(prefix="bench-idle-")
    crontab = os.path.join(d, "crontab")
    with open(crontab, "w") as f:
        f.write("".join(f"# name: idle{i}\nH H H H H ? /bin/true\n" for i in range(jobs)))
    port = free_port()
    t0 = time.monotonic()
    p = subprocess.Popen([os.path.join(build, "fuzzycron"), "run", "-d", "quartz", crontab, "--metrics-address",
                          f"127.0.0.1:{port}"], stdout=subprocess.PIPE, text=True)
    for line in p.stdout:
        if '"runner.start"' in line:
            break
    startup = time.monotonic() - t0
    threading.Thread(target=lambda: [None for _ in p.stdout], daemon=True).start()

    def stat():
        with open(f"/proc/{p.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        with open(f"/proc/{p.pid}/status") as f:
            rss = next(int(l.split()[1]) for l in f if l.startswith("VmRSS"))
        return int(fields[11]) + int(fields[12]), rss

    time.sleep(2)
    ticks0, _ = stat()
    time.sleep(20)
    ticks1, rss_idle = stat()
    size = len(urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30).read())
    _, rss_scraped = stat()
    p.terminate()
    p.wait(60)
    hz = os.sysconf("SC_CLK_TCK")
    return startup, rss_idle / 1024, rss_scraped / 1024, (ticks1 - ticks0) / hz / 20 * 100, size


def main():
    a = argparse.ArgumentParser()
    a.add_argument("build")
    a.add_argument("--rate", type=int, default=1000)
    a.add_argument("--seconds", type=int, default=20)
    a.add_argument("--idle-jobs", type=int, default=100000)
    o = a.parse_args()
    base = minimal(o.build, o.rate, o.seconds)
    late, skipped, due = fuzzycron(o.build, o.rate, o.seconds)
    print(f"{o.rate} fires/s for {o.seconds} s, --state-dir and --metrics-address (scraped every second):")
    for name, v in (("minimal C loop", base), ("fuzzycron run", late)):
        print(f"  {name:15} p50 {percentile(v, 50):7.1f} ms  p99 {percentile(v, 99):7.1f} ms  max {max(v):7.1f} ms"
              f"  ({len(v)} starts)")
    print(f"  ratio           p50 {percentile(late, 50) / max(percentile(base, 50), 0.001):.2f}x"
          f"  p99 {percentile(late, 99) / max(percentile(base, 99), 0.001):.2f}x")
    print(f"  accounted for: {len(late)} started + {skipped} skipped (logged, counted) of {due} due"
          f" -> {due - len(late) - skipped} without a trace")
    startup, rss, rss_scraped, cpu, size = idle(o.build, o.idle_jobs)
    print(f"{o.idle_jobs} idle jobs with --metrics-address: start-up {startup:.2f} s, RSS {rss:.0f} MiB "
          f"({rss_scraped:.0f} after a scrape), idle CPU {cpu:.2f} %, /metrics {size / 1e6:.2f} MB")


if __name__ == "__main__":
    sys.exit(main())
