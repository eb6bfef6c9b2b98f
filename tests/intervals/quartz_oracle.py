"""Quartz 2.3.2 (Debian libquartz2-java) as an oracle: compile one of this
directory's Java programs and run it on tab-separated case lines, reading back
`id<TAB>ms<TAB>ms...` lines. Shared by quartz_check.py and quartz_calendars.py."""
from __future__ import annotations

import os
import shutil
import subprocess

JAR = "/usr/share/java/quartz2.jar"
HERE = os.path.dirname(os.path.abspath(__file__))


def available() -> bool:
    return os.path.exists(JAR) and shutil.which("javac") is not None


def run(program: str, work: str, lines: list[str]) -> dict[str, list[int]]:
    """Compiles HERE/program.java into work and runs it on the lines: {id: [ms, ...]}."""
    os.makedirs(work, exist_ok=True)
    subprocess.run(["javac", "-d", work, "-cp", JAR, os.path.join(HERE, program + ".java")], check=True)
    java = subprocess.run(["java", "-cp", f"{work}:{JAR}", program], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, check=True)
    out = {}
    for line in java.stdout.splitlines():
        f = line.split("\t")
        out[f[0]] = [int(x) for x in f[1:]]
    return out
