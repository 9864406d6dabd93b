"""Authoring one's own TaskPacks: free ids without a catalog row, the catalog checked only when given,
one result folder per id in a selection, a JSON Schema that documents every property, and a hash that
vouches only for a valid file."""
import copy
import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_taskpacks import decision_pack  # noqa: E402

from interactiveworld.bench.taskpack import (TaskPack, TaskPackError, compute_hash, load_taskpack,  # noqa: E402
                                             parse_taskpack, unique_taskpacks)
from interactiveworld.cli import main  # noqa: E402


def _hashed(data):
    data = dict(data)
    data["hash"] = compute_hash(data)
    return data


def _write(path, data):
    path.write_text(json.dumps(_hashed(data), indent=2))
    return path


@pytest.mark.parametrize("task_id", ["invoice-check", "MyLab.task_1", "a", "x" * 64, "decision-05b", "2026-q1"])
def test_a_task_of_ones_own_needs_no_catalog_row(task_id):
    data = copy.deepcopy(decision_pack())
    del data["catalog"]
    data["id"] = task_id
    tp = parse_taskpack(_hashed(data))
    assert tp.id == task_id and tp.catalog is None


@pytest.mark.parametrize("task_id", ["", "../up", "a/b", ".hidden", "-dash", "with space", "x" * 65, "caf\u00e9",
                                     "a\\b"])
def test_ids_that_are_not_safe_folder_names_are_refused(task_id):
    data = copy.deepcopy(decision_pack())
    del data["catalog"]
    data["id"] = task_id
    with pytest.raises(TaskPackError, match=re.escape("field 'id'")):
        parse_taskpack(_hashed(data))


def test_a_catalog_row_is_checked_only_when_given():
    data = copy.deepcopy(decision_pack())
    data["id"] = "my-invoice"  # a free id with a catalog row is a contradiction
    with pytest.raises(TaskPackError, match="a catalog task is named 'decision-05'"):
        parse_taskpack(_hashed(data))
    data["catalog"] = None  # an explicit null is the same as leaving it out
    assert parse_taskpack(_hashed(data)).id == "my-invoice"
    data = copy.deepcopy(decision_pack())
    data["catalog"] = {"table": 10, "row": 5}
    assert parse_taskpack(_hashed(data)).catalog.row == 5


def test_duplicate_ids_in_a_selection_are_refused_and_identical_copies_kept_once(tmp_path):
    a = _write(tmp_path / "a.json", decision_pack())
    same = _write(tmp_path / "same.json", decision_pack())
    edited = copy.deepcopy(decision_pack())
    edited["title"] = "edited copy"
    b = _write(tmp_path / "b.json", edited)
    packs = [(p, load_taskpack(p)) for p in (a, same)]
    assert unique_taskpacks(packs) == packs[:1]
    with pytest.raises(TaskPackError) as err:
        unique_taskpacks([(a, load_taskpack(a)), (b, load_taskpack(b))])
    msg = str(err.value)
    assert "'decision-05' is used by two different TaskPacks" in msg and str(a) in msg and str(b) in msg
    # ids differing in case would share a folder on case-insensitive file systems
    upper = copy.deepcopy(edited)
    upper["id"] = "DECISION-05"
    del upper["catalog"]
    c = _write(tmp_path / "c.json", upper)
    with pytest.raises(TaskPackError, match="used by two different TaskPacks"):
        unique_taskpacks([(a, load_taskpack(a)), (c, load_taskpack(c))])


def _properties(schema, where="TaskPack"):
    """Every (path, property schema) of a JSON Schema, nested objects and $defs included."""
    out = []
    if isinstance(schema, dict):
        for name, sub in (schema.get("properties") or {}).items():
            out.append((f"{where}.{name}", sub))
            out += _properties(sub, f"{where}.{name}")
        for key, sub in schema.items():
            if key == "$defs":
                for dname, d in sub.items():
                    out += _properties(d, dname)
            elif key != "properties" and isinstance(sub, (dict, list)):
                out += _properties(sub, where)
    elif isinstance(schema, list):
        for sub in schema:
            out += _properties(sub, where)
    return out


def test_the_schema_documents_every_property(capsys):
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    props = _properties(schema)
    # the walk reaches the nested models too (conditions, legend entries, guidance steps)
    names = {p for p, _ in props}
    assert {"TaskPack.id", "TaskPack.catalog", "Atom.pred", "Count.op", "LegendEntry.handle",
            "GuidanceStep.after_segments", "CompletionSpec.goals", "Budgets.ticks"} <= names
    assert len(props) >= 90
    undocumented = [p for p, sub in props if not str(sub.get("description", "")).strip()]
    assert undocumented == []
    # units and allowed values are spelled out where they exist
    desc = {p: sub["description"] for p, sub in props}
    assert "1-10000" in desc["Budgets.ticks"]
    for pred in ("on", "inside", "unmoved"):
        assert pred in desc["Atom.pred"]
    assert "Guidance" in desc["CatalogRef.table"]


def test_hash_refuses_an_invalid_file_and_leaves_it_untouched(tmp_path, capsys):
    data = copy.deepcopy(decision_pack())
    data["budgets"]["ticks"] = 0
    data.pop("hash", None)
    p = tmp_path / "draft.json"
    p.write_text(json.dumps(data))
    before = p.read_bytes()
    assert main(["hash", str(p)]) == 1
    err = capsys.readouterr().err
    assert "field 'budgets.ticks'" in err and "not hashed" in err
    assert p.read_bytes() == before
    # fixed, the same file without any hash field is hashed and loads
    data["budgets"]["ticks"] = 40
    p.write_text(json.dumps(data))
    assert main(["hash", str(p)]) == 0
    assert load_taskpack(p).hash == compute_hash(json.loads(p.read_text()))


def test_the_schema_matches_the_model():
    assert TaskPack.model_json_schema()["properties"]["id"]["pattern"] == "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"
