"""Grounding and compilation of commands into typed goals (paper appendix B.3.1)."""
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interactiveworld.env_types import Handle
from interactiveworld.errors import ErrorCode, PrimitiveError
from interactiveworld.language import (
    PRIMITIVES,
    CompiledCommand,
    GoalKind,
    all_aliases,
    compile_block,
    compile_command,
    compile_text,
    parse_command,
    render_command,
    render_structured,
)

SCENE = [
    Handle("red_mug", 2, "mug", description="red ceramic mug"),
    Handle("blue_mug", 1, "mug", description="blue ceramic mug"),
    Handle("drawer", 1, "drawer", description="kitchen drawer"),
    Handle("table", 1, "table", description="wooden dining table"),
    Handle("Fridge", 1, "fridge", description="tall white fridge"),
    Handle("knife", 1, "knife", description="chef knife"),
    Handle("tomato", 1, "tomato", description="ripe tomato"),
    Handle("sponge", 1, "sponge", description="yellow sponge"),
    Handle("counter", 1, "counter", description="kitchen counter"),
    Handle("plate", 3, "plate", description="white plate"),
    Handle("plate", 4, "plate", description="white plate"),
    Handle("red_apple", 1, "apple", description="red apple"),
]

# four generic entities so every primitive can be written with its full arity
GENERIC = [Handle(f"thing_{c}", 1, "thing", description=f"thing {c}") for c in "abcd"]


def _ok(result) -> CompiledCommand:
    assert isinstance(result, CompiledCommand), str(result)
    return result


def _err(result, code: ErrorCode) -> PrimitiveError:
    assert isinstance(result, PrimitiveError), result
    assert result.code is code, str(result)
    assert result.message and result.message.rstrip()[-1] in ".?"
    return result


def _generic_line(alias: str, n_args: int) -> str:
    return render_command(alias, [f"thing_{c}" for c in "abcd"[:n_args]], indices=[1] * n_args)


CASES = [(alias, name) for alias, name in all_aliases().items()]


@pytest.mark.parametrize("alias, name", CASES)
def test_every_alias_compiles_with_full_and_minimal_arity(alias, name):
    spec = PRIMITIVES[name]
    for n in sorted({spec.min_entities, spec.max_entities}):
        line = _generic_line(alias, n)
        compiled = _ok(compile_text(line, GENERIC))
        assert compiled.spec is spec
        assert not compiled.repaired, compiled.repairs
        scene_args = [i for i in range(n) if i not in spec.symbolic_args]
        expected_targets = [f"thing_{'abcd'[i]}#1" for i in scene_args]
        assert compiled.targets == expected_targets
        last = compiled.goals[-1]
        assert last.kind is GoalKind(name) and last.primitive == name and last.targets == expected_targets
        assert last.command == line
        # the grounded text compiles to the same goals
        again = _ok(compile_text(compiled.text, GENERIC))
        assert [g.to_dict() | {"command": ""} for g in again.goals] == [
            g.to_dict() | {"command": ""} for g in compiled.goals]
        if name == "navigate_to":
            assert len(compiled.goals) == 1
        elif spec.navigates:
            nav = f"thing_{'abcd'[spec.nav_arg]}#1"
            navs = [g for g in compiled.goals if g.kind is GoalKind.NAVIGATE_TO]
            assert navs[-1].targets == [nav] and navs[-1].params == {"implicit": True}
            assert compiled.goals.index(navs[-1]) == len(compiled.goals) - 2
        else:
            assert len(compiled.goals) == 1


@pytest.mark.parametrize("name", list(PRIMITIVES))
def test_arity_refusals(name):
    spec = PRIMITIVES[name]
    alias = spec.aliases[0]
    too_many = _generic_line(alias, spec.max_entities) + " <thing_a> (1)"
    err = _err(compile_text(too_many, GENERIC), ErrorCode.BAD_ARITY)
    assert err.details["expected"] == list(spec.arg_names)
    assert err.details["got"] == spec.max_entities + 1
    for arg in spec.arg_names:
        assert arg in err.message
    assert f"[{alias}]" in err.message
    if spec.min_entities > 0:
        err = _err(compile_text(_generic_line(alias, spec.min_entities - 1), GENERIC), ErrorCode.BAD_ARITY)
        assert err.details["got"] == spec.min_entities - 1


def test_paper_example_compiles_with_deduplicated_navigation():
    lines = ["[Walk] <red_mug> (2)", "[Grab] <red_mug> (2)", "[PutIn] <red_mug> (2) <drawer> (1)"]
    walk, grab, put_in = (_ok(r) for r in compile_block(lines, SCENE))
    assert [(g.kind, g.targets) for g in walk.goals] == [(GoalKind.NAVIGATE_TO, ["red_mug#2"])]
    # the grab needs no second walk to the mug
    assert [(g.kind, g.targets) for g in grab.goals] == [(GoalKind.PICK, ["red_mug#2"])]
    # the mug is held: navigation goes to the drawer only
    assert [(g.kind, g.targets) for g in put_in.goals] == [
        (GoalKind.NAVIGATE_TO, ["drawer#1"]),
        (GoalKind.PLACE_INSIDE, ["red_mug#2", "drawer#1"]),
    ]
    assert put_in.goals[0].primitive == "place_inside" and put_in.goals[0].params["implicit"] is True
    # without the explicit walk, the grab inserts it
    grab_only = _ok(compile_block(lines[1:], SCENE)[0])
    assert [(g.kind, g.targets) for g in grab_only.goals] == [
        (GoalKind.NAVIGATE_TO, ["red_mug#2"]), (GoalKind.PICK, ["red_mug#2"])]


def test_navigation_deduplication_and_reset():
    lines = ["[Open] <fridge> (1)", "[Close] <fridge> (1)", "[TurnLeft]", "[Open] <fridge> (1)"]
    results = [_ok(r) for r in compile_block(lines, SCENE)]
    navs = [[g.targets[0] for g in r.goals if g.kind is GoalKind.NAVIGATE_TO] for r in results]
    # the second manipulation of the same target is not preceded by a walk; a turn leaves the stance
    assert navs == [["Fridge#1"], [], [], ["Fridge#1"]]


def test_held_objects_are_never_navigated_to():
    cut = _ok(compile_text("[Cut] <tomato> (1) <knife> (1)", SCENE, held="knife#1"))
    assert [(g.kind, g.targets) for g in cut.goals] == [
        (GoalKind.NAVIGATE_TO, ["tomato#1"]), (GoalKind.CUT, ["tomato#1", "knife#1"])]
    put = _ok(compile_text("[Put] <red_mug> (2) <table> (1)", SCENE, held="red_mug#2", last_navigation_target="table#1"))
    assert [g.kind for g in put.goals] == [GoalKind.PLACE]
    flip = _ok(compile_text("[Flip] <red_mug> (2)", SCENE, held="red_mug#2"))
    assert [g.kind for g in flip.goals] == [GoalKind.FLIP]
    grab_held = _ok(compile_text("[Grab] <red_mug> (2)", SCENE, held="red_mug#2"))
    assert [g.kind for g in grab_held.goals] == [GoalKind.PICK]


def test_wipe_fetches_the_tool_and_recognises_the_legacy_order():
    wipe = _ok(compile_text("[Wipe] <sponge> (1) <counter> (1)", SCENE))
    assert [(g.kind, g.targets) for g in wipe.goals] == [
        (GoalKind.NAVIGATE_TO, ["sponge#1"]), (GoalKind.NAVIGATE_TO, ["counter#1"]),
        (GoalKind.WIPE, ["sponge#1", "counter#1"])]
    assert not wipe.repaired
    legacy = _ok(compile_text("[Wipe] <counter> (1) <sponge> (1)", SCENE, held="sponge#1"))
    assert legacy.goals[-1].targets == ["sponge#1", "counter#1"]
    assert [g.targets for g in legacy.goals[:-1]] == [["counter#1"]]
    assert legacy.repaired and any("legacy" in r for r in legacy.repairs)


def test_attach_connectors_are_symbolic_with_index_zero_default():
    c = _ok(compile_text("[Attach] <red_mug> (2) <peg> <table> (1) <hole> (3) 7", SCENE))
    goal = c.goals[-1]
    assert goal.targets == ["red_mug#2", "table#1"]
    assert goal.params["connectors"] == {"child": "peg#0", "parent": "hole#3"}
    assert goal.params["angle_error_deg"] == 7
    assert _ok(compile_text("[Attach] <red_mug> (2) <peg> <table> (1) <hole>", SCENE)).goals[-1].params[
        "angle_error_deg"] == 0
    _err(compile_text("[Attach] <red_mug> (2) <peg> <table> (1) <hole> 2.5", SCENE), ErrorCode.BAD_ARGUMENT)


def test_place_inside_region_is_symbolic():
    c = _ok(compile_text("[PutIn] <red_mug> (2) <Fridge> (1) <door_shelf> (2)", SCENE, held="red_mug#2"))
    assert c.goals[-1].params["region"] == "door_shelf#2"
    assert c.goals[-1].targets == ["red_mug#2", "Fridge#1"]


@pytest.mark.parametrize(
    "line, key, value",
    [
        ("[Forward]", "distance_m", 0.6),
        ("[Forward] 1", "distance_m", 0.6),          # one pace
        ("[Forward] 2", "distance_m", 1.2),          # 2 paces x 0.6 m
        ("[Forward] 2 paces", "distance_m", 1.2),
        ("[Forward] 1.5 m", "distance_m", 1.5),
        ("[Forward] 80 cm", "distance_m", 0.8),
        ("[Forward] 20 m", "distance_m", 20.0),
        ("[Forward] 50 m", "distance_m", 20.0),      # capped
        ("[Forward] 40", "distance_m", 20.0),        # 24 m in paces, capped
        ("[TurnLeft]", "angle_rad", math.pi / 2),
        ("[TurnRight]", "angle_rad", -math.pi / 2),
        ("[TurnLeft] 45", "angle_rad", math.pi / 4),
        ("[TurnRight] 30 deg", "angle_rad", -math.pi / 6),
        ("[TurnLeft] 360", "angle_rad", 2 * math.pi),
        ("[TurnLeft] 1.5 rad", "angle_rad", 1.5),
        ("[TurnAround]", "angle_rad", math.pi),
        ("[TurnAround] 180", "angle_rad", math.pi),
        ("[Wait]", "duration_s", 3.0),
        ("[Wait] 0.1", "duration_s", 0.1),
        ("[Wait] 600", "duration_s", 600.0),
        ("[Wait] 2 min", "duration_s", 120.0),
        ("[Wait] 12 s", "duration_s", 12.0),
    ],
)
def test_numeric_defaults_units_and_caps(line, key, value):
    goal = _ok(compile_text(line, SCENE)).goals[-1]
    assert goal.params[key] == pytest.approx(value, abs=1e-12)
    assert goal.params.get("capped", False) == (line in ("[Forward] 50 m", "[Forward] 40"))
    if line == "[Forward] 40":
        assert goal.params["requested_distance_m"] == pytest.approx(24.0)


@pytest.mark.parametrize(
    "line",
    [
        "[Forward] 0", "[Forward] back -2", "[Forward] left -1 m", "[Forward] 90 deg", "[Forward] 3 s",
        "[TurnLeft] 0", "[TurnLeft] 361", "[TurnRight] -10", "[TurnLeft] 2 m", "[TurnAround] 90",
        "[Wait] 0.05", "[Wait] 601", "[Wait] 11 min", "[Wait] 0", "[Wait] 5 m",
        "[Grab] <red_mug> (2) 3", "[Walk] <table> 5 m",
        "[Put] <red_mug> (2) <table> (1) @place_spot=1.5:0.5",
        "[Put] <red_mug> (2) <table> (1) @place_spot=0:-0.1",
        "[Put] <red_mug> (2) <table> (1) @place_spot=0:1.01",
        "[Grab] <red_mug> (2) @place_spot=0:0.5",
    ],
)
def test_out_of_range_arguments_are_bad_argument(line):
    err = _err(compile_text(line, SCENE), ErrorCode.BAD_ARGUMENT)
    assert err.details.get("token")


def test_place_spot_in_range_is_passed_on():
    goal = _ok(compile_text("[Put] <red_mug> (2) <table> (1) @place_spot=-1:1", SCENE, held="red_mug#2")).goals[-1]
    assert goal.params["place_spot"] == (-1.0, 1.0)


def test_resolution_exact_then_case_insensitive():
    assert _ok(compile_text("[Open] <Fridge> (1)", SCENE)).targets == ["Fridge#1"]       # exact key
    assert _ok(compile_text("[Open] <fridge>", SCENE)).targets == ["Fridge#1"]           # case-insensitive
    c = _ok(compile_text("[Grab] <Red Mug> (2)", SCENE))
    assert c.targets == ["red_mug#2"] and not c.repaired


def test_resolution_single_instance_and_ambiguous_instances():
    c = _ok(compile_text("[Grab] <red_mug>", SCENE))     # no red_mug#1: the only instance
    assert c.targets == ["red_mug#2"] and c.repaired
    err = _err(compile_text("[Grab] <plate>", SCENE), ErrorCode.AMBIGUOUS_REFERENCE)
    assert err.details["candidates"] == ["plate#3", "plate#4"]
    assert "<plate> (3), <plate> (4)" in err.message and "#" not in err.message
    err = _err(compile_text("[Grab] <plate> (7)", SCENE), ErrorCode.UNKNOWN_ENTITY)
    assert "<plate> (3), <plate> (4)" in err.message


def test_resolution_by_unique_description():
    c = _ok(compile_text("[Grab] <chef knife>", SCENE))
    assert c.targets == ["knife#1"] and c.repaired
    assert any("description" in r for r in c.repairs)
    c = _ok(compile_text("[Grab] <blue ceramic mug>", SCENE))
    assert c.targets == ["blue_mug#1"]
    # "red" and "ceramic mug" each fit two entities
    err = _err(compile_text("[Grab] <red>", SCENE), ErrorCode.AMBIGUOUS_REFERENCE)
    assert err.details["candidates"] == ["red_apple#1", "red_mug#2"]
    assert "<red_apple> (1), <red_mug> (2)" in err.message
    err = _err(compile_text("[Grab] <ceramic mug>", SCENE), ErrorCode.AMBIGUOUS_REFERENCE)
    assert err.details["candidates"] == ["blue_mug#1", "red_mug#2"]
    # an explicit index narrows a description to one
    assert _ok(compile_text("[Grab] <ceramic mug> (2)", SCENE)).targets == ["red_mug#2"]


def test_unknown_entity_and_verb_suggestions():
    err = _err(compile_text("[Grab] <banana>", SCENE), ErrorCode.UNKNOWN_ENTITY)
    assert "<banana>" in err.message
    err = _err(compile_text("[Grab] <red_mugg> (2)", SCENE), ErrorCode.UNKNOWN_ENTITY)
    assert err.details["suggestions"][0] == "red_mug" and "<red_mug>" in err.message
    err = _err(compile_text("[Grabb] <red_mug> (2)", SCENE), ErrorCode.UNKNOWN_VERB)
    assert "[Grab]" in err.message and err.details["suggestion"] == "Grab"
    err = _err(compile_text("[Dance]", SCENE), ErrorCode.UNKNOWN_VERB)
    assert err.message == "[Dance] is not an action."
    # words without brackets are quoted as written, never shown as a bracketed action nobody typed
    err = _err(compile_text("hello world", SCENE), ErrorCode.UNKNOWN_VERB)
    assert err.message == "'hello' is not an action (a command starts with one in brackets, e.g. [Walk])."
    err = _err(compile_text("grabb <red_mug> (2)", SCENE), ErrorCode.UNKNOWN_VERB)
    assert err.message.startswith("'grabb' is not an action") and err.message.endswith("Did you mean [Grab]?")


def test_parse_errors_become_primitive_errors():
    err = _err(compile_text("[Walk] <red_mug", SCENE), ErrorCode.PARSE_ERROR)
    assert err.details["token"] == "<red_mug" and err.details["position"] == 7


def test_verb_case_is_a_recorded_repair():
    c = _ok(compile_text("[walk] <red_mug> (2)", SCENE))
    assert c.repaired and "read [walk] as [Walk]" in c.repairs
    c = _ok(compile_text("[put in] <red_mug> (2) <drawer> (1)", SCENE))
    assert c.spec.name == "place_inside" and "read [put in] as [PutIn]" in c.repairs
    assert not _ok(compile_text("[Walk] <red_mug> (2)", SCENE)).repaired


def test_render_structured_form_into_the_grammar():
    assert render_command("PutIn", ["red_mug", "drawer"], indices=[2, 1]) == "[PutIn] <red_mug> (2) <drawer> (1)"
    assert render_command("place", ["red_mug#2", "table"]) == "[Put] <red_mug> (2) <table>"
    assert render_command("Forward", [], scalar=1.5) == "[Forward] 1.5 m"
    assert render_command("TurnLeft", [], scalar=45) == "[TurnLeft] 45"
    assert render_command("Put", ["a", "b"], place_spot=(0.5, 0.25)) == "[Put] <a> <b> @place_spot=0.5:0.25"
    assert render_command("Forward", [], scalar="3") == "[Forward] 3"
    # the rendered text compiles to the same meaning as the structured fields
    goal = _ok(compile_text(render_command("Forward", [], scalar=1.5), SCENE)).goals[-1]
    assert goal.params["distance_m"] == pytest.approx(1.5)
    goal = _ok(compile_text(render_command("Wait", [], scalar=7), SCENE)).goals[-1]
    assert goal.params["duration_s"] == pytest.approx(7.0)
    with pytest.raises(ValueError):
        render_command("Dance", [])
    with pytest.raises(ValueError):
        render_command("Put", ["a", "b"], indices=[1])
    with pytest.raises(ValueError):
        render_command("Put", ["!!", "b"])


def test_compile_command_accepts_parsed_commands_directly():
    parsed = parse_command("[Grab] <red_mug> (2)")
    c = _ok(compile_command(parsed, SCENE, last_navigation_target="red_mug#2"))
    assert [g.kind for g in c.goals] == [GoalKind.PICK]
    assert c.parsed is parsed
    assert c.goals[0].to_dict() == {"kind": "pick", "primitive": "pick", "targets": ["red_mug#2"], "params": {},
                                    "command": "[Grab] <red_mug> (2)"}


def test_description_queries_ignore_filler_words():
    c = _ok(compile_text("[Grab] <the chef knife>", SCENE))
    assert c.targets == ["knife#1"]


def test_render_rejects_non_finite_numbers():
    with pytest.raises(ValueError):
        render_command("Forward", [], scalar=float("nan"))
    with pytest.raises(ValueError):
        render_command("Put", ["a", "b"], place_spot=(float("inf"), 0.5))


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="[]<>()#@:=,.;-_ 0123456789abcdefgkmnoprstuwAGLPRTW°", max_size=50),
       st.none() | st.sampled_from(["red_mug#2", "knife#1"]), st.none() | st.sampled_from(["table#1", "Fridge#1"]))
def test_fuzz_compile_never_raises(line, held, last):
    result = compile_text(line, SCENE, held=held, last_navigation_target=last)
    if isinstance(result, PrimitiveError):
        assert result.code in {ErrorCode.PARSE_ERROR, ErrorCode.UNKNOWN_VERB, ErrorCode.UNKNOWN_ENTITY,
                               ErrorCode.AMBIGUOUS_REFERENCE, ErrorCode.BAD_ARITY, ErrorCode.BAD_ARGUMENT}
        assert result.message
    else:
        assert result.goals and result.goals[-1].kind is GoalKind(result.spec.name)
        keys = {f"{e.name}#{e.index}" for e in SCENE}
        assert all(t in keys for g in result.goals for t in g.targets)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(all_aliases())), st.lists(st.sampled_from(
    ["<red_mug> (2)", "<table>", "<Fridge> (1)", "<knife>", "<peg>", "<sponge> (1)"]), max_size=5),
    st.sampled_from(["", " 2", " 45", " 1.5 m", " @place_spot=0:0.5"]))
def test_fuzz_aliases_with_random_arguments(alias, args, tail):
    line = f"[{alias}] " + " ".join(args) + tail
    result = compile_text(line, SCENE)
    spec = PRIMITIVES[all_aliases()[alias]]
    if not spec.min_entities <= len(args) <= spec.max_entities:
        assert isinstance(result, PrimitiveError) and result.code is ErrorCode.BAD_ARITY


@pytest.mark.parametrize(
    "line, primitive, targets",
    [
        ("Turn on <Fridge>", "turn_on", ["Fridge#1"]),
        ("Put the red mug on the table", "place", ["red_mug#2", "table#1"]),
        ("Look at the chef knife.", "look_at", ["knife#1"]),
        ("walk to the table", "navigate_to", ["table#1"]),
        ("Stand up", "standup", []),
    ],
)
def test_sentence_like_commands_compile_as_repairs(line, primitive, targets):
    c = _ok(compile_text(line, SCENE))
    assert c.spec.name == primitive and c.targets == targets and c.repaired


def test_grounded_text_names_resolved_keys_and_defaults():
    assert _ok(compile_text("grab red mug", SCENE)).text == "[Grab] <red_mug> (2)"
    assert _ok(compile_text("[putin] <red_mug> (2) <drawer>", SCENE)).text == "[PutIn] <red_mug> (2) <drawer> (1)"
    c = _ok(compile_text("[Attach] <red_mug> (2) <peg> <table> <hole> 3", SCENE))
    assert c.text == "[Attach] <red_mug> (2) <peg> (0) <table> (1) <hole> (0) 3"
    assert c.arg_keys == ["red_mug#2", "peg#0", "table#1", "hole#0"]
    assert _ok(compile_text("[TurnLeft] 45 deg", SCENE)).text == "[TurnLeft] 45 deg"


def test_render_structured_taskpack_form():
    step = {"verb": "PutIn", "args": ["red_mug", "drawer"], "indices": [2, 1]}
    assert render_structured(step) == "[PutIn] <red_mug> (2) <drawer> (1)"
    assert render_structured({"verb": "Put", "args": ["red_mug#2", "table"], "place_spot": "0.5:0.2"}) == (
        "[Put] <red_mug> (2) <table> @place_spot=0.5:0.2")
    assert render_structured({"verb": "Forward", "scalar_arg": 2.4}) == "[Forward] 2.4 m"
    goal = _ok(compile_text(render_structured({"verb": "Wait", "scalar_arg": 5}), SCENE)).goals[-1]
    assert goal.params["duration_s"] == 5.0
    for bad in ({"args": ["a"]}, {"verb": "Put", "args": ["a", "b"], "place_spot": "0.5"},
                {"verb": "Put", "args": ["a", "b"], "place_spot": "x:y"}, {"verb": "Walk", "target": "a"}):
        with pytest.raises(ValueError):
            render_structured(bad)
