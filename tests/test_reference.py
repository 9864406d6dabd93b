"""The NARRATE exposure matcher (interactiveworld.language.reference) and the handles each family shows the Human
(bench.families.exposed / human_handles): whole words, normalised, plural-aware, auxiliary homographs only as
nouns; no substring ever exposes an object."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from interactiveworld.bench.families import exposed, human_handles, moved_places
from interactiveworld.language.reference import entry_names, find_name, refers_to, singular, words


@pytest.mark.parametrize("speech, names, expect", [
    ("Can you turn around slowly?", ["can", "soda can"], False),      # a modal verb, not the can
    ("You can put it down now.", ["can"], False),
    ("Which can I take?", ["can"], False),
    ("Bottles can be heavy.", ["can"], False),
    ("Pick up the can on the left.", ["can"], True),
    ("Put the soda can on the table.", ["can"], True),
    ("Which can is it?", ["can"], True),
    ("The cans are cold.", ["can"], True),                             # plural
    ("The toilet is on your right.", ["baby oil", "oil"], False),    # no substring matches
    ("Take the oil.", ["baby oil", "oil"], True),
    ("Grab two of the bottles.", ["bottle"], True),
    ("Mind the knives.", ["knife"], True),                             # irregular plural
    ("The glasses are by the sink.", ["glass"], True),
    ("The juice carton in the middle.", ["juice carton"], True),      # a name of two words, in order
    ("The carton of juice.", ["juice carton"], False),
    ("Pick up the card printed $41.", ["$41"], True),
    ("Pick up the card printed $410.", ["$41"], False),
    ("It's the BABY-OIL bottle.", ["baby oil"], True),                 # case and hyphen normalised
    ("the soy_carton", ["soy carton"], True),
    ("", ["bottle"], False),
])
def test_refers_to(speech, names, expect):
    assert refers_to(speech, names) is expect


def test_words_normalise_case_punctuation_and_plurals():
    assert words("GIN 200 mL, 0.6 L at 7:55; two BOTTLES") == ["gin", "200", "ml", "0.6", "l", "at", "7:55", "two",
                                                                "bottle"]
    assert words("Don\u2019t touch the carton's shelves") == ["don't", "touch", "the", "carton", "shelf"]
    # closed-class words keep their final s (inflect alone would make "this" -> "thi")
    assert [singular(w) for w in ("this", "is", "was", "its", "his", "bus")] == ["this", "is", "was", "its", "his",
                                                                                "bu"]
    assert find_name(["the", "red", "can"], ["can"]) and not find_name(["can", "you"], ["can"])


def test_entry_names_include_the_handle_name():
    assert entry_names("soda_can#1", ["cola"]) == ["soda can", "cola"]


def _entry(handle, description, movable=True, aliases=()):
    return SimpleNamespace(handle=handle, description=description, movable=movable, aliases=list(aliases))


LEGEND = [_entry("can#1", "a can, at the left of the counter"),
          _entry("bottle#1", "a bottle, in the middle of the top shelf"),
          _entry("phone#1", "your phone"),
          _entry("fridge#1", "the fridge", movable=False),
          _entry("side_table#1", "the side table", movable=False)]


def test_narrate_exposes_only_what_the_assistant_named():
    def shown(said, held=None):
        return [a for a, _ in human_handles("NARRATE", LEGEND, visible={"can#1", "bottle#1"}, held=held,
                                            mentioned=said)]
    assert shown([]) == []                                                    # seeing does not expose anything
    assert shown(["Can you turn around slowly?"]) == []
    assert shown(["Near the toilet there is a shelf."]) == []
    assert shown(["Pick up the can."]) == ["<can> (1)"]
    assert shown(["Open the fridge.", "The bottles are on the shelf."]) == ["<bottle> (1)", "<fridge> (1)"]
    assert shown([], held="phone#1") == ["<phone> (1)"]                       # held: always


@pytest.mark.parametrize("protocol", ["ASK", "FIND"])
def test_seeing_families_list_places_always_and_objects_only_in_view(protocol):
    shown = [a for a, _ in human_handles(protocol, LEGEND, visible={"bottle#1"}, held=None, mentioned=[],
                                         reachable={"can#1", "phone#1"})]
    assert shown == ["<bottle> (1)", "<fridge> (1)", "<side_table> (1)"]


@pytest.mark.parametrize("protocol", ["GUIDE", "WATCH", "ORCHESTRATE"])
def test_families_with_local_motor_steps_also_list_objects_within_reach(protocol):
    shown = [a for a, _ in human_handles(protocol, LEGEND, visible={"bottle#1"}, held=None, mentioned=[],
                                         reachable={"can#1"})]
    assert shown == ["<can> (1)", "<bottle> (1)", "<fridge> (1)", "<side_table> (1)"]
    assert not exposed(protocol, LEGEND[2], visible=set(), held=None, said=[], reachable=set())


def test_a_moved_object_says_where_it_rests_now():
    rel = {("on", "can#1", "side_table#1"), ("unmoved", "bottle#1"), ("on", "bottle#1", "fridge#1"),
           ("inside", "phone#1", "fridge#1"), ("held", "phone#1")}
    places = moved_places(rel, LEGEND)
    assert places == {"can#1": "on the side table"}                # unmoved and held objects keep their text
    out = dict(human_handles("ASK", LEGEND, visible={"can#1"}, held=None, mentioned=[], places=places))
    assert out["<can> (1)"] == "a can, at the left of the counter (moved: now on the side table)"
    assert moved_places({("inside", "can#1", "fridge#1")}, LEGEND) == {"can#1": "in the fridge"}


def _catalog_words() -> list[str]:
    """Every word of every built-in TaskPack file (names, aliases, instructions), plus irregular plurals."""
    import re

    from interactiveworld.bench.taskpack import builtin_taskpacks

    found: set[str] = set()
    for path in builtin_taskpacks().values():
        found.update(re.findall(r"[a-z]{3,}", path.read_text(encoding="utf-8").lower()))
    return sorted(found | {"knives", "mice", "geese", "children", "teeth", "leaves", "boxes", "glasses", "dishes",
                           "series", "species", "crises", "cacti", "wolves", "potatoes", "feet", "women"})


def test_inflect_without_typeguard_gives_the_same_words_as_a_normal_import():
    """reference.inflect_engine imports inflect with typeguard's decorator as the identity; a separate process
    imports it as usual and must give the same singular for every catalog word and the same number words."""
    import json
    import subprocess
    import sys

    from interactiveworld.language.reference import inflect_engine

    vocabulary = _catalog_words()
    assert len(vocabulary) > 500
    probe = ("import inflect, json, sys\nvocabulary = json.load(sys.stdin)\np = inflect.engine()\n"
             "print(json.dumps([[p.singular_noun(w) for w in vocabulary], [p.number_to_words(n) for n in range(21)],"
             " [p.plural_noun(w) for w in vocabulary[:200]]]))")
    done = subprocess.run([sys.executable, "-c", probe], input=json.dumps(vocabulary), capture_output=True,
                          text=True, timeout=300, check=True)
    normal = json.loads(done.stdout)
    engine = inflect_engine()
    ours = [[engine.singular_noun(w) for w in vocabulary], [engine.number_to_words(n) for n in range(21)],
            [engine.plural_noun(w) for w in vocabulary[:200]]]
    assert ours == normal
    assert "check_argument_types_internal" not in type(engine).singular_noun.__code__.co_names  # not instrumented
