"""Shared fixtures; the header names the native build under test."""
import os

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import pytest


def pytest_report_header(config):
    try:
        from interactiveworld import _core
    except ImportError as exc:  # the package is not installed: say so up front
        return [f"interactiveworld._core: NOT IMPORTABLE ({exc})"]
    return [
        f"interactiveworld._core {_core.__version__} ({_core.build_type}), built_with_cuda={_core.built_with_cuda}"
    ]


def _warp_devices():
    try:
        import warp as wp
    except ImportError:
        return []
    wp.config.quiet = True
    wp.config.log_level = wp.LOG_WARNING
    wp.init()
    devices = ["cpu"]
    if wp.is_cuda_available():
        devices.append("cuda:0")
    return devices


@pytest.fixture(params=_warp_devices() or ["cpu"])
def device(request):
    """Warp device to run a kernel test on: ``cpu`` always, ``cuda:0`` when a GPU is present."""
    return request.param
