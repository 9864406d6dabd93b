"""Replay reproduces every valid cell: withheld commands stay unexecuted, outcomes are compared per command,
a trace of two episodes is refused, the environment factory never comes from a file, and a sweep of the
oracle and every control over all built-in TaskPacks replays with zero mismatches."""
import json
import sys
from pathlib import Path

import pytest
from iw_catalog import full_catalog, sample

sys.path.insert(0, str(Path(__file__).parent))
from iw_taskpacks import write_packs  # noqa: E402

from interactiveworld.agents.base import HumanTurn  # noqa: E402
from interactiveworld.agents.controls import SilentAssistant  # noqa: E402
from interactiveworld.agents.protocol import parse_human, render_human  # noqa: E402
from interactiveworld.bench.episode import EpisodeConfig, run_episode  # noqa: E402
from interactiveworld.bench.replay import ReplayError, allowed_envs, choose_factory  # noqa: E402
from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack  # noqa: E402
from interactiveworld.cli import main  # noqa: E402
from interactiveworld.env import Environment  # noqa: E402

FAKE = "iw_fake_env:FakeEnv"


class _Commands:
    """A Human that sends the given commands, one per tick."""

    name = "commands"

    def __init__(self, commands):
        self.commands = list(commands)

    def reset(self, protocol):
        pass

    def act(self, obs):
        cmd = self.commands.pop(0) if self.commands else ""
        return HumanTurn(parse_human(render_human("", cmd, "")))


def _world_cell(tmp_path, task, commands):
    tp = load_taskpack(builtin_taskpacks()[task])
    cell = tmp_path / "cell"
    rec = run_episode(tp, Environment(render=False), SilentAssistant(), _Commands(commands), cell,
                      EpisodeConfig(write_frames=False, env={"factory": "interactiveworld.env:Environment",
                                                             "render": False}))
    return cell, rec


def _trace(cell):
    return [json.loads(x) for x in (cell / "trace.jsonl").read_text().splitlines()]


def test_withheld_commands_are_not_executed_on_replay(tmp_path, capsys):
    # the gift box of finding-08 is out of sight: the loop refuses the grab without touching the world
    cell, rec = _world_cell(tmp_path, "finding-08", ["[Grab] <gift_box> (2)"])
    assert rec["status"] == "valid"
    (cmd,) = [r for r in _trace(cell) if r["type"] == "command"]
    assert cmd["executed"] is False and cmd["outcome"]["ok"] is False
    assert main(["replay", str(cell)]) == 0
    out = capsys.readouterr().out
    assert "replay MATCH" in out and "1 withheld command(s) not executed, 0 outcome mismatch(es)" in out
    # traces written before the flag existed: the withheld entities in the error details are enough
    lines = (cell / "trace.jsonl").read_text().splitlines()
    lines = [json.dumps({k: v for k, v in json.loads(x).items() if k != "executed"}) for x in lines]
    (cell / "trace.jsonl").write_text("\n".join(lines) + "\n")
    assert main(["replay", str(cell)]) == 0


def _fake_cell(tmp_path, monkeypatch):
    write_packs(tmp_path / "tp")
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))
    assert main(["run", "--tasks", "decision-05", "--env", FAKE, "--out", str(tmp_path / "run"), "--no-progress",
                 "--no-render"]) == 0
    return next((tmp_path / "run").rglob("trace.jsonl")).parent


def _rewrite(cell, fn):
    recs = [fn(r) for r in _trace(cell)]
    (cell / "trace.jsonl").write_text("".join(json.dumps(r) + "\n" for r in recs if r is not None))


@pytest.mark.parametrize("tamper,needle", [
    (lambda o: {**o, "ok": False}, "ok False recorded, True on replay"),
    (lambda o: {**o, "relation_delta": {"added": [["on", "x#1", "y#1"]], "removed": []}}, "delta"),
    (lambda o: {**o, "primitive": "Put"}, "primitive 'Put' recorded, 'pick' on replay"),
])
def test_a_changed_command_outcome_is_a_mismatch_even_when_the_final_digest_agrees(tmp_path, monkeypatch, capsys,
                                                                                 tamper, needle):
    cell = _fake_cell(tmp_path, monkeypatch)
    first = {"done": False}

    def fn(r):
        if r["type"] == "command" and not first["done"]:
            first["done"] = True
            return {**r, "outcome": tamper(r["outcome"])}
        return r

    _rewrite(cell, fn)
    capsys.readouterr()
    assert main(["replay", str(cell), "--env", FAKE]) == 1
    out = capsys.readouterr().out
    assert "replay MISMATCH" in out and needle in out and "1 outcome mismatch(es)" in out


def test_a_trace_of_two_episodes_is_refused(tmp_path, monkeypatch, capsys):
    cell = _fake_cell(tmp_path, monkeypatch)
    text = (cell / "trace.jsonl").read_text()
    (cell / "trace.jsonl").write_text(text + text)
    capsys.readouterr()
    assert main(["replay", str(cell), "--env", FAKE]) == 2
    assert "holds 2 episodes" in capsys.readouterr().err


@pytest.mark.parametrize("where", ["header", "eval", "sweep.json"])
def test_the_factory_named_by_a_file_is_never_run(tmp_path, monkeypatch, capsys, where):
    cell = _fake_cell(tmp_path, monkeypatch)
    if where == "header":
        _rewrite(cell, lambda r: {**r, "env": {"factory": "os:abort", "render": False}} if r["type"] == "header" else r)
    else:
        _rewrite(cell, lambda r: {k: v for k, v in r.items() if k != "env"})
        ev = json.loads((cell / "eval.json").read_text())
        ev.pop("env")
        if where == "eval":
            ev["env"] = {"factory": "os:abort", "render": False}
        else:
            man = json.loads((tmp_path / "run" / "sweep.json").read_text())
            (tmp_path / "run" / "sweep.json").write_text(json.dumps({**man, "env": "os:abort"}))
        (cell / "eval.json").write_text(json.dumps(ev))
    capsys.readouterr()
    assert main(["replay", str(cell)]) == 2  # still alive: os.abort was not called
    err = capsys.readouterr().err
    assert "recorded with the environment factory 'os:abort'" in err and "not on the allow-list" in err
    assert main(["replay", str(cell), "--env", FAKE]) == 0  # named deliberately on the command line


def test_allow_list_comes_from_the_environment(monkeypatch):
    monkeypatch.delenv("IW_ENVS", raising=False)
    assert allowed_envs() == ["interactiveworld.env:Environment"]
    monkeypatch.setenv("IW_ENVS", f"{FAKE}, mypkg.sim:make")
    assert allowed_envs() == ["interactiveworld.env:Environment", FAKE, "mypkg.sim:make"]
    assert choose_factory(None, FAKE, "the trace header") == (FAKE, "as recorded in the trace header")
    with pytest.raises(ReplayError, match="not on the allow-list"):
        choose_factory(None, "os:system", "eval.json")


def _controls_replay_without_a_mismatch(ids: list[str], out, capsys, workers: int = 2) -> None:
    """A sweep of the oracle and the four other controls over ``ids``; every cell replays to a MATCH."""
    assert main(["run", "--assistant", "oracle", "silent", "nohelp", "wrong", "early", "--no-render", "--no-progress",
                 "--out", str(out), "--workers", str(workers), "--tasks", *ids]) == 0
    capsys.readouterr()
    assert main(["replay", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    n_cells = len([p for p in out.rglob("eval.json") if "attempts" not in p.parts])
    assert n_cells >= 4 * len(ids)
    assert lines[-1] == f"replayed {n_cells} cell(s): {n_cells} MATCH, 0 MISMATCH or FAILED"
    assert sum("replay MATCH" in ln for ln in lines) == n_cells


def test_oracle_and_controls_over_one_taskpack_replay_without_a_mismatch(tmp_path, capsys):
    """The default suite's representative of the sweep below: every control on one built-in TaskPack."""
    _controls_replay_without_a_mismatch(["decision-05"], tmp_path / "run", capsys, workers=1)


@pytest.mark.slow
def test_oracle_and_controls_over_every_taskpack_replay_without_a_mismatch(tmp_path, capsys, request):
    """Every cell of the five controls replays to a MATCH: over two TaskPacks per family, the first and the last
    row (every TaskPack with ``--full-catalog``; the replay path is the same for every cell, so the default run
    keeps to the suite's time budget)."""
    ids = sorted(builtin_taskpacks()) if full_catalog(request.config) else sample(builtin_taskpacks(), 2)
    _controls_replay_without_a_mismatch(ids, tmp_path / "run", capsys)
