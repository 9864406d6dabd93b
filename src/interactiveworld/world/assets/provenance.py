"""Provenance of the asset files taken from packages (textures, meshes): where each came from and under what licence.

Every file that an asset family reads from disk has one row in the manifest ``provenance.json`` beside this module
(the file list is empty while every asset is built from primitives). The manifest is a JSON object::

    {"format": "interactiveworld.asset-provenance/1",
     "files": [{"path": "textures/oak.png",      # relative to this folder, '/'-separated, no '..'
                "sha256": "<64 lowercase hex digits of the file's bytes>",
                "package": "<the package it was taken from>", "version": "<that package's version>",
                "license": "<SPDX licence expression>", "source": "<the file's path inside the package>"}]}

:func:`load_provenance` reads and checks it.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

__all__ = ["PROVENANCE_FORMAT", "PROVENANCE_PATH", "ProvenanceRecord", "load_provenance"]

PROVENANCE_FORMAT = "interactiveworld.asset-provenance/1"
PROVENANCE_PATH = Path(__file__).with_name("provenance.json")
"""The package's own manifest."""

_FIELDS = ("path", "sha256", "package", "version", "license", "source")
_SHA256 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class ProvenanceRecord:
    """One manifest row (module docstring): a file's ``path`` (relative, '/'-separated), its ``sha256`` hex digest,
    the ``package`` and ``version`` it was taken from, its ``license`` (SPDX expression) and its ``source`` path
    inside the package."""

    path: str
    sha256: str
    package: str
    version: str
    license: str
    source: str


def load_provenance(path: str | Path | None = None) -> list[ProvenanceRecord]:
    """The rows of a provenance manifest (default :data:`PROVENANCE_PATH`), in file order.

    Raises:
        OSError: the file cannot be read. json.JSONDecodeError: it is not JSON.
        ValueError: the format tag is not :data:`PROVENANCE_FORMAT`, ``files`` is not a list, or a row is not an
            object with exactly the six string fields, a relative '/'-separated path without '..' (each path once)
            and a 64-digit lowercase hex sha256; the message names the row and the field.
    """
    path = PROVENANCE_PATH if path is None else Path(path)
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != PROVENANCE_FORMAT:
        got = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise ValueError(f"{path}: format must be {PROVENANCE_FORMAT!r}, got {got!r}")
    rows = data.get("files")
    if not isinstance(rows, list):
        raise ValueError(f"{path}: 'files' must be a list of rows")
    out: list[ProvenanceRecord] = []
    seen: set[str] = set()
    for i, row in enumerate(rows):
        where = f"{path}: files[{i}]"
        if not isinstance(row, dict) or set(row) != set(_FIELDS):
            raise ValueError(f"{where}: a row is an object with exactly the fields {', '.join(_FIELDS)}")
        for name in _FIELDS:
            if not isinstance(row[name], str) or not row[name]:
                raise ValueError(f"{where}.{name}: a non-empty string, got {row[name]!r}")
        rel = PurePosixPath(row["path"])
        if rel.is_absolute() or ".." in rel.parts or "\\" in row["path"]:
            raise ValueError(f"{where}.path: relative to the manifest's folder, '/'-separated, no '..': "
                             f"{row['path']!r}")
        if row["path"] in seen:
            raise ValueError(f"{where}.path: {row['path']!r} is listed twice")
        seen.add(row["path"])
        if not _SHA256.fullmatch(row["sha256"]):
            raise ValueError(f"{where}.sha256: 64 lowercase hex digits, got {row['sha256']!r}")
        out.append(ProvenanceRecord(**{name: row[name] for name in _FIELDS}))
    return out
