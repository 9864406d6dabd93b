"""NVIDIA Warp kernels for the batched work (installed as ``interactiveworld.kernels``).

One module per concern. Each follows three layers: ``@wp.func`` helpers, one ``@wp.kernel`` per
per-thread operation (inputs first, then outputs), and a host function that validates its inputs
and launches on the device the data lives on (Warp's ``cpu`` device here, ``cuda`` with a GPU).
"""
from __future__ import annotations

import os
import sys
import tempfile
from typing import Any, Callable

_NO_DRIVER = "Could not find or load the NVIDIA CUDA driver"
"""What Warp's native code prints to the process's standard error on every machine without a GPU (its
``config.quiet`` does not cover it); there Warp runs on its ``cpu`` device as intended, so the line is noise, and
in the middle of a progress bar it reads as a fault."""

_STARTED: list[bool] = []


def init_warp() -> Any:
    """Initialise Warp once, quietly, and return the ``warp`` module.

    Warp's greeting is turned off (``config.quiet``) and, on a machine without a CUDA driver, the line its native code
    writes about that is held back; anything else it writes to standard error during initialisation (a driver that is
    present but too old, say) is passed on. Later calls return at once.

    Raises:
        ImportError: Warp is not installed.
    """
    import warp as wp

    if _STARTED:
        return wp
    _STARTED.append(True)
    wp.config.quiet = True
    if hasattr(wp, "LOG_WARNING"):  # newer Warp: the greeting is an INFO log line
        wp.config.log_level = max(getattr(wp.config, "log_level", 0), wp.LOG_WARNING)
    _without_driver_line(wp.init)
    return wp


def _without_driver_line(init: Callable[[], None]) -> None:
    """Call ``init`` with file descriptor 2 held in a temporary file, then write what it wrote there to standard
    error, less the lines holding :data:`_NO_DRIVER`."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no file descriptor 2 to redirect: call it as it is
        init()
        return
    with tempfile.TemporaryFile() as held:
        os.dup2(held.fileno(), 2)
        try:
            init()
        finally:  # passed on whether or not init raised: its diagnostics explain a failure
            os.dup2(saved, 2)
            os.close(saved)
            held.seek(0)
            kept = [line for line in held.read().decode("utf-8", "replace").splitlines() if _NO_DRIVER not in line]
            if kept:
                sys.stderr.write("\n".join(kept) + "\n")


init_warp()  # every kernel module imports this package first, so Warp starts quietly before any launch
