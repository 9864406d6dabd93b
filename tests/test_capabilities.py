"""Capability point labels on hand-worked traces: one case per label rule of each check kind
(states, acts, order, window), the declared-answer normaliser, and the degenerate utterances that must
never earn a clean_pass (paper appendix C.3.2; docs/metrics.md)."""
from __future__ import annotations

import pytest
from pydantic import TypeAdapter, ValidationError

from interactiveworld.bench.capabilities import CapabilityPoint, Utterance, label_point
from interactiveworld.bench.evaluators import InterventionWindow
from interactiveworld.bench.scoring import TraceStep
from interactiveworld.bench.speech import Value, carries, numbers_in, says_phrase, says_time


def step(tick, primitive, *targets, reply_to=None, ok=True):
    return TraceStep(tick=tick, primitive=primitive, targets=tuple(targets), ok=ok, relations_after=frozenset(),
                     reply_to=reply_to)


def A(tick, text):
    return Utterance(tick, "assistant", text)


def W(tick, text):
    return Utterance(tick, "wearer", text)


def pt(check):
    return CapabilityPoint.model_validate({"id": "p", "evidence": "hand-worked", "check": check})


OCR = pt({"kind": "states", "answer": [{"number": 41, "unit": "$"}],
          "wrong": [{"number": 39, "unit": "$"}, {"number": 45, "unit": "$"}], "before": "pick(card#2)"})
GRAB_RIGHT = step(3, "pick", "card#2", reply_to=3)


@pytest.mark.parametrize("utterances,trace,label", [
    # said in the same tick as the grab it led to (the Assistant speaks first in a tick)
    ([A(3, "Pick up the invoice card printed $41.")], [GRAB_RIGHT], "clean_pass"),
    # normalised forms of the same value
    ([A(2, "It is forty-one dollars."), A(3, "Pick that card up.")], [GRAB_RIGHT], "clean_pass"),
    ([A(3, "the one that says 41")], [GRAB_RIGHT], "clean_pass"),
    # the value said, the dependent action never came: the Assistant still read it
    ([A(1, "The total is $41.")], [], "clean_pass"),
    # a wrong value first
    ([A(1, "Take the $39 card."), A(4, "Sorry, $41.")], [], "wrong"),
    # a right and a wrong value in one utterance count as right ("$41, not $39")
    ([A(1, "$41, not $39")], [], "clean_pass"),
    # the Human grabbed the card before the Assistant said the value
    ([A(5, "That was the $41 one.")], [step(3, "pick", "card#2")], "assisted"),
    # the wearer said the value first (the Assistant echoed it)
    ([W(1, "Is it $41?"), A(2, "Yes, $41.")], [], "assisted"),
    # spoke before the dependent action, without any value
    ([A(1, "Hello, I am here to help.")], [GRAB_RIGHT], "abstain"),
    # spoke only after the dependent action: outside the point's scope
    ([A(4, "Hello, I am here to help.")], [step(3, "pick", "card#2")], "unobserved"),
    ([], [], "unobserved"),
    # 41 millilitres is not 41 dollars
    ([A(1, "Pour 41 mL.")], [], "abstain"),
])
def test_states_labels(utterances, trace, label):
    assert label_point(OCR, trace=trace, utterances=utterances, windows={}) == label


def test_void_cell_labels_every_point_void():
    assert label_point(OCR, trace=[GRAB_RIGHT], utterances=[A(3, "$41")], windows={}, valid=False) == "void"


REF = pt({"kind": "acts", "expect": ["pick(jar#2)"], "among": ["pick(*)"]})


@pytest.mark.parametrize("utterances,trace,label", [
    # the first answering pick hit the right instance; a look before it is not among the candidates
    ([A(2, "The YEAST jar, second from the left.")], [step(1, "look_at", "counter#1", reply_to=1),
                                                       step(2, "pick", "jar#2", reply_to=2)], "clean_pass"),
    # the Human's answer to the reference was another jar (later corrections do not undo it)
    ([A(1, "the sugar jar")], [step(1, "pick", "jar#4", reply_to=1), step(3, "pick", "jar#2", reply_to=3)],
     "wrong"),
    # the Human picked the right jar on its own before any answered pick
    ([A(4, "yes")], [step(2, "pick", "jar#2"), step(4, "pick", "jar#2", reply_to=4)], "assisted"),
    # spoke, but no answered pick
    ([A(1, "Look carefully and choose the right one.")], [], "abstain"),
    # a refused attempt on the right jar still shows the reference was right
    ([A(1, "the yeast jar")], [step(1, "pick", "jar#2", reply_to=1, ok=False)], "clean_pass"),
    ([], [step(1, "pick", "jar#4")], "unobserved"),
])
def test_acts_labels(utterances, trace, label):
    assert label_point(REF, trace=trace, utterances=utterances, windows={}) == label


ORDER = pt({"kind": "order", "steps": ["place_inside(old#1, cabinet#1)", "place(new#1, table#1)"]})


@pytest.mark.parametrize("trace,label", [
    ([step(2, "place_inside", "old#1", "cabinet#1", reply_to=2), step(4, "place", "new#1", "table#1", reply_to=4)],
     "clean_pass"),
    ([step(2, "place", "new#1", "table#1", reply_to=2), step(4, "place_inside", "old#1", "cabinet#1", reply_to=4)],
     "wrong"),
    # in order, but the second step was the Human's own
    ([step(2, "place_inside", "old#1", "cabinet#1", reply_to=2), step(4, "place", "new#1", "table#1")],
     "assisted"),
    # a refused step does not count as done
    ([step(2, "place_inside", "old#1", "cabinet#1", reply_to=2, ok=False),
      step(4, "place", "new#1", "table#1", reply_to=4)], "abstain"),
])
def test_order_labels(trace, label):
    assert label_point(ORDER, trace=trace, utterances=[A(1, "go")], windows={}) == label
    assert label_point(ORDER, trace=[], utterances=[], windows={}) == "unobserved"


FRIDGE = InterventionWindow.model_validate({
    "id": "fridge", "hazard": "leaving with the fridge open", "opens": "open(fridge#1)", "deadline": "pick(phone#1)",
    "fix": ["close(fridge#1)"], "cue": [{"phrase": "fridge"}]})
WINDOWS = {"fridge": FRIDGE}
C7 = pt({"kind": "window", "window": "fridge"})
C8 = pt({"kind": "window", "window": "fridge", "quiet_before": True})
PLAN = [step(1, "open", "fridge#1"), step(2, "pick", "milk#1"), step(3, "place", "milk#1", "table#1")]


@pytest.mark.parametrize("utterances,trace,c7,c8", [
    # cue inside the window (after the fridge opened), fix answered, then the wearer leaves: both pass
    ([A(4, "Close the fridge before you go.")],
     PLAN + [step(4, "close", "fridge#1", reply_to=4), step(5, "pick", "phone#1")], "clean_pass", "clean_pass"),
    # the same, but the Assistant also talked during the correct work before the window opened
    ([A(1, "Good morning!"), A(4, "Close the fridge before you go.")],
     PLAN + [step(4, "close", "fridge#1", reply_to=4), step(5, "pick", "phone#1")], "clean_pass", "wrong"),
    # too late: the cue after the wearer already left with the fridge open
    ([A(5, "You left the fridge open!")],
     PLAN + [step(4, "pick", "phone#1"), step(5, "close", "fridge#1", reply_to=5)], "wrong", "wrong"),
    # named in time but the wearer left anyway (no fix before the deadline)
    ([A(4, "The fridge!")], PLAN + [step(5, "pick", "phone#1")], "wrong", "wrong"),
    # intervened in the window without the cue, the Human followed it, the hazard happened
    ([A(4, "Get your phone now.")], PLAN + [step(4, "pick", "phone#1", reply_to=4)], "wrong", "wrong"),
    # the wearer closed it without help: no hazard, but not the Assistant's doing
    ([], PLAN + [step(4, "close", "fridge#1"), step(5, "pick", "phone#1")], "assisted", "assisted"),
    # spoke inside the window with no content; hazard happened
    ([A(4, "Careful.")], PLAN + [step(5, "pick", "phone#1")], "abstain", "abstain"),
    # silent through the window
    ([], PLAN + [step(4, "pick", "phone#1")], "unobserved", "unobserved"),
    # hello at the start only: outside the window (C8: spoke during correct work, then missed the hazard)
    ([A(1, "Hello, I am here to help.")], PLAN + [step(4, "pick", "phone#1")], "unobserved", "wrong"),
    # the window never opened (the plan never reached the fridge)
    ([A(1, "Stop.")], [], "abstain", "abstain"),
])
def test_window_labels(utterances, trace, c7, c8):
    assert label_point(C7, trace=trace, utterances=utterances, windows=WINDOWS) == c7
    assert label_point(C8, trace=trace, utterances=utterances, windows=WINDOWS) == c8


DEGENERATE = ["Hello, I am here to help.", "Look carefully and choose the right one.", "Stop.", "Careful.",
              "Put it back.", "Pick up the milk carton.", "Open the fridge."]


@pytest.mark.parametrize("check", [
    {"kind": "states", "answer": [{"number": 41, "unit": "$"}]},
    {"kind": "states", "answer": [{"number": 1, "unit": "L", "strict": True}]},
    {"kind": "states", "answer": [{"time": "7:55"}]},
    {"kind": "states", "answer": [{"phrase": "yeast"}]},
    {"kind": "acts", "expect": ["pick(jar#2)"]},
])
def test_degenerate_speech_never_passes(check):
    p = pt(check)
    utterances = [A(i + 1, t) for i, t in enumerate(DEGENERATE)]
    assert label_point(p, trace=[], utterances=utterances, windows={}) != "clean_pass"


VALUE = TypeAdapter(Value)


@pytest.mark.parametrize("text,value,expected", [
    ("$41", {"number": 41, "unit": "$"}, True),
    ("41 dollars", {"number": 41, "unit": "$"}, True),
    ("forty-one", {"number": 41, "unit": "$"}, True),
    ("Forty one bucks", {"number": 41, "unit": "$"}, True),
    ("USD 41.00", {"number": 41, "unit": "$"}, True),
    ("$410", {"number": 41, "unit": "$"}, False),
    ("41 mL", {"number": 41, "unit": "$"}, False),
    ("five hundred and twenty dollars", {"number": 520, "unit": "$"}, True),
    ("the 3-litre carton", {"number": 3, "unit": "L", "strict": True}, True),
    ("three cartons", {"number": 3, "unit": "L", "strict": True}, False),
    ("choose the right one", {"number": 1, "unit": "L", "strict": True}, False),
    ("exactly one litre", {"number": 1, "unit": "L", "strict": True}, True),
    ("3.2 litres", {"number": 3.2, "unit": "L"}, True),
    ("it ends at seven fifty-five", {"time": "7:55"}, True),
    ("it ends at 7.55", {"time": "7:55"}, True),
    ("5 boxes at 104", {"time": "7:55"}, False),
    ("the Baby-Oil bottle", {"phrase": "baby oil"}, True),
    ("two fridges", {"phrase": "fridge"}, True),
    ("refrigerator", {"phrase": "fridge"}, False),
])
def test_declared_values(text, value, expected):
    assert carries(text, [VALUE.validate_python(value)]) is expected


def test_normaliser_pieces():
    assert numbers_in("Quote B is forty-one dollars, not 39") == [(41.0, "$"), (39.0, None)]
    assert says_time("8:00 pm", 20, 0) and not says_time("8:05", 8, 0)
    assert says_phrase("Don't touch it", "don't touch") and not says_phrase("", "x")
    with pytest.raises(ValidationError, match="strict"):
        VALUE.validate_python({"number": 1, "strict": True})


def test_taskpack_names_only_declared_windows():
    import json
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from iw_taskpacks import prevention_pack

    from interactiveworld.bench.taskpack import TaskPackError, compute_hash, parse_taskpack

    data = json.loads(json.dumps(prevention_pack()))
    data["capabilities"][0]["points"][0]["check"]["window"] = "nope"
    data["hash"] = compute_hash(data)
    with pytest.raises(TaskPackError, match="names window 'nope'"):
        parse_taskpack(data)


def test_echo_of_the_handoff_is_assisted(tmp_path):
    """The wearer's handoff is heard at tick 0: an Assistant that repeats an answer the wearer already gave
    earns ``assisted``, never ``clean_pass`` (the episode records prelude and handoff as wearer speech)."""
    import json
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from iw_fake_env import FakeEnv
    from iw_taskpacks import decision_pack

    from interactiveworld.agents.controls import EchoAssistant, ScriptedHuman
    from interactiveworld.bench.episode import EpisodeConfig, run_episode
    from interactiveworld.bench.taskpack import compute_hash, parse_taskpack

    data = json.loads(json.dumps(decision_pack()))
    data["opening"]["handoff_say"] = "Is it the $41 invoice? Help me put it on the approval desk."
    data["hash"] = compute_hash(data)
    tp = parse_taskpack(data)
    rec = run_episode(tp, FakeEnv(), EchoAssistant(), ScriptedHuman(tp), tmp_path / "cell",
                      EpisodeConfig(write_frames=False))
    labels = {p["point"]: p["label"] for p in rec["capabilities"]}
    assert labels["price-read"] == "assisted" and labels["unambiguous-card"] == "abstain"
