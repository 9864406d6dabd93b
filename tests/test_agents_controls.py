"""Control policies: the oracle's stepping by observed segments, the scripted Human's deterministic
grounding, clarification on unknown guidance, and the memory ledger."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_taskpacks import decision_pack, prevention_pack  # noqa: E402

from interactiveworld.agents.base import AssistantObservation, HumanObservation  # noqa: E402
from interactiveworld.agents.controls import (CLARIFY, OracleAssistant, ScriptedHuman,  # noqa: E402
                                              make_control_assistant)
from interactiveworld.agents.memory import AssistantMemory  # noqa: E402
from interactiveworld.language.reference import normalize_utterance  # noqa: E402
from interactiveworld.bench.taskpack import parse_taskpack  # noqa: E402


def _aobs(tick, segments):
    return AssistantObservation(tick=tick, protocol="ASK", task_request="", frames=[], new_frames=[],
                                new_segments=segments, wearer_speech=[], first_turn=tick == 1)


def _hobs(speech="", new=False, queued=()):
    return HumanObservation(tick=1, protocol="ASK", public_context="", restriction="", handles=[], held=None,
                            last_result="", assistant_speech=speech, new_instruction=new, active_instruction="",
                            queued=list(queued), frames=[])


def test_oracle_waits_for_each_step_then_says_done():
    tp = parse_taskpack(prevention_pack())
    o = OracleAssistant(tp)
    o.reset("WATCH")
    # step 1 waits for one segment of the wearer's own plan (after_segments=1)
    assert o.act(_aobs(1, 0)).action.kind == "silent"
    a = o.act(_aobs(2, 1)).action
    assert a.kind == "error" and a.speech.startswith("Stop, the milk")
    assert o.act(_aobs(3, 1)).action.kind == "silent"      # 1 of its 2 commands ran
    assert o.act(_aobs(4, 1)).action.speech == "Now close the fridge."
    assert o.act(_aobs(5, 1)).action.kind == "done"


def test_oracle_moves_on_when_the_human_does_not_execute():
    tp = parse_taskpack(prevention_pack())
    o = OracleAssistant(tp)
    o.reset("WATCH")
    o.act(_aobs(1, 0))
    assert o.act(_aobs(2, 1)).action.kind == "error"
    # no segment arrives (the Human asked back / a refusal flushed the queue): next step
    assert o.act(_aobs(3, 0)).action.speech == "Now close the fridge."


def test_scripted_human_grounds_known_guidance_and_asks_otherwise():
    tp = parse_taskpack(decision_pack())
    h = ScriptedHuman(tp)
    h.reset("ASK")
    r = h.act(_hobs("pick up the invoice card printed $41", new=True)).reply
    assert r.action == "[Grab] <invoice_card> (2)" and r.speak == "OK."
    # an alternative phrasing listed in "match"
    assert h.act(_hobs("Grab the $41 invoice card!", new=True)).reply.action == "[Grab] <invoice_card> (2)"
    # the wrong control's guidance is part of the program too
    assert h.act(_hobs("Pick up the invoice card printed $39.", new=True)).reply.action == "[Grab] <invoice_card> (1)"
    u = h.act(_hobs("Take the most expensive one.", new=True)).reply
    assert u.action == "" and u.speak == CLARIFY


def test_scripted_human_follows_its_own_plan_without_guidance():
    tp = parse_taskpack(prevention_pack())
    h = ScriptedHuman(tp)
    h.reset("WATCH")
    assert h.act(_hobs()).reply.action == "[Grab] <milk> (1)"
    assert h.act(_hobs(queued=["[X] <y> (1)"])).reply.action == ""  # still busy: no new step
    r = h.act(_hobs())
    assert r.reply.action == "[PutIn] <milk> (1) <oven> (1)" and r.reply.speak == "Into the oven it goes."


def test_guidance_skips_superseded_plan_steps():
    tp = parse_taskpack(prevention_pack())
    h = ScriptedHuman(tp)
    h.reset("WATCH")
    h.act(_hobs())  # grab (plan step 1)
    h.act(_hobs(tp.oracle.steps[0].say, new=True))  # skip_plan=1 drops the oven step
    assert h.act(_hobs()).reply.action == "[Wait]"


def test_normalize_utterance_keeps_prices_and_decimals():
    assert normalize_utterance("Pick up the $41 card!") == "pick up the $41 card"
    assert normalize_utterance("Pour 0.5 L. Then stop.") == "pour 0.5 l then stop"


def test_control_names():
    tp = parse_taskpack(decision_pack())
    assert make_control_assistant("nohelp", tp).polled is False
    assert make_control_assistant("early", tp).act(_aobs(1, 0)).action.kind == "done"
    assert make_control_assistant("silent", tp).act(_aobs(1, 0)).action.kind == "silent"
    with pytest.raises(ValueError, match="unknown control Assistant 'gpt'"):
        make_control_assistant("gpt", tp)
    no_wrong = prevention_pack()
    no_wrong["controls"] = {}
    from iw_taskpacks import _hashed
    with pytest.raises(ValueError, match="declares no wrong-guidance control"):
        make_control_assistant("wrong", parse_taskpack(_hashed(no_wrong)))


def test_memory_appends_entries():
    m = AssistantMemory()
    assert m.render() == "Your memory so far: (empty)"
    m.add(1, "5 VAN cartons")
    m.add(2, "  ")
    m.add(3, "price sheet: VAN $3")
    assert m.render() == "Your memory so far:\n[tick 1] 5 VAN cartons\n[tick 3] price sheet: VAN $3"
