"""Refusals read by the person playing the Human are plain words: no entity ids, posture names, millimetres or
coordinates (:func:`~interactiveworld.actions.messages.technical_terms`), while the trace keeps the code and the
technical detail."""
from __future__ import annotations

import pytest

from interactiveworld.actions.messages import for_person, plain_name, technical_terms
from interactiveworld.bench.families import command_targets
from interactiveworld.errors import ErrorCode, PrimitiveError

from iw_lab import lab_env  # noqa: E402

# Refusals as the executor writes them (the message texts of actions/, navigation and reach), one or more per code.
TECHNICAL = [
    (ErrorCode.TRAJECTORY_COLLISION, "The target can be reached but every approach collides (forward_lean_86: "
     "right hand hits door#1 (36 mm deep)).", {"collisions": ["forward_lean_86: right hand hits door#1"]}, "bin#1"),
    (ErrorCode.TRAJECTORY_COLLISION, "The target can be reached but every approach collides (crouch_40: left "
     "forearm hits shelf_unit#2 (12 mm deep)).", {}, "box#3"),
    (ErrorCode.TRAJECTORY_COLLISION, "chair#2 is in the way of cabinet#1's door; move it first.",
     {"blocker": "chair#2"}, "cabinet#1"),
    (ErrorCode.OUT_OF_REACH, "The target is 0.42 m beyond arm's length from this stance in every posture; move "
     "closer.", {"gap_m": 0.42}, "milk_carton#1"),
    (ErrorCode.OUT_OF_REACH, "The target is 0.10 m below the floor.", {}, "coin#1"),
    (ErrorCode.NO_STANCE, "There is no free, reachable place to stand within 1.2 m of the target at (2.31, 4.05).",
     {"contact_xy": [2.31, 4.05]}, "fridge#1"),
    (ErrorCode.PATH_BLOCKED, "No collision-free route from (1.00, 2.00) to (4.10, 3.30), even with the smallest "
     "clearance of 0.1 m.", {"start_cell": [10, 20]}, "sofa#1"),
    (ErrorCode.PATH_BLOCKED, "The goal position (4.10, 3.30) is inside furniture.", {"which": "goal"}, "desk#1"),
    (ErrorCode.PATH_BLOCKED, "You cannot walk 2.0 m backwards: chair#1 is in the way.", {"blocker": "chair#1"}, None),
    (ErrorCode.GRASP_FAILED, "Only 2 of 5 fingers reach the object's surface for any wrist angle; try another "
     "approach or a different object.", {"contacts": 2, "family": "power_wrap"}, "pan#1"),
    (ErrorCode.HAND_FULL, "You are already holding paper_towel#2; put it down first.", {"held": "paper_towel#2"},
     "mug#1"),
    (ErrorCode.HAND_NOT_EMPTY, "Your hands must be empty to push rack#1; put mug#1 down first.", {"held": "mug#1"},
     "rack#1"),
    (ErrorCode.NOT_HELD, "You are not holding mug#1.", {}, "mug#1"),
    (ErrorCode.NOT_AFFORDED, "table#1 is not a container.", {"target": "table#1"}, "table#1"),
    (ErrorCode.PRECONDITION_FAILED, "mug#1 is inside fridge#1, which is closed; open it first.", {}, "mug#1"),
    (ErrorCode.PLACEMENT_FAILED, "mug#1 cannot come to rest there: it would sink 7 cm into bowl#1.",
     {"blocker": "bowl#1"}, "table#1"),
    (ErrorCode.PLACEMENT_FAILED, "There is no room for mug#1 on table#1: no free spot for mug#1 on shelf_2 of "
     "table#1.", {}, "table#1"),
    (ErrorCode.POSTCONDITION_FAILED, "The action ran, but afterwards the world does not show mug#1 on table#1: "
     "mug#1 rests on floor#1.", {"expected": "mug#1 on table#1", "instead": "mug#1 rests on floor#1"}, "mug#1"),
    (ErrorCode.INTERNAL, "internal error while executing: KeyError: 'shelf_9'", {"exception": "KeyError"}, None),
    (ErrorCode.BAD_ARGUMENT, "rack#1 has no level 'attic'; its levels are top, middle, bottom.", {}, "rack#1"),
]


def test_the_scanner_finds_what_a_person_should_not_read():
    assert technical_terms("forward_lean_86: right hand hits door#1 (36 mm deep)") == \
        ["door#1", "36 mm", "forward_lean_86"]
    assert technical_terms("at (2.31, 4.05)") == ["(2.31, 4.05)"]
    assert technical_terms("There is no <plate> (3); the ones here are <plate> (4).") == []
    assert technical_terms("[PutIn] <can> (1) <drink_shelf> (1) <upper> failed") == []
    assert plain_name("paper_towel#2") == "the paper towel"


@pytest.mark.parametrize("code, message, details, subject", TECHNICAL, ids=[f"{c.value}-{i}" for i, (c, *_) in
                                                                          enumerate(TECHNICAL)])
def test_every_technical_refusal_reads_in_plain_words(code, message, details, subject):
    err = PrimitiveError(code, message, details)
    text = for_person(err, subject)
    assert text and technical_terms(text) == [], text
    assert err.message == message and err.details == details  # the trace keeps the detail


def test_the_collision_refusal_says_what_is_in_the_way_and_what_would_work():
    err = PrimitiveError(ErrorCode.TRAJECTORY_COLLISION, TECHNICAL[0][1], {})
    assert for_person(err, "bin#1") == ("The door is in the way of your right hand; step a little to the left of "
                                        "the bin or clear the way, and try again.")


# Refusals of real commands on the lab scene: every code the executor and the compiler give a person.
REFUSED = [
    "[Grab] <table> (1)", "[Grab]", "[Put] <mug> (1) <counter> (1)", "[Grab] <unicorn> (1)", "[Grab] <chair>",
    "[Fly] <mug> (1)", "[Forward] 90 deg", "[Wait] 0", "[Put] <mug> (1) <table> (1) @place_spot=3:0.5",
    "[Forward] -3 m", "[Forward] right 20 m", "[Open] <table> (1)", "[TurnOn] <mug> (1)",
    "[Grab] <mug> (1)", "[Grab] <phone> (1)", "[PutIn] <mug> (1) <table> (1)", "[PutIn] <mug> (1) <fridge> (1)",
    "[Put] <mug> (1) <rack> (1) <attic>", "[Put] <mug> (1) <table> (1) @beside=<knife> (1) left",
    "[PutIn] <mug> (1) <cabinet> (1) <top>", "[Sit] <table> (1)", "[Push] <rack> (1) <sink> (1)",
]


def test_refusals_of_real_commands_read_in_plain_words():
    env = lab_env()
    seen = set()
    for cmd in REFUSED:
        out = env.execute(cmd)
        if out.ok:
            continue
        targets = command_targets(cmd)
        text = for_person(out.error, targets[0] if targets and "#" in targets[0] else None)
        assert text and technical_terms(text) == [], (cmd, out.error.message, text)
        seen.add(out.error.code)
    assert len(seen) >= 8, seen
