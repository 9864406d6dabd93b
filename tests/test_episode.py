"""The closed loop on the symbolic test environment: controls, queue rules, budgets, VOID cells and
the information boundary (paper appendix C.2.1-C.2.2, C.2.5)."""
import copy
import json
import os
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_fake_env import FakeEnv  # noqa: E402
from iw_policies import ListAssistant, ListHuman  # noqa: E402
from iw_taskpacks import _hashed, decision_pack, prevention_pack  # noqa: E402

from interactiveworld.agents.controls import ScriptedHuman, make_control_assistant  # noqa: E402
from interactiveworld.bench.episode import EpisodeConfig, _walked_m, run_episode  # noqa: E402
from interactiveworld.bench.logs import read_trace  # noqa: E402
from interactiveworld.bench.taskpack import parse_taskpack  # noqa: E402
from interactiveworld.env_types import StepOutcome  # noqa: E402
from interactiveworld.world.motion import Interval, Keyframe  # noqa: E402

PACKS = {"decision-05": decision_pack, "prevention-01": prevention_pack}


def _run(tp, assistant, human, tmp_path, env=None, **cfg):
    env = env or FakeEnv()
    rec = run_episode(tp, env, assistant, human, tmp_path / "cell", EpisodeConfig(**cfg))
    return rec, read_trace(tmp_path / "cell" / "trace.jsonl"), env


@pytest.mark.parametrize("task", sorted(PACKS))
@pytest.mark.parametrize("control,passed,stop", [
    ("oracle", 1, "done"), ("silent", 0, "tick_budget"), ("nohelp", 0, "tick_budget"),
    ("wrong", 0, "done"), ("early", 0, "done")])
def test_controls(task, control, passed, stop, tmp_path):
    tp = parse_taskpack(PACKS[task]())
    rec, trace, _ = _run(tp, make_control_assistant(control, tp), ScriptedHuman(tp), tmp_path)
    assert rec["status"] == "valid" and rec["passed"] == passed and rec["stop_reason"] == stop
    if control == "oracle":
        assert rec["completion"] == 1.0
        assert rec["actions"] == tp.oracle.step_count
        # decision: the final Put completes it; prevention: the PutIn, before the closing of the fridge
        assert rec["stable_completion_action"] == {"decision-05": 2, "prevention-01": 3}[task]
        # efficiency counts actions up to stable completion (the closing of the fridge is not needed)
        assert rec["efficiency"] == rec["stable_completion_action"] / tp.oracle.step_count
        assert all(c["label"] == "clean_pass" for c in rec["capabilities"])
    else:
        assert rec["completion"] < 1.0 and rec["efficiency"] is None
    if control == "nohelp":
        assert not any(r["type"] == "assistant" for r in trace)  # never polled
    if control == "early":
        assert rec["actions"] == 0 and rec["ticks"] == 1
        assert {c["label"] for c in rec["capabilities"]} == {"unobserved"}


def test_new_instruction_preempts_queued_commands(tmp_path):
    tp = parse_taskpack(decision_pack())
    a = ListAssistant(["interrupt Walk around a bit.", "interrupt Now grab the $41 card.", "done"])
    h = ListHuman([("[Walk] <shelf> (1)\n[Walk] <door> (1)\n[Walk] <price_board> (1)", "OK"),
                   ("[Grab] <invoice_card> (2)", "")])
    rec, trace, env = _run(tp, a, h, tmp_path)
    after_opening = env.executed[len(tp.opening.commands):]
    assert after_opening == ["[Walk] <shelf> (1)", "[Grab] <invoice_card> (2)"]
    pre = [r for r in trace if r["type"] == "preempt"]
    assert pre and pre[0]["tick"] == 2 and pre[0]["dropped"] == ["[Walk] <door> (1)", "[Walk] <price_board> (1)"]
    assert rec["stop_reason"] == "done" and rec["actions"] == 2


def test_execution_error_flushes_the_queue_and_counts(tmp_path):
    tp = parse_taskpack(decision_pack())
    a = ListAssistant(["interrupt Grab two cards and wait.", "silent", "silent", "done"])
    h = ListHuman([("[Grab] <invoice_card> (1)\n[Grab] <invoice_card> (2)\n[Wait]", "")])
    rec, trace, env = _run(tp, a, h, tmp_path)
    cmds = [r for r in trace if r["type"] == "command"]
    assert [c["command"] for c in cmds] == ["[Grab] <invoice_card> (1)", "[Grab] <invoice_card> (2)"]
    assert cmds[1]["outcome"]["error"]["code"] == "HAND_FULL"
    flush = next(r for r in trace if r["type"] == "flush")
    assert flush["dropped"] == ["[Wait]"]
    assert rec["actions"] == 2 and rec["refused_actions"] == 1
    # the Human is told why
    assert "already holding" in h.seen[2].last_result


def test_parse_error_is_a_refused_action_and_flushes(tmp_path):
    tp = parse_taskpack(decision_pack())
    a = ListAssistant(["interrupt Grab the $41 card.", "silent", "silent", "done"])
    h = ListHuman([("[Walk] <shelf> (1)\n[Walk] <door> (1)", ""), ("grab the card please", "")])
    rec, trace, env = _run(tp, a, h, tmp_path)
    pe = [r for r in trace if r["type"] == "parse_error"]
    assert len(pe) == 1 and pe[0]["error"]["code"] == "PARSE_ERROR"
    assert env.executed[len(tp.opening.commands):] == ["[Walk] <shelf> (1)"]  # [Walk] <door> flushed
    assert rec["actions"] == 2 and rec["refused_actions"] == 1
    assert h.seen[2].last_result.startswith("Your commands could not be read")


def test_done_freezes_after_accepted_commands_drain(tmp_path):
    tp = parse_taskpack(decision_pack())
    a = ListAssistant(["interrupt Take the $41 card to the desk.", "done"])
    h = ListHuman([("[Grab] <invoice_card> (2)\n[Walk] <approval_desk> (1)\n"
                    "[Put] <invoice_card> (2) <approval_desk> (1)", "OK")])
    rec, trace, env = _run(tp, a, h, tmp_path)
    assert rec["stop_reason"] == "done" and rec["passed"] == 1 and rec["actions"] == 3
    assert len(h.seen) == 1  # no Human turn after done
    assert [r["type"] for r in trace if r["type"] in ("assistant", "freeze")].count("assistant") == 2


def test_action_budget_counts_refused_actions(tmp_path):
    data = copy.deepcopy(decision_pack())
    data["budgets"] = {"ticks": 50, "actions": 3}
    tp = parse_taskpack(_hashed(data))
    a = ListAssistant(["interrupt Grab the unicorn."])
    h = ListHuman([("[Grab] <unicorn> (1)", "")] * 10)
    rec, trace, env = _run(tp, a, h, tmp_path)
    assert rec["stop_reason"] == "action_budget" and rec["actions"] == 3 and rec["refused_actions"] == 3
    assert rec["passed"] == 0


def test_goal_satisfaction_never_auto_terminates(tmp_path):
    tp = parse_taskpack(decision_pack())
    a = ListAssistant(["interrupt Put the $41 card on the desk."])  # then silent, never done
    h = ListHuman([("[Grab] <invoice_card> (2)\n[Put] <invoice_card> (2) <approval_desk> (1)", "")])
    rec, _, _ = _run(tp, a, h, tmp_path)
    assert rec["stop_reason"] == "tick_budget" and rec["ticks"] == tp.budgets.ticks and rec["passed"] == 1
    assert rec["stable_completion_action"] == 2


@pytest.mark.parametrize("mutate,assistant_kw,reason", [
    (lambda d: d["scene"].update(fail_reset=True), {}, "setup failed"),
    (lambda d: d["opening"]["commands"].append("[Walk] <unicorn> (1)"), {}, "opening command"),
    (lambda d: (d["scene"]["entities"].append({"key": "crash#1"}),
                d["human_context"]["legend"].append({"handle": "crash#1", "description": "the crash thing"})),
     {}, "environment raised"),
    (lambda d: (d["scene"]["entities"].append({"key": "glitch#1"}),
                d["human_context"]["legend"].append({"handle": "glitch#1", "description": "the glitch thing"})),
     {}, "internal simulator error"),
    (lambda d: None, {"fail_at": 2}, "transport"),
])
def test_infrastructure_faults_make_the_cell_void(mutate, assistant_kw, reason, tmp_path):
    data = copy.deepcopy(decision_pack())
    mutate(data)
    tp = parse_taskpack(_hashed(data))
    a = ListAssistant(["interrupt Use the crash thing.", "interrupt Use the glitch thing."], **assistant_kw)
    h = ListHuman([("[Walk] <crash> (1)" if any(e["key"] == "crash#1" for e in data["scene"]["entities"])
                    else "[Walk] <glitch> (1)" if any(e["key"] == "glitch#1" for e in data["scene"]["entities"])
                    else "", "")] * 3)
    rec, trace, _ = _run(tp, a, h, tmp_path)
    assert rec["status"] == "void" and rec["stop_reason"] == "void" and reason in rec["void_reason"]
    assert rec["passed"] is None and rec["completion"] is None
    assert trace[-1]["type"] == "end" and trace[-1]["status"] == "void"


def test_missing_opening_frames_make_the_cell_void(tmp_path):
    tp = parse_taskpack(decision_pack())
    rec, _, _ = _run(tp, ListAssistant([]), ListHuman([]), tmp_path, env=FakeEnv(render=False), write_frames=True)
    assert rec["status"] == "void" and "missing evidence" in rec["void_reason"]


def test_policy_exception_is_recorded_as_error(tmp_path):
    tp = parse_taskpack(decision_pack())
    rec, trace, _ = _run(tp, ListAssistant([], crash_at=1), ListHuman([]), tmp_path)
    assert rec["stop_reason"] == "error" and rec["status"] == "void" and "KeyError" in rec["void_reason"]
    assert any(r["type"] == "exception" for r in trace)


def test_assistant_sees_only_pixels_and_speech(tmp_path):
    tp = parse_taskpack(decision_pack())
    a = ListAssistant(["interrupt Grab the $41 card."] + ["silent"] * 30)
    leak_speech = "I put <invoice_card> (2) on approval_desk#1 at (1.20, 3.40), next to the invoice_card."
    h = ListHuman([("[Grab] <invoice_card> (2)", leak_speech)] + [("[Walk] <shelf> (1)", "")] * 40)
    data = copy.deepcopy(decision_pack())
    data["budgets"] = {"ticks": 14, "actions": 20}
    tp = parse_taskpack(_hashed(data))
    rec, trace, _ = _run(tp, a, h, tmp_path)
    for obs in a.seen:
        text = " ".join([obs.task_request, *obs.wearer_speech])
        for forbidden in ("#", "<invoice_card>", "(1.20", "invoice_card", "approval_desk"):
            assert forbidden not in text
        assert len(obs.frames) <= 32
        assert all(f.png.startswith(b"\x89PNG") for f in obs.frames)
        assert not hasattr(obs, "handles") and not hasattr(obs, "held")
    heard = a.seen[1].wearer_speech
    assert heard == ["I put [redacted] on [redacted] at [redacted], next to the [redacted]."]
    leak = next(r for r in trace if r["type"] == "leak")
    assert {x["kind"] for x in leak["leaks"]} == {"handle", "entity_key", "coordinates", "entity_name"}
    assert rec["leaks"] == 4
    # opening result frames stay pinned once the history exceeds 32 frames
    opening_results = [f.index for f in a.seen[0].frames if "result" in f.tags]
    last = a.seen[-1]
    assert len(last.frames) == 32 and len(opening_results) == len(tp.opening.commands)
    assert set(opening_results) <= {f.index for f in last.frames}
    # the 8 most recent frames are always in
    newest = max(f.index for f in last.frames)
    assert [f.index for f in last.frames][-8:] == list(range(newest - 7, newest + 1))


def _narrate_pack():
    data = copy.deepcopy(decision_pack())
    data.update(id="narrate-sample", family="Accessibility", protocol=None)
    data.pop("protocol")
    data.pop("catalog", None)  # a task of its own, not a catalog row
    for e in data["human_context"]["legend"]:
        e["aliases"] = {"invoice_card#1": ["$39"], "invoice_card#2": ["$41"], "invoice_card#3": ["$45"],
                        "approval_desk#1": ["approval desk"], "shelf#1": ["shelf"]}[e["handle"]]
    return _hashed(data)


def test_narrate_human_gets_no_frames_and_only_named_handles(tmp_path):
    tp = parse_taskpack(_narrate_pack())
    a = ListAssistant(["silent", "interrupt Pick up the card printed $41.", "done"])
    h = ListHuman([])
    _run(tp, a, h, tmp_path)
    assert all(obs.frames == [] for obs in h.seen)
    assert h.seen[0].handles == []
    assert h.seen[1].handles == [("<invoice_card> (2)", "the middle invoice card")]


def test_find_exposes_movable_handles_only_when_visible(tmp_path):
    data = copy.deepcopy(decision_pack())
    data.update(id="finding-05", family="Finding")
    data.pop("protocol")
    data["catalog"] = {"table": 12, "row": 5}
    data["opening"]["commands"] = ["[Walk] <shelf> (1)"]  # the cards (on the counter) are out of view
    data["evidence"] = [dict(ev, shown_by=None) for ev in data["evidence"]]
    tp = parse_taskpack(_hashed(data))
    a = ListAssistant(["interrupt Go to the counter.", "silent", "done"])
    h = ListHuman([("[Walk] <counter> (1)", "")])
    _run(tp, a, h, tmp_path)
    first = [arg for arg, _ in h.seen[0].handles]
    second = [arg for arg, _ in h.seen[1].handles]
    assert "<invoice_card> (2)" not in first and "<approval_desk> (1)" in first
    assert {"<invoice_card> (1)", "<invoice_card> (2)", "<invoice_card> (3)"} <= set(second)


def test_eval_json_fields(tmp_path):
    tp = parse_taskpack(decision_pack())
    rec, trace, env = _run(tp, make_control_assistant("oracle", tp), ScriptedHuman(tp), tmp_path, seed=3)
    on_disk = json.loads((tmp_path / "cell" / "eval.json").read_text())
    assert on_disk["passed"] == rec["passed"] == 1
    assert on_disk["seed"] == 3 and on_disk["taskpack_hash"] == tp.hash
    assert on_disk["final_digest"] == env.state_digest()
    assert [p["kind"] for p in on_disk["points"]] == ["goal", "prohibition", "prohibition", "prohibition"]
    types = [r["type"] for r in trace]
    assert types[0] == "header" and types[-1] == "end" and "baseline" in types and "final" in types
    assert [r["seq"] for r in trace] == list(range(len(trace)))
    frames = sorted((tmp_path / "cell" / "frames").glob("*.png"))
    assert len(frames) == rec["frames"] == 4 * (len(tp.opening.commands) + rec["actions"])


def test_no_render_writes_no_frames(tmp_path):
    tp = parse_taskpack(decision_pack())
    rec, _, _ = _run(tp, make_control_assistant("oracle", tp), ScriptedHuman(tp), tmp_path,
                     env=FakeEnv(render=False), write_frames=False)
    assert rec["passed"] == 1 and rec["frames"] == 0
    assert not (tmp_path / "cell" / "frames").exists()


def test_find_refuses_commands_on_unseen_targets(tmp_path):
    data = copy.deepcopy(decision_pack())
    data.update(id="finding-05", family="Finding")
    data.pop("protocol")
    data["catalog"] = {"table": 12, "row": 5}
    data["opening"]["commands"] = ["[Walk] <shelf> (1)"]
    data["evidence"] = [dict(ev, shown_by=None) for ev in data["evidence"]]
    tp = parse_taskpack(_hashed(data))
    a = ListAssistant(["interrupt Grab the card printed $41.", "interrupt Go to the counter first.", "silent",
                       "done"])
    # the Human tries the remembered card by its handle before it is in view: refused, not executed
    h = ListHuman([("[Grab] <invoice_card> (2)", ""), ("[Walk] <counter> (1)\n[Grab] <invoice_card> (2)", "")])
    rec, trace, env = _run(tp, a, h, tmp_path)
    cmds = [r for r in trace if r["type"] == "command"]
    assert cmds[0]["outcome"]["error"]["code"] == "UNKNOWN_ENTITY"
    assert "cannot see it" in cmds[0]["outcome"]["error"]["message"]
    assert "[Grab] <invoice_card> (2)" not in env.executed[:len(tp.opening.commands) + 1]
    assert [c["outcome"]["ok"] for c in cmds] == [False, True, True] and env.held() == "invoice_card#2"
    assert rec["refused_actions"] == 1


def test_trace_is_synced_once_per_tick_not_per_record(tmp_path, monkeypatch):
    """With ``fsync`` on, the trace reaches the disk at the end of every tick and once more on close: each sync
    finds the tick's own ``tick`` record last in the file (and ``end`` for the closing one); ``eval.json`` is
    synced once, before its rename. With ``fsync`` off nothing is."""
    trace_path = tmp_path / "cell" / "trace.jsonl"
    synced, others = [], []
    real_fsync = os.fsync

    def fsync(fd):
        if trace_path.exists() and os.fstat(fd).st_ino == trace_path.stat().st_ino:
            synced.append(read_trace(trace_path)[-1])
        else:
            others.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    tp = parse_taskpack(decision_pack())
    a = ListAssistant(["interrupt Take the $41 card to the desk.", "silent", "silent", "done"])
    h = ListHuman([("[Grab] <invoice_card> (2)\n[Put] <invoice_card> (2) <approval_desk> (1)", "OK")])
    rec, trace, _ = _run(tp, a, h, tmp_path, fsync=True)
    assert rec["stop_reason"] == "done" and rec["ticks"] == 4
    assert [(r["type"], r.get("tick")) for r in synced] == [("tick", 1), ("tick", 2), ("tick", 3), ("tick", 4),
                                                           ("end", None)]
    assert len(trace) > 3 * len(synced)  # several records per sync
    assert len(others) == 1 and (tmp_path / "cell" / "eval.json").exists()
    synced.clear()
    others.clear()
    _run(tp, ListAssistant(["done"]), ListHuman([]), tmp_path / "off", fsync=False)
    assert synced == [] and others == []


class _CountingReads:
    """Passes every call to the environment and counts the loop's relation read-backs."""

    def __init__(self, env):
        self.env = env
        self.reads = 0

    def relations(self):
        self.reads += 1
        return self.env.relations()

    def __getattr__(self, name):
        return getattr(self.env, name)


def test_relations_are_read_back_once_per_command(tmp_path):
    """The baseline, once after each command that ran and the final state: a Human turn with no command since
    reuses the last read, and still sees where a moved object now rests."""
    tp = parse_taskpack(decision_pack())
    a = ListAssistant(["interrupt Put the $41 card on the desk.", "silent", "silent", "silent", "done"])
    h = ListHuman([("[Grab] <invoice_card> (2)\n[Put] <invoice_card> (2) <approval_desk> (1)", "")])
    env = _CountingReads(FakeEnv())
    rec, trace, _ = _run(tp, a, h, tmp_path, env=env)
    assert rec["ticks"] == 5 and rec["actions"] == 2 and len(h.seen) == 4
    assert env.reads == 1 + 2 + 1
    described = [dict(obs.handles).get("<invoice_card> (2)") for obs in h.seen]
    assert described == ["the middle invoice card", "the middle invoice card (in your hand)",  # held
                         "the middle invoice card (moved: now on the approval desk)",
                         "the middle invoice card (moved: now on the approval desk)"]


def test_walked_metres_are_the_sum_of_numpy_steps():
    """The horizontal path length in Python floats equals the per-step numpy float64 formula bit for bit
    (a 3-4-5 step by hand, then random keyframes against the numpy twin)."""
    def outcome(points):
        kfs = [Keyframe(time_s=0.1 * i, body_translation=np.asarray(p, float), body_pose=np.zeros(156))
               for i, p in enumerate(points)]
        return StepOutcome(command="[Walk] <door> (1)", ok=True, interval=Interval("[Walk] <door> (1)", kfs))

    assert _walked_m(outcome([(0, 0, 0.9), (3, 4, 0.9), (3, 4, 0.2)])) == 5.0
    assert _walked_m(StepOutcome(command="[Wait]", ok=True)) == 0.0
    rng = np.random.default_rng(7)
    for n in range(300):
        pts = rng.normal(size=(n % 7, 3)) * 10.0 ** rng.integers(-3, 3)
        want = 0.0
        for p, q in zip(pts, pts[1:]):
            d = q[:2] - p[:2]
            want += float((d[0] ** 2 + d[1] ** 2) ** 0.5)
        assert _walked_m(outcome(pts)) == want
