"""Shared fixtures; the header names the native build under test."""
import os

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import pytest
from iw_catalog import full_catalog


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
        from interactiveworld.kernels import init_warp

        wp = init_warp()  # quiet, and without the no-driver line on machines without a GPU
    except ImportError:
        return []
    devices = ["cpu"]
    if wp.is_cuda_available():
        devices.append("cuda:0")
    return devices


@pytest.fixture(params=_warp_devices() or ["cpu"])
def device(request):
    """Warp device to run a kernel test on: ``cpu`` always, ``cuda:0`` when a GPU is present."""
    return request.param


def pytest_addoption(parser):
    parser.addoption("--full-catalog", action="store_true", default=False,
                     help="also run the expensive per-TaskPack tests on the TaskPacks outside the sample "
                          "(tests/iw_catalog.py); IW_FULL_CATALOG=1 does the same")


def pytest_collection_modifyitems(config, items):
    """Deselect the ``catalog``-marked cases unless the whole catalog was asked for."""
    if full_catalog(config):
        return
    kept, dropped = [], []
    for item in items:
        (dropped if item.get_closest_marker("catalog") else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
