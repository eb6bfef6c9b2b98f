"""setuptools drives the project's CMake to build the extension `fuzzycron._fuzzycron`
(pyproject.toml has the metadata). Nothing is downloaded: CMake finds the Debian
packages the library needs (scripts/setup.sh build), pybind11 from pybind11-dev
or the pybind11 Python package.

    pip install --no-build-isolation .     # offline, Debian's setuptools and wheel
    pip wheel --no-build-isolation .
Environment: FUZZYCRON_CMAKE_ARGS (extra -D options), CMAKE_BUILD_PARALLEL_LEVEL,
FUZZYCRON_BUILD_DIR (CMake's build directory; default: in setuptools' build_temp).
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def version() -> str:
    """The project's version, from its CMakeLists.txt (one source of truth)."""
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    found = re.search(r"project\(fuzzycron\s+VERSION\s+([0-9.]+)", text)
    if not found:
        raise RuntimeError("CMakeLists.txt: project(fuzzycron VERSION x.y.z) not found")
    return found.group(1)


class CMakeBuild(build_ext):
    """Configures the library with only the Python package on, builds its target,
    and puts the module where setuptools packs it."""

    def build_extension(self, ext: Extension) -> None:
        if shutil.which("cmake") is None:
            raise RuntimeError("fuzzycron: building the extension needs cmake (apt-get install cmake ninja-build g++)")
        build = Path(os.environ.get("FUZZYCRON_BUILD_DIR") or Path(self.build_temp) / "cmake").resolve()
        build.mkdir(parents=True, exist_ok=True)
        args = [
            "-S", str(ROOT), "-B", str(build),
            "-DCMAKE_BUILD_TYPE=Release",
            "-DFUZZYCRON_PYTHON=ON", "-DFUZZYCRON_CLI=OFF", "-DFUZZYCRON_TESTS=OFF", "-DFUZZYCRON_BENCH=OFF",
            "-DFUZZYCRON_EXAMPLES=OFF", "-DFUZZYCRON_INSTALL=OFF",
            f"-DPython3_EXECUTABLE={sys.executable}",
            "-DCMAKE_POSITION_INDEPENDENT_CODE=ON",
        ]
        if shutil.which("ninja"):
            args += ["-G", "Ninja"]
        try:  # pybind11 as a Python package (build isolation) when pybind11-dev is not installed
            import pybind11
            args.append(f"-Dpybind11_DIR={pybind11.get_cmake_dir()}")
        except ImportError:
            pass
        args += shlex.split(os.environ.get("FUZZYCRON_CMAKE_ARGS", ""))
        subprocess.run(["cmake", *args], check=True)
        parallel = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        subprocess.run(["cmake", "--build", str(build), "--target", "fuzzycron_python", "-j", parallel], check=True)
        built = sorted((build / "python" / "fuzzycron").glob("_fuzzycron*.so"))
        if not built:
            raise RuntimeError(f"fuzzycron: the build made no _fuzzycron module in {build / 'python' / 'fuzzycron'}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[-1], target)


setup(
    version=version(),
    ext_modules=[Extension("fuzzycron._fuzzycron", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
