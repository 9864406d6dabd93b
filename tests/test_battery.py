"""Assistants that use no evidence (DESIGN.md "Metrics"): silent, hello-only, generic advice, nagger, echo and
a random-plausible talker must pass nothing and earn almost no capability point or completion; and the
oracle programs are minimal, so the efficiency denominator is the shortest legal oracle (appendix C.3.3).

The fast cases run the battery on the two symbolic test TaskPacks and on one built-in TaskPack, and check the
minimality of the shortest sampled oracle; the slow ones run the battery on the catalog sample (every built-in
TaskPack with ``--full-catalog``, as ``iw-eval validate`` does) and check the other oracles, in the state-only
physical world."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_catalog import full_catalog, sample  # noqa: E402
from iw_catalog import params as catalog_params  # noqa: E402
from iw_fake_env import FakeEnv  # noqa: E402
from iw_taskpacks import decision_pack, prevention_pack  # noqa: E402

from interactiveworld.agents.base import AssistantObservation  # noqa: E402
from interactiveworld.agents.controls import (DEGENERATE_ASSISTANTS, EchoAssistant, GenericAdviceAssistant,  # noqa: E402
                                              HelloAssistant, NaggerAssistant, OracleAssistant, RandomTalker,
                                              ScriptedHuman, make_control_assistant, opening_categories)
from interactiveworld.bench.episode import EpisodeConfig, run_episode  # noqa: E402
from interactiveworld.bench.minimality import oracle_without, removable_commands  # noqa: E402
from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack, parse_taskpack  # noqa: E402
from interactiveworld.bench.validate import (BATTERY_MAX_CLEAN_PASS, BATTERY_MAX_MCR, battery_table,  # noqa: E402
                                             run_battery)


def _obs(tick, speech=()):
    return AssistantObservation(tick=tick, protocol="ASK", task_request="", frames=[], new_frames=[], new_segments=0,
                                wearer_speech=list(speech), first_turn=tick == 1)


def _lines(agent, n=6, speech=lambda t: ()):
    agent.reset("ASK")
    return [agent.act(_obs(t, speech(t))).action.speech or None for t in range(1, n + 1)]


def test_degenerate_agents_say_what_they_are_meant_to():
    assert _lines(HelloAssistant()) == ["Hello, I am here to help.", None, None, None, None, None]
    g = "Look carefully and choose the right one."
    assert _lines(GenericAdviceAssistant()) == [g, None, None, g, None, None]
    assert _lines(NaggerAssistant(), 4) == ["Stop.", "Careful.", "Put it back.", "Stop."]
    assert _lines(EchoAssistant(), 3, lambda t: ["a", "b"] if t == 1 else (["c"] if t == 3 else [])) == \
        ["b", None, "c"]
    talker = RandomTalker(["fridge", "milk carton"], seed=3)
    first = _lines(talker, 20)
    assert first == _lines(talker, 20)  # reset restarts the same seeded sequence
    said = [x for x in first if x]
    assert 4 <= len(said) <= 16  # about half the turns
    assert all(x.endswith((" the fridge.", " the milk carton.")) for x in said)
    with pytest.raises(ValueError, match="at least one category"):
        RandomTalker([])


def test_random_talker_names_only_what_the_opening_showed():
    tp = parse_taskpack(decision_pack())
    cats = opening_categories(tp, FakeEnv())
    assert cats and all("#" not in c and "_" not in c for c in cats)
    talker = make_control_assistant("random", tp, env=FakeEnv())
    assert talker.categories == cats


@pytest.mark.parametrize("pack", [decision_pack, prevention_pack])
def test_battery_on_symbolic_packs(pack, tmp_path):
    tp = parse_taskpack(pack())
    recs = run_battery(tp, FakeEnv, out_dir=tmp_path)
    assert [r["assistant"] for r in recs] == list(DEGENERATE_ASSISTANTS)
    for r in recs:
        assert r["status"] == "valid" and r["passed"] == 0 and r["completion"] == 0.0, r["assistant"]
        assert all(p["label"] != "clean_pass" for p in r["capabilities"]), r["assistant"]
    rows = battery_table(recs)
    assert all(row["ok"] for row in rows)


def test_battery_table_flags_a_breach():
    recs = [{"assistant": "x", "human": "scripted", "task_id": "decision-01", "family": "Decision", "status": "valid",
             "passed": 0, "completion": 0.5,
             "capabilities": [{"capability": "C3", "label": "clean_pass"}, {"capability": "C3", "label": "wrong"}]}]
    (row,) = battery_table(recs)
    assert (row["top_capability"], row["top_clean_pass"], row["top_mcr"], row["ok"]) == ("C3", 50.0, 50.0, False)


def test_oracle_without_drops_one_command():
    tp = parse_taskpack(prevention_pack())
    v = oracle_without(tp, 0, 1)
    assert v.oracle.steps[0].commands == ["[Open] <fridge> (1)"] and tp.oracle.steps[0].commands[1:]
    # the symbolic pack's closing of the fridge is not needed for its goals: not minimal
    assert removable_commands(tp, FakeEnv) == ["step 1: [Close] <fridge> (1)"]


PACKS = builtin_taskpacks()


def _world():
    from interactiveworld.env import Environment

    return Environment(render=False)


def _battery_passes_nothing(ids: list[str], out_dir: Path) -> None:
    """The degenerate battery over ``ids`` in the state-only world passes nothing and stays within its limits."""
    recs = []
    for tid in ids:
        recs += run_battery(load_taskpack(PACKS[tid]), _world, out_dir=out_dir)
    rows = battery_table(recs)
    assert [r["assistant"] for r in rows] == list(DEGENERATE_ASSISTANTS)
    for r in rows:
        assert r["tasks"] == len(ids) and r["void"] == 0 and r["passed"] == 0, r
        assert r["top_clean_pass"] <= BATTERY_MAX_CLEAN_PASS and r["top_mcr"] <= BATTERY_MAX_MCR, r


def test_battery_over_one_builtin_taskpack(tmp_path):
    """The default suite's representative of the catalog battery below: one built-in TaskPack."""
    _battery_passes_nothing(["decision-05"], tmp_path)


@pytest.mark.slow
def test_battery_over_every_taskpack(tmp_path, request):
    """The degenerate battery over the catalog sample (every TaskPack with ``--full-catalog``)."""
    _battery_passes_nothing(sorted(PACKS) if full_catalog(request.config) else sample(PACKS), tmp_path)


LONG_ORACLE = 20
"""Oracles longer than this many commands cost a minute or more each to check for minimality (one run per dropped
command): in the sample they are checked with ``--full-catalog`` (``iw-eval validate`` checks their step count)."""


def _long_oracle(tid: str) -> list:
    return [pytest.mark.catalog] if load_taskpack(PACKS[tid]).oracle.step_count > LONG_ORACLE else []


FAST_MINIMAL = min(sample(PACKS), key=lambda t: (load_taskpack(PACKS[t]).oracle.step_count, t))
"""The sampled TaskPack with the shortest oracle: its minimality check stays in the default suite, the others are
``slow``."""


@pytest.mark.parametrize("tid", catalog_params(
    PACKS, lambda t: _long_oracle(t) + ([] if t == FAST_MINIMAL else [pytest.mark.slow])))
def test_oracle_is_minimal(tid, tmp_path):
    """Dropping any required oracle command fails the task, and the oracle completes stably at its last action,
    so ``oracle.step_count`` is the shortest legal oracle."""
    tp = load_taskpack(PACKS[tid])
    assert removable_commands(tp, _world) == []
    rec = run_episode(tp, _world(), OracleAssistant(tp), ScriptedHuman(tp), Path(tmp_path) / "oracle",
                      EpisodeConfig(write_frames=False))
    # the oracle control also runs the optional steps (a search that opens other cabinets first, say)
    optional = sum(len(s.commands) for s in tp.oracle.steps if s.optional)
    assert rec["passed"] == 1 and rec["stable_completion_action"] == rec["actions"] == tp.oracle.step_count + optional
    assert rec["efficiency"] == pytest.approx(rec["actions"] / tp.oracle.step_count)


def test_a_battery_row_that_breaks_a_limit_says_which():
    from interactiveworld.cli import _battery_breach

    row = {"void": 1, "passed": 0, "top_clean_pass": 0.0, "top_capability": "C1", "top_mcr": 0.0,
           "top_family": "Decision"}
    assert _battery_breach(row) == "1 VOID: a TaskPack that does not run"
    row.update(void=0, passed=2, top_clean_pass=BATTERY_MAX_CLEAN_PASS + 2.5, top_capability="C6")
    assert _battery_breach(row) == f"passed 2; clean_pass {BATTERY_MAX_CLEAN_PASS + 2.5:g} % on C6"


def test_a_states_answer_that_names_a_visible_thing_is_flagged():
    """Naming what the frames show is no evidence: an answer "counter" is in "Check the counter.", an answer
    "on the shelf" in "Turn on the shelf."; stated facts ("in the fridge", "$41") are in no such line."""
    from interactiveworld.agents.controls import talker_lines
    from interactiveworld.bench.validate import answers_a_talker_could_say, scene_categories

    lines = talker_lines(["fridge", "table"])
    assert "Turn on the table." in lines and "Hello, I am here to help." in lines and "Stop." in lines
    data = decision_pack()
    assert {"counter", "shelf", "milk carton", "invoice card", "card"} <= set(scene_categories(parse_taskpack(data)))
    check = data["capabilities"][0]["points"][0]["check"]
    for answer, flagged in (({"phrase": "counter"}, True), ({"phrase": "on the shelf"}, True),
                            ({"phrase": "careful"}, True), ({"phrase": "milk carton"}, True),
                            ({"phrase": "in the fridge"}, False), ({"phrase": "bromelain"}, False),
                            ({"number": 41, "unit": "$"}, False)):
        check["answer"] = [answer]
        got = answers_a_talker_could_say(parse_taskpack(data, verify_hash=False))
        assert bool(got) == flagged, (answer, got)


def test_no_builtin_states_answer_is_in_a_talker_line():
    """Every built-in TaskPack's ``states`` answers state a fact that no degenerate Assistant's line carries."""
    from interactiveworld.bench.validate import answers_a_talker_could_say

    found = {tid: answers_a_talker_could_say(load_taskpack(path)) for tid, path in PACKS.items()}
    assert not {t: f for t, f in found.items() if f}
