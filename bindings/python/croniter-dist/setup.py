"""The `croniter` distribution's version and dependency, from the project's own
version (../../../CMakeLists.txt): croniter 6.2.4's API, `+fuzzycron.<version>`,
needing exactly that fuzzycron (the package reads fuzzycron's croniter module)."""
import re
from pathlib import Path

from setuptools import setup

API = "6.2.4"  # the croniter release whose API and answers this follows (tests/pip/croniter_suite.sh)


def fuzzycron_version() -> str:
    text = (Path(__file__).resolve().parents[3] / "CMakeLists.txt").read_text(encoding="utf-8")
    found = re.search(r"project\(fuzzycron\s+VERSION\s+([0-9.]+)", text)
    if not found:
        raise RuntimeError("CMakeLists.txt: project(fuzzycron VERSION x.y.z) not found")
    return found.group(1)


setup(version=f"{API}+fuzzycron.{fuzzycron_version()}", install_requires=[f"fuzzycron=={fuzzycron_version()}"])
