"""Integration: the closed loop on the real Environment (the physical world, the action language and
the scorer together), with the example kitchen: oracle passes, silent fails, the trace replays."""
import json

import pytest

pytest.importorskip("interactiveworld.env", reason="the Environment facade (interactiveworld.env) is not installed")

from interactiveworld.agents.controls import ScriptedHuman, make_control_assistant  # noqa: E402
from interactiveworld.bench.episode import EpisodeConfig, run_episode  # noqa: E402
from interactiveworld.bench.factory import make_env  # noqa: E402
from interactiveworld.bench.taskpack import compute_hash, parse_taskpack  # noqa: E402
from interactiveworld.cli import main  # noqa: E402
from interactiveworld.env_types import EnvironmentLike  # noqa: E402
from interactiveworld.world.layouts.examples import kitchen  # noqa: E402

ENV = "interactiveworld.env:Environment"


def _pack() -> dict:
    data = {
        "format": "interactiveworld.taskpack/1", "id": "guidance-12", "family": "Guidance",
        "title": "Set the milk out for breakfast", "version": "0.1.0", "catalog": {"table": 7, "row": 12},
        "scene": kitchen(),
        "opening": {"prelude_say": "Making breakfast.", "commands": ["[LookAt] <milk_carton> (1)"],
                    "handoff_say": "Help me get the table ready."},
        "human_context": {"task": "You want the table ready for breakfast.", "legend": [
            {"handle": "milk_carton#1", "description": "a white milk carton", "movable": True},
            {"handle": "fridge#1", "description": "the fridge"},
            {"handle": "table#1", "description": "the kitchen table"},
            {"handle": "counter#1", "description": "the kitchen counter"}]},
        "evidence": [{"kind": "label", "text": "1 L", "entity": "milk_carton#1",
                      "shown_by": "[LookAt] <milk_carton> (1)"}],
        "oracle": {"steps": [
            {"say": "Open the fridge and check what is inside.", "commands": ["[Open] <fridge> (1)"]},
            {"say": "Pick up the milk carton on the counter.", "commands": ["[Grab] <milk_carton> (1)"]},
            {"say": "Put it on the table.", "commands": ["[Put] <milk_carton> (1) <table> (1)"]},
            {"say": "Close the fridge.", "commands": ["[Close] <fridge> (1)"]}], "step_count": 4},
        "no_help": {"steps": [{"say": "What do we need?"}]},
        # closed(fridge) held at handoff: it earns credit only because the fridge is opened and closed again
        "completion": {"goals": [{"on": ["milk_carton#1", "table#1"]},
                                 {"all": [{"ever": {"open": ["fridge#1"]}}, {"closed": ["fridge#1"]}]}],
                       "prohibitions": [{"held": ["*"]}]},
        "capabilities": [{"capability": "C5", "name": "Planning", "points": [
            {"id": "milk-after-fridge", "evidence": "check the fridge before setting out the milk",
             "check": {"kind": "order", "steps": ["open(fridge#1)", "place(milk_carton#1, table#1)"]}}]}],
        "budgets": {"ticks": 20, "actions": 10},
    }
    data["hash"] = compute_hash(data)
    return data


@pytest.mark.slow
def test_oracle_passes_and_silent_fails_in_the_kitchen(tmp_path):
    tp = parse_taskpack(_pack())
    env = make_env(ENV, render=False)
    assert isinstance(env, EnvironmentLike)
    rec = run_episode(tp, env, make_control_assistant("oracle", tp), ScriptedHuman(tp), tmp_path / "oracle",
                      EpisodeConfig(write_frames=False))
    assert rec["status"] == "valid", rec["void_reason"]
    assert rec["passed"] == 1 and rec["actions"] == 4 and rec["stop_reason"] == "done"
    silent = run_episode(tp, make_env(ENV, render=False), make_control_assistant("silent", tp), ScriptedHuman(tp),
                         tmp_path / "silent", EpisodeConfig(write_frames=False))
    assert silent["status"] == "valid" and silent["passed"] == 0 and silent["completion"] == 0.0


@pytest.mark.slow
def test_cli_run_and_replay_on_the_real_environment(tmp_path, monkeypatch, capsys):
    (tmp_path / "tp").mkdir()
    (tmp_path / "tp" / "guidance-12.json").write_text(json.dumps(_pack()))
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))
    assert main(["run", "--out", str(tmp_path / "run"), "--no-render", "--no-progress"]) == 0
    cell = next((tmp_path / "run").glob("oracle__scripted-*/guidance-12/seed0"))
    assert json.loads((cell / "eval.json").read_text())["passed"] == 1
    capsys.readouterr()
    assert main(["replay", str(cell)]) == 0
    assert "replay MATCH" in capsys.readouterr().out
