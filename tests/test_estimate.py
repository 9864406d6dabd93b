"""iw-eval estimate: the messages model agents would send, measured on oracle cells, and projected per TaskPack."""
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_fake_env import FakeEnv  # noqa: E402
from iw_taskpacks import write_packs  # noqa: E402

from interactiveworld.bench.estimate import CellMeasure, CallSize, estimate, format_estimate, project  # noqa: E402
from interactiveworld.bench.taskpack import load_taskpack  # noqa: E402
from interactiveworld.cli import main  # noqa: E402


@pytest.fixture(scope="module")
def packs(tmp_path_factory):
    return {t: load_taskpack(p) for t, p in write_packs(tmp_path_factory.mktemp("tp")).items()}


def test_measured_calls_are_the_messages_a_model_would_send(packs):
    res = estimate(list(packs.values()), lambda: FakeEnv(render=True), assistant_models=["gpt-4o"],
                   human_model="gpt-4o-mini")
    assert {m["task_id"] for m in res["measures"]} == set(packs)
    for m in res["measures"]:
        assert m["calls"] > 0 and m["mb_sent"] > 0
    row = res["rows"][0]
    lo, hi = row["low"], row["high"]
    assert lo["cells"] == hi["cells"] == 2
    assert 0 < lo["calls"] <= hi["calls"] and lo["images"] > 0 and lo["cost_usd"] > 0
    assert hi["cost_usd"] >= lo["cost_usd"] and hi["hours"] >= lo["hours"]


def test_projection_arithmetic_against_a_hand_count(packs):
    tp = packs["decision-05"]
    # one measured cell: 4 ticks of the family, 2 oracle steps, one Assistant call per tick of 1000 bytes,
    # 2 images and 500 prompt tokens, 0.5 s of environment per tick
    m = CellMeasure("decision-05", tp.family.value, 4, 2, 2.0,
                    [CallSize("assistant", 1000, 2, 500) for _ in range(4)])
    res = project([tp], [m], assistant_models=["my/unpriced"], human_model=None, seeds=3, latency_s=10.0,
                  workers=2)
    lo, hi = res["rows"][0]["low"], res["rows"][0]["high"]
    low_ticks = min(tp.budgets.ticks, 2.0 * tp.oracle.step_count)  # 2 ticks per oracle step
    assert lo["calls"] == round(low_ticks * 3) and hi["calls"] == tp.budgets.ticks * 3
    assert lo["images"] == round(2 * low_ticks * 3) and hi["prompt_tokens"] == 500 * tp.budgets.ticks * 3
    assert hi["mb_sent"] == pytest.approx(1000 * tp.budgets.ticks * 3 / 1e6)
    assert lo["cost_usd"] is None and res["total"]["low"]["cost_usd"] is None  # unpriced: unknown, not $0
    assert hi["hours"] == pytest.approx((0.5 * tp.budgets.ticks * 3 + 10.0 * tp.budgets.ticks * 3) / 3600 / 2)
    text = format_estimate(res)
    assert "?" in text and "Assumptions:" in text and "10 s per model call" in text


def test_the_command_prints_the_table_and_sends_nothing(packs, tmp_path, monkeypatch, capsys):
    folder = tmp_path / "tp"
    write_packs(folder)
    monkeypatch.setenv("IW_TASKPACK_DIR", str(folder))
    assert main(["estimate", "--assistant", "gpt-4o", "--env", "iw_fake_env:FakeEnv", "--quiet", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["rows"][0]["assistant"] == "gpt-4o" and res["rows"][0]["human"] == "gpt-4o"  # as run pairs them
    assert main(["estimate", "--assistant", "gpt-4o", "--human", "scripted", "--env", "iw_fake_env:FakeEnv",
                 "--quiet", "--json"]) == 0
    scripted = json.loads(capsys.readouterr().out)["rows"][0]
    assert scripted["human"] == "scripted" and scripted["high"]["calls"] < res["rows"][0]["high"]["calls"]
    assert main(["estimate", "--assistant", "gpt-4o", "gpt-4o-mini", "--env", "iw_fake_env:FakeEnv"]) == 2
    capsys.readouterr()
    assert main(["estimate", "--assistant", "gpt-4o", "--seeds", "abc", "--env", "iw_fake_env:FakeEnv"]) == 2
    assert "--seeds: 'abc'" in capsys.readouterr().err
    assert main(["estimate", "--assistant", "not a model", "--env", "iw_fake_env:FakeEnv", "--quiet"]) == 2
    assert main(["estimate", "--assistant", "gpt-4o", "--measure", "0", "--env", "iw_fake_env:FakeEnv"]) == 2
