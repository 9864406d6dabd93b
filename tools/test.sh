#!/usr/bin/env bash
# Set up and run the test suite: system tools used by some tests, the package with its test, body, ray,
# usd and gym extras (compiles the native core), then pytest. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v tesseract >/dev/null 2>&1 || need_apt+=(tesseract-ocr)
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing system packages: ${need_apt[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    echo "warning: ${need_apt[*]} missing and cannot be installed here; the tests that need them will skip" >&2
  fi
fi

python3 -m pip install -q ".[test,body,ray,usd,gym]"
export LITELLM_LOCAL_MODEL_COST_MAP=True
python3 -m pytest "$@"
