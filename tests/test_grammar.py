"""The command grammar (paper appendix B.3.1, equation 4; DESIGN.md "Commands")."""
import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interactiveworld.env import Environment
from interactiveworld.errors import ErrorCode
from interactiveworld.language import (
    ParseError,
    all_aliases,
    compile_text,
    normalize_name,
    parse_action_block,
    parse_command,
    render_command,
    split_commands,
)
from interactiveworld.language.grammar import MAX_BLOCK_COMMANDS, MAX_COMMAND_CHARS

sys.path.insert(0, str(Path(__file__).parent))
from iw_grammar_reference import reference_split  # noqa: E402

PAPER_EXAMPLE = "[Walk] <red_mug> (2)\n[Grab] <red_mug> (2)\n[PutIn] <red_mug> (2) <drawer> (1)"


def _summary(p):
    return (p.verb, [(a.name, a.index) for a in p.args], p.scalar, p.unit, p.place_spot)


def test_paper_pick_and_place_example():
    cmds = parse_action_block(PAPER_EXAMPLE)
    assert [_summary(c) for c in cmds] == [
        ("Walk", [("red_mug", 2)], None, None, None),
        ("Grab", [("red_mug", 2)], None, None, None),
        ("PutIn", [("red_mug", 2), ("drawer", 1)], None, None, None),
    ]
    assert not any(c.repaired for c in cmds)
    assert [c.raw for c in cmds] == PAPER_EXAMPLE.splitlines()
    assert cmds[2].args[1].raw == "<drawer> (1)"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Red Mug", "red_mug"),
        ("red_mug", "red_mug"),
        ("  Kitchen-Counter  ", "kitchen_counter"),
        ("Café Table", "cafe_table"),
        ("shelf__unit", "shelf_unit"),
        ("A/B test", "a_b_test"),
        ("", ""),
    ],
)
def test_normalize_name(text, expected):
    assert normalize_name(text) == expected


def test_split_newlines_and_comma_space():
    assert split_commands("[Walk] <a> (1), [Grab] <a> (1)\n\n[Open] <fridge> (1)") == [
        "[Walk] <a> (1)", "[Grab] <a> (1)", "[Open] <fridge> (1)"]
    # bare verbs after ", " still start a command
    assert split_commands("Walk <a>, Grab <a>") == ["Walk <a>", "Grab <a>"]


def test_split_is_bracket_aware():
    # ", " inside <...> or (...) does not split
    assert split_commands("[Grab] <salt, pepper> (1), [Wait] (3, 4)") == ["[Grab] <salt, pepper> (1)", "[Wait] (3, 4)"]
    # ", " before an argument is a separator inside one command
    assert split_commands("[PutIn] <mug> (2), <drawer> (1)") == ["[PutIn] <mug> (2), <drawer> (1)"]
    # a comma without a space never splits
    assert split_commands("[Walk] <a>,[Grab] <a>") == ["[Walk] <a>,[Grab] <a>"]
    assert split_commands("```\n[Walk] <a> (1)\n```") == ["[Walk] <a> (1)"]
    assert split_commands("") == [] and split_commands(" \n\t\n") == []


@pytest.mark.parametrize(
    "line, verb, args, scalar, unit, spot",
    [
        ("[Forward]", "Forward", [], None, None, None),
        ("[Forward] 2", "Forward", [], 2.0, None, None),
        ("[Forward] 1.5 m", "Forward", [], 1.5, "m", None),
        ("[Forward] 1.5m", "Forward", [], 1.5, "m", None),
        ("[Forward] 3 paces", "Forward", [], 3.0, "pace", None),
        ("[Forward] 40 cm", "Forward", [], 40.0, "cm", None),
        ("[TurnLeft] 45", "TurnLeft", [], 45.0, None, None),
        ("[TurnRight] 30°", "TurnRight", [], 30.0, "deg", None),
        ("[TurnRight] 30 degrees", "TurnRight", [], 30.0, "deg", None),
        ("[Wait] .5 s", "Wait", [], 0.5, "s", None),
        ("[Wait] 2 minutes", "Wait", [], 2.0, "min", None),
        ("[Put] <mug> (1) <table> (1) @place_spot=-0.5:0.25", "Put", [("mug", 1), ("table", 1)], None, None,
         (-0.5, 0.25)),
        ("[Attach] <leg> (1) <peg> <table_top> (1) <hole> (2) -5", "Attach",
         [("leg", 1), ("peg", None), ("table_top", 1), ("hole", 2)], -5.0, None, None),
        ("[Put In] <Red Mug> (2) <Drawer>", "Put In", [("red_mug", 2), ("drawer", None)], None, None, None),
        ("[LookAround]", "LookAround", [], None, None, None),
    ],
)
def test_strict_forms(line, verb, args, scalar, unit, spot):
    p = parse_command(line)
    assert _summary(p) == (verb, args, scalar, unit, spot)
    assert not p.repaired and p.repairs == []
    assert p.raw == line


@pytest.mark.parametrize(
    "line, expected",
    [
        ("Walk <red_mug> (2)", "[Walk] <red_mug> (2)"),                    # no brackets around the verb
        ("[Walk <red_mug> (2)", "[Walk] <red_mug> (2)"),                   # missing ']'
        ("[Walk] <red_mug>(2)", "[Walk] <red_mug> (2)"),                   # no space before the index
        ("[Walk] <Red Mug #2>", "[Walk] <red_mug> (2)"),                   # index inside the name
        ("[Walk] <red_mug (2)>", "[Walk] <red_mug> (2)"),
        ("[Walk] <red_mug> #2", "[Walk] <red_mug> (2)"),
        ("[Walk] <red_mug> (2).", "[Walk] <red_mug> (2)"),                 # trailing period
        ("[Walk] <red_mug> (2);", "[Walk] <red_mug> (2)"),
        ("1. [Walk] <red_mug> (2)", "[Walk] <red_mug> (2)"),               # list marker
        ("- [Walk] <red_mug> (2)", "[Walk] <red_mug> (2)"),
        ("[Walk] to the <red_mug> (2)", "[Walk] <red_mug> (2)"),           # filler words
        ("[Grab] red mug (2)", "[Grab] <red_mug> (2)"),                    # no angle brackets
        ("[PutIn] <red_mug> (2), <drawer> (1)", "[PutIn] <red_mug> (2) <drawer> (1)"),
        ("[Wait] (5)", "[Wait] 5"),                                        # parenthesised number
        ("Turn on <stove> (1)", "[Turn on] <stove> (1)"),                  # a bare verb of several words
        ("Walk towards the fridge", "[Walk towards] <fridge>"),
        ("Put red mug on table", "[Put] <red_mug> <table>"),
        ("Turn left 45", "[Turn left] 45"),
        ("[Put] <a> (1) <b> (1) @place_spot=0.5,0.5", "[Put] <a> (1) <b> (1) @place_spot=0.5:0.5"),
    ],
)
def test_repairs_are_recorded(line, expected):
    p = parse_command(line)
    assert p.canonical_text() == expected
    assert p.repaired and p.repairs, line


@pytest.mark.parametrize(
    "line, token, position",
    [
        ("", "", 0),
        ("[Walk] <red_mug", "<red_mug", 7),
        ("[Walk] <>", "<>", 7),
        ("[Walk] <a <b>", "<a", 7),
        ("[Walk] <a> (x)", "(x)", 11),
        ("[Walk] <a> (1.5)", "(1.5)", 11),
        ("[Walk] <a> (1", "(1", 11),
        ("[Walk] %", "%", 7),
        ("<mug> (1)", "<mug>", 0),
        ("(1) [Walk]", "(1)", 0),
        ("[Forward] 2 3", "3", 12),
        ("[Forward] 2parsecs", "parsecs", 11),
        ("[Put] <a> <b> @place_spot=left", "@place_spot=left", 14),
        ("[Put] <a> <b> @place_spot=0:0 @place_spot=0:1", "@place_spot=0:1", 30),
        ("[Walk] #3", "#3", 7),
        ("[123]", "[123]", 0),
        ("...", "...", 0),
        ("[Walk] " + "9" * 40, "9" * 40, 7),
    ],
)
def test_errors_name_the_offending_token(line, token, position):
    with pytest.raises(ParseError) as info:
        parse_command(line)
    err = info.value
    assert (err.token, err.position) == (token, position)
    assert line[err.position : err.position + len(err.token)] == err.token
    if token:
        shown = token if len(token) <= 40 else token[:37] + "..."
        assert repr(shown) in err.message
    assert err.line == line
    assert isinstance(err, ValueError)


def test_action_block_error_carries_its_line():
    with pytest.raises(ParseError) as info:
        parse_action_block("[Walk] <a> (1)\n[Grab] <b (1)")
    assert info.value.line == "[Grab] <b (1)"
    assert info.value.token == "<b"


def test_non_text_input_is_a_parse_error():
    with pytest.raises(ParseError):
        parse_command(None)  # type: ignore[arg-type]


# ---- fuzzing -----------------------------------------------------------------------------------------------

GRAMMAR_CHARS = "[]<>()#@:=,.;-_+ \t0123456789aAbBmsdgWalkGrbPutIn°é\u2022"


def _check_error(line: str, err: ParseError) -> None:
    assert isinstance(err.token, str) and isinstance(err.position, int)
    assert 0 <= err.position <= len(line)
    assert line[err.position : err.position + len(err.token)] == err.token
    if line.strip():
        assert err.token, f"error on {line!r} names no token: {err.message}"
        shown = err.token if len(err.token) <= 40 else err.token[:37] + "..."
        assert repr(shown) in err.message


def _parse_or_error(line: str) -> None:
    try:
        parse_command(line)
    except ParseError as err:
        _check_error(line, err)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=80))
def test_fuzz_arbitrary_text(line):
    _parse_or_error(line)


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet=GRAMMAR_CHARS, max_size=60))
def test_fuzz_grammar_alphabet(line):
    _parse_or_error(line)


_names = st.from_regex(r"[a-z][a-z0-9]{0,6}(_[a-z0-9]{1,5}){0,2}", fullmatch=True)
_verbs = st.sampled_from(sorted(all_aliases()))


@st.composite
def _commands(draw):
    verb = draw(_verbs)
    n = draw(st.integers(0, 4))
    args = [draw(_names) for _ in range(n)]
    indices = [draw(st.none() | st.integers(1, 99)) for _ in range(n)]  # 0 is refused (indices start at 1)
    scalar = draw(st.none() | st.integers(1, 500))
    spot = draw(st.none() | st.tuples(st.sampled_from([-1, -0.5, 0, 0.25, 1]), st.sampled_from([0, 0.5, 1])))
    return verb, args, indices, scalar, spot


@settings(max_examples=150, deadline=None)
@given(_commands())
def test_fuzz_rendered_commands_round_trip(cmd):
    verb, args, indices, scalar, spot = cmd
    line = render_command(verb, args, indices=indices, scalar=str(scalar) if scalar is not None else None,
                          place_spot=spot)
    p = parse_command(line)
    assert not p.repaired, (line, p.repairs)
    assert p.verb == verb
    assert [(a.name, a.index) for a in p.args] == list(zip(args, indices))
    assert p.scalar == (None if scalar is None else float(scalar))
    assert p.place_spot == (None if spot is None else (float(spot[0]), float(spot[1])))


@settings(max_examples=200, deadline=None)
@given(_commands(), st.integers(0, 200), st.sampled_from(list(GRAMMAR_CHARS) + ["", "\n", ", "]))
def test_fuzz_mutated_commands(cmd, where, insert):
    verb, args, indices, scalar, spot = cmd
    line = render_command(verb, args, indices=indices, scalar=str(scalar) if scalar is not None else None,
                          place_spot=spot)
    where %= len(line) + 1
    mutated = line[:where] + insert + line[where + 1 :]
    try:
        for piece in split_commands(mutated):
            try:
                parse_command(piece)
            except ParseError as err:
                _check_error(piece, err)
        parse_action_block(mutated)
    except ParseError as err:
        assert err.line in split_commands(mutated)
        _check_error(err.line, err)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([
    "[Walk] <a> (1)", "<b, c> (2)", "[Grab] <x, y>", "Open <fridge>", "(1, 2)", "[Wait] 3"]), max_size=6),
    st.sampled_from(["\n", ", ", " , "]))
def test_fuzz_split_never_breaks_inside_brackets(pieces, sep):
    text = sep.join(pieces)
    for out in split_commands(text):
        assert out == out.strip() and out
        # every piece keeps its brackets balanced when the input pieces were balanced
        assert out.count("<") == out.count(">")
        assert out.count("(") == out.count(")")
    assert re.sub(r"\s", "", "".join(split_commands(text))).replace(",", "") == re.sub(r"\s", "", text).replace(",", "")


# ---- linear splitting and the size limits ------------------------------------------------------------------

@settings(max_examples=800, deadline=None)
@given(st.text(alphabet=", <>()[]aZé1\t\n\u00a0#", max_size=60))
def test_split_agrees_with_the_reference_rule(text):
    assert split_commands(text, max_commands=None) == reference_split(text)


@pytest.mark.parametrize("text", [", " * 500, ", a" * 300, "[Walk] <a> (1), " * 40, "<" * 100 + ", b" * 50,
                                  ",  \t [x], ) b, ] c, é, 1"])
def test_split_agrees_with_the_reference_rule_on_long_inputs(text):
    assert split_commands(text, max_commands=None) == reference_split(text)


def test_block_limit_refuses_the_whole_block():
    block = "\n".join(f"[Wait] {i + 1}" for i in range(MAX_BLOCK_COMMANDS))
    assert len(split_commands(block)) == MAX_BLOCK_COMMANDS
    with pytest.raises(ParseError) as info:
        split_commands(block + "\n[Sit] <sofa> (1)")
    err = info.value
    assert err.line == "[Sit] <sofa> (1)" and err.token == "[Sit] <sofa> (1)" and err.position == 0
    assert f"more than {MAX_BLOCK_COMMANDS}" in err.message
    assert len(split_commands(block + "\n[Sit] <sofa> (1)", max_commands=None)) == MAX_BLOCK_COMMANDS + 1


def test_command_length_limit():
    ok = "[Walk] <" + "a" * (MAX_COMMAND_CHARS - len("[Walk] <>")) + ">"
    assert len(ok) == MAX_COMMAND_CHARS and parse_command(ok).args[0].name == "a" * (MAX_COMMAND_CHARS - 9)
    long = ok + " "
    with pytest.raises(ParseError) as info:
        parse_command(long)
    err = info.value
    assert f"{MAX_COMMAND_CHARS + 1} characters, the limit is {MAX_COMMAND_CHARS}" in err.message
    assert err.position == MAX_COMMAND_CHARS and long[err.position: err.position + len(err.token)] == err.token


def test_over_long_command_is_a_parse_error_result_of_the_compiler():
    res = compile_text("[Walk] " + "shelf " * 20_000, [])
    assert res.code == ErrorCode.PARSE_ERROR and "Command too long" in res.message


def test_environment_refuses_an_over_long_block_as_a_parse_error():
    """The episode loop splits through the environment: an over-long block becomes a PARSE_ERROR result."""
    block = ", ".join(["[Wait] 1"] * (MAX_BLOCK_COMMANDS + 1))
    res = Environment(render=False).split_commands(block)
    assert res.code == ErrorCode.PARSE_ERROR and f"more than {MAX_BLOCK_COMMANDS}" in res.message
    assert Environment(render=False).split_commands(", ".join(["[Wait] 1"] * MAX_BLOCK_COMMANDS)) == \
        ["[Wait] 1"] * MAX_BLOCK_COMMANDS
