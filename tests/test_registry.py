"""The primitive registry against Table 5 of the paper (appendix B.3.1), transcribed here independently."""
import pytest

from interactiveworld.language import PRIMITIVES, GoalKind, all_aliases, resolve_verb, suggest_verb
from interactiveworld.language.registry import GROUPS, normalize_verb

# Table 5: primitive -> (group, surface verbs, entity arguments in order; "?" marks an optional one,
# "#" a numeric one). "Held" arguments are listed separately below.
TABLE5 = {
    "navigate_to": ("locomotion", ["Walk", "Run", "WalkTowards"], ["target"]),
    "forward": ("locomotion", ["Forward", "WalkForward"], ["#distance"]),
    "turn": ("locomotion", ["TurnLeft", "TurnRight", "TurnAround"], ["#angle"]),
    "sit": ("locomotion", ["Sit"], ["seat"]),
    "standup": ("locomotion", ["StandUp"], []),
    "squat": ("locomotion", ["Squat", "SquatDown"], []),
    "pick": ("grasping", ["Grab"], ["object"]),
    "release": ("grasping", ["Drop", "Release"], ["?object"]),
    "flip": ("grasping", ["Flip", "TurnOver"], ["object"]),
    "place": ("grasping", ["Put", "PutBack", "PutObjBack", "PutOn"], ["object", "surface", "?level"]),
    "place_inside": ("grasping", ["PutIn", "PutInside", "Insert"], ["object", "container", "?region"]),
    "place_on_floor": ("grasping", ["PutOnFloor"], ["object", "anchor"]),
    "fall_to_floor": ("grasping", ["FallToFloor"], ["object", "support"]),
    "attach": ("assembly", ["Attach", "Assemble", "Install"],
               ["child", "child_connector", "parent", "parent_connector", "#angle_error"]),
    "detach": ("assembly", ["Detach", "Disassemble", "Remove"], ["child", "parent"]),
    "raise": ("assembly", ["Raise", "Erect", "StandUpright"], ["assembly"]),
    "push": ("fixtures", ["Push", "PushRack"], ["fixture", "destination"]),
    "pull": ("fixtures", ["Pull", "PullRack"], ["fixture", "destination"]),
    "open": ("fixtures", ["Open"], ["openable"]),
    "close": ("fixtures", ["Close"], ["openable"]),
    "open_door": ("fixtures", ["OpenDoor"], ["door"]),
    "close_door": ("fixtures", ["CloseDoor"], ["door"]),
    "turn_on": ("devices", ["TurnOn", "SwitchOn"], ["device"]),
    "turn_off": ("devices", ["TurnOff", "SwitchOff"], ["device"]),
    "cook": ("devices", ["Cook"], ["food"]),
    "cut": ("devices", ["Cut"], ["target", "tool"]),
    "stir": ("devices", ["Stir"], ["target", "tool"]),
    "pour": ("devices", ["Pour"], ["target", "source"]),
    "wipe": ("devices", ["Wipe"], ["tool", "target"]),
    "use_computer": ("devices", ["UseComputer", "Type"], ["workstation"]),
    "answer_phone": ("devices", ["AnswerPhone"], ["phone"]),
    "look_around": ("perception", ["LookAround"], []),
    "look_scan": ("perception", ["LookScan"], []),
    "look_at": ("perception", ["LookAt"], ["entity"]),
    "wait": ("perception", ["Wait"], ["#duration"]),
    "confirm": ("perception", ["Confirm"], []),
}
# "Held" in Table 5: which entity argument must be the held object.
HELD = {"flip": 0, "place": 0, "place_inside": 0, "place_on_floor": 0, "cut": 1, "stir": 1, "pour": 1,
        "answer_phone": 0, "release": 0}


def test_exactly_the_36_primitives_of_table5():
    assert len(TABLE5) == 36
    assert list(PRIMITIVES) == list(TABLE5)  # table order
    assert len(PRIMITIVES) == 36


@pytest.mark.parametrize("name", list(TABLE5))
def test_aliases_group_and_arity_match_table5(name):
    group, aliases, args = TABLE5[name]
    spec = PRIMITIVES[name]
    assert spec.name == name
    assert spec.group == group
    assert list(spec.aliases) == aliases
    entity_args = [a for a in args if not a.startswith("#")]
    numeric = [a[1:] for a in args if a.startswith("#")]
    assert spec.max_entities == len(entity_args)
    assert spec.min_entities == len([a for a in entity_args if not a.startswith("?")])
    assert spec.scalar == (numeric[0] if numeric else None)
    assert spec.requires_held_arg == HELD.get(name)
    assert spec.summary and spec.summary.endswith(".")
    assert len(spec.arg_names) == spec.max_entities


def test_group_sizes():
    counts = {g: sum(1 for s in PRIMITIVES.values() if s.group == g) for g in GROUPS}
    assert counts == {"locomotion": 6, "grasping": 7, "assembly": 3, "fixtures": 6, "devices": 9, "perception": 5}


def test_every_alias_resolves_case_insensitively():
    table = {alias: name for name, (_, aliases, _) in TABLE5.items() for alias in aliases}
    assert all_aliases() == table
    for alias, name in table.items():
        for variant in (alias, alias.lower(), alias.upper(), f"[{alias}]",
                        "_".join([alias[:2], alias[2:]]), " ".join([alias[:1], alias[1:]])):
            spec = resolve_verb(variant)
            assert spec is not None and spec.name == name, variant


def test_aliases_are_unique_after_normalisation():
    keys = [normalize_verb(a) for a in all_aliases()]
    assert len(keys) == len(set(keys))
    # the near-collisions of the table stay apart
    assert resolve_verb("StandUp").name == "standup"
    assert resolve_verb("StandUpright").name == "raise"
    assert resolve_verb("TurnOver").name == "flip"
    assert resolve_verb("TurnOn").name == "turn_on"


def test_canonical_names_resolve_and_unknown_verbs_do_not():
    assert resolve_verb("place_inside").name == "place_inside"
    assert resolve_verb("Dance") is None
    assert resolve_verb("") is None
    assert resolve_verb("Grabb") is None


def test_suggestions_for_misspelt_verbs():
    assert suggest_verb("Grabb") == "Grab"
    assert suggest_verb("pickup") is None or resolve_verb(suggest_verb("pickup")) is not None
    assert suggest_verb("PutInsde") == "PutInside"
    assert suggest_verb("TurnOnn") == "TurnOn"
    assert suggest_verb("xyzzy") is None


def test_goal_kinds_cover_the_registry():
    assert {k.value for k in GoalKind} == set(PRIMITIVES)
    assert GoalKind.NAVIGATE_TO.value == "navigate_to"


def test_navigation_flags_are_consistent():
    for spec in PRIMITIVES.values():
        assert spec.navigates == (spec.nav_arg is not None)
        if spec.nav_arg is not None:
            assert spec.nav_arg < spec.max_entities
            assert spec.nav_arg not in spec.symbolic_args
            # a manipulation never walks to the object it must already hold
            assert spec.nav_arg != spec.requires_held_arg
        if spec.postcondition is not None:
            assert all(i < spec.max_entities for i in spec.postcondition.args)
    # the paper's state-changing actions are re-read after execution (B.3.2)
    for name in ("open", "close", "turn_on", "turn_off", "cut", "cook"):
        assert PRIMITIVES[name].state_changing
    # look_at, answer_phone, flip and fall_to_floor do not walk
    for name in ("look_at", "answer_phone", "flip", "fall_to_floor", "wait", "confirm"):
        assert not PRIMITIVES[name].navigates
    assert PRIMITIVES["push"].requires_empty_hand and PRIMITIVES["pull"].requires_empty_hand
    assert PRIMITIVES["attach"].symbolic_args == (1, 3) and PRIMITIVES["attach"].symbolic_default_index == 0


def test_arity_texts_name_the_arguments():
    assert PRIMITIVES["place"].expected_arguments() == "2 to 3 entity arguments (object, surface, level)"
    assert PRIMITIVES["pick"].expected_arguments() == "1 entity argument (object)"
    assert PRIMITIVES["place_inside"].expected_arguments() == "2 to 3 entity arguments (object, container, region)"
    assert PRIMITIVES["wait"].expected_arguments() == "no entity arguments"
    assert PRIMITIVES["place_inside"].signature() == "[PutIn] <object> <container> [<region>]"


def test_command_legend_lists_verbs_arguments_and_semantics():
    from interactiveworld.language import command_legend

    full = command_legend()
    lines = full.splitlines()
    assert len(lines) == 1 + 36
    assert "[Walk] / [Run] / [WalkTowards] <target>: " in full
    assert "[PutIn] / [PutInside] / [Insert] <object> <container> [<region>]: " in full
    assert "[Wait] [duration]: " in full
    subset = command_legend(["pick", "place"]).splitlines()
    assert len(subset) == 3 and subset[1].startswith("[Grab] <object>: ")
    with pytest.raises(KeyError):
        command_legend(["dance"])
