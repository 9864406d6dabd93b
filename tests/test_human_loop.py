"""The Human's side of the loop: one queue rule (contract, turn text and loop agree), the legend as the contract,
plain-words refusals, and a WATCH plan that retries or waits after a failed step."""
from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_fake_env import FakeEnv  # noqa: E402
from iw_policies import ListAssistant, ListHuman  # noqa: E402
from iw_taskpacks import _hashed, decision_pack, prevention_pack  # noqa: E402

from interactiveworld.agents.base import QUEUE_RULE, HumanObservation, next_queue  # noqa: E402
from interactiveworld.agents.controls import PLAN_RETRIES, ScriptedHuman, make_control_assistant  # noqa: E402
from interactiveworld.agents.prompts import human_contract, human_user_text  # noqa: E402
from interactiveworld.bench.episode import EpisodeConfig, run_episode  # noqa: E402
from interactiveworld.bench.logs import read_trace  # noqa: E402
from interactiveworld.bench.taskpack import parse_taskpack  # noqa: E402


def _run(tp, assistant, human, tmp_path, env=None):
    env = env or FakeEnv()
    rec = run_episode(tp, env, assistant, human, tmp_path / "cell", EpisodeConfig())
    return rec, read_trace(tmp_path / "cell" / "trace.jsonl"), env


# ------------------------------------------------------------------------------------------------ the queue rule
W, B = ["[Walk] <approval_desk> (1)", "[Walk] <shelf> (1)"], ["[Grab] <invoice_card> (2)"]


@pytest.mark.parametrize("waiting, new, block, queue, dropped", [
    ([], False, [], [], []),          # nothing waiting, nothing new: nothing runs
    ([], False, B, B, []),            # new commands run
    (W, False, [], W, []),            # an empty <action> lets waiting commands go on
    (W, False, B, B, W),              # new commands replace the waiting ones
    ([], True, [], [], []),
    ([], True, B, B, []),
    (W, True, [], [], W),             # a new instruction cancels what was waiting ...
    (W, True, B, B, W),               # ... and only the reply's commands run
])
def test_next_queue_each_combination(waiting, new, block, queue, dropped):
    assert next_queue(waiting, new_instruction=new, block=block) == (queue, dropped)


def _obs(**kw):
    base = dict(tick=3, protocol="ASK", public_context="", restriction="", handles=[], held=None, last_result="",
                assistant_speech="", new_instruction=False, active_instruction="", queued=[], frames=[])
    base.update(kw)
    return HumanObservation(**base)


def test_contract_and_turn_text_say_the_same_rule():
    assert QUEUE_RULE in human_contract()
    assert "cancels commands still waiting" not in human_contract().replace(QUEUE_RULE, "")
    waiting = human_user_text(_obs(queued=W))
    assert "still waiting to run (an empty <action> lets them go on; new commands replace them)" in waiting
    cancelled = human_user_text(_obs(assistant_speech="Stop.", new_instruction=True, cancelled=W))
    assert "cancelled your waiting commands (give again any you still want): " + "; ".join(W) in cancelled
    assert "still waiting" not in cancelled


def test_a_new_instruction_shows_the_waiting_commands_as_cancelled(tmp_path):
    tp = parse_taskpack(decision_pack())
    a = ListAssistant(["interrupt Walk around a bit.", "interrupt Now grab the $41 card.", "done"])
    h = ListHuman([("\n".join(["[Walk] <shelf> (1)"] + W), "OK"), ("", "")])
    rec, trace, env = _run(tp, a, h, tmp_path)
    second = h.seen[1]
    assert second.new_instruction and second.queued == [] and second.cancelled == W
    assert env.executed[len(tp.opening.commands):] == ["[Walk] <shelf> (1)"]  # the loop ran none of them


def test_without_a_new_instruction_waiting_commands_are_shown_and_go_on(tmp_path):
    tp = parse_taskpack(decision_pack())
    a = ListAssistant(["interrupt Walk around a bit.", "silent", "silent", "done"])
    h = ListHuman([("\n".join(["[Walk] <shelf> (1)"] + W), "OK"), ("", ""), ("", "")])
    rec, trace, env = _run(tp, a, h, tmp_path)
    assert h.seen[1].queued == W and h.seen[1].cancelled == []
    assert env.executed[len(tp.opening.commands):] == ["[Walk] <shelf> (1)"] + W


def test_new_commands_replace_the_waiting_ones(tmp_path):
    tp = parse_taskpack(decision_pack())
    a = ListAssistant(["interrupt Walk around a bit.", "silent", "silent", "done"])
    h = ListHuman([("\n".join(["[Walk] <shelf> (1)"] + W), "OK"), ("[Grab] <invoice_card> (1)", "")])
    rec, trace, env = _run(tp, a, h, tmp_path)
    assert env.executed[len(tp.opening.commands):] == ["[Walk] <shelf> (1)", "[Grab] <invoice_card> (1)"]
    assert any(r["type"] == "replace_queue" and r["dropped"] == W for r in trace)


# ------------------------------------------------------------------------------------------------ legend contract
def test_a_command_on_an_entity_outside_the_legend_is_refused_with_look_first(tmp_path):
    tp = parse_taskpack(decision_pack())  # counter#1 is in the scene but not in the Human's legend
    a = ListAssistant(["interrupt Go to the counter.", "silent", "done"])
    h = ListHuman([("[Walk] <counter> (1)", "")])
    rec, trace, env = _run(tp, a, h, tmp_path)
    assert "[Walk] <counter> (1)" not in env.executed[len(tp.opening.commands):]
    cmd = next(r for r in trace if r["type"] == "command")
    assert cmd["executed"] is False and "look for it first" in cmd["outcome"]["error"]["message"]
    assert "look for it first" in h.seen[1].last_result


def test_a_refusal_reads_in_plain_words_and_keeps_its_detail_in_the_trace(tmp_path):
    tp = parse_taskpack(decision_pack())
    a = ListAssistant(["interrupt Put the card down.", "silent", "done"])
    h = ListHuman([("[Put] <invoice_card> (2) <approval_desk> (1)", "")])
    rec, trace, env = _run(tp, a, h, tmp_path)
    cmd = next(r for r in trace if r["type"] == "command")
    assert cmd["outcome"]["error"]["code"] == "NOT_HELD"
    assert "invoice_card#2" not in h.seen[1].last_result


# ------------------------------------------------------------------------------------------------ WATCH plan
def _failing_plan_pack():
    data = copy.deepcopy(prevention_pack())
    data["no_help"]["steps"] = [{"command": "[Grab] <milk> (1)"},
                                {"command": "[PutIn] <milk> (1) <fridge> (1)"},  # the fridge is closed: fails
                                {"say": "Groceries away."}]
    return parse_taskpack(_hashed(data))


def test_the_scripted_plan_retries_a_failed_step_then_waits(tmp_path):
    tp = _failing_plan_pack()
    human = ScriptedHuman(tp)
    rec, trace, env = _run(tp, make_control_assistant("silent", tp), human, tmp_path)
    after = env.executed[len(tp.opening.commands):]
    assert after == ["[Grab] <milk> (1)"] + ["[PutIn] <milk> (1) <fridge> (1)"] * (1 + PLAN_RETRIES)
    said = [r["text"] for r in trace if r["type"] == "speech" and r.get("source") == "human"]
    assert "Groceries away." not in said  # never moves on as if the failed step had succeeded


def test_the_scripted_plan_moves_on_after_a_step_that_worked(tmp_path):
    tp = parse_taskpack(prevention_pack())
    rec, trace, env = _run(tp, make_control_assistant("silent", tp), ScriptedHuman(tp), tmp_path)
    assert env.executed[len(tp.opening.commands):][:3] == ["[Grab] <milk> (1)", "[PutIn] <milk> (1) <oven> (1)",
                                                           "[Wait]"]
