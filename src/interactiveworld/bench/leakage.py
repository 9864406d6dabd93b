"""Human answer leakage: the Human stating or acting on evidence its family forbids it to have.

Paper appendix C.2.5: "material Human answer leakage makes a cell VOID, to be rerun". The Human of every family
but Prevention acts only on what the Assistant tells it (the restriction texts of
:data:`~interactiveworld.bench.families.RESTRICTIONS`: it may not read, count, choose, infer or plan); a Human that
reads a price aloud, or picks the right carton before anyone named it, has done the Assistant's work, and the cell
would credit the Assistant for the Human's perception. Two rules, each judged at the moment it happens:

* **Speech** (:func:`speech_leaks`): the Human says a declared evidence value (a label's text, or a count next to
  a word of what was counted) before the Assistant has said it, where the value is not already in what the Human
  was given (its task, legend and aliases).
* **Action** (:func:`action_leaks`): the Human performs a manipulating command (:data:`CHOICE_VERBS`) on an entity
  that carries declared label or state evidence before any Assistant utterance has referred to that entity by a name of its legend
  entry (:func:`~interactiveworld.language.reference.refers_to`). Prevention is exempt: its Human carries out its
  own plan by design. Moving, turning and looking are never leaks.

Both rules are lenient where words are ambiguous: an Assistant that said "the carton" has referred to every carton,
so a look-alike chosen after that is the Human following (perhaps badly) an instruction, not a leak. A leak found
makes the cell VOID with the rule, tick and text as the reason (:func:`leak_reason`), and the sweep reruns it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from ..language.reference import entry_names, refers_to
from .capabilities import Utterance
from .scoring import TraceStep

__all__ = ["CHOICE_VERBS", "EXEMPT_FAMILIES", "HumanLeak", "speech_leaks", "action_leaks", "find_leaks",
           "leak_reason"]

CHOICE_VERBS = frozenset({"pick", "place", "place_inside", "place_on_floor", "flip", "attach", "detach", "push",
                          "pull", "open", "close", "turn_on", "turn_off", "cook", "cut", "stir", "pour", "wipe",
                          "use_computer", "answer_phone"})
"""Canonical primitives (:data:`~interactiveworld.language.registry.PRIMITIVES`) that act on a chosen entity."""

HELD_FIRST = frozenset({"place", "place_inside", "place_on_floor"})
"""Placements, whose first target is the held object."""

EXEMPT_FAMILIES = frozenset({"Prevention"})
"""Families whose Human acts on its own plan (WATCH), so its actions are never a leak (its speech still can be)."""

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
                 "twenty")


@dataclass(frozen=True)
class HumanLeak:
    """One leak: ``rule`` (``"speech"`` or ``"action"``), the ``tick``, the ``entity`` whose evidence leaked, and
    ``detail`` (the value said, or the command's primitive)."""

    rule: str
    tick: int
    entity: str
    detail: str


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w$%.,:/+-]+", " ", text.casefold()).split())


def _contains(haystack: str, needle: str) -> bool:
    return bool(needle) and re.search(rf"(?<!\w){re.escape(needle)}(?!\w)", haystack) is not None


def _count_forms(n: int) -> list[str]:
    return [str(n)] + ([_NUMBER_WORDS[n]] if 0 <= n < len(_NUMBER_WORDS) else [])


def _said_before(utterances: Sequence[Utterance], tick: int, test) -> bool:
    return any(u.speaker == "assistant" and u.tick <= tick and test(_norm(u.text)) for u in utterances)


def speech_leaks(evidence: Sequence[dict[str, Any]], utterances: Sequence[Utterance],
                 human_given: str) -> list[HumanLeak]:
    """Evidence values the Human said before the Assistant did.

    Args:
        evidence: the TaskPack's declared evidence (dicts with ``kind``, ``text``, ``entity``, ``count``).
        utterances: the cell's utterances after handoff, in order.
        human_given: everything the Human was told or is scripted to say (task, opening lines, public context,
            legend descriptions and aliases), whose words are never a leak.
    """
    given = _norm(human_given)
    out = []
    for ev in evidence:
        kind, entity = ev.get("kind"), str(ev.get("entity", ""))
        if kind == "label":
            value = _norm(str(ev.get("text", "")))
            if len(value) < 3 or not re.search(r"\w", value) or _contains(given, value):
                continue

            def said(text: str, value=value) -> bool:
                return _contains(text, value)
        elif kind == "count" and isinstance(ev.get("count"), int) and not isinstance(ev.get("count"), bool):
            forms = [f for f in _count_forms(ev["count"]) if not _contains(given, f)]
            nouns = [w for w in _norm(str(ev.get("text", ""))).split() if len(w) >= 3 and w.isalpha()]
            if not forms or not nouns:
                continue

            def said(text: str, forms=forms, nouns=nouns) -> bool:
                words = text.split()
                for i, w in enumerate(words):
                    if w.strip(".,:") in forms:
                        near = " ".join(words[max(0, i - 3): i + 4])
                        if any(n in near for n in nouns):
                            return True
                return False
        else:
            continue
        for u in utterances:
            if u.speaker == "wearer" and said(_norm(u.text)):
                if not _said_before(utterances, u.tick, said):
                    out.append(HumanLeak("speech", u.tick, entity, u.text.strip()[:120]))
                break  # only the first time the Human says it matters
    return out


def _distinctive_words(text: str) -> list[str]:
    """Words of a printed label or declared state a person would name the thing by: words of 4+ letters, short
    all-capital brand words (``AXO``), and numbers (``250``)."""
    out = []
    for w in re.findall(r"[A-Za-z]+|[$£€]?\d+(?:[.,]\d+)?", text):
        if w[0].isdigit() or w[0] in "$£€" or len(w) >= 4 or (len(w) >= 2 and w.isupper()):
            out.append(w)
            if w[0] in "$£€":
                out.append(w[1:])  # "$41" is said "41 dollars" too
    return out


def action_leaks(evidence: Sequence[dict[str, Any]], legend: Sequence[dict[str, Any]], family: str,
                 trace: Sequence[TraceStep], utterances: Sequence[Utterance],
                 kinds: dict[str, str] | None = None,
                 printed: Sequence[tuple[str, str]] = ()) -> list[HumanLeak]:
    """Manipulations of an evidence-bearing entity before the Assistant referred to it (none for
    :data:`EXEMPT_FAMILIES`).

    An entity is referred to by any name a person could use for it: its legend entry's names and aliases, its
    catalog kind (``carton``), the distinctive words of what is printed on it (``COOKIES 250 grams`` gives
    ``COOKIES``, ``250``, ``grams``) and of its declared label or state (``pineapple with its crown`` gives
    ``pineapple``, ``with``, ``crown``).

    Args:
        evidence: the TaskPack's declared evidence.
        legend: the Human's legend entries (``handle``, ``aliases``).
        family: the TaskPack's family name.
        trace: the commands after handoff, in order.
        utterances: the utterances after handoff.
        kinds: entity key -> catalog kind name, when known.
        printed: (entity key, printed text) pairs: the labels the scene prints on its entities.
    """
    if family in EXEMPT_FAMILIES:
        return []
    names: dict[str, list[str]] = {e["handle"]: entry_names(e["handle"], e.get("aliases") or []) for e in legend}
    for key, kind in (kinds or {}).items():
        names.setdefault(key, entry_names(key)).append(kind.replace("_", " "))
    for key, ns in names.items():  # the head noun alone: "the card" names an invoice card
        ns.extend(n.split()[-1] for n in list(ns) if len(n.split()) > 1)
    for key, text in [(str(ev.get("entity", "")), str(ev.get("text", ""))) for ev in evidence
                      if ev.get("kind") in ("label", "state")] + list(printed or []):
        names.setdefault(key, entry_names(key)).extend(_distinctive_words(text))
    # a count's entity is the support the counted items stand on, which the Human may well be sent to
    watched = {str(ev.get("entity")) for ev in evidence if ev.get("entity") and ev.get("kind") != "count"}
    out, seen = [], set()
    for step in trace:
        if step.primitive not in CHOICE_VERBS or not step.ok:
            continue
        # a placement's first target is the object already in the hand: the choice was made when it was taken
        # (perhaps in the opening); only where it goes is chosen now
        targets = step.targets[1:] if step.primitive in HELD_FIRST else step.targets
        for key in targets:
            if key not in watched or key in seen:
                continue
            seen.add(key)  # the first manipulation decides: later ones follow from it
            entity_names = names.get(key) or entry_names(key)
            if not any(u.speaker == "assistant" and u.tick <= step.tick and refers_to(u.text, entity_names)
                       for u in utterances):
                out.append(HumanLeak("action", step.tick, key, step.primitive))
    return out


def find_leaks(taskpack: Any, trace: Sequence[TraceStep], utterances: Sequence[Utterance]) -> list[HumanLeak]:
    """Both rules over one cell of ``taskpack`` (a :class:`~interactiveworld.bench.taskpack.TaskPack`), in tick
    order."""
    evidence = [e.model_dump() if hasattr(e, "model_dump") else dict(e) for e in taskpack.evidence]
    legend = [e.model_dump() for e in taskpack.human_context.legend]
    # what the Human was given, and what the TaskPack itself has it say or tells both agents, is never a leak
    given = " ".join([taskpack.human_context.task, taskpack.opening.prelude_say, taskpack.opening.handoff_say,
                      taskpack.public_context, *(e.get("description", "") for e in legend),
                      *(a for e in legend for a in e.get("aliases") or [])])
    leaks = speech_leaks(evidence, utterances, given)
    scene = taskpack.scene if isinstance(taskpack.scene, dict) else {}
    kinds = {f"{e.get('name')}#{e.get('index')}": str(e.get("kind")) for e in scene.get("entities") or []
             if isinstance(e, dict) and e.get("kind")}
    printed = [(f"{e.get('name')}#{e.get('index')}", str(lab.get("text", ""))) for e in scene.get("entities") or []
               if isinstance(e, dict) for lab in e.get("labels") or [] if isinstance(lab, dict)]
    leaks += action_leaks(evidence, legend, taskpack.family.value, trace, utterances, kinds, printed)
    return sorted(leaks, key=lambda lk: lk.tick)


def leak_reason(leaks: Sequence[HumanLeak]) -> str:
    """The VOID reason for a cell with ``leaks`` (one line)."""
    parts = [f"{lk.rule} at tick {lk.tick} on {lk.entity} ({lk.detail})" for lk in leaks[:3]]
    more = f" and {len(leaks) - 3} more" if len(leaks) > 3 else ""
    return "human answer leakage: " + "; ".join(parts) + more
