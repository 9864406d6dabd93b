"""Human answer leakage (paper C.2.5): a Human that states or acts on evidence its family forbids it to have makes
the cell VOID; an honest Human does not."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_fake_env import FakeEnv  # noqa: E402
from iw_taskpacks import decision_pack, prevention_pack  # noqa: E402

from interactiveworld.agents.controls import ScriptedHuman, make_control_assistant  # noqa: E402
from interactiveworld.bench.capabilities import Utterance  # noqa: E402
from interactiveworld.bench.episode import run_episode  # noqa: E402
from interactiveworld.bench.leakage import action_leaks, find_leaks, speech_leaks  # noqa: E402
from interactiveworld.bench.logs import read_trace  # noqa: E402
from interactiveworld.bench.scoring import TraceStep  # noqa: E402
from interactiveworld.bench.taskpack import parse_taskpack  # noqa: E402

LABEL = [{"kind": "label", "text": "$41", "entity": "invoice_card#2"}]
COUNT = [{"kind": "count", "text": "VAN carton", "count": 5, "entity": "display_table#1"}]
LEGEND = [{"handle": "invoice_card#2", "aliases": []}, {"handle": "approval_desk#1", "aliases": []}]


def _say(tick, who, text):
    return Utterance(tick, who, text)


def _step(tick, primitive, *targets, ok=True):
    return TraceStep(tick=tick, primitive=primitive, targets=targets, ok=ok, relations_after=frozenset())


@pytest.mark.parametrize("utterances, leaked", [
    ([_say(2, "wearer", "I think it's the $41 card.")], True),
    ([_say(1, "assistant", "Take the card printed $41."), _say(2, "wearer", "The $41 one, got it.")], False),
    ([_say(3, "assistant", "Take the card printed $41."), _say(2, "wearer", "It's the $41 one.")], True),
    ([_say(2, "wearer", "It's the $410 one.")], False),        # another number is not the value
    ([_say(2, "wearer", "Which card should I take?")], False),
])
def test_a_label_said_before_the_assistant_said_it_leaks(utterances, leaked):
    assert bool(speech_leaks(LABEL, utterances, "Which invoice matches the stock?")) == leaked


def test_a_value_the_human_was_given_never_leaks():
    assert speech_leaks(LABEL, [_say(2, "wearer", "the $41 card")], "My invoice says $41.") == []


@pytest.mark.parametrize("text, leaked", [
    ("I count five VAN cartons here.", True), ("There are 5 cartons.", True), ("5 minutes, please.", False),
    ("Five of what?", False)])
def test_a_count_next_to_what_was_counted_leaks(text, leaked):
    assert bool(speech_leaks(COUNT, [_say(1, "wearer", text)], "")) == leaked


def test_manipulating_the_evidence_entity_before_any_reference_leaks():
    leaks = action_leaks(LABEL, LEGEND, "Decision", [_step(1, "pick", "invoice_card#2")], [])
    assert [(lk.rule, lk.tick, lk.entity, lk.detail) for lk in leaks] == [("action", 1, "invoice_card#2", "pick")]
    told = [_say(1, "assistant", "Pick up the invoice card printed $41.")]
    assert action_leaks(LABEL, LEGEND, "Decision", [_step(1, "pick", "invoice_card#2")], told) == []
    # looking, walking and refused commands are not choices; WATCH's Human follows its own plan
    for trace in ([_step(1, "look_at", "invoice_card#2")], [_step(1, "navigate_to", "invoice_card#2")],
                  [_step(1, "pick", "invoice_card#2", ok=False)]):
        assert action_leaks(LABEL, LEGEND, "Decision", trace, []) == []
    assert action_leaks(LABEL, LEGEND, "Prevention", [_step(1, "pick", "invoice_card#2")], []) == []
    # a count's support is where the Human may be sent; only label and state bearers are watched
    assert action_leaks(COUNT, LEGEND, "Decision", [_step(1, "place", "display_table#1")], []) == []


class LeakyHuman(ScriptedHuman):
    """The scripted Human, plus one leak: it reads the price aloud, or grabs the right card, on its first turn."""

    def __init__(self, tp, mode):
        super().__init__(tp)
        self.mode, self.done = mode, False

    def act(self, obs):
        if self.done:
            return super().act(obs)
        self.done = True
        if self.mode == "speech":
            return self._reply("Reading the cards myself.", "", "The matching invoice says $41.")
        return self._reply("Taking the one I think is right.", "[Grab] <invoice_card> (2)", "")


@pytest.mark.parametrize("mode", ["speech", "action"])
def test_a_leaky_human_makes_the_cell_void_with_the_reason(mode, tmp_path):
    tp = parse_taskpack(decision_pack())
    # the silent Assistant names nothing, so whatever the Human says or picks is its own reading or choice
    rec = run_episode(tp, FakeEnv(), make_control_assistant("silent", tp), LeakyHuman(tp, mode), tmp_path / "c")
    assert rec["status"] == "void" and rec["passed"] is None
    assert rec["void_reason"].startswith(f"human answer leakage: {mode} at tick 1 on invoice_card#2")
    assert any(r["type"] == "human_leak" for r in read_trace(tmp_path / "c" / "trace.jsonl"))


@pytest.mark.parametrize("pack", [decision_pack, prevention_pack])
@pytest.mark.parametrize("control", ["oracle", "silent", "wrong", "early"])
def test_an_honest_human_is_never_void(pack, control, tmp_path):
    tp = parse_taskpack(pack())
    rec = run_episode(tp, FakeEnv(), make_control_assistant(control, tp), ScriptedHuman(tp), tmp_path / "c")
    assert rec["status"] == "valid", rec["void_reason"]
    assert find_leaks(tp, [], []) == []


def test_a_reference_by_kind_label_or_state_word_is_a_reference():
    ev = [{"kind": "label", "text": "AXO", "entity": "router#2"},
          {"kind": "state", "text": "pineapple with its crown", "entity": "fruit#2"}]
    legend = [{"handle": "router#2", "aliases": []}, {"handle": "fruit#2", "aliases": []}]
    kinds = {"router#2": "carton", "fruit#2": "pineapple"}
    for said, key in (("Pick up the AXO one.", "router#2"), ("Take the carton.", "router#2"),
                      ("Grab the pineapple.", "fruit#2")):
        told = [_say(1, "assistant", said)]
        assert action_leaks(ev, legend, "Decision", [_step(1, "pick", key)], told, kinds) == [], said
    told = [_say(1, "assistant", "Grab the lemon.")]
    assert len(action_leaks(ev, legend, "Decision", [_step(1, "pick", "fruit#2")], told, {})) == 1


def test_a_reference_by_printed_words_or_numbers_is_a_reference():
    ev = [{"kind": "label", "text": "250 grams", "entity": "snack#3"}]
    legend = [{"handle": "snack#3", "aliases": []}]
    printed = [("snack#3", "COOKIES\n250 grams")]
    for said in ("Pick up the 250 g cookies.", "Take the COOKIES box."):
        told = [_say(1, "assistant", said)]
        assert action_leaks(ev, legend, "Decision", [_step(1, "pick", "snack#3")], told, {}, printed) == [], said
    told = [_say(1, "assistant", "Take the crackers.")]
    assert len(action_leaks(ev, legend, "Decision", [_step(1, "pick", "snack#3")], told, {}, printed)) == 1


def test_placing_an_object_already_in_the_hand_is_not_a_choice():
    ev = [{"kind": "label", "text": "DANGER", "entity": "bottle#1"}, {"kind": "label", "text": "EXIT", "entity": "bin#2"}]
    legend = [{"handle": "bottle#1", "aliases": []}, {"handle": "side_table#1", "aliases": []}]
    # the bottle was taken in the opening; "put it on the side table" names only where it goes
    told = [_say(1, "assistant", "Put it on the side table behind you.")]
    assert action_leaks(ev, legend, "Accessibility", [_step(1, "place", "bottle#1", "side_table#1")], told) == []
    # the destination is still a choice: an evidence-bearing bin nobody named is a leak
    leaks = action_leaks(ev, legend, "Accessibility", [_step(1, "place_inside", "bottle#1", "bin#2")], told)
    assert [(lk.entity, lk.detail) for lk in leaks] == [("bin#2", "place_inside")]
