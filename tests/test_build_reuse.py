"""The native build is reused: tools/test.sh installs without build isolation into build/<wheel tag>/, so
building the package again from the same sources compiles nothing (ninja finds no work)."""
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _wheel_tag() -> str:
    v = f"cp{sys.version_info[0]}{sys.version_info[1]}"
    return f"{v}-{v}-" + sysconfig.get_platform().replace("-", "_").replace(".", "_")


def test_the_test_command_builds_without_isolation_in_the_persistent_folder():
    script = (ROOT / "tools" / "test.sh").read_text()
    install = [ln for ln in script.splitlines() if re.match(r"\s*python3 -m pip install .*\.\[test", ln)]
    assert install and all("--no-build-isolation" in ln for ln in install)
    assert 'build-dir = "build/{wheel_tag}"' in (ROOT / "pyproject.toml").read_text()


@pytest.mark.slow
def test_a_second_build_compiles_nothing(tmp_path):
    build = ROOT / "build" / _wheel_tag()
    if not (build / "CMakeCache.txt").is_file():
        pytest.skip(f"no native build in {build} yet (bash tools/test.sh makes it)")
    pytest.importorskip("scikit_build_core")
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-v",
                        "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=900)
    log = r.stdout + r.stderr
    assert r.returncode == 0, log[-2000:]
    assert f"Build files have been written to: {build}" in log
    assert "ninja: no work to do." in log and "Building CXX object" not in log
    assert list(tmp_path.glob("interactiveworld-*.whl"))
