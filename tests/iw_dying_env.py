"""An environment factory whose process dies the first time it builds an environment for a seed.

``IW_DIE_ONCE_DIR`` names a folder; the first call for each seed leaves a marker there and ends the
process at once (``os._exit``), as a killed or out-of-memory worker would. Later calls build the
symbolic :class:`iw_fake_env.FakeEnv`.
"""
from __future__ import annotations

import os
from pathlib import Path

from iw_fake_env import FakeEnv


class DyingFakeEnv(FakeEnv):
    """:class:`FakeEnv` whose first reset per seed kills its process (see the module docstring)."""

    def reset(self, scene, *, seed=0):
        marker = Path(os.environ["IW_DIE_ONCE_DIR"]) / f"seed{seed}"
        if not marker.exists():
            marker.write_text(str(os.getpid()))
            os._exit(1)
        return super().reset(scene, seed=seed)
