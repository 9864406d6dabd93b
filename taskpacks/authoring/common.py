"""Shared helpers of the TaskPack authoring scripts: compact scorer conditions, guidance steps, the
family restrictions of the Human (paper appendix C.2.2) and the writer that freezes a TaskPack with
its hash (``interactiveworld.taskpack/1``, see :mod:`interactiveworld.bench.taskpack`).

Every authoring script builds plain dicts with these helpers; ``build_all.py`` imports every family
script and writes the JSON files, so the output is a deterministic function of the source.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Sequence

from interactiveworld.bench.taskpack import FORMAT, compute_hash, parse_taskpack

TASKPACK_DIR = Path(__file__).resolve().parents[1]
VERSION = "1.0.0"

# Human-only restriction text per family (paper appendix C.2.2; DESIGN.md "Families").
RESTRICTIONS: dict[str, str] = {
    "Decision": ("You cannot answer the question, count, read, calculate or choose yourself. Act only on an "
                 "exact instruction from the assistant that names one object and one action; otherwise ask "
                 "which object and what to do with it."),
    "Finding": ("You cannot infer where something was left or choose where to search. Objects you may pick up "
                "appear in your legend only while you can see them or hold them. Follow the assistant's search "
                "directions; grab an object only once it is in view."),
    "Guidance": ("You have no procedure of your own for this task. Carry out the first step the assistant gives "
                 "you for one object, with its immediate motor consequences, then ask for the next step."),
    "Prevention": ("You follow your own plan one action at a time. An explicit instruction from the assistant "
                   "replaces your next planned action; an acknowledgement does not."),
    "Accessibility": ("You are blind: you receive no images and cannot describe what is around you. Act only on "
                      "an object or place the assistant has identified for you, one action at a time."),
    "Planning": ("You know the requested outcome but you may not make, reorder or repair the plan. Carry out one "
                 "subtask the assistant gives you with its local actions, report, and wait for the next."),
}


def holds(pred: str, *args: str) -> dict[str, Any]:
    """A positive atom ``pred(args)`` in the scorer's compact form."""
    return {pred: list(args)}


def negate(cond: dict[str, Any]) -> dict[str, Any]:
    return {"not": cond}


def moved(key: str) -> dict[str, Any]:
    """Prohibition: ``key`` has left its handoff pose (``not unmoved``)."""
    return {"not": {"unmoved": [key]}}


def ever(cond: dict[str, Any]) -> dict[str, Any]:
    return {"ever": cond}


def any_of(*conds: dict[str, Any]) -> dict[str, Any]:
    return {"any": list(conds)}


def all_of(*conds: dict[str, Any]) -> dict[str, Any]:
    return {"all": list(conds)}


def count(pred: str, args: Sequence[str], *, eq: int | None = None, ge: int | None = None,
          le: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"pred": pred, "args": list(args)}
    for k, v in (("eq", eq), ("ge", ge), ("le", le)):
        if v is not None:
            body[k] = v
    return {"count": body}


def before(first: dict[str, Any], then: dict[str, Any]) -> dict[str, Any]:
    """Ordering gate: ``first`` held no later than the first tick ``then`` held."""
    return {"before": {"first": first, "then": then}}


def received(entity: str, *items: str, exact: bool = True) -> dict[str, Any]:
    """The world's persistent record of what was poured into or onto ``entity`` is ``items`` in this order
    (``exact`` False: ``items`` occur in it in this order among others)."""
    return {"received": {"entity": entity, "items": list(items), "exact": exact}}


def step(say: str, *commands: str, match: Iterable[str] = (), kind: str = "interrupt", after: int = 0,
         skip: int = 0) -> dict[str, Any]:
    """One guidance step: the Assistant utterance and the commands the scripted Human grounds it to."""
    s: dict[str, Any] = {"say": say, "kind": kind, "commands": list(commands)}
    if match:
        s["match"] = list(match)
    if after:
        s["after_segments"] = after
    if skip:
        s["skip_plan"] = skip
    return s


def plan(*items: str | tuple[str | None, str]) -> dict[str, Any]:
    """A no-help program: a command string, or (command or None, speech)."""
    steps = []
    for it in items:
        if isinstance(it, tuple):
            cmd, say = it
            steps.append({"command": cmd, "say": say} if cmd else {"say": say})
        else:
            steps.append({"command": it})
    return {"steps": steps}


def entry(handle: str, description: str, *, movable: bool = False, aliases: Iterable[str] = ()) -> dict[str, Any]:
    """One action-legend entry the Human sees (aliases: words by which the Assistant may name it)."""
    e: dict[str, Any] = {"handle": handle, "description": description, "movable": movable}
    al = list(aliases)
    if al:
        e["aliases"] = al
    return e


def printed(text: str, entity: str, shown_by: str | None = None) -> dict[str, Any]:
    """Deciding evidence: ``text`` as printed on ``entity``, shown by the opening command ``shown_by``."""
    return {"kind": "label", "text": text, "entity": entity, "shown_by": shown_by}


def printed_at(entity: str, *texts: str) -> list[dict[str, Any]]:
    """Printed evidence: each of ``texts`` on ``entity``, shown by the opening's ``[LookAt]`` of it."""
    return [printed(t, entity, cmd("LookAt", entity)) for t in texts]


def counted(n: int, what: str, entity: str, shown_by: str | None = None) -> dict[str, Any]:
    """Deciding evidence: ``n`` of ``what`` on or in ``entity`` (a count only the frames carry)."""
    return {"kind": "count", "text": what, "count": n, "entity": entity, "shown_by": shown_by}


def state(text: str, entity: str, shown_by: str | None = None) -> dict[str, Any]:
    """Deciding evidence: a visible condition of ``entity`` (``text``, e.g. "fridge door open")."""
    return {"kind": "state", "text": text, "entity": entity, "shown_by": shown_by}


def renamed(scene: dict[str, Any], renames: dict[str, str]) -> dict[str, Any]:
    """``scene`` (a built scene dict, changed in place and returned) with entities renamed: ``{"shelf#1":
    "rack"}`` makes ``shelf#1`` the entity ``rack#1`` (same index) and rewrites every support, container and
    attachment that names it. For a neutral handle where a shared scene's fixture name is a task's evidence.

    Raises:
        ValueError: an old key is not in the scene, or the new key is already taken.
    """
    keys = {f"{e['name']}#{e['index']}" for e in scene["entities"]}
    new_keys = {}
    for old, name in renames.items():
        if old not in keys:
            raise ValueError(f"renamed: no entity {old} in the scene")
        new = f"{name}#{old.partition('#')[2]}"
        if new in keys or new in new_keys.values():
            raise ValueError(f"renamed: {new} is already in the scene")
        new_keys[old] = new
    for e in scene["entities"]:
        key = f"{e['name']}#{e['index']}"
        if key in new_keys:
            e["name"] = new_keys[key].partition("#")[0]
        for field, ref in (("on", "support"), ("in", "container")):
            if field in e and e[field].get(ref) in new_keys:
                e[field][ref] = new_keys[e[field][ref]]
    for a in scene.get("attachments", []):
        for ref in ("child", "parent"):
            if a.get(ref) in new_keys:
                a[ref] = new_keys[a[ref]]
    return scene


def arg(key: str) -> str:
    """``"mug#2"`` -> ``"<mug> (2)"``."""
    name, _, idx = key.partition("#")
    return f"<{name}> ({idx})"


def cmd(verb: str, *keys: str) -> str:
    """A command line from a verb and entity keys: ``cmd("Put", "mug#1", "table#1")``."""
    return f"[{verb}] " + " ".join(arg(k) for k in keys) if keys else f"[{verb}]"


def oracle_count(oracle_steps: list[dict[str, Any]], plan_before: int = 0) -> int:
    """Human macro actions of the shortest legal oracle: the commands of its required (not optional) steps
    plus the own-plan steps that run."""
    return plan_before + sum(len(s["commands"]) for s in oracle_steps if not s.get("optional"))


INEFFICIENCY_ROOM = 8
"""The action budget allows at least this many times the oracle's actions: the paper reports Guidance at 3.66x
and Accessibility at 6.75x the oracle's steps (appendix C.3.3 efficiency), so a budget of oracle + 10 would forbid
its own published results."""


def budgets(steps: int, ticks: int | None = None, actions: int | None = None) -> dict[str, int]:
    """Tick and action budgets for an oracle of ``steps`` actions. ``actions`` is at least
    :data:`INEFFICIENCY_ROOM` x ``steps`` (and the authored figure or steps + 10 when larger); ``ticks`` (authored,
    else 2 x steps + 12) grows in the same proportion as the action budget, so the ticks a task needs per action
    stay covered at the larger action count."""
    base_actions = actions or steps + 10
    base_ticks = ticks or 2 * steps + 12
    room = max(base_actions, INEFFICIENCY_ROOM * steps)
    return {"ticks": max(base_ticks, -(-base_ticks * room // base_actions)), "actions": room}


def taskpack(*, id: str, family: str, title: str, row: int, scene: dict[str, Any], prelude: str,
             opening: list[str], handoff: str, human_task: str, evidence: list[dict[str, Any]],
             legend: list[dict[str, Any]], oracle: list[dict[str, Any]],
             no_help: dict[str, Any], goals: list[dict[str, Any]], prohibitions: list[dict[str, Any]] = (),
             capabilities: list[dict[str, Any]], wrong: list[dict[str, Any]] | None = None,
             public_context: str = "", plan_before: int = 0, ticks: int | None = None,
             actions: int | None = None, windows: Sequence[dict[str, Any]] = (),
             evaluator: dict[str, Any] | None = None, reduction: str | None = None,
             static_item: dict[str, Any] | None = None,
             frame_exemptions: Sequence[dict[str, str]] = ()) -> dict[str, Any]:
    """Assemble and hash one TaskPack (validated against the schema before it is returned).

    ``human_task`` is the Human's own task context (paper appendix C.2.2: ASK its question, GUIDE its goal,
    WATCH its plan, NARRATE its need, ORCHESTRATE the requested outcome, FIND what it seeks); ``evidence`` the
    deciding evidence only the frames carry (:func:`printed`, :func:`counted`, :func:`state`).
    ``plan_before`` counts the steps of the Human's own (WATCH) plan that the oracle run executes
    (part of the oracle step count). Budgets: :func:`budgets`. ``windows`` are the
    intervention windows; ``evaluator`` overrides the family's default evaluator settings; ``reduction`` says
    where the task departs from its catalog row and why (None: the row in full); ``static_item`` is the task's
    static variant (:func:`static`); ``frame_exemptions`` name commands whose target the frame audit may not see
    (each ``{"command": ..., "reason": ...}``).
    """
    from interactiveworld.bench.families import CATALOG_TABLE, Family

    fam = Family.parse(family)
    steps = oracle_count(oracle, plan_before)
    data: dict[str, Any] = {
        "format": FORMAT,
        "id": id,
        "family": fam.value,
        "protocol": fam.protocol,
        "title": title,
        "version": VERSION,
        "catalog": {"table": CATALOG_TABLE[fam], "row": row},
        "scene": scene,
        "opening": {"prelude_say": prelude, "commands": list(opening), "handoff_say": handoff, "pin_frames": True},
        "public_context": public_context,
        "human_context": {"task": human_task, "restriction": RESTRICTIONS[fam.value], "legend": legend},
        "evidence": list(evidence),
        **({"reduction": reduction} if reduction else {}),
        "oracle": {"steps": oracle, "step_count": steps},
        "no_help": no_help,
        "controls": {"wrong": {"steps": wrong, "expect_pass": False} if wrong else None,
                     "early": {"expect_pass": False}},
        "completion": {"goals": list(goals), **({"prohibitions": list(prohibitions)} if prohibitions else {})},
        **({"evaluator": evaluator} if evaluator else {}),
        **({"intervention_windows": list(windows)} if windows else {}),
        "capabilities": capabilities,
        "budgets": budgets(steps, ticks, actions),
        **({"static_item": static_item} if static_item else {}),
        **({"frame_exemptions": list(frame_exemptions)} if frame_exemptions else {}),
    }
    data["hash"] = compute_hash(data)
    parse_taskpack(data, source=id)
    return data


def num(value: float, unit: str | None = None, *, strict: bool = False) -> dict[str, Any]:
    """A declared number (``strict``: the unit must be written next to it)."""
    v: dict[str, Any] = {"number": value}
    if unit:
        v["unit"] = unit
    if strict:
        v["strict"] = True
    return v


def phrase(text: str) -> dict[str, Any]:
    """A declared phrase (whole words)."""
    return {"phrase": text}


def clock(text: str) -> dict[str, Any]:
    """A declared clock time ``"H:MM"``."""
    return {"time": text}


def says(*answer: dict[str, Any], wrong: Sequence[dict[str, Any]] = (), before: str | None = None) -> dict[str, Any]:
    """``states`` check: the Assistant says one of ``answer`` before the command ``before`` is attempted."""
    c: dict[str, Any] = {"kind": "states", "answer": list(answer)}
    if wrong:
        c["wrong"] = list(wrong)
    if before:
        c["before"] = before
    return c


def acts(*expect: str, among: Sequence[str] = ()) -> dict[str, Any]:
    """``acts`` check: the first command answering an instruction (among ``among``) matches one of ``expect``."""
    c: dict[str, Any] = {"kind": "acts", "expect": list(expect)}
    if among:
        c["among"] = list(among)
    return c


def order(*steps: str) -> dict[str, Any]:
    """``order`` check: commands answering instructions match ``steps`` in this order."""
    return {"kind": "order", "steps": list(steps)}


def in_window(window_id: str, *, quiet_before: bool = False) -> dict[str, Any]:
    """``window`` check: a cue-carrying intervention inside the window, the fix after it, no hazard."""
    c: dict[str, Any] = {"kind": "window", "window": window_id}
    if quiet_before:
        c["quiet_before"] = True
    return c


def window(window_id: str, hazard: str, *, deadline: str, cue: Sequence[dict[str, Any]], opens: str | None = None,
           fix: Sequence[str] = ()) -> dict[str, Any]:
    """An intervention window (see :mod:`interactiveworld.bench.evaluators`)."""
    w: dict[str, Any] = {"id": window_id, "hazard": hazard}
    if opens:
        w["opens"] = opens
    w["deadline"] = deadline
    if fix:
        w["fix"] = list(fix)
    w["cue"] = list(cue)
    return w


def static(question: str, reference: str, *, before_step: int = 0, require: Sequence[Sequence[dict[str, Any]]] = (),
           forbid: Sequence[dict[str, Any]] = (), kind: str | None = None) -> dict[str, Any]:
    """A static item (paper appendix D.3): the reference run cut before oracle step ``before_step``, the question
    and the reference answer; ``require``/``forbid`` add a rule check (``kind`` "number" or "location")."""
    item: dict[str, Any] = {"cut": {"before_oracle_step": before_step}, "question": question, "reference": reference}
    if require:
        item["rule"] = {"kind": kind or "number", "require": [list(g) for g in require],
                        **({"forbid": list(forbid)} if forbid else {})}
    return item


def point(capability: str, point_id: str, evidence: str, check: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """One capability evaluation point: its capability, id, evidence in words and check."""
    return capability, {"id": point_id, "evidence": evidence, "check": check}


def caps(*points: tuple[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Capability atoms from points, grouped by capability in order of first appearance."""
    from interactiveworld.bench.taskpack import CAPABILITIES

    atoms: dict[str, dict[str, Any]] = {}
    for capability, p in points:
        atoms.setdefault(capability, {"capability": capability, "name": CAPABILITIES[capability],
                                      "points": []})["points"].append(p)
    return list(atoms.values())


def write(data: dict[str, Any], folder: Path = TASKPACK_DIR) -> Path:
    """Write a TaskPack as ``<folder>/<id>.json`` (2-space indent, key order kept)."""
    p = folder / f"{data['id']}.json"
    p.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return p

