"""Warp starts quietly: the line its native code writes on machines without a CUDA driver is held back (it would
land in the middle of a sweep's progress bar), and anything else it writes is passed on."""
import os
import subprocess
import sys

from interactiveworld.kernels import _NO_DRIVER, _without_driver_line, init_warp


def test_only_the_no_driver_line_is_held_back(capfd):
    def noisy_init():  # writes as native code does: straight to file descriptor 2
        os.write(2, f"Warp CUDA warning: {_NO_DRIVER}. GPU execution will not be available.\n".encode())
        os.write(2, b"Warp CUDA error: driver too old\n")

    _without_driver_line(noisy_init)
    err = capfd.readouterr().err
    assert err == "Warp CUDA error: driver too old\n"


def test_an_init_that_raises_keeps_its_diagnostics_and_standard_error(capfd):
    def failing():
        os.write(2, b"partial\n")
        raise RuntimeError("no runtime")

    try:
        _without_driver_line(failing)
    except RuntimeError:
        pass
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "partial\nafter\n"  # a failed call's diagnostics are passed on; fd 2 works again


def test_a_fresh_process_starts_warp_without_the_line():
    code = "import interactiveworld.kernels as k; wp = k.init_warp(); print(wp.get_device('cpu').is_cpu)"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and p.stdout.strip() == "True"
    assert _NO_DRIVER not in p.stderr and "Warp" not in p.stdout
    assert init_warp() is init_warp()
