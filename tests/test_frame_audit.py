"""The frame audit of a TaskPack (bench/validate.py ``audit_taskpack``, run by ``iw-eval validate``): the opening of
decision-05 keeps the eye clear of geometry and the body under its limit, shows every command's target and every
evidence-bearing entity; a declared exemption is honoured; evidence that its command's frames do not show is
named."""
from __future__ import annotations

import json

import pytest

from interactiveworld.bench.taskpack import builtin_taskpacks, parse_taskpack
from interactiveworld.bench.validate import audit_taskpack
from interactiveworld.env import Environment
from interactiveworld.render.audit import MAX_BODY_SHARE


@pytest.fixture(scope="module")
def d05():
    return json.loads(builtin_taskpacks()["decision-05"].read_text())


def _audit(data):
    tp = parse_taskpack(data, verify_hash=False)
    return audit_taskpack(tp, Environment(render=False), size=(160, 120),
                          commands=[("opening", c) for c in tp.opening.commands])


def test_decision05_opening_meets_the_limits(d05):
    data = dict(d05, frame_exemptions=[{"command": "[LookAt] <display_table> (1)", "reason": "checked below"}])
    a = _audit(data)
    s = a.summary()
    assert s["frames"] >= len(d05["opening"]["commands"]) * 3
    assert s["eye_inside"] == 0 and s["eye_near"] == 0
    assert 0.0 < s["max_body"] <= MAX_BODY_SHARE
    # every LookAt of the opening is audited; the exempt one is left out of the count
    looks = [c for c in d05["opening"]["commands"] if c.startswith("[LookAt]")]
    assert s["exempt"] == 1 and s["targets"] == len(looks) - 1 == s["targets_visible"]
    assert not a.problems(), a.problems()
    # the board walk ends where the board is read whole, not against it
    walk = next(c for c in a.commands if c.command == "[Walk] <price_board> (1)")
    assert walk.frames[walk.result].eye_clearance_m > 0.4
    assert 0.3 < walk.frames[walk.result].pixels["price_board#1"] / (160 * 120) < 0.95


def test_evidence_not_in_its_frames_is_named(d05):
    data = json.loads(json.dumps(d05))
    # the price board is not in the frames of the first carton's LookAt (it hangs in the back room)
    data["evidence"][0]["shown_by"] = "[LookAt] <milk_carton> (3)"
    a = _audit(data)
    assert any("evidence[0]" in m and "price_board#1" in m for m in a.summary()["evidence_misses"])
    # a count larger than the cartons standing on the table cannot be seen
    data = json.loads(json.dumps(d05))
    data["evidence"][3]["count"] = 40
    a = _audit(data)
    assert any(m.startswith("evidence[3]") for m in a.summary()["evidence_misses"])
