#!/usr/bin/env bash
# Set up and run the test suite: system tools used by some tests, the package with its test, body, ray,
# usd, gym and web extras, then pytest in two stages: the default suite, then the slow cases. Extra
# arguments go to both stages.
#
# The native core is built without build isolation in the persistent folder build/<wheel tag>/
# (pyproject.toml: build-dir). With isolation, pip would build in a fresh temporary environment each time
# (its own cmake, ninja and pybind11 under a new path), CMake would see a different toolchain and
# recompile everything (about 3 minutes on 2 cores); without it, a second call rebuilds only what changed
# (about 8 seconds when nothing did).
set -euo pipefail
cd "$(dirname "$0")/.."
say() { echo "[tools/test.sh] $*"; }

need_apt=()
command -v tesseract >/dev/null 2>&1 || need_apt+=(tesseract-ocr)
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need_apt+=(chromium-driver)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing system packages: ${need_apt[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    echo "warning: ${need_apt[*]} missing and cannot be installed here; the tests that need them will skip" >&2
  fi
fi

# The build requirements of pyproject.toml, then what the build backend asks for on this machine (cmake and
# ninja from PyPI when the system has none recent enough): installed here because isolation is off.
say "build requirements (pyproject.toml [build-system])"
mapfile -t build_reqs < <(python3 -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"]))')
python3 -m pip install -q "${build_reqs[@]}"
mapfile -t backend_reqs < <(python3 -c 'from scikit_build_core.build import get_requires_for_build_wheel as g; print("\n".join(g()))')
if [ ${#backend_reqs[@]} -gt 0 ] && [ -n "${backend_reqs[0]}" ]; then
  python3 -m pip install -q "${backend_reqs[@]}"
fi

wheel_tag=$(python3 -c 'import sys, sysconfig; v = f"cp{sys.version_info[0]}{sys.version_info[1]}"; print(f"{v}-{v}-" + sysconfig.get_platform().replace("-", "_").replace(".", "_"))')
if [ -f "build/$wheel_tag/CMakeCache.txt" ]; then
  say "installing the package with its test, body, ray, usd, gym and web extras; native build reused from build/$wheel_tag (incremental)"
else
  say "installing the package with its test, body, ray, usd, gym and web extras; first native build in build/$wheel_tag (a few minutes)"
fi
start=$SECONDS
python3 -m pip install -q --no-build-isolation ".[test,body,ray,usd,gym,web]"
say "installed in $((SECONDS - start)) s"

export LITELLM_LOCAL_MODEL_COST_MAP=True
# Two pytest stages over tests/ and benchmarks/ (pyproject.toml testpaths), each with one worker per CPU
# (pytest-xdist; most cases are single-threaded CPU work, and the cases that share one resource, the suite's
# local Ray instance, carry an xdist_group mark and stay on one worker): first the default suite (what a plain
# `pytest` runs: addopts deselect the `slow` mark; under 15 minutes), then the slow cases (`-m slow`). Both run
# even if the first fails; the script fails if either does. The other arguments go to both stages; a `-m EXPR`
# among them narrows each stage to EXPR within its own half.
user_mark="" args=()
while [ $# -gt 0 ]; do
  case "$1" in
    -m) [ $# -ge 2 ] || { echo "tools/test.sh: -m needs a marker expression" >&2; exit 4; }
        user_mark=$2; shift 2 ;;
    -m?*) user_mark=${1#-m}; shift ;;
    *) args+=("$1"); shift ;;
  esac
done
mark_for() { if [ -n "$user_mark" ]; then echo "($user_mark) and $1"; else echo "$1"; fi; }

# stage NAME MARK_EXPR: run it, print its wall time; its pytest exit status in $stage_rc
stage() {
  local start=$SECONDS
  say "$1: python3 -m pytest -n auto --dist loadgroup --durations=15 -m '$2'${args[*]+ $(printf '%q ' "${args[@]}")}"
  stage_rc=0
  # --durations: the slowest cases of each stage are printed, so a log shows where the time budget goes
  python3 -m pytest -n auto --dist loadgroup --durations=15 -m "$2" ${args[@]+"${args[@]}"} || stage_rc=$?
  local t=$((SECONDS - start))
  say "$1: exit status $stage_rc, wall time $((t / 60)) min $((t % 60)) s"
}
stage "default suite" "$(mark_for "not slow")"; rc_default=$stage_rc
stage "slow cases" "$(mark_for slow)"; rc_slow=$stage_rc
# exit status 5 is pytest's "no tests selected": fine for one stage (say `-k` names only default cases), not both
if [ "$rc_default" = 5 ] && [ "$rc_slow" = 5 ]; then
  say "no test selected in either stage"; exit 5
fi
for rc in "$rc_default" "$rc_slow"; do
  if [ "$rc" != 0 ] && [ "$rc" != 5 ]; then
    say "FAILED (default suite: exit status $rc_default, slow cases: exit status $rc_slow)"; exit "$rc"
  fi
done
say "passed (default suite: exit status $rc_default, slow cases: exit status $rc_slow)"
