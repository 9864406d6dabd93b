"""Assistant and Human output parsing (paper appendix C.2.1): strict forms, lenient repairs, and
unparseable output as an invalid (recoverable) turn."""
import pytest

from interactiveworld.agents.protocol import parse_assistant, parse_human, render_human


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


@pytest.mark.parametrize("text,kind,speech,repair", [
    ("Interrupt: take the red mug", "interrupt", "take the red mug", "keyword punctuation removed"),
    ("**Interrupt:** take the red mug", "interrupt", "take the red mug", "keyword punctuation removed"),
    ("```\nsilent\n```", "silent", "", "removed markdown fence"),
    ("<interrupt>go left</interrupt>", "interrupt", "go left", "interrupt written as a tag"),
    ('{"action": "interrupt", "speech": "open the fridge"}', "interrupt", "open the fridge",
     "response given as a JSON object"),
    ("Done. The milk is in the fridge.", "done", "", "text after 'done' ignored"),
    ("<silent/>", "silent", "", "silent written as a tag"),
])
def test_lenient_forms_record_their_repair(text, kind, speech, repair):
    a = parse_assistant(text)
    assert a.kind == kind and a.speech == speech
    assert repair in a.repairs and a.repaired


@pytest.mark.parametrize("text,why", [
    ("", "empty reply"), (None, "empty reply"), ("   \n ", "empty reply"),
    ("I think you should grab the mug", "no control keyword"),
    ("interrupt", "interrupt without speech"),
    ('{"foo": 1}', "no control keyword"),
])
def test_unclear_output_is_an_invalid_turn_not_an_exception(text, why):
    a = parse_assistant(text)
    assert a.kind == "invalid" and not a.intervenes
    assert why in a.repairs[-1]


def test_memory_block_is_split_off_and_never_spoken():
    a = parse_assistant("interrupt Go to the shelf.\n<memory>5 VAN, 4 CHOC cartons on the shelf</memory>",
                        expect_memory=True)
    assert a.kind == "interrupt" and a.speech == "Go to the shelf."
    assert a.memory == "5 VAN, 4 CHOC cartons on the shelf"
    b = parse_assistant("silent\nMemory: the wearer holds the milk", expect_memory=True)
    assert b.kind == "silent" and b.memory == "the wearer holds the milk"
    # without the memory variant a memory tag is just text after the keyword
    assert parse_assistant("silent <memory>x</memory>").memory is None


def test_human_fields_are_separate():
    r = parse_human("<reasoning>The assistant wants the $41 card.</reasoning>\n"
                    "<action>[Grab] <invoice_card> (2)</action>\n<speak>Got it.</speak>")
    assert (r.reasoning, r.action, r.speak, r.valid, r.repairs) == (
        "The assistant wants the $41 card.", "[Grab] <invoice_card> (2)", "Got it.", True, ())


def test_human_repairs():
    r = parse_human("<reasoning>x<action>[Grab] <mug> (1)\n[Put] <mug> (1) <table> (1)<speak>ok")
    assert r.action == "[Grab] <mug> (1)\n[Put] <mug> (1) <table> (1)" and r.speak == "ok"
    assert "missing </action>" in r.repairs
    u = parse_human("[Grab] <mug> (1)\nSure, grabbing it.")
    assert u.action == "[Grab] <mug> (1)" and u.speak == "Sure, grabbing it."
    assert u.repairs == ("untagged reply: command lines taken as <action>, the rest as <speak>",)
    n = parse_human("<reasoning>r</reasoning><action>none</action><speak>Which one?</speak>")
    assert n.action == "" and n.speak == "Which one?"


@pytest.mark.parametrize("text", ["", None, "I am not sure what to do."])
def test_human_unusable_reply_is_invalid(text):
    r = parse_human(text)
    assert not r.valid and r.action == ""


def test_render_human_round_trips():
    r = parse_human(render_human("because", "[Open] <fridge> (1)", "Opening it."))
    assert (r.reasoning, r.action, r.speak, r.repairs) == ("because", "[Open] <fridge> (1)", "Opening it.", ())
