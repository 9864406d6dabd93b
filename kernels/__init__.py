"""NVIDIA Warp kernels for the batched work (installed as ``interactiveworld.kernels``).

One module per concern. Each follows three layers: ``@wp.func`` helpers, one ``@wp.kernel`` per
per-thread operation (inputs first, then outputs), and a host function that validates its inputs
and launches on the device the data lives on (Warp's ``cpu`` device here, ``cuda`` with a GPU).
"""
