"""The scripted Human's paraphrase mode: every request of the paraphrase table is grounded to the command a person
would expect, and that command, run in order on the lab scene, has the expected outcome."""
from __future__ import annotations

import math

import numpy as np
import pytest

from interactiveworld.agents.base import HumanObservation
from interactiveworld.agents.controls import CLARIFY, ScriptedHuman
from interactiveworld.agents.paraphrase import PARAPHRASE_TABLE, ground_request
from interactiveworld.bench.families import key_to_arg
from interactiveworld.bench.taskpack import parse_taskpack

from iw_lab import lab_env  # noqa: E402
from iw_taskpacks import decision_pack  # noqa: E402


def _handles(env) -> list[tuple[str, str]]:
    """The turn's legend as the Human reads it: each entity with where it rests, the held one in the hand."""
    rel = env.relations()
    held = env.held()
    where = {r[1]: r[2] for r in rel if len(r) == 3 and r[0] in ("on", "inside") and r[2] != "floor#1"}
    out = []
    for e in env.scene.entities.values():
        name = e.name.replace("_", " ")
        if e.key == held:
            out.append((key_to_arg(e.key), f"the {name} (in your hand)"))
        elif e.key in where:
            out.append((key_to_arg(e.key), f"the {name} on the {where[e.key].split('#')[0].replace('_', ' ')}"))
        else:
            out.append((key_to_arg(e.key), f"the {name}"))
    return out


def test_the_table_holds_at_least_sixty_requests_of_both_kinds():
    assert len(PARAPHRASE_TABLE) >= 60
    moves = [r for r in PARAPHRASE_TABLE if r[2][0] in ("moved", "turned")]
    places = [r for r in PARAPHRASE_TABLE if r[1].startswith(("[Put]", "[PutIn]"))]
    assert len(moves) >= 15 and len(places) >= 20
    assert any("@beside=" in r[1] for r in places) and any("@place_spot=" in r[1] for r in places)
    assert any(r[1].endswith(("<top>", "<upper>", "<middle>", "<bottom>")) for r in places)


def test_every_request_is_grounded_and_executed_with_its_expected_outcome():
    env = lab_env()
    h = env.scene.human
    for request, expected, outcome in PARAPHRASE_TABLE:
        command = ground_request(request, _handles(env))
        assert command == expected, request
        xy0, yaw0 = h.xy.copy(), h.yaw
        out = env.execute(command)
        kind = outcome[0]
        if kind == "refused":
            assert not out.ok and out.error.code.value == outcome[1], (request, out.error)
            continue
        assert out.ok, (request, command, out.error)
        rel = env.relations()
        if kind == "moved":
            c, s = math.cos(yaw0), math.sin(yaw0)
            axis = {"ahead": (c, s), "back": (-c, -s), "left": (-s, c), "right": (s, -c)}[outcome[1]]
            assert float((h.xy - xy0) @ np.array(axis)) > 0.4, request
        elif kind == "turned":
            turned = math.degrees((h.yaw - yaw0 + math.pi) % (2 * math.pi) - math.pi)
            want = float(outcome[1])
            assert abs(abs(turned) - abs(want)) < 1.0 and (abs(want) == 180 or turned * want > 0), request
        elif kind == "held":
            assert env.held() == outcome[1], request
        else:
            assert tuple(outcome) in rel, (request, command, sorted(r for r in rel if outcome[1] in r))


def test_beside_lands_on_the_asked_side():
    """The side words of the table mean the wearer's side: 'left of the sponge' is at lower local y."""
    env = lab_env()
    for cmd in ("[Grab] <mug> (1)", "[Put] <mug> (1) <table> (1) @beside=<sponge> (1) left"):
        assert env.execute(cmd).ok
    t = np.linalg.inv(env.scene.entity("table#1").pose)
    mug = (t @ np.r_[env.scene.entity("mug#1").pose[:3, 3], 1])[1]
    sponge = (t @ np.r_[env.scene.entity("sponge#1").pose[:3, 3], 1])[1]
    assert mug < sponge - 0.05


@pytest.mark.parametrize("request_text", ["Put it somewhere nice.", "Dance.", "Put the unicorn on the table."])
def test_requests_of_no_known_form_are_not_grounded(request_text):
    handles = [("<mug> (1)", "the mug (in your hand)"), ("<table> (1)", "the table")]
    assert ground_request(request_text, handles) is None


def _obs(speech: str) -> HumanObservation:
    return HumanObservation(tick=2, protocol="GUIDE", public_context="", restriction="",
                            handles=[("<invoice_card> (2)", "the middle invoice card (in your hand)"),
                                     ("<approval_desk> (1)", "the approval desk")],
                            held="<invoice_card> (2)", last_result="", assistant_speech=speech,
                            new_instruction=True, active_instruction="", queued=[], frames=[])


def test_the_scripted_human_grounds_paraphrases_only_in_paraphrase_mode():
    tp = parse_taskpack(decision_pack())
    said = "Set it down on the far edge of the approval desk."
    plain = ScriptedHuman(tp).act(_obs(said)).reply
    assert plain.action == "" and plain.speak == CLARIFY
    para = ScriptedHuman(tp, paraphrase=True).act(_obs(said)).reply
    assert para.action == "[Put] <invoice_card> (2) <approval_desk> (1) @place_spot=0:0.85"
