"""Household asset kinds of the Guidance scenes (world/assets/household.py): each builds with
its declared category, movability and affordances; the desk fan's switch is on its stem, within reach of a hand
that does not touch the counter, and pressing it runs the fan (world read-back); a plate carried with a tomato on
it keeps on(tomato, plate) while held. Worlds run state-only (no rendering)."""
from __future__ import annotations

import pytest

from interactiveworld.env import Environment
from interactiveworld.world.assets import asset_kind, build_asset
from interactiveworld.world.layouts import SceneBuilder

KINDS = {  # kind: (category, movable, affordances the kind must carry)
    "fan": ("appliance", False, {"powered"}),
    "towel": ("textile", True, set()),
    "boot": ("clothing", True, set()),
    "camera": ("device", True, set()),
    "headset": ("device", True, set()),
    "mouse_pad": ("office", True, set()),
    "soap": ("toiletry", True, set()),
    "toilet_roll": ("toiletry", True, set()),
    "paper_bag": ("package", True, {"container"}),
    "jug": ("kitchenware", True, {"pour_source"}),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_household_kind_builds_as_declared(kind):
    category, movable, affordances = KINDS[kind]
    k = asset_kind(kind)
    assert (k.category, k.movable) == (category, movable)
    model = build_asset(kind)
    assert affordances <= set(model.affordances)
    lo, hi = model.bounds
    assert all(h > l for l, h in zip(lo, hi))   # a solid with extent on every axis


def test_fan_switch_sits_on_the_stem_at_045_of_the_head_height():
    model = build_asset("fan", {"height": 0.4})
    # the switch: 25 mm in front of the stem axis, at 0.45 x height (clear of the counter top by 0.18 m)
    assert model.control == pytest.approx((0.025, 0.0, 0.18))


def _fan_kitchen() -> dict:
    b = SceneBuilder("fan test")
    b.add_room("kitchen", (0, 0, 4, 4))
    b.add_fixture("counter", at=(2.0, 3.65), yaw=-1.5707963267948966)
    b.add_fixture("fan", on="counter#1", spot=(0.0, 0.1))
    b.add_fixture("table", at=(2.0, 1.6))
    b.add_object("plate", on="table#1", spot=(0.0, 0.3))
    b.add_object("tomato", on="plate#1")
    b.set_human((2.0, 2.6), yaw=1.5707963267948966)
    return b.build()


def test_fan_runs_when_switched_on_and_stops_when_switched_off():
    env = Environment(render=False)
    env.reset(_fan_kitchen())
    assert ("running", "fan#1") not in env.relations()
    out = env.execute("[TurnOn] <fan> (1)")
    assert out.ok, out.message
    assert env.scene.entities["fan#1"].state["running"] is True
    out = env.execute("[TurnOff] <fan> (1)")
    assert out.ok, out.message
    assert env.scene.entities["fan#1"].state["running"] is False


def test_fan_cannot_be_picked_up():
    env = Environment(render=False)
    env.reset(_fan_kitchen())
    out = env.execute("[Grab] <fan> (1)")
    assert not out.ok and env.scene.human.held is None


def test_carried_plate_keeps_what_rests_on_it():
    env = Environment(render=False)
    env.reset(_fan_kitchen())
    assert ("on", "tomato#1", "plate#1") in env.relations()
    out = env.execute("[Grab] <plate> (1)")
    assert out.ok, out.message
    rel = env.relations()
    assert ("held", "plate#1") in rel and ("on", "tomato#1", "plate#1") in rel
    assert ("on", "tomato#1", "table#1") not in rel
