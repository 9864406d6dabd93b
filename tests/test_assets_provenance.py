"""The provenance manifest of asset files taken from packages (world/assets/provenance.py): the shipped manifest
loads, a row round-trips into a record, and each kind of bad row is refused with the row and field named."""
from __future__ import annotations

import hashlib
import json

import pytest

from interactiveworld.world.assets.provenance import (PROVENANCE_FORMAT, PROVENANCE_PATH, ProvenanceRecord,
                                                      load_provenance)


def _row(**change):
    row = {"path": "textures/oak.png", "sha256": hashlib.sha256(b"oak").hexdigest(), "package": "some-textures",
           "version": "1.2.0", "license": "CC0-1.0", "source": "share/textures/oak.png"}
    row.update(change)
    return row


def _write(tmp_path, rows, fmt=PROVENANCE_FORMAT):
    path = tmp_path / "provenance.json"
    path.write_text(json.dumps({"format": fmt, "files": rows}))
    return path


def test_the_shipped_manifest_loads_and_lists_every_file_it_names_once():
    records = load_provenance()
    assert PROVENANCE_PATH.name == "provenance.json" and PROVENANCE_PATH.exists()
    assert len({r.path for r in records}) == len(records)
    for r in records:  # each listed file is there, with the bytes recorded
        assert hashlib.sha256((PROVENANCE_PATH.parent / r.path).read_bytes()).hexdigest() == r.sha256


def test_a_row_loads_as_a_record_with_its_fields(tmp_path):
    row = _row()
    assert load_provenance(_write(tmp_path, [row, _row(path="meshes/mug.obj")])) == [
        ProvenanceRecord(**row), ProvenanceRecord(**_row(path="meshes/mug.obj"))]


@pytest.mark.parametrize("rows, message", [
    ([_row(sha256="abc")], r"files\[0\]\.sha256: 64 lowercase hex digits"),
    ([_row(sha256=hashlib.sha256(b"x").hexdigest().upper())], r"files\[0\]\.sha256"),
    ([_row(path="/abs/oak.png")], r"files\[0\]\.path: relative"),
    ([_row(path="../oak.png")], r"files\[0\]\.path: relative"),
    ([_row(), _row()], r"files\[1\]\.path: 'textures/oak.png' is listed twice"),
    ([_row(license="")], r"files\[0\]\.license: a non-empty string"),
    ([{k: v for k, v in _row().items() if k != "source"}], r"files\[0\]: a row is an object with exactly the fields"),
    ([_row(extra="x")], r"files\[0\]: a row is an object with exactly the fields"),
])
def test_a_bad_row_is_refused_naming_the_row_and_field(tmp_path, rows, message):
    with pytest.raises(ValueError, match=message):
        load_provenance(_write(tmp_path, rows))


def test_a_manifest_of_another_format_is_refused(tmp_path):
    with pytest.raises(ValueError, match="format must be 'interactiveworld.asset-provenance/1', got 'other/1'"):
        load_provenance(_write(tmp_path, [], fmt="other/1"))
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": PROVENANCE_FORMAT, "files": {}}))
    with pytest.raises(ValueError, match="'files' must be a list"):
        load_provenance(path)
