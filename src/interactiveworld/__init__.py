"""InteractiveWorld: a verifiable, closed-loop environment for egocentric AI assistants.

Conventions used throughout the package: world frame z-up, lengths in metres, angles in radians
unless a name says ``_deg``, durations in seconds. Entities are addressed as ``name#index``
(for example ``red_mug#2``), names in lower_snake case.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
