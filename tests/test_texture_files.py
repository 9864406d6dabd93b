"""Texture files taken from packages (world/data/textures/): every shipped file has exactly one provenance row, its
SHA-256 matches, its licence is a permissive SPDX id whose text ships alongside, the folder stays under 10 MB, and
load_texture returns the images."""
from __future__ import annotations

import hashlib
import os

import numpy as np
import pytest

from interactiveworld.world.assets import texturekit_files as tf

ALLOWED = {"MIT", "BSD-2-Clause", "BSD-3-Clause", "Apache-2.0", "Zlib", "CC0-1.0", "CC-BY-4.0"}
FOLDER = os.path.join(os.path.dirname(tf.__file__), "data", "textures")
KEYS = {"file", "package", "version", "source_path", "license", "license_file", "sha256", "source_sha256",
        "modifications", "use"}


def _images() -> list[str]:
    return sorted(f for f in os.listdir(FOLDER) if os.path.isfile(os.path.join(FOLDER, f))
                  and f != "PROVENANCE.json")


def test_every_file_has_exactly_one_row():
    rows = tf.provenance()
    files = [r["file"] for r in rows]
    assert sorted(files) == _images()            # no file without a row, no row without a file
    assert len(set(files)) == len(files)
    assert 15 <= len(files) <= 25
    for r in rows:
        assert set(r) == KEYS, r["file"]
        assert r["source_path"] and r["version"] and r["modifications"]


def test_hashes_match_the_shipped_bytes():
    for r in tf.provenance():
        with open(os.path.join(FOLDER, r["file"]), "rb") as f:
            assert hashlib.sha256(f.read()).hexdigest() == r["sha256"], r["file"]
        assert len(r["source_sha256"]) == 64 and r["source_sha256"] != r["sha256"]


def test_licences_are_permissive_and_their_texts_ship():
    assert tf.PERMISSIVE_LICENSES == ALLOWED
    for r in tf.provenance():
        assert r["license"] in ALLOWED, r
        path = os.path.join(FOLDER, r["license_file"])
        assert os.path.isfile(path), r["license_file"]
        with open(path) as f:
            text = f.read()
        if r["license"] == "MIT":
            assert text.lstrip().startswith("MIT License") and "Permission is hereby granted" in text


def test_shipped_bytes_stay_small():
    total = 0
    for root, _dirs, files in os.walk(FOLDER):
        total += sum(os.path.getsize(os.path.join(root, f)) for f in files)
    assert total < 10_000_000


def test_load_texture():
    names = tf.texture_names()
    for name in names:
        img = tf.load_texture(name)
        assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3
        assert 64 <= max(img.shape[:2]) <= 512
        assert not img.flags.writeable
    with pytest.raises(ValueError, match="unknown texture"):
        tf.load_texture("no_such_texture")
