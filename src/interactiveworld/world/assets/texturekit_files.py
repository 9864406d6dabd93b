"""Texture kit, files: albedo textures taken from permissively licensed PyPI packages, shipped in
``world/assets/data/textures/`` as JPEG with a provenance manifest.

``PROVENANCE.json`` holds one row per shipped file: ``file``, ``package``, ``version``, ``source_path`` (inside
the package's wheel), ``license`` (SPDX), ``license_file`` (the package's licence text, shipped alongside),
``sha256`` (of the shipped file), ``source_sha256`` (of the file in the wheel), ``modifications`` and ``use``.
``tools/import_textures.py`` regenerates the folder from the wheels. Nothing is downloaded at run time.
"""
from __future__ import annotations

import io
import json
from functools import lru_cache
from importlib import resources

import numpy as np
from PIL import Image

__all__ = ["PERMISSIVE_LICENSES", "provenance", "texture_names", "load_texture", "texture_dir"]

PERMISSIVE_LICENSES = frozenset({"MIT", "BSD-2-Clause", "BSD-3-Clause", "Apache-2.0", "Zlib", "CC0-1.0",
                                 "CC-BY-4.0"})


def texture_dir():
    """The folder of shipped texture files (an ``importlib.resources`` Traversable)."""
    return resources.files("interactiveworld.world.assets").joinpath("data", "textures")


@lru_cache(maxsize=1)
def _rows() -> tuple[dict, ...]:
    return tuple(json.loads(texture_dir().joinpath("PROVENANCE.json").read_text()))


def provenance() -> list[dict]:
    """The manifest rows (copies), sorted by file name."""
    return [dict(r) for r in _rows()]


def texture_names() -> list[str]:
    """Names accepted by :func:`load_texture`: the shipped file names without extension, sorted."""
    return [r["file"].rsplit(".", 1)[0] for r in _rows()]


@lru_cache(maxsize=64)
def _load(name: str) -> np.ndarray:
    data = texture_dir().joinpath(name + ".jpg").read_bytes()
    img = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"), np.uint8).copy()
    img.flags.writeable = False
    return img


def load_texture(name: str) -> np.ndarray:
    """A shipped texture as an (H, W, 3) uint8 sRGB image (read-only and shared; copy it to modify).

    Args:
        name: one of :func:`texture_names`, e.g. ``"robosuite_light_wood"``.

    Raises:
        ValueError: an unknown name.
    """
    if name not in texture_names():
        raise ValueError(f"load_texture: unknown texture {name!r}; known: {texture_names()}")
    return _load(name)
