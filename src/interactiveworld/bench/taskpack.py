"""The TaskPack: one frozen, versioned, hashed benchmark task (paper appendix C.1.2; DESIGN.md
"TaskPack"; /TASKPACK-EXAMPLE walks through one in prose).

File format ``interactiveworld.taskpack/1``, one JSON object per file::

    format          "interactiveworld.taskpack/1"
    id              letters, digits, '.', '_', '-' (1-64, starting with a letter or digit): it names the
                    cell folders. A catalog task is "<family>-NN", e.g. "decision-05" (NN = its row)
    family          Decision | Finding | Guidance | Prevention | Accessibility | Planning
    protocol        optional; if given must be the family's (ASK FIND GUIDE WATCH NARRATE ORCHESTRATE)
    title, version  free text; version is bumped on any content change
    catalog         optional {"table": 7..12, "row": 1..20} -- the paper's catalog table and row; when
                    given, the table must be the family's and the id "<family>-NN" with NN = row
    scene           the world's serialised scene, an "interactiveworld.scene/1" dict documented in
                    interactiveworld.world.serialize (handed to Environment.reset; ``iw-eval validate``
                    loads it with the world's loader, serialize.scene_from_dict); its optional "events"
                    (scripted world events, interactiveworld.world.events) are checked on load
    initial_state   optional overrides, handed to reset inside the scene under "initial_state"
    opening         {"prelude_say", "commands": [...], "handoff_say", "pin_frames"}
                    (a command is a grammar line "[Grab] <mug> (2)" or the structured form
                     {"verb", "args", "indices", "scalar_arg", "place_spot"}, rendered to a line; or an
                     offscreen event "[Offscreen] <mug> (1) <desk> (2)": someone else moves the object out of
                     the wearer's view, interactiveworld.language.offscreen)
    public_context  text both agents receive ('' when the request is only spoken)
    human_context   {"task": the Human's own task context (its question, goal, plan, need, requested
                     outcome or what it seeks; never sent to the Assistant),
                     "restriction": Human-only text, "legend": [{"handle": "name#i",
                     "description": category, position and colour, "movable": bool, "aliases": [...]}]}
    evidence        [{"kind": label|count|state, "text", "count": int (counts), "entity": "name#i",
                      "shown_by": an opening command or null}] -- the deciding evidence only the frames carry;
                     ``iw-eval validate`` fails when any text the Human receives contains it
    oracle          {"steps": [{"say", "kind": interrupt|error, "commands": [...], "match": [...],
                     "after_segments": int, "skip_plan": int, "optional": reason or null}],
                     "step_count": int} -- the shortest legal oracle: dropping any command of a step that is
                     not optional fails the task (tests/test_oracle_minimality.py)
    no_help         {"steps": [{"command": str|null, "say": str}]} -- the Human's own behaviour
                     (for WATCH: its private no-advice plan)
    controls        {"wrong": {"steps": [...as oracle...], "expect_pass": false} | null,
                     "early": {"expect_pass": false}}
    completion      a scoring.CompletionSpec
    evaluator       optional family evaluator settings (evaluators.Evaluator; default per family:
                     state_score, watch_binary for Prevention, cfss for Accessibility, plan_score for Planning)
    intervention_windows  [evaluators.InterventionWindow]: when the Assistant must intervene, the fix, the cue
    capabilities    [{"capability": "C1".."C9", "name", "points": [{"id", "evidence": words,
                     "check": a capabilities.Check (states | acts | order | window)}]}]
    budgets         {"ticks": int, "actions": int}
    static_item     optional static variant (paper D.3): {"cut": {"before_oracle_step": k}, "question",
                     "reference", "rule": null | {"kind", "require", "forbid"}} (bench.static_item)
    hash            "sha256:<hex>" of the canonical JSON of every other field

The canonical JSON is ``json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``
encoded as UTF-8, computed on the file's data as written (so defaults filled in by the schema
never change a hash). Loading verifies the hash; ``iw-eval hash FILE`` rewrites it while authoring.

Loading refuses, naming the problem: a file over :data:`MAX_TASKPACK_BYTES`, JSON nested deeper than
64 levels or naming a key twice in one object (:mod:`.jsonsafe`), a scene with a ``path`` field
(the scene is carried inline, so the hash covers it), and a scene over the limits of :data:`SCENE_LIMITS`
(:func:`scene_limit_problem`: the extent every coordinate spans, the counts of entities, rooms, walls and
doors), which bound the navigation grid and the meshes the world builds from the file. Building the scene
(``Environment.reset``, ``iw-eval validate``) also caps the triangles its meshes hold
(:data:`interactiveworld.world.serialize.MAX_SCENE_TRIANGLES`).
"""
from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
import warnings
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Callable, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, field_validator, model_validator

from ..language.offscreen import is_offscreen, parse_offscreen
from ..language import ParseError, parse_command, render_command, resolve_verb
from ..world.events import parse_events
from .capabilities import CAPABILITIES, CapabilityAtom, CapabilityPoint, WindowCheck
from .evaluators import Evaluator, InterventionWindow, default_evaluator
from .families import CATALOG_TABLE, FAMILY_PROTOCOL, Family
from .jsonsafe import MAX_DEPTH, JSONLimitError, nesting_depth, read_json_file
from ..language.reference import normalize_utterance
from .scoring import CompletionSpec
from .speech import carries
from .static_item import StaticItem

FORMAT = "interactiveworld.taskpack/1"
MAX_TASKPACK_BYTES = 4 * 1024 * 1024
"""Largest TaskPack file accepted (the built-in ones are about 20 kB)."""
SCENE_LIMITS = {"extent_m": 60.0, "height_m": 20.0, "entities": 500, "rooms": 64, "walls": 512, "doors": 128}
"""Documented limits of a TaskPack's scene, checked at load: ``extent_m`` [m], the side of the square every
horizontal coordinate (rooms, walls, entities, the human) must fit in (the navigation grid covers it at 5 cm
cells: 60 m is 1200 x 1200 cells); ``height_m`` [m], the largest floor level, wall height or size parameter;
and counts. The built-in TaskPacks span at most 13.8 m with at most 297 entities (release 2 ``guidance-05``;
release 1: 13 m, 33 entities). The meshes the scene builds are capped when it is built
(:data:`interactiveworld.world.serialize.MAX_SCENE_TRIANGLES`)."""
_KEY = r"^[a-z][a-z0-9_]*#\d+$"
ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"
"""TaskPack ids: usable as a folder name on every common file system (no separators, no leading dot)."""
_COMMAND = re.compile(r"^\s*\[\s*[A-Za-z_]+\s*\]")


_SIZE_PARAMS = frozenset({"width", "depth", "height", "length", "radius", "diameter", "size", "thickness"})
"""Entity and door parameters that are lengths [m] (bounded by ``height_m``); counts and angles are not."""


def _xy_points(scene: dict[str, Any]) -> list[tuple[str, Any]]:
    """(field, [x, y]) of every horizontal coordinate of a scene dict, as written."""
    out: list[tuple[str, Any]] = []
    for i, r in enumerate(scene.get("rooms") or []):
        rect = r.get("rect") if isinstance(r, dict) else None
        if isinstance(rect, list) and len(rect) == 4:
            out += [(f"rooms[{i}].rect", rect[:2]), (f"rooms[{i}].rect", rect[2:])]
    for i, w in enumerate(scene.get("walls") or []):
        if isinstance(w, dict):
            out += [(f"walls[{i}].{k}", w.get(k)) for k in ("start", "end") if k in w]
    for i, e in enumerate(scene.get("entities") or []):
        at = e.get("at") if isinstance(e, dict) else None
        if isinstance(at, dict) and "xy" in at:
            out.append((f"entities[{i}].at.xy", at.get("xy")))
    human = scene.get("human")
    if isinstance(human, dict) and "xy" in human:
        out.append(("human.xy", human.get("xy")))
    return out


def _numbers(obj: Any, where: str) -> list[tuple[str, float]]:
    """(field, value) of every number inside ``obj`` (booleans excluded)."""
    if isinstance(obj, bool):
        return []
    if isinstance(obj, (int, float)):
        return [(where, float(obj))]
    if isinstance(obj, dict):
        return [x for k, v in obj.items() for x in _numbers(v, f"{where}.{k}")]
    if isinstance(obj, list):
        return [x for i, v in enumerate(obj) for x in _numbers(v, f"{where}[{i}]")]
    return []


def scene_limit_problem(scene: Any) -> str | None:
    """The first way a scene dict breaks :data:`SCENE_LIMITS` (one line naming the field), or None.

    Checked before the world builds anything: counts of entities, rooms, walls and doors; every number finite;
    every horizontal coordinate within a square of ``extent_m``; floor levels, wall heights and entity size
    parameters (:data:`_SIZE_PARAMS`) within ``height_m``.
    """
    if not isinstance(scene, dict):
        return "scene: expected an object"
    lim = SCENE_LIMITS
    for part in ("entities", "rooms", "walls", "doors"):
        items = scene.get(part)
        if items is not None and not isinstance(items, list):
            return f"scene.{part}: expected a list"
        if items is not None and len(items) > lim[part]:
            return f"scene.{part}: {len(items)} items, over the limit of {lim[part]}"
    for where, v in _numbers(scene, "scene"):
        if v != v or v in (float("inf"), float("-inf")):
            return f"{where}: not a finite number"
    xs, ys = [], []
    for where, xy in _xy_points(scene):
        if not (isinstance(xy, list) and len(xy) == 2 and all(isinstance(c, (int, float)) for c in xy)):
            return f"scene.{where}: expected [x, y] in metres"
        xs.append(float(xy[0]))
        ys.append(float(xy[1]))
    if xs:
        span = max(max(xs) - min(xs), max(ys) - min(ys))
        if span > lim["extent_m"]:
            return (f"scene: the coordinates span {span:g} m, over the {lim['extent_m']:g} m extent limit (rooms, "
                    f"walls, entities and the human must fit in a {lim['extent_m']:g} m square)")
    for part in ("rooms", "walls", "doors", "entities"):
        for i, item in enumerate(scene.get(part) or []):
            if not isinstance(item, dict):
                continue
            sized = [(f"scene.{part}[{i}].{k}", item.get(k)) for k in ("floor_z", "height", "thickness")]
            params = item.get("params") if isinstance(item.get("params"), dict) else {}
            sized += [(f"scene.{part}[{i}].params.{k}", v) for k, v in params.items() if k in _SIZE_PARAMS]
            for where, v in sized:
                if isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) > lim["height_m"]:
                    return f"{where}: {v:g} m, over the {lim['height_m']:g} m limit"
    return None


class TaskPackError(ValueError):
    """A TaskPack that cannot be used: unreadable, schema violation (the field is named), or hash mismatch."""


class _Model(BaseModel):
    # A string literal under a field is its description in the JSON Schema (``iw-eval schema``).
    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)


def _command_text(v: Any) -> str:
    """A command as text: a grammar line is checked; the structured form is rendered (paper B.3.1)."""
    if isinstance(v, dict):
        unknown = set(v) - {"verb", "args", "indices", "scalar", "scalar_arg", "place_spot"}
        if unknown or "verb" not in v:
            raise ValueError("a structured command has 'verb' and optional 'args', 'indices', 'scalar_arg', "
                             f"'place_spot' (got {sorted(v)})")
        spot = v.get("place_spot")
        return render_command(v["verb"], v.get("args", []), indices=v.get("indices"),
                              scalar=v.get("scalar_arg", v.get("scalar")), place_spot=tuple(spot) if spot else None)
    if not isinstance(v, str):
        raise ValueError(f"a command is a string or a structured object, got {type(v).__name__}")
    if "\n" in v or not _COMMAND.match(v):
        raise ValueError(f"not a single command line of the form '[Verb] <entity> (index) ...': {v!r}")
    try:
        parsed = parse_command(v)
    except ParseError as exc:
        raise ValueError(f"{v!r}: {exc.message}") from None
    if resolve_verb(parsed.verb) is None:
        raise ValueError(f"{v!r}: [{parsed.verb}] is not a verb of the action language")
    return v


CommandText = Annotated[str, BeforeValidator(_command_text)]


def _opening_command_text(v: Any) -> str:
    """An opening line: a command of the action language, or an offscreen event of another person
    (``[Offscreen] <object> (i) <support> (j)``, :mod:`interactiveworld.language.offscreen`), checked here."""
    if isinstance(v, str) and is_offscreen(v):
        if "\n" in v:
            raise ValueError(f"not a single line: {v!r}")
        parse_offscreen(v)  # raises ValueError naming the fault
        return v
    return _command_text(v)


OpeningCommandText = Annotated[str, BeforeValidator(_opening_command_text)]


class CatalogRef(_Model):
    """Where the task is listed in the paper's catalog (appendix C.4, Tables 7-12)."""

    table: int = Field(ge=7, le=12)
    """The paper's catalog table: 7 Guidance, 8 Planning, 9 Accessibility, 10 Decision, 11 Prevention, 12 Finding."""
    row: int = Field(ge=1, le=20)
    """The row (1-20) of that table; the TaskPack id must then be ``<family>-NN`` with NN = row."""


class Opening(_Model):
    """The deterministic, unscored opening: prelude speech, commands rendered as frames, the handoff."""

    prelude_say: str = ""
    """What the wearer says before the opening commands (heard by the Assistant); '' for nothing."""
    commands: list[OpeningCommandText] = []
    """Opening commands run in order before handoff, unscored: each a grammar line such as
    ``[LookAt] <price_sheet> (1)`` or the structured form ``{"verb", "args", "indices", "scalar_arg",
    "place_spot"}``; their frames are the Assistant's first evidence. A line may also be an offscreen event,
    ``[Offscreen] <object> (i) <support> (j) [@place_spot=u:v]``: another person moves the object onto the
    support out of the wearer's view (refused, and the cell VOID, when any of it is in view; no frames). A
    failing line makes the cell VOID."""
    handoff_say: str = Field(min_length=1)
    """The wearer's request at handoff (heard by the Assistant): the task as the wearer states it."""
    pin_frames: bool = True
    """Keep the opening's result and look-hold frames in every frame selection of the Assistant (paper C.2.1)."""


class LegendEntry(_Model):
    """One action handle the Human may use, with what the Human can see of it."""

    handle: str = Field(pattern=_KEY)
    """The entity key ``name#index`` in the scene (lower-case name, ``#``, 1-based index), e.g. ``mug#2``."""
    description: str = Field(min_length=1)
    """What the Human sees of the entity (category, position and colour; never the declared evidence), shown
    beside its handle."""
    movable: bool = False
    """True for an object that can be carried (FIND: acted on only while visible or held)."""
    aliases: list[str] = []
    """Other names by which the Assistant's speech may refer to the entity (NARRATE exposure)."""


class HumanContext(_Model):
    """Human-only context (paper appendix C.2.2): the Human's own task context, the family restriction text
    and the action legend.

    ``task`` is what the wearer asked or knows, delivered per family: ASK its question, GUIDE its goal (not
    the procedure), WATCH its private plan, NARRATE its need, ORCHESTRATE the requested outcome, FIND what it
    seeks. It never reaches the Assistant and must not contain the declared :class:`Evidence`.
    """

    task: str = Field(min_length=1)
    """The Human's own task context under its family's label (question, goal, plan, need, outcome or what it
    seeks); never sent to the Assistant."""
    restriction: str = ""
    """Human-only restriction text appended to the Human's system prompt (the family's rules, paper C.2.2)."""
    legend: list[LegendEntry] = Field(min_length=1)
    """The action handles the Human may use, each with what the Human can see of it (at least one)."""


class Evidence(_Model):
    """One piece of deciding evidence that only the frames carry (paper appendix C.1.1 (i)).

    Attributes:
        kind: ``label`` (text printed on an object, sign or sheet: ``text`` as printed), ``count`` (how many
            of something there are: ``count`` items described by ``text``) or ``state`` (a visible condition,
            ``text`` a short phrase such as "fridge door open").
        text: see ``kind``.
        count: the number, for ``count`` evidence.
        entity: the entity that carries or shows it (the label's bearer, the counted items' support).
        shown_by: the opening command whose frames show it; None when it is seen during the task.
    """

    kind: Literal["label", "count", "state"]
    """``label`` (printed text), ``count`` (how many of something) or ``state`` (a visible condition or association)."""
    text: str = Field(min_length=1)
    """The printed words (label), what is counted (count) or a short phrase of the state."""
    count: int | None = Field(default=None, ge=0)
    """The number, for ``count`` evidence only."""
    entity: str = Field(pattern=_KEY)
    """The entity key that carries or shows it (the label's bearer, the counted items' support)."""
    shown_by: CommandText | None = None
    """The opening command whose frames show it (one of ``opening.commands``); null when seen during the task."""

    @model_validator(mode="after")
    def _count_given(self) -> "Evidence":
        if (self.kind == "count") != (self.count is not None):
            raise ValueError("'count' is required for kind 'count' and only allowed there")
        return self


class FrameExemption(_Model):
    """A command whose target may be out of its result frame (the frame audit of ``iw-eval validate``), and why:
    e.g. an object put inside a closed cabinet, or a drawer below the counter's edge at the eye's height."""

    command: CommandText
    """The opening or oracle command, as written there."""
    reason: str = Field(min_length=1)
    """Why its target cannot be visible in its result frame."""


class GuidanceStep(_Model):
    """One step of a guidance program: what the Assistant says and the commands it grounds to.

    ``match`` lists further phrasings the scripted Human accepts; ``after_segments`` holds the step
    until that many command segments have been executed since handoff (WATCH timing);
    ``skip_plan`` is how many steps of the Human's private plan the instruction supersedes;
    ``optional`` gives the reason why the task still passes without the step's commands (they are then
    not part of ``Oracle.step_count``, the shortest legal oracle).
    """

    say: str = Field(min_length=1)
    """What the Assistant says to the wearer at this step (the scripted Human grounds exactly this wording)."""
    kind: Literal["interrupt", "error"] = "interrupt"
    """The control response the words are given with: ``interrupt`` (an instruction) or ``error`` (a correction)."""
    commands: list[CommandText] = []
    """The commands the scripted Human runs for these words, in order (grammar lines or structured form)."""
    match: list[str] = []
    """Further phrasings the scripted Human accepts for this step (compared after normalising case and spaces)."""
    after_segments: int = Field(default=0, ge=0)
    """Hold the step until this many command segments ran since handoff (WATCH timing); 0: at once."""
    skip_plan: int = Field(default=0, ge=0)
    """How many steps of the Human's private plan this instruction supersedes (WATCH)."""
    optional: str | None = Field(default=None, min_length=1)
    """Why this step may be left out of the shortest legal oracle, or null (a required step)."""


class Oracle(_Model):
    """The oracle program.

    ``step_count`` is the number of Human macro actions of the shortest legal oracle run (the
    efficiency denominator, appendix C.3.3): the commands of the steps that are not optional plus, for
    WATCH, the steps of the Human's own plan that run. It cannot be smaller than those commands;
    ``iw-eval validate`` checks it against the oracle control run (which also runs the optional steps).
    """

    steps: list[GuidanceStep] = Field(min_length=1)
    """The oracle Assistant's guidance, step by step (at least one)."""
    step_count: int = Field(ge=1)
    """Human macro actions of the oracle run: the efficiency denominator (paper C.3.3), at least the steps'
    command count."""

    @model_validator(mode="after")
    def _count(self) -> "Oracle":
        n = sum(len(s.commands) for s in self.steps if s.optional is None)
        if n > self.step_count:
            raise ValueError(f"step_count is {self.step_count} but the required steps alone hold {n} commands")
        return self

    @property
    def optional_actions(self) -> int:
        """Commands of optional steps (run by the oracle control, not counted in ``step_count``)."""
        return sum(len(s.commands) for s in self.steps if s.optional is not None)


class NoHelpStep(_Model):
    """One step of the Human's own behaviour: a command, a line of speech, or both."""

    command: CommandText | None = None
    """A command the Human runs on its own (grammar line or structured form), or null."""
    say: str = ""
    """What the Human says at this step ('' for nothing)."""

    @model_validator(mode="after")
    def _nonempty(self) -> "NoHelpStep":
        if self.command is None and not self.say.strip():
            raise ValueError("a no-help step needs a command or a line of speech")
        return self


class NoHelp(_Model):
    """The Human's own behaviour without an Assistant (the no-help control; WATCH: its private plan)."""

    steps: list[NoHelpStep] = []
    """The steps in order."""


class WrongControl(_Model):
    """The wrong-guidance control: plausible but wrong guidance that must not pass."""

    steps: list[GuidanceStep] = Field(min_length=1)
    """The wrong guidance, step by step, in the oracle's form."""
    expect_pass: bool = False
    """Whether the control is expected to pass (always false: validation fails a wrong control that passes)."""


class EarlyControl(_Model):
    """The early control: the Assistant says ``done`` at its first turn."""

    expect_pass: bool = False
    """Whether the control is expected to pass (always false)."""


class Controls(_Model):
    """The negative controls ``iw-eval validate`` runs besides the silent and no-help ones."""

    wrong: WrongControl | None = None
    """The wrong-guidance control, or null when the task declares none (``--assistant wrong`` then skips it)."""
    early: EarlyControl = EarlyControl()
    """The early-``done`` control."""


class Budgets(_Model):
    """When an episode stops if the Assistant never says ``done``."""

    ticks: int = Field(ge=1, le=10_000)
    """Interaction ticks (one Assistant turn and at most one command each), 1-10000."""
    actions: int = Field(ge=1, le=10_000)
    """Human macro actions, refused ones included (paper C.3.3), 1-10000."""


class TaskPack(_Model):
    """A validated TaskPack (see the module docstring for the file format)."""

    format: Literal["interactiveworld.taskpack/1"]
    """The file format tag, exactly ``interactiveworld.taskpack/1``."""
    id: str = Field(pattern=ID_PATTERN)
    """The task id: 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit (it names the cell
    folders). A catalog task is ``<family>-NN`` (NN = its catalog row), e.g. ``decision-05``."""
    family: Family
    """The task family: Decision, Finding, Guidance, Prevention, Accessibility or Planning (paper Table 1)."""
    protocol: str | None = None
    """Optional; when given, the family's interaction protocol (ASK, FIND, GUIDE, WATCH, NARRATE, ORCHESTRATE)."""
    title: str = Field(min_length=1)
    """A one-line title (free text)."""
    version: str = Field(min_length=1)
    """The TaskPack's version (free text such as ``1.0.0``), bumped on any content change."""
    catalog: CatalogRef | None = None
    """Optional: the paper's catalog table and row this task implements (appendix C.4); null or absent for a
    task of one's own."""
    scene: dict[str, Any] = Field(description=(
        "The world's serialised scene: an 'interactiveworld.scene/1' dict (format, name, rooms, walls, doors, "
        "entities, human, attachments, attributes) documented in interactiveworld.world.serialize and loaded by "
        "interactiveworld.world.serialize.scene_from_dict; 'iw-eval validate' checks that it loads."))
    initial_state: dict[str, Any] = Field(default={}, description=(
        "Optional state overrides, handed to Environment.reset inside the scene under 'initial_state'."))
    opening: Opening
    """The deterministic, unscored opening: prelude speech, commands rendered as frames, the handoff request."""
    public_context: str = ""
    """Text both agents receive ('' when the request arrives only as speech); never the answer."""
    human_context: HumanContext
    """What only the Human receives: its own task context, the restriction text and the action legend."""
    evidence: list[Evidence] = Field(min_length=1)
    """The deciding evidence only the frames carry (at least one): no text the Human receives may state it."""
    reduction: str | None = Field(default=None, min_length=1)
    """Where this TaskPack departs from its catalog row (objects, counts or behaviours the row names that the task
    leaves out or replaces) and why; null when the row is kept in full."""
    oracle: Oracle
    """The oracle program: the guidance that solves the task (its control run must pass)."""
    no_help: NoHelp = NoHelp()
    """The Human's own behaviour without help (its control run must fail)."""
    controls: Controls = Controls()
    """The wrong-guidance and early-``done`` controls (both must fail)."""
    completion: CompletionSpec
    """What is scored from the final physical state: goals and prohibitions (strict pass and completion)."""
    evaluator: Evaluator | None = None
    """The family evaluator's settings, or null for the family's default (paper Tables 7-12)."""
    intervention_windows: list[InterventionWindow] = []
    """Plan steps the Assistant must head off in time (WATCH), each with its hazard and fix."""
    capabilities: list[CapabilityAtom] = []
    """Capability atoms C1-C9 with their evaluation points (the capability scores)."""
    budgets: Budgets
    """Tick and action budgets."""
    frame_exemptions: list[FrameExemption] = []
    """Commands whose target the frame audit lets be out of view in their result frame, each with its reason."""
    static_item: StaticItem | None = None
    """The static variant of the task (paper appendix D.3): where the oracle run is cut, one question and its
    reference answer, optional rule checks (interactiveworld.bench.static_item)."""
    hash: str = Field(pattern=r"^sha256:[0-9a-f]{64}$")
    """``sha256:<64 hex>`` of the canonical JSON of every other field; ``iw-eval hash FILE`` writes it."""

    @field_validator("scene")
    @classmethod
    def _inline_scene(cls, v: dict[str, Any]) -> dict[str, Any]:
        problem = scene_limit_problem(v)
        if problem is not None:
            raise ValueError(problem)
        # The hash covers the file only: a scene read from elsewhere would escape it (and the world
        # would silently start empty).
        if "path" in v:
            raise ValueError("'path' is not allowed: a TaskPack carries its scene inline (the hash covers the "
                             "file only), so a scene cannot refer to another file")
        if "events" in v:  # scripted world events: checked here too, so a bad one is named when the file loads
            keys = {f"{e.get('name')}#{e.get('index')}" for part in ("entities", "doors")
                    for e in (v.get(part) or []) if isinstance(e, dict)}
            parse_events(v["events"], keys)
        return v

    @model_validator(mode="after")
    def _consistent(self) -> "TaskPack":
        fam = self.family
        if self.protocol is not None and self.protocol != FAMILY_PROTOCOL[fam]:
            raise ValueError(f"protocol {self.protocol!r} does not match family {fam.value} "
                             f"(expected {FAMILY_PROTOCOL[fam]!r})")
        if self.catalog is not None:
            self._check_catalog()
        seen: dict[str, tuple[str, ...]] = {}
        steps = list(self.oracle.steps) + (list(self.controls.wrong.steps) if self.controls.wrong else [])
        for s in steps:
            for phrase in [s.say, *s.match]:
                k = normalize_utterance(phrase)
                if k in seen and seen[k] != tuple(s.commands):
                    raise ValueError(f"guidance {phrase!r} grounds to two different command lists")
                seen[k] = tuple(s.commands)
        legend = {e.handle for e in self.human_context.legend}
        if len(legend) != len(self.human_context.legend):
            raise ValueError("human_context.legend lists a handle twice")
        opening = {" ".join(c.split()) for c in self.opening.commands}
        for i, ev in enumerate(self.evidence):
            if ev.shown_by is not None and " ".join(ev.shown_by.split()) not in opening:
                raise ValueError(f"evidence[{i}].shown_by {ev.shown_by!r} is not one of opening.commands")
        windows = [w.id for w in self.intervention_windows]
        if len(set(windows)) != len(windows):
            raise ValueError(f"intervention_windows: an id is used twice ({windows})")
        for atom in self.capabilities:
            for p in atom.points:
                if isinstance(p.check, WindowCheck) and p.check.window not in windows:
                    raise ValueError(f"capabilities: point {p.id!r} names window {p.check.window!r}, which "
                                     f"intervention_windows does not declare")
        if self.static_item is not None:
            self._check_static_item(self.static_item)
        return self

    def _check_static_item(self, item: StaticItem) -> None:
        k = item.cut.before_oracle_step
        if k >= len(self.oracle.steps):
            raise ValueError(f"static_item.cut.before_oracle_step is {k} but the oracle has only "
                             f"{len(self.oracle.steps)} step(s): the cut must come before an oracle step")
        if item.rule is not None:
            given = [v.text() for g in item.rule.require for v in g if carries(item.question, (v,))]
            if given:
                raise ValueError(f"static_item.question states the answer it asks for ({', '.join(given)})")

    def _check_catalog(self) -> None:
        """A catalog row, when given, fixes the table (the family's) and the id (``<family>-NN``, NN = row)."""
        fam, cat = self.family, self.catalog
        if cat.table != CATALOG_TABLE[fam]:
            raise ValueError(f"catalog.table {cat.table} is not the {fam.value} table ({CATALOG_TABLE[fam]})")
        want = f"{fam.value.lower()}-{cat.row:02d}"
        if self.id != want:
            raise ValueError(f"id {self.id!r} does not match catalog row {cat.row} of the {fam.value} table: a "
                             f"catalog task is named {want!r} (leave 'catalog' out for a task of your own)")

    @property
    def family_evaluator(self) -> Any:
        """The evaluator settings in force: ``evaluator``, else the family's default (paper Tables 7-12)."""
        return self.evaluator if self.evaluator is not None else default_evaluator(self.family)

    @property
    def protocol_name(self) -> str:
        """The family's interaction protocol (ASK, FIND, GUIDE, WATCH, NARRATE, ORCHESTRATE)."""
        return FAMILY_PROTOCOL[self.family]

    @property
    def oracle_actions(self) -> int:
        """Human macro actions of the oracle program (the efficiency denominator)."""
        return self.oracle.step_count

    def reset_scene(self) -> dict[str, Any]:
        """The scene dict handed to ``Environment.reset`` (initial_state folded in when present)."""
        if not self.initial_state:
            return self.scene
        return {**self.scene, "initial_state": self.initial_state}


def canonical_json(data: dict[str, Any]) -> bytes:
    """The canonical serialisation hashed for a TaskPack (the ``hash`` field excluded)."""
    body = {k: v for k, v in data.items() if k != "hash"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def compute_hash(data: dict[str, Any]) -> str:
    """``"sha256:<hex>"`` of :func:`canonical_json`."""
    return "sha256:" + hashlib.sha256(canonical_json(data)).hexdigest()


def _format_errors(source: str, exc: ValidationError) -> str:
    lines = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"])
        msg = err["msg"].removeprefix("Value error, ")
        lines.append(f"  field '{loc}': {msg}" if loc else f"  {msg}")
    return f"{source}: invalid TaskPack ({len(lines)} problem(s))\n" + "\n".join(lines)


def _folder_message(path: Path) -> str:
    return (f"{path}: is a folder, not a TaskPack file (name a .json file, or point IW_TASKPACK_DIR at the "
            f"folder to use the TaskPacks in it by id)")


def read_taskpack_json(path: Path) -> dict[str, Any]:
    """The JSON object of a TaskPack file, read within the limits of :mod:`.jsonsafe` (at most
    :data:`MAX_TASKPACK_BYTES`, 64 levels of nesting, no key twice in one object).

    Raises:
        TaskPackError: missing, a folder, unreadable, too large, too deep, a duplicate key, not JSON,
            or not a JSON object.
    """
    if path.is_dir():
        raise TaskPackError(_folder_message(path))
    try:
        data = read_json_file(path, max_bytes=MAX_TASKPACK_BYTES)
    except FileNotFoundError:
        raise TaskPackError(f"{path}: no such TaskPack file") from None
    except JSONLimitError as exc:
        raise TaskPackError(f"{exc} (a TaskPack must stay within these limits)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise TaskPackError(f"{path}: cannot read ({exc})") from exc
    except json.JSONDecodeError as exc:
        raise TaskPackError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from exc
    if not isinstance(data, dict):
        raise TaskPackError(f"{path}: a TaskPack is a JSON object, got {type(data).__name__}")
    return data


def parse_taskpack(data: dict[str, Any], *, source: str = "<taskpack>", verify_hash: bool = True) -> TaskPack:
    """Validate TaskPack data.

    Raises:
        TaskPackError: a schema violation (each field at fault is named) or, with
            ``verify_hash``, a hash that does not match the content.
    """
    if nesting_depth(data) > MAX_DEPTH:  # the schema validator recurses
        raise TaskPackError(f"{source}: nested deeper than {MAX_DEPTH} levels")
    if data.get("format") not in (None, FORMAT):
        raise TaskPackError(f"{source}: field 'format': expected {FORMAT!r}, got {data.get('format')!r}")
    try:
        tp = TaskPack.model_validate(data)
    except ValidationError as exc:
        raise TaskPackError(_format_errors(source, exc)) from None
    if verify_hash:
        actual = compute_hash(data)
        if actual != tp.hash:
            raise TaskPackError(f"{source}: field 'hash': the content hashes to {actual} but the file says "
                                f"{tp.hash} (edited after freezing? run 'iw-eval hash {source}' while authoring)")
    return tp


def load_taskpack(path: str | os.PathLike[str], *, verify_hash: bool = True) -> TaskPack:
    """Load and validate a TaskPack file, verifying its hash (see :func:`parse_taskpack`)."""
    p = Path(path)
    return parse_taskpack(read_taskpack_json(p), source=str(p), verify_hash=verify_hash)


def rehash_file(path: str | os.PathLike[str], check: Callable[[TaskPack], str | None] | None = None) -> str:
    """Rewrite a TaskPack file's ``hash`` field from its content (for authoring); returns the hash.

    The content is validated first (the ``hash`` field may be missing or stale), then ``check`` (for example
    that the scene loads in the world) is asked about the parsed TaskPack: a file that fails either is left
    untouched, so a hash always vouches for a TaskPack that loads. The rest of the file is rewritten with
    2-space indentation and key order preserved.

    Args:
        check: returns a problem (one line) or None; None skips it.

    Raises:
        TaskPackError: the file is missing, not a JSON object, not a valid TaskPack (each field at fault is
            named), or ``check`` names a problem.
    """
    p = Path(path)
    data = read_taskpack_json(p)
    digest = compute_hash(data)
    tp = parse_taskpack({**data, "hash": digest}, source=str(p), verify_hash=False)
    problem = check(tp) if check is not None else None
    if problem:
        raise TaskPackError(f"{p}: {problem}")
    data["hash"] = digest
    p.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return data["hash"]


def unique_taskpacks(packs: list[tuple[Path, TaskPack]]) -> list[tuple[Path, TaskPack]]:
    """A selection of (file, TaskPack) pairs with every task id once.

    The id names the cell folders, so two different TaskPacks with one id would overwrite each other's
    results. Ids are compared case-insensitively (folders differing only in case are one folder on macOS
    and Windows). The same content selected twice (same hash) is kept once.

    Raises:
        TaskPackError: two TaskPacks with different content share an id; both files and hashes are named.
    """
    seen: dict[str, tuple[Path, TaskPack]] = {}
    out = []
    for path, tp in packs:
        first = seen.get(tp.id.casefold())
        if first is None:
            seen[tp.id.casefold()] = (path, tp)
            out.append((path, tp))
        elif first[1].hash != tp.hash:
            raise TaskPackError(
                f"task id {tp.id!r} is used by two different TaskPacks in this selection: {first[0]} "
                f"({first[1].hash[:15]}...) and {path} ({tp.hash[:15]}...); their results would share one "
                f"folder. Give the edited copy its own id (any letters, digits, '.', '_', '-'; drop 'catalog') "
                f"and run 'iw-eval hash' on it")
    return out


RELEASES = (1, 2)
"""InteractiveBench releases: 1, the TaskPacks at the top of the TaskPack folders; 2, the TaskPacks re-hosted in
the generated layouts, in the ``release2/`` sub-folder of each TaskPack folder."""
DEFAULT_RELEASE = 1
"""The release run when none is chosen (release 1 until release 2 passes every check)."""
RELEASE_FOLDERS = {1: "", 2: "release2"}
"""Sub-folder of each TaskPack folder holding a release's TaskPacks."""


def check_release(release: int) -> int:
    """``release`` as an int, or ValueError naming the known releases."""
    if release not in RELEASES:
        raise ValueError(f"unknown InteractiveBench release {release!r} (known: {', '.join(map(str, RELEASES))})")
    return int(release)


def taskpack_dirs(release: int = DEFAULT_RELEASE) -> list[Path]:
    """Folders searched for built-in TaskPacks of ``release`` (:data:`RELEASES`), in order.

    ``$IW_TASKPACK_DIR`` (``os.pathsep``-separated) when set; otherwise, in a source checkout, the
    repository's ``taskpacks/``, then the installed package's ``interactiveworld/taskpacks``; for release 2, the
    ``release2/`` sub-folder of each.
    """
    sub = RELEASE_FOLDERS[check_release(release)]
    return [d / sub for d in _release1_dirs()] if sub else _release1_dirs()


def _release1_dirs() -> list[Path]:
    env = os.environ.get("IW_TASKPACK_DIR")
    if env:
        return [Path(p) for p in env.split(os.pathsep) if p]
    dirs: list[Path] = []
    # A source checkout (editable install) reads the repository's files first, so edits are never
    # shadowed by copies installed earlier.
    repo = Path(__file__).resolve().parents[3] / "taskpacks"
    if repo.is_dir() and (repo.parent / "pyproject.toml").is_file():
        dirs.append(repo)
    try:
        pkg = Path(str(resources.files("interactiveworld") / "taskpacks"))
        if pkg.is_dir() and pkg not in dirs:
            dirs.append(pkg)
    except (ModuleNotFoundError, TypeError):
        pass
    return dirs


class TaskPackFolderWarning(UserWarning):
    """A ``*.json`` file in a TaskPack folder that cannot be read, so it is left out of the built-in list."""


_WARNED: set[tuple[str, float]] = set()
_LEFT_OUT: dict[str, str] = {}
"""File stem -> why that file was left out of the last listing (an unknown id names its broken file)."""


def _warn_unreadable(path: Path, exc: Exception) -> None:
    """Say once per file version that ``path`` was left out (a half-written TaskPack must not vanish silently)."""
    try:
        stamp = (str(path), path.stat().st_mtime)
    except OSError:
        stamp = (str(path), 0.0)
    _LEFT_OUT[path.stem] = f"{path.name} was left out: " + (
        f"not valid JSON ({exc})" if isinstance(exc, json.JSONDecodeError) else str(exc))
    if stamp not in _WARNED:
        _WARNED.add(stamp)
        why = f"not valid JSON ({exc})" if isinstance(exc, json.JSONDecodeError) else str(exc)
        warnings.warn(f"{path}: left out of the TaskPacks: {why}", TaskPackFolderWarning, stacklevel=3)


def builtin_taskpacks(release: int = DEFAULT_RELEASE) -> dict[str, Path]:
    """Built-in TaskPack files of ``release`` by id (first folder of :func:`taskpack_dirs` wins on duplicates; two files of one
    folder with the same id: the first by name, the other left out with a :class:`TaskPackFolderWarning`).

    Only top-level ``*.json`` files whose ``format`` is :data:`FORMAT` count (scenes and other
    data may live beside them).
    """
    found: dict[str, Path] = {}
    _LEFT_OUT.clear()
    for d in taskpack_dirs(release):
        for f in sorted(d.glob("*.json")):
            try:
                data = read_json_file(f, max_bytes=MAX_TASKPACK_BYTES)
            except (OSError, ValueError) as exc:  # unreadable, not JSON or over a limit: not a usable TaskPack
                _warn_unreadable(f, exc)
                continue
            if isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("id"), str):
                first = found.setdefault(data["id"], f)
                if first != f and first.parent == f.parent:
                    # a copied TaskPack whose id was not changed: say so rather than hide one of the two
                    _warn_unreadable(f, ValueError(f"its id {data['id']!r} is also the id of {first.name} in "
                                                   f"the same folder (the first by file name is used)"))
    return dict(sorted(found.items()))


def taskpack_family(path: Path) -> str | None:
    """The ``family`` field of a TaskPack file without full validation (for listing)."""
    try:
        return read_json_file(path, max_bytes=MAX_TASKPACK_BYTES).get("family")
    except (OSError, ValueError, AttributeError):
        return None


def searched_folders() -> str:
    """Where :func:`builtin_taskpacks` looked and what it found there, for a message about an empty listing."""
    dirs = taskpack_dirs()
    source = "IW_TASKPACK_DIR" if os.environ.get("IW_TASKPACK_DIR") else "the installed package"
    if not dirs:
        return f"{source}: no folder to search"
    parts = []
    for d in dirs:
        if not d.is_dir():
            parts.append(f"{d}: no such folder")
            continue
        files = sorted(d.glob("*.json"))
        other = [f.name for f in files if f.stem not in _LEFT_OUT]
        parts.append(f"{d}: " + (f"{len(files)} .json file(s), none a TaskPack (no \"format\": \"{FORMAT}\" in "
                                 f"{', '.join(other[:3])}{', ...' if len(other) > 3 else ''})" if other else
                                 "unreadable .json files only" if files else "no .json files"))
    return f"searched {source}: " + "; ".join(parts)


def unknown_id_message(task: str, known: list[str]) -> str:
    """An unknown id, with the closest built-in ids (``decision-5`` -> ``decision-05``) instead of all of them."""
    broken = _LEFT_OUT.get(task.strip())
    if broken:
        return f"task id {task!r}: {broken}"
    if not known:
        return f"unknown task id {task!r}: no TaskPacks found ({searched_folders()})"
    m = re.fullmatch(r"([a-z]+)-(\d+)", task.strip().lower())
    padded = f"{m.group(1)}-{int(m.group(2)):02d}" if m else None
    close = [padded] if padded in known else difflib.get_close_matches(task.strip().lower(), known, n=3, cutoff=0.6)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    count = f"{len(known)} built-in TaskPack" + ("s" if len(known) != 1 else "")
    return (f"unknown task id {task!r}{hint} ({count}, {known[0]} to {known[-1]}; "
            f"'iw-eval report --tasks' lists them)")


def select_taskpacks(tasks: list[str] | None = None, family: str | list[str] | None = None, *,
                     release: int = DEFAULT_RELEASE) -> list[Path]:
    """Resolve a task selection to TaskPack files.

    Args:
        tasks: ids of built-in TaskPacks or paths to TaskPack files; None or ``["all"]`` = all.
        family: restrict to one family or several (names or protocols; ``--family`` given more than once).
        release: the InteractiveBench release whose built-in TaskPacks ids name (:data:`RELEASES`).

    Raises:
        TaskPackError: no built-in TaskPacks are installed, an id is unknown, or a file is missing.
        ValueError: the family is unknown.
    """
    fams = {Family.parse(f).value for f in ([family] if isinstance(family, str) else family or [])}
    builtin = builtin_taskpacks(release)
    paths: list[Path] = []
    if not tasks or tasks == ["all"]:
        if not builtin:
            where = ", ".join(str(d) for d in taskpack_dirs(release)) or "(no TaskPack folder found)"
            if release != 1:
                raise TaskPackError(f"release {release} holds no TaskPacks yet (looked in {where}); run release 1 "
                                    f"(--release 1)")
            raise TaskPackError(f"no TaskPacks are installed (looked in {where}); author them under taskpacks/ "
                                f"or point IW_TASKPACK_DIR at a folder of TaskPack files")
        paths = list(builtin.values())
    else:
        for t in tasks:
            if t in builtin:
                paths.append(builtin[t])
            elif t.endswith(".json") or os.sep in t:
                p = Path(t)
                if p.is_dir():
                    raise TaskPackError(_folder_message(p))
                if not p.is_file():
                    raise TaskPackError(f"{t}: no such TaskPack file")
                paths.append(p)
            else:
                raise TaskPackError(unknown_id_message(t, list(builtin)))
    if fams:
        paths = [p for p in paths if taskpack_family(p) in fams]
        if not paths:
            raise TaskPackError(f"no selected TaskPack belongs to family {' or '.join(sorted(fams))}")
    return paths


__all__ = ["FORMAT", "MAX_TASKPACK_BYTES", "SCENE_LIMITS", "scene_limit_problem", "CAPABILITIES", "TaskPack",
           "TaskPackError", "CatalogRef", "Opening", "LegendEntry", "HumanContext", "Evidence", "FrameExemption",
           "GuidanceStep", "Oracle", "NoHelpStep", "NoHelp",
           "WrongControl", "EarlyControl", "Controls", "CapabilityPoint", "CapabilityAtom", "Budgets",
           "canonical_json", "compute_hash", "parse_taskpack", "load_taskpack", "rehash_file", "taskpack_dirs",
           "searched_folders", "read_taskpack_json", "unknown_id_message",
           "builtin_taskpacks", "taskpack_family", "select_taskpacks", "unique_taskpacks", "ID_PATTERN",
           "RELEASES", "DEFAULT_RELEASE", "RELEASE_FOLDERS", "check_release"]
