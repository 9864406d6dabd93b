"""The C.3.3 manifest in eval.json and the per-task / per-point ledgers that every table is recomputed from."""
import json
import sys
from collections import defaultdict
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_taskpacks import control_sweep  # noqa: E402

from interactiveworld.bench.cells import archive_cell, cell_dir  # noqa: E402
from interactiveworld.bench.families import Family  # noqa: E402
from interactiveworld.bench.ledger import (MANIFEST_FIELDS, POINTS_NAME, RUBRIC_VERSION, read_jsonl,  # noqa: E402
                                           records_from_ledgers)
from interactiveworld.bench.metrics import capability_table, efficiency_table, family_table, load_results  # noqa: E402
from interactiveworld.bench.report import write_report  # noqa: E402
from interactiveworld.bench.taskpack import compute_hash  # noqa: E402


@pytest.fixture(scope="module")
def sweep(tmp_path_factory):
    packs, cells, out = control_sweep(tmp_path_factory.mktemp("ledger"))
    return packs, cells, out


def test_every_eval_json_carries_the_manifest(sweep):
    packs, cells, out = sweep
    for spec in cells:
        ev = json.loads((cell_dir(out, spec) / "eval.json").read_text())
        m = ev["manifest"]
        assert tuple(m) == MANIFEST_FIELDS
        data = json.loads(Path(packs[spec.task_id]).read_text())
        assert m["expected_hash"] == data["hash"] and m["observed_hash"] == compute_hash(data)
        assert m["hash_origin"] == "file" and m["rubric_version"] == RUBRIC_VERSION
        assert m["source_family"] == m["assigned_family"] == data["family"]
        assert m["completion_protocol"] == Family.parse(data["family"]).protocol and m["evaluation_status"] == "valid"
        assert (out / m["evidence_path"]).resolve() == cell_dir(out, spec).resolve()


def test_points_jsonl_is_the_cells_points(sweep):
    _, cells, out = sweep
    total = 0
    for spec in cells:
        d = cell_dir(out, spec)
        ev = json.loads((d / "eval.json").read_text())
        rows = read_jsonl(d / POINTS_NAME)
        assert [(r["capability"], r["point"], r["label"]) for r in rows] == \
            [(p["capability"], p["point"], p["label"]) for p in ev["capabilities"]]
        assert all(r["task_id"] == spec.task_id and r["seed"] == spec.seed for r in rows)
        total += len(rows)
    assert total > 0


def test_tables_recomputed_from_the_ledgers_equal_the_direct_tables(sweep, tmp_path):
    _, _, out = sweep
    rep = write_report(out, tmp_path / "report", plots=False)
    tasks, points = tmp_path / "report" / "ledger" / "tasks.jsonl", tmp_path / "report" / "ledger" / "points.jsonl"
    assert str(tasks) in rep["files"] and str(points) in rep["files"]
    direct = load_results(out)
    rebuilt = records_from_ledgers(tasks, points)
    assert len(rebuilt) == len(direct) == 12
    for table in (family_table, capability_table, efficiency_table):
        assert table(rebuilt) == table(direct), table.__name__
    # CapScore (eq. 7) counted by hand from the point ledger alone
    hand = defaultdict(lambda: [0, 0])
    for p in read_jsonl(points):
        if p["status"] == "valid" and p["label"] != "void":
            k = (f"{p['assistant']} | {p['human']}", p["capability"])
            hand[k][0] += p["label"] == "clean_pass"
            hand[k][1] += 1
    rows = capability_table(direct)
    assert len(rows) == len(hand)
    for r in rows:
        p, n = hand[(r["agents"], r["capability"])]
        assert r["score"] == pytest.approx(100.0 * p / n)
    assert any(r["score"] == 100.0 for r in rows if r["assistant"] == "oracle")


def test_the_ledgers_must_agree(tmp_path):
    (tmp_path / "t.jsonl").write_text(json.dumps({"task_id": "a", "seed": 0, "cell_key_hash": "k"}) + "\n")
    (tmp_path / "p.jsonl").write_text(json.dumps({"task_id": "b", "seed": 0, "cell_key_hash": "k",
                                                  "point": "p1"}) + "\n")
    with pytest.raises(ValueError, match="p1.*no row"):
        records_from_ledgers(tmp_path / "t.jsonl", tmp_path / "p.jsonl")
    (tmp_path / "p.jsonl").write_text("[1, 2]\n")
    with pytest.raises(ValueError, match="p.jsonl:1: expected a JSON object"):
        records_from_ledgers(tmp_path / "t.jsonl", tmp_path / "p.jsonl")


def test_an_archived_attempt_takes_its_points_along(sweep, tmp_path):
    cell = tmp_path / "cell"
    cell.mkdir()
    for name in ("trace.jsonl", "eval.json", POINTS_NAME):
        (cell / name).write_text("{}\n")
    dest = archive_cell(cell, "test")
    assert (dest / POINTS_NAME).is_file() and not (cell / POINTS_NAME).exists()
