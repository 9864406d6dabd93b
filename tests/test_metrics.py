"""Metrics on hand-built result records: PassRate/MCR per family with seeds averaged per task,
efficiency paired per task, pooled capability scores, and capability point labels."""
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_taskpacks import decision_pack  # noqa: E402

from interactiveworld.bench.metrics import (capability_table, efficiency_table, family_table,  # noqa: E402
                                            label_capabilities, load_results, void_cells)
from interactiveworld.bench.scoring import TraceStep  # noqa: E402
from interactiveworld.bench.taskpack import parse_taskpack  # noqa: E402


def rec(task, family, seed, passed, completion, actions=4, oracle=2, caps=(), status="valid", assistant="m"):
    return {"task_id": task, "family": family, "seed": seed, "assistant": assistant, "human": "scripted",
            "status": status, "passed": passed if status == "valid" else None,
            "completion": completion if status == "valid" else None, "actions": actions, "oracle_actions": oracle,
            "capabilities": [{"capability": c, "label": lab, "point": f"p{i}"} for i, (c, lab) in enumerate(caps)],
            "stop_reason": "done" if status == "valid" else "void", "void_reason": None if status == "valid" else "x"}


RECORDS = [
    # decision-01: seeds pass, fail -> task pass 0.5, MCR (1.0 + 0.5) / 2 = 0.75
    rec("decision-01", "Decision", 0, 1, 1.0, actions=4, oracle=2, caps=[("C3", "clean_pass"), ("C9", "wrong")]),
    rec("decision-01", "Decision", 1, 0, 0.5, caps=[("C3", "wrong"), ("C9", "unobserved")]),
    # decision-02: pass at 3 actions vs oracle 3 -> ratio 1.0
    rec("decision-02", "Decision", 0, 1, 1.0, actions=3, oracle=3, caps=[("C3", "clean_pass"), ("C3", "assisted")]),
    # a VOID cell: excluded from everything but the VOID count
    rec("decision-02", "Decision", 1, None, None, status="void", caps=[("C3", "void")]),
    rec("finding-01", "Finding", 0, 0, 0.0, caps=[("C4", "abstain")]),
]


def test_family_table():
    rows = {(r["family"]): r for r in family_table(RECORDS)}
    d = rows["Decision"]
    assert d["tasks"] == 2 and d["cells"] == 4 and d["void"] == 1
    # per-task means first: decision-01 pass 0.5, decision-02 pass 1.0 -> 75 %
    assert d["pass_rate"] == pytest.approx(75.0)
    assert d["mcr"] == pytest.approx(100 * (0.75 + 1.0) / 2)
    assert rows["Finding"]["pass_rate"] == 0.0
    # All: families weigh equally
    assert rows["All"]["pass_rate"] == pytest.approx((75.0 + 0.0) / 2)


def test_efficiency_is_paired_per_task():
    rows = efficiency_table(RECORDS)
    assert len(rows) == 1 and rows[0]["family"] == "Decision" and rows[0]["tasks"] == 2
    # decision-01: 4/2 = 2.0 (only its passing seed); decision-02: 3/3 = 1.0 -> mean 1.5
    assert rows[0]["efficiency"] == pytest.approx(1.5)


def test_capability_scores_pool_points():
    rows = {r["capability"]: r for r in capability_table(RECORDS)}
    # C3: clean_pass, wrong, clean_pass, assisted (void cell excluded) -> 2 / 4
    assert rows["C3"]["points"] == 4 and rows["C3"]["score"] == pytest.approx(50.0)
    assert rows["C3"]["assisted"] == 1 and rows["C3"]["void"] == 0
    assert rows["C9"]["score"] == 0.0 and rows["C9"]["unobserved"] == 1
    assert rows["C4"]["abstain"] == 1
    assert void_cells(RECORDS) == [{"agents": "m | scripted", "task_id": "decision-02", "seed": 1,
                                    "stop_reason": "void", "void_reason": "x"}]


def test_load_results_reads_every_eval(tmp_path):
    for i, r in enumerate(RECORDS):
        d = tmp_path / "a" / f"c{i}"
        d.mkdir(parents=True)
        (d / "eval.json").write_text(json.dumps(r))
    (tmp_path / "a" / "broken").mkdir()
    (tmp_path / "a" / "broken" / "eval.json").write_text("{")
    got = load_results(tmp_path)
    assert len(got) == len(RECORDS) and got[0]["_path"].endswith("c0")


def _step(rels, tick=1):
    return TraceStep(tick=tick, primitive="place", targets=("invoice_card#2", "approval_desk#1"), ok=True,
                     relations_after=frozenset(rels))


@pytest.mark.parametrize("final_has_goal,speech,intervened,acted,labels", [
    (True, "pick up the card printed $41", True, True, ["clean_pass", "clean_pass"]),
    (True, "pick up that card", True, True, ["wrong", "clean_pass"]),       # OCR point needs "$41" said
    (True, "", False, False, ["unobserved", "assisted"]),
    (False, "pick up the card printed $39", True, True, ["wrong", "wrong"]),
    (False, "which card?", True, False, ["abstain", "abstain"]),
    (False, "", False, False, ["unobserved", "unobserved"]),
])
def test_point_labels(final_has_goal, speech, intervened, acted, labels):
    tp = parse_taskpack(decision_pack())
    goal = ("on", "invoice_card#2", "approval_desk#1")
    base = frozenset({("on", "invoice_card#2", "counter#1")})
    final = frozenset({goal}) if final_has_goal else base
    out = label_capabilities(tp, final=final, baseline=base, trace=[_step(final)], assistant_speech=speech,
                             intervened=intervened, acted_on_guidance=acted)
    assert [p["label"] for p in out] == labels
    assert [p["capability"] for p in out] == ["C3", "C9"]
