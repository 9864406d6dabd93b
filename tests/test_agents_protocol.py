"""Assistant and Human output parsing (paper appendix C.2.1): strict forms, lenient repairs, private
reasoning cut out first, top-level fields only, the meaning of ``done``, the reply length limit, and
unparseable output as an invalid (recoverable) turn. The tricky-reply corpus lives in tests/data."""
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent / "data"))
from protocol_corpus import ASSISTANT_CASES, HUMAN_CASES  # noqa: E402

from interactiveworld.agents.protocol import (_CONTROL_TAGS, _HUMAN_FIELDS, _TAG, MAX_REPLY_CHARS,  # noqa: E402
                                              PRIVATE_TAGS, _cut_private, _fields, _paired, _tags, parse_assistant,
                                              parse_human, render_human)


def test_corpus_is_large_and_ids_unique():
    assert len(ASSISTANT_CASES) >= 50 and len(HUMAN_CASES) >= 50
    ids = [c[0] for c in ASSISTANT_CASES + HUMAN_CASES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("case", ASSISTANT_CASES, ids=[c[0] for c in ASSISTANT_CASES])
def test_assistant_corpus(case):
    _, raw, kind, speech, memory, expect_memory, repair = case
    a = parse_assistant(raw, expect_memory=expect_memory)
    assert (a.kind, a.speech, a.memory) == (kind, speech, memory)
    assert a.raw == ("" if raw is None else raw)
    if repair is None:
        assert not any("does not mean finished" in r for r in a.repairs)
    else:
        assert any(repair in r for r in a.repairs), a.repairs


@pytest.mark.parametrize("case", HUMAN_CASES, ids=[c[0] for c in HUMAN_CASES])
def test_human_corpus(case):
    _, raw, reasoning, action, speak, valid, repair = case
    r = parse_human(raw)
    assert (r.reasoning, r.action, r.speak, r.valid) == (reasoning, action, speak, valid)
    assert "SECRET" not in r.speak
    if repair is not None:
        assert any(repair in x for x in r.repairs), r.repairs


@pytest.mark.parametrize("text,kind,speech", [
    ("silent", "silent", ""),
    ("done", "done", ""),
    ("<done/>", "done", ""),
    ("interrupt Pick up the card printed $41.", "interrupt", "Pick up the card printed $41."),
    ("error You are putting the milk in the oven; use the fridge.", "error",
     "You are putting the milk in the oven; use the fridge."),
])
def test_strict_forms_parse_without_repair(text, kind, speech):
    a = parse_assistant(text)
    assert (a.kind, a.speech, a.repairs) == (kind, speech, ())
    assert a.render() == ("done" if kind == "done" else text)


def test_done_glued_to_an_instruction_is_that_instruction():
    """The three replies of the case file: none ends the episode, no instruction is lost."""
    for text, words in [("Done? Not yet - first open the fridge.", "Not yet - first open the fridge."),
                        ("done - wait, no: put the knife back first", "wait, no: put the knife back first"),
                        ("Done. Also, please close the fridge door.", "Also, please close the fridge door.")]:
        a = parse_assistant(text)
        assert (a.kind, a.speech, a.intervenes) == ("interrupt", words, True)


def test_memory_block_is_never_spoken_without_the_variant():
    a = parse_assistant("interrupt Go left. <memory>5 VAN cartons</memory>")
    assert (a.kind, a.speech, a.memory) == ("interrupt", "Go left.", None)
    assert "memory block dropped (the memory variant is off)" in a.repairs


def test_length_limit_is_a_recorded_invalid_turn_for_both_roles():
    ok = "interrupt " + "a" * (MAX_REPLY_CHARS - len("interrupt "))
    assert len(ok) == MAX_REPLY_CHARS and parse_assistant(ok).kind == "interrupt"
    over = ok + "a"
    a = parse_assistant(over)
    assert a.kind == "invalid" and a.raw == over
    assert a.repairs == (f"reply too long: {MAX_REPLY_CHARS + 1} characters, the limit is {MAX_REPLY_CHARS}; "
                         "nothing in it was read",)
    h = parse_human("<speak>" + "x" * MAX_REPLY_CHARS + "</speak>")
    assert not h.valid and h.speak == "" and h.repairs[0].startswith("reply too long")
    # the limit can be lifted (benchmarks time the parser itself on long inputs)
    assert parse_human("<speak>" + "x" * MAX_REPLY_CHARS + "</speak>", max_chars=None).speak == "x" * MAX_REPLY_CHARS


def test_render_human_round_trips():
    r = parse_human(render_human("because", "[Open] <fridge> (1)", "Opening it."))
    assert (r.reasoning, r.action, r.speak, r.repairs) == ("because", "[Open] <fridge> (1)", "Opening it.", ())


_PIECES = st.sampled_from(["<reasoning>", "</reasoning>", "<think>", "</think>", "<speak>", "</speak>",
                           "<action>", "</action>", "<speak/>", "SECRET", " ", "\n", "[Grab] <mug> (1)", "ok",
                           "{", "}", '"speak": "x"', "```"])


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=14), st.lists(_PIECES, max_size=8))
def test_private_words_never_become_speech(inside, after):
    """Whatever follows a private block that holds SECRET, closed or not, SECRET is never spoken (unless the
    model itself put it inside a well-formed <speak> field after the block)."""
    for close in ("</reasoning>", ""):
        raw = "<reasoning>SECRET " + "".join(p for p in inside if p != "SECRET") + close + \
              "".join(p for p in after if p != "SECRET")
        r = parse_human(raw)
        assert "SECRET" not in r.speak
        assert "SECRET" in r.reasoning or not r.valid or "SECRET" not in raw


@pytest.mark.parametrize("text", ["<speak>" * 20000, "<reasoning>" * 20000, "<speak>a</speak>" * 5000,
                                  "<think>" + "<action>x</action>" * 4000, "{" * 20000, "[" * 20000])
def test_adversarial_replies_parse_without_error(text):
    """Deeply nested or repeated tags parse into a result (no exception, no recursion error)."""
    parse_human(text, max_chars=None)
    assert parse_assistant(text, max_chars=None).kind in ("invalid", "silent", "interrupt", "error", "done")


def test_reasoning_before_a_json_object_stays_reasoning():
    """A private block followed by a JSON reply: the block's words are kept as reasoning, never spoken
    (a counterexample found by the property test above)."""
    r = parse_human('<reasoning>SECRET </reasoning>{"speak": "x"}')
    assert r.valid and r.speak == "x" and r.reasoning == "SECRET"
    r = parse_human('<reasoning>plan A</reasoning> {"reasoning": "plan B", "action": "[Grab] <mug> (1)"}')
    assert r.reasoning == "plan A\nplan B" and r.action == "[Grab] <mug> (1)" and r.speak == ""


_TAG_PIECES = st.sampled_from(["<reasoning>", "</reasoning>", "< / Reasoning >", "<think>", "</think>", "<thinking>",
                               "</ thinking>", "<speak>", "</speak>", "<SPEAK>", "<speak/>", "<speak / >", "<action>",
                               "</action>", "<actions>", "<memory>", "</memory>", "<done/>", "<interrupt>",
                               "</interrupt>", "<\u017fpeak>", "<act", "ion>", "<shelf>", "<", ">", "/", " ", "\n", "x",
                               "[Grab] <mug> (1)"])
_NAME_SETS = (PRIVATE_TAGS + _HUMAN_FIELDS, PRIVATE_TAGS + _CONTROL_TAGS + ("memory",), ("memory",), _CONTROL_TAGS)


@settings(max_examples=400, deadline=None)
@given(st.lists(_TAG_PIECES, max_size=16))
def test_tag_scan_by_name_matches_the_scan_of_every_tag(pieces):
    """Scanning for the wanted names only finds exactly the tags that a scan for every tag-shaped token, filtered by
    name, finds (the long s is not an ASCII letter, and ``<actions>`` is not ``<action>``)."""
    text = "".join(pieces)
    for names in _NAME_SETS:
        want = [(m.start(), m.end(), m.group(2).lower(), "close" if m.group(1) else ("self" if m.group(3) else "open"))
                for m in _TAG.finditer(text) if m.group(2).lower() in names]
        assert [tuple(t) for t in _tags(text, names)] == want


_PAIRED_PIECES = st.sampled_from(["<reasoning>plan</reasoning>", "<think>hm</think>", "<Thinking>x</thinking >",
                                  "<action>[Grab] <mug> (1)</action>", "<speak>Got it.</speak>",
                                  "< Speak >b</ speak>", "<action></action>", "<speak/>", "</speak>", "<think>",
                                  "<reasoning>", " ", "\n", "words", "<mug>"])


@settings(max_examples=400, deadline=None)
@given(st.lists(_PAIRED_PIECES, max_size=10))
def test_one_scan_split_equals_cutting_then_reading_fields(pieces):
    """Where the one-scan split applies (every tag closed by the next), it returns what cutting the private blocks
    and then reading the fields returns, with no repair; parse_human is the same either way."""
    text = "".join(pieces)
    got = _paired(text, _HUMAN_FIELDS)
    repairs = []
    body, private = _cut_private(text, _HUMAN_FIELDS, lambda names: names >= set(_HUMAN_FIELDS), repairs)
    found, outside = _fields(body, _HUMAN_FIELDS, repairs)
    if got is not None:
        assert got == (private, found, outside) and repairs == []


def test_one_scan_split_of_the_canonical_reply():
    text = render_human("plan", "[Grab] <mug> (1)", "On it.")
    assert _paired(text, _HUMAN_FIELDS) == (["plan"], {"action": ["[Grab] <mug> (1)"], "speak": ["On it."]},
                                            "\x00\n\n")
    assert _paired("<speak/>", _HUMAN_FIELDS) is None  # self-closing: the general path
    assert _paired("<speak>a<think>b</think></speak>", _HUMAN_FIELDS) is None  # nested
