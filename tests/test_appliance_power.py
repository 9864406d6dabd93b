"""Switching on an openable appliance: it runs only with its door shut (world state read back; the refusal
leaves it off and names the fix)."""
from __future__ import annotations

import math

import pytest

from interactiveworld.env import Environment
from interactiveworld.world.builder import SceneBuilder


@pytest.fixture
def env():
    b = SceneBuilder("oven_test")
    b.add_room("kitchen", (0, 0, 4, 4))
    b.add_fixture("oven", at=(2.0, 3.65), yaw=-math.pi / 2, z=0.35)
    b.set_human((2.0, 2.4), yaw=math.pi / 2)
    e = Environment(render=False)
    e.reset(b.build())
    return e


def test_open_oven_refuses_to_start_and_stays_off(env):
    assert env.execute("[Open] <oven> (1)").ok
    out = env.execute("[TurnOn] <oven> (1)")
    assert not out.ok and "close it" in out.message
    rel = env.relations()
    assert ("open", "oven#1") in rel and ("running", "oven#1") not in rel


def test_closed_oven_starts_running(env):
    assert ("closed", "oven#1") in env.relations()
    assert env.execute("[TurnOn] <oven> (1)").ok
    rel = env.relations()
    assert ("closed", "oven#1") in rel and ("running", "oven#1") in rel
