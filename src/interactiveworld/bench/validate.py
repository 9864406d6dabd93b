"""Static checks and pre-sweep controls of a TaskPack (paper appendix C.1, C.1.2 "Pre-sweep controls";
DESIGN.md "TaskPack").

Static checks: the schema and hash; the scene loads (with the world's own loader,
:func:`interactiveworld.world.serialize.scene_from_dict`, when it is a world scene); every handle
the programs and the legend use exists in the scene; no positive goal already holds after the
opening; the answer (numbers and codes the oracle speaks) is not exposed in public text; the declared
evidence appears in no text the Human can receive (:func:`evidence_exposures`). Controls: the oracle with the
scripted Human passes; the silent Assistant and the no-help run fail; the wrong and early controls fail unless
the TaskPack declares otherwise.

Degenerate-Assistant battery (DESIGN.md "Metrics"; :data:`~interactiveworld.agents.controls.DEGENERATE_ASSISTANTS`):
silent, hello-only, generic advice, nagger, echo and a random-plausible talker run every TaskPack with the
scripted Human; over all TaskPacks checked, each must pass no task, reach no capability above
:data:`BATTERY_MAX_CLEAN_PASS` clean_pass and no family above :data:`BATTERY_MAX_MCR` MCR (tasks present).
"""
from __future__ import annotations

import dataclasses
import json
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..agents.controls import CLARIFY, DEGENERATE_ASSISTANTS, ScriptedHuman, make_control_assistant, talker_lines
from ..agents.prompts import human_system_prompt
from ..env import NEAR_CLIP, Environment
from ..render.audit import MAX_BODY_SHARE, FrameAudit, FrameAuditor
from ..render.sampling import sample_interval
from ..world.motion import LOOK_HOLD, RESULT
from ..world.scene import FLOOR_KEY
from ..world.serialize import SceneFormatError, scene_from_dict
from . import scoring
from .capabilities import StatesCheck
from .episode import EpisodeConfig, run_episode
from .families import command_targets
from .metrics import capability_table, family_table
from ..language.reference import inflect_engine, find_name, words
from .speech import carries
from .taskpack import Evidence, TaskPack



@dataclass
class Check:
    """One named check with its outcome and a detail line for the report."""

    name: str
    ok: bool
    detail: str = ""


@dataclass
class ValidationReport:
    """All checks of one TaskPack; ``ok`` when every check passed."""

    task_id: str
    checks: list[Check] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    def add(self, name: str, ok: bool, detail: str = "") -> None:
        self.checks.append(Check(name, ok, detail))


_ANSWER_TOKEN = re.compile(r"\$?\d+(?:[.,]\d+)?%?|\b[A-Z]{2,}[A-Z0-9\-]*\b")


def answer_tokens(tp: TaskPack) -> set[str]:
    """Numbers, prices and upper-case codes the oracle speaks (the answer a task hides)."""
    toks: set[str] = set()
    for s in tp.oracle.steps:
        toks |= set(_ANSWER_TOKEN.findall(s.say))
    return toks


def exposed_answer(tp: TaskPack) -> list[str]:
    """Answer tokens that appear in public text (public context, prelude or handoff speech)."""
    public = " ".join([tp.public_context, tp.opening.prelude_say, tp.opening.handoff_say])
    return sorted(t for t in answer_tokens(tp) if re.search(rf"(?<![\w$]){re.escape(t)}(?![\w%])", public))


def human_texts(tp: TaskPack) -> list[tuple[str, str]]:
    """Every text the Human can receive from the TaskPack, with the field it comes from: the public and Human
    task context, the restriction, each legend entry's handle name, description and aliases, the Human's own
    (no-help / private plan) commands and speech, and the Human system prompt of the family."""
    hc = tp.human_context
    out = [("public_context", tp.public_context), ("human_context.task", hc.task),
           ("human_context.restriction", hc.restriction)]
    for i, e in enumerate(hc.legend):
        out.append((f"human_context.legend[{i}].handle", e.handle.partition("#")[0]))
        out.append((f"human_context.legend[{i}].description", e.description))
        out += [(f"human_context.legend[{i}].aliases[{j}]", a) for j, a in enumerate(e.aliases)]
    for i, st in enumerate(tp.no_help.steps):
        if st.command:
            out.append((f"no_help.steps[{i}].command", st.command))
        if st.say:
            out.append((f"no_help.steps[{i}].say", st.say))
    out.append(("Human system prompt", human_system_prompt(tp.protocol_name, hc.restriction)))
    return [(f, t) for f, t in out if t]


def _number_words(n: int) -> set[str]:
    return {str(n), *words(inflect_engine().number_to_words(n))} if n <= 20 else {str(n)}


_LINK_WORDS = frozenset({"the", "a", "an", "on", "in", "inside", "into", "at", "by", "of", "to", "from", "with",
                         "and", "its", "still"})


def evidence_in(ev: Evidence, text: str) -> bool:
    """Whether ``text`` states the evidence ``ev`` (words normalised and singular, :mod:`.reference`):

    * a label: its words in order ("RAW TROUT" in "a pack printed raw trout");
    * a state (an association such as "wallet in the tall kitchen cabinet"): every word of it but articles and
      prepositions somewhere in the text;
    * a count: the number (digits or words) followed within three words by a word of what is counted
      ("4 bottles", "four water bottles").
    """
    said = words(text)
    if ev.kind == "label":
        return find_name(said, words(ev.text))
    if ev.kind == "state":
        need = {w for w in words(ev.text) if w not in _LINK_WORDS}
        return bool(need) and need <= set(said)
    nums = _number_words(int(ev.count))
    what = set(words(ev.text))
    for i, w in enumerate(said):
        if w in nums and what & set(said[i + 1:i + 4]):
            return True
    return False


def evidence_exposures(tp: TaskPack) -> list[str]:
    """One line per declared evidence item found in a text the Human can receive, naming the field."""
    found = []
    texts = human_texts(tp)
    for i, ev in enumerate(tp.evidence):
        what = f"{ev.count} x {ev.text!r}" if ev.kind == "count" else repr(ev.text)
        for field_name, text in texts:
            if evidence_in(ev, text):
                found.append(f"evidence[{i}] ({ev.kind} {what} on {ev.entity}) appears in {field_name}")
    return found


COLOUR_WORDS = frozenset({
    "red", "orange", "yellow", "green", "blue", "purple", "violet", "pink", "brown", "black", "white", "grey",
    "gray", "beige", "cream", "golden", "gold", "silver", "dark", "pale", "bright", "colour", "color", "coloured",
    "colored", "printed", "labelled", "labeled", "written", "reads", "says",
})
"""Words of looks and print: a blind (NARRATE) wearer's legend must not contain them (paper appendix C.2.2)."""


def visual_words_for_the_blind(tp: TaskPack) -> list[str]:
    """NARRATE only: one line per legend description or alias that states how something looks or what it says
    (:data:`COLOUR_WORDS`), naming the field; the blind Human may hear such facts only from the Assistant."""
    if tp.protocol_name != "NARRATE":
        return []
    out = []
    for i, e in enumerate(tp.human_context.legend):
        for field_name, text in [(f"human_context.legend[{i}].description", e.description),
                                 *((f"human_context.legend[{i}].aliases[{j}]", a) for j, a in enumerate(e.aliases))]:
            bad = sorted(set(words(text)) & COLOUR_WORDS)
            if bad:
                out.append(f"{field_name} says {', '.join(bad)}: {text!r}")
    return out


def answers_in_wearer_text(tp: TaskPack) -> list[str]:
    """Declared answers and window cues that the wearer's own words already carry (public context, prelude,
    handoff, the no-help program's speech, the scripted Human's request for clarification): an Assistant that
    only repeats the wearer would earn them, so each is named ``"<point or window>: <value>"``."""
    heard = " \n ".join([tp.public_context, tp.opening.prelude_say, tp.opening.handoff_say, CLARIFY,
                         *(s.say for s in tp.no_help.steps)])
    found = []
    for atom in tp.capabilities:
        for p in atom.points:
            if isinstance(p.check, StatesCheck):
                found += [f"{p.id}: {v.text()}" for v in p.check.answer if carries(heard, [v])]
    for w in tp.intervention_windows:
        found += [f"window {w.id}: {v.text()}" for v in w.cue if carries(heard, [v])]
    return found


def scene_categories(tp: TaskPack) -> list[str]:
    """Every scene entity's kind, name and category in words ("milk carton"; a symbolic scene's ``key`` without
    its index): what a talker reading the frames could name."""
    out = set()
    ents = tp.scene.get("entities") if isinstance(tp.scene, dict) else None
    for e in ents if isinstance(ents, list) else []:   # a malformed scene is the "scene loads" check's to name
        if isinstance(e, dict):
            out |= {str(e[k]) for k in ("kind", "name", "category") if k in e}
            if "key" in e:
                out.add(str(e["key"]).split("#", 1)[0])
    return sorted(w.replace("_", " ") for w in out)


def answers_a_talker_could_say(tp: TaskPack) -> list[str]:
    """Declared ``states`` answers that a line of a no-evidence Assistant carries (:func:`talker_lines` over
    :func:`scene_categories`): "Turn on the table." carries "on the table", "Look at the fridge." carries
    "fridge". Naming what is visible is no evidence, so an answer must state the fact ("in the fridge",
    "bromelain"); each hit is named ``"<point>: <value> (in '<line>')"``."""
    lines = talker_lines(scene_categories(tp))
    found = []
    for atom in tp.capabilities:
        for p in atom.points:
            if isinstance(p.check, StatesCheck):
                for v in p.check.answer:
                    hit = next((ln for ln in lines if carries(ln, [v])), None)
                    if hit is not None:
                        found.append(f"{p.id}: {v.text()} (in {hit!r})")
    return found


def program_targets(tp: TaskPack) -> set[str]:
    """Entity keys named anywhere in the opening, oracle, wrong-control and no-help programs and the legend."""
    cmds = list(tp.opening.commands)
    for s in tp.oracle.steps:
        cmds += s.commands
    if tp.controls.wrong:
        for s in tp.controls.wrong.steps:
            cmds += s.commands
    cmds += [s.command for s in tp.no_help.steps if s.command]
    keys = {k for c in cmds for k in command_targets(c)}
    return keys | {e.handle for e in tp.human_context.legend} | {ev.entity for ev in tp.evidence}


_ENTITY_KEY = re.compile(r"^[a-z][a-z0-9_]*#\d+$")


def scored_targets(tp: TaskPack) -> dict[str, set[str]]:
    """Entity keys the scoring reads, by where they are named: ``"goals"`` (completion goals and prohibitions,
    intervention windows) and ``"points"`` (capability points). Wildcards (``*``) are not keys."""
    def keys(obj: Any) -> set[str]:
        if isinstance(obj, str):
            return {obj} if _ENTITY_KEY.match(obj) else set()
        if isinstance(obj, dict):
            return set().union(*(keys(v) for v in obj.values())) if obj else set()
        if isinstance(obj, (list, tuple)):
            return set().union(*(keys(v) for v in obj)) if obj else set()
        return set()

    goals = keys(tp.completion.model_dump()) | keys([w.model_dump() for w in tp.intervention_windows])
    return {"goals": goals, "points": keys([a.model_dump() for a in tp.capabilities])}


_SCENE_LISTS = ("rooms", "walls", "doors", "entities", "attachments")
_SCENE_OBJECTS = ("human", "attributes")


def _scene_field_at_fault(scene: dict[str, Any]) -> str | None:
    """The first top-level field of a scene dict whose JSON type differs from the format's
    (:mod:`interactiveworld.world.serialize`), e.g. ``"scene.entities: expected a list, got null"``."""
    def name(v: Any) -> str:
        return "null" if v is None else type(v).__name__

    for key in _SCENE_LISTS:
        if key in scene:
            v = scene[key]
            if not isinstance(v, list):
                return f"scene.{key}: expected a list, got {name(v)}"
            for i, item in enumerate(v):
                if not isinstance(item, dict):
                    return f"scene.{key}[{i}]: expected an object, got {name(item)}"
    for key in _SCENE_OBJECTS:
        if key in scene and not isinstance(scene[key], dict):
            return f"scene.{key}: expected an object, got {name(scene[key])}"
    return None


def is_world_scene(scene: dict[str, Any]) -> bool:
    """True when the scene declares a ``format`` (a world scene is ``interactiveworld.scene/1``)."""
    return "format" in scene


def world_scene_problem(tp: TaskPack) -> str | None:
    """Load the TaskPack's scene (``initial_state`` folded in) with the world's own loader,
    :func:`interactiveworld.world.serialize.scene_from_dict`; return the world's error (naming the
    field at fault) or None when it loads.
    """
    scene = tp.reset_scene()
    try:
        scene_from_dict(scene)
    except SceneFormatError as exc:
        return f"scene: {exc} (SceneFormatError)"
    except Exception as exc:  # noqa: BLE001 - any loader failure is a defect of this TaskPack's scene
        at = _scene_field_at_fault(scene)
        return f"{at or 'scene'}: the world's loader failed ({type(exc).__name__}: {exc})"
    return None


def _world_env(env: Any) -> bool:
    return isinstance(env, Environment)


def static_checks(tp: TaskPack, env: Any, report: ValidationReport, *, seed: int = 0) -> None:
    """Scene-dependent static checks (the environment is reset and the opening run).

    The scene is first loaded with the world's loader (:func:`world_scene_problem`) when ``env`` is
    the world's :class:`~interactiveworld.env.Environment` or the scene declares a ``format``; a
    scene that does not load (there or in ``env``) fails the ``scene loads`` check and the checks
    that need the scene are skipped.
    """
    exposed = exposed_answer(tp)
    report.add("answer not in public text", not exposed, f"exposed: {', '.join(exposed)}" if exposed else "")
    leaked = evidence_exposures(tp)
    report.add("evidence not in Human text", not leaked, "; ".join(leaked))
    seen = visual_words_for_the_blind(tp)
    report.add("no looks or print in a blind wearer's legend", not seen, "; ".join(seen))
    echoed = answers_in_wearer_text(tp)
    report.add("declared answers not in the wearer's words", not echoed, "; ".join(echoed))
    talked = answers_a_talker_could_say(tp)
    report.add("declared answers not in a no-evidence talker's lines", not talked, "; ".join(talked))
    problem = world_scene_problem(tp) if _world_env(env) or is_world_scene(tp.scene) else None
    if problem is None:
        try:
            env.reset(tp.reset_scene(), seed=seed)
        except Exception as exc:  # noqa: BLE001 - reported as the check's detail
            at = _scene_field_at_fault(tp.scene)
            problem = f"{at + ': ' if at else ''}the environment cannot load the scene ({type(exc).__name__}: {exc})"
    report.add("scene loads", problem is None, problem or "")
    if problem is not None:
        return
    keys = {h.key for h in env.handles()}
    missing = sorted(program_targets(tp) - keys)
    report.add("handles exist in the scene", not missing, f"missing: {', '.join(missing)}" if missing else "")
    known = keys | {FLOOR_KEY}  # the floor is a support every scene has, though no handle names it
    unknown = [f"{where} name {', '.join(sorted(ks - known))}" for where, ks in scored_targets(tp).items()
               if ks - known]
    report.add("goals and points name entities of the scene", not unknown, "; ".join(unknown))
    failed = []
    for cmd in tp.opening.commands:
        out = env.execute(cmd)
        if not out.ok:
            failed.append(f"{cmd}: {out.message}")
    report.add("opening runs", not failed, "; ".join(failed))
    env.mark_baseline()
    baseline = env.relations()
    pre = scoring.score_episode(tp.completion, final=baseline, baseline=frozenset(), trace=[])
    report.add("opening satisfies no scored goal", not pre.passed and pre.completion == 0.0,
               f"completion {pre.completion:.2f} already at handoff" if pre.completion else "")


AUDITED_PRIMITIVES = frozenset({"pick", "place", "place_inside", "open", "close", "turn_on", "turn_off", "cut", "pour",
                                "look_at"})
"""Primitives (canonical names of Grab, Put, PutIn, Open, Close, TurnOn, TurnOff, Cut, Pour, LookAt) whose target
must be in view of their result frame unless the TaskPack declares why not (``frame_exemptions``)."""
AUDIT_SIZE = (320, 240)
"""Size [px] of the id buffers the audit of ``iw-eval validate`` casts: a quarter of the pixels of a frame, the same
shares (target pixel counts scale with :meth:`~interactiveworld.render.audit.FrameAudit.min_pixels`)."""


@dataclass
class CommandAudit:
    """The audited frames of one command of a TaskPack's opening or oracle program."""

    phase: str
    command: str
    primitive: str | None
    targets: tuple[str, ...]
    frames: list[FrameAudit]
    result: int
    """Index into ``frames`` of the result frame (the look-hold frame of a LookAt)."""
    visible_on: dict[str, set[str]] = field(default_factory=dict)
    """Support key -> keys of the entities on or in it that some frame of this command shows."""

    @property
    def target_pixels(self) -> int | None:
        """Pixels of the first target in the result frame (None: no target or no frames)."""
        if not self.targets or not self.frames:
            return None
        return self.frames[self.result].pixels.get(self.targets[0], 0)

    @property
    def target_in_view(self) -> bool:
        return bool(self.frames) and bool(self.targets) and self.frames[self.result].shows(self.targets[0])


@dataclass
class TaskAudit:
    """The frame audit of one TaskPack (opening and oracle commands, every sampled frame); see :func:`audit_taskpack`."""

    task_id: str
    commands: list[CommandAudit]
    exempt: dict[str, str]
    evidence_misses: list[str]

    def frames(self) -> list[FrameAudit]:
        return [f for c in self.commands for f in c.frames]

    def summary(self) -> dict[str, Any]:
        """Counts of the audit: ``frames``, ``eye_inside``, ``eye_near`` (inside or within 5 cm), ``max_body``
        (largest body share), ``targets`` (audited result frames, exempt ones left out), ``targets_visible``,
        ``target_misses`` (their commands), ``blank``, ``exempt`` and ``evidence_misses``."""
        fr = self.frames()
        audited = [c for c in self.commands if c.primitive in AUDITED_PRIMITIVES and c.targets and c.frames]
        counted = [c for c in audited if c.command not in self.exempt]
        return {"frames": len(fr), "eye_inside": sum(f.eye_inside for f in fr),
                "eye_near": sum(f.eye_near for f in fr), "max_body": max((f.body_share for f in fr), default=0.0),
                "targets": len(counted), "targets_visible": sum(c.target_in_view for c in counted),
                "target_misses": [f"{c.command} ({c.target_pixels} px)" for c in counted if not c.target_in_view],
                "blank": sum(f.blank for f in fr), "exempt": len(audited) - len(counted),
                "evidence_misses": list(self.evidence_misses)}

    def problems(self) -> list[str]:
        """The limits broken: the eye inside geometry, a body share over
        :data:`~interactiveworld.render.audit.MAX_BODY_SHARE`, an undeclared target out of its result frame, an
        evidence-bearing entity missing from the frames of the command that shows it."""
        s = self.summary()
        out = []
        if s["eye_inside"]:
            bad = [f"{c.command}" for c in self.commands if any(f.eye_inside for f in c.frames)]
            out.append(f"eye inside geometry in {s['eye_inside']} frame(s): {'; '.join(dict.fromkeys(bad))}")
        if s["max_body"] > MAX_BODY_SHARE:
            bad = [c.command for c in self.commands if any(f.body_share > MAX_BODY_SHARE for f in c.frames)]
            out.append(f"body covers {s['max_body']:.0%} of a frame (limit {MAX_BODY_SHARE:.0%}): "
                       f"{'; '.join(dict.fromkeys(bad))}")
        if s["target_misses"]:
            out.append("target out of its result frame: " + "; ".join(s["target_misses"]))
        out += s["evidence_misses"]
        return out

    def line(self) -> str:
        """One line of the audit's numbers for the validation report."""
        s = self.summary()
        return (f"{s['frames']} frames; eye inside {s['eye_inside']}, within 5 cm {s['eye_near']}; "
                f"body <= {s['max_body']:.0%}; targets in view {s['targets_visible']}/{s['targets']}"
                + (f" (+{s['exempt']} exempt)" if s["exempt"] else "") + f"; blank {s['blank']}")


def _result_index(kfs, idx: list[int], primitive: str | None) -> int:
    tag = LOOK_HOLD if primitive == "look_at" else RESULT
    for j in reversed(range(len(idx))):
        if tag in kfs[idx[j]].tags:
            return j
    return len(idx) - 1


def _supported(relations, support: str) -> set[str]:
    return {r[1] for r in relations if len(r) == 3 and r[0] in ("on", "in", "inside") and r[2] == support}


LAST_ORACLE_RECORD: dict[str, Any] = {}
"""The ``eval.json`` record of the oracle cell :func:`oracle_commands` ran last."""


def oracle_commands(tp: TaskPack, make_env: Callable[[], Any], *, seed: int = 0) -> list[tuple[str, str]]:
    """(phase, command) of every command that ran in the oracle control cell, in order: the opening's lines
    (``"opening"``), then what the scripted Human executed with the oracle Assistant (``"oracle"``: its own plan's
    steps too, in a WATCH task), read back from the cell's trace; refused commands are left out. The cell's
    ``eval.json`` record is kept in :data:`LAST_ORACLE_RECORD` (its ``passed``, for a sweep of audits)."""
    with tempfile.TemporaryDirectory(prefix="iw-audit-") as tmp:
        LAST_ORACLE_RECORD.clear()
        LAST_ORACLE_RECORD.update(run_episode(tp, make_env(), make_control_assistant("oracle", tp), ScriptedHuman(tp),
                                              Path(tmp), EpisodeConfig(seed=seed, write_frames=False)))
        out = []
        for line in (Path(tmp) / "trace.jsonl").read_text().splitlines():
            rec = json.loads(line)
            kind = {"opening_command": "opening", "command": "oracle"}.get(rec.get("type"))
            outcome = rec.get("outcome")
            ok = outcome.get("ok", True) if isinstance(outcome, dict) else True
            if kind and ok:
                out.append((kind, rec["command"]))
    return out


def audit_taskpack(tp: TaskPack, env: Environment, *, size: tuple[int, int] = AUDIT_SIZE,
                   frames_per_command: int | None = None,
                   commands: list[tuple[str, str]] | None = None) -> TaskAudit:
    """Run ``tp``'s opening, then the commands of its oracle cell (``commands``, default
    :func:`oracle_commands` run in a fresh state-only environment), in ``env`` (a world
    :class:`~interactiveworld.env.Environment`; rendering may be off) and audit every frame the Assistant would get
    (:func:`~interactiveworld.render.sample_interval` of each command) with
    :class:`~interactiveworld.render.audit.FrameAuditor` at ``size`` [px].

    Declared evidence is checked in the frames of its ``shown_by`` command: the bearing entity in view (label and
    state evidence; the printed words themselves are read by OCR in the tests), and for a count at least that many
    entities on or in the counted items' support in view over those frames.

    Raises:
        ValueError: a command of the opening fails (the TaskPack's ``opening runs`` check says which).
    """
    w, h = size
    env.reset(tp.reset_scene())
    n = frames_per_command or env.frames_per_command
    auditor = FrameAuditor(env.scene.static_visual_meshes(), near=NEAR_CLIP)
    out: list[CommandAudit] = []
    supports = {ev.entity for ev in tp.evidence if ev.kind == "count"}
    programs = commands if commands is not None else oracle_commands(tp, lambda: Environment(render=False))
    for phase, cmd in programs:
        res = env.execute(cmd)
        if not res.ok:
            if phase == "opening":
                raise ValueError(f"opening command {cmd!r} failed: {res.message}")
            break   # the oracle's control run reports it
        targets = command_targets(cmd) if res.primitive not in (None, "offscreen") else ()
        frames: list[FrameAudit] = []
        idx = sample_interval(res.interval, n) if res.interval is not None else []
        kfs = res.interval.keyframes if res.interval is not None else []
        for i in idx:
            cam, dyn = env.keyframe_view(kfs[i], list(targets))
            frames.append(auditor.audit(dataclasses.replace(cam, width=w, height=h), dyn))
        rel = env.relations() if supports else frozenset()
        visible_on = {s: {k for k in _supported(rel, s) if any(f.shows(k) for f in frames)} for s in supports}
        out.append(CommandAudit(phase, cmd, res.primitive, tuple(targets), frames,
                                _result_index(kfs, idx, res.primitive) if idx else 0, visible_on))
    misses = []
    opening = {c.command: c for c in out if c.phase == "opening"}
    for i, ev in enumerate(tp.evidence):
        ca = opening.get(ev.shown_by) if ev.shown_by else None
        if ca is None:
            continue
        if ev.kind == "count":
            got = len(ca.visible_on.get(ev.entity, ()))
            if got < int(ev.count):
                misses.append(f"evidence[{i}] ({ev.count} x {ev.text!r} on {ev.entity}): {ev.shown_by} frames show "
                              f"{got} item(s) on it")
        elif not any(f.shows(ev.entity) for f in ca.frames):
            misses.append(f"evidence[{i}] ({ev.kind} {ev.text!r}): {ev.shown_by} frames do not show {ev.entity}")
    return TaskAudit(tp.id, out, {e.command: e.reason for e in tp.frame_exemptions}, misses)


def frame_audit_check(tp: TaskPack, env: Any, report: ValidationReport) -> TaskAudit | None:
    """Add the ``frame audit`` check (:func:`audit_taskpack`) to ``report``; skipped (None) for an environment
    other than the world's."""
    if not _world_env(env):
        return None
    audit = audit_taskpack(tp, env)
    bad = audit.problems()
    report.add("frame audit", not bad, audit.line() + ("; " + "; ".join(bad) if bad else ""))
    return audit


CONTROL_EXPECTATIONS = ("oracle", "silent", "nohelp", "wrong", "early")


def run_controls(tp: TaskPack, make_env: Callable[[], Any], report: ValidationReport, *, out_dir: Path | None = None,
                 seed: int = 0) -> dict[str, dict[str, Any]]:
    """Run the control cells with the scripted Human and record whether each behaved as declared."""
    results = {}
    tmp = None
    if out_dir is None:
        tmp = tempfile.TemporaryDirectory(prefix="iw-validate-")
        out_dir = Path(tmp.name)
    try:
        for name in CONTROL_EXPECTATIONS:
            if name == "wrong" and tp.controls.wrong is None:
                report.add("wrong control", True, "not declared")
                continue
            expect = {"oracle": True, "silent": False, "nohelp": False,
                      "wrong": bool(tp.controls.wrong.expect_pass) if tp.controls.wrong else False,
                      "early": bool(tp.controls.early.expect_pass)}[name]
            rec = run_episode(tp, make_env(), make_control_assistant(name, tp), ScriptedHuman(tp),
                              Path(out_dir) / tp.id / name, EpisodeConfig(seed=seed, write_frames=False))
            results[name] = rec
            ok = rec["status"] == "valid" and bool(rec["passed"]) == expect
            detail = (f"passed={rec['passed']} completion={rec['completion']} stop={rec['stop_reason']}"
                      if rec["status"] == "valid" else f"VOID: {rec['void_reason']}")
            report.add(f"{name} control {'passes' if expect else 'fails'}", ok, detail)
            if name == "oracle" and rec["status"] == "valid":
                want = tp.oracle.step_count + tp.oracle.optional_actions
                report.add("oracle step count", rec["actions"] == want,
                           f"oracle run took {rec['actions']} actions, oracle.step_count is {tp.oracle.step_count}"
                           + (f" + {tp.oracle.optional_actions} optional" if tp.oracle.optional_actions else ""))
                missed = [f"{p['capability']} {p['point']}: {p['label']}" for p in rec["capabilities"]
                          if p["label"] != "clean_pass"]
                report.add("oracle earns every capability point", not missed, "; ".join(missed))
    finally:
        if tmp is not None:
            tmp.cleanup()
    return results


BATTERY_MAX_CLEAN_PASS = 5.0
"""Most clean_pass (percent of a capability's points) a degenerate Assistant may reach."""
BATTERY_MAX_MCR = 10.0
"""Most MCR (percent, per family over the tasks present) a degenerate Assistant may reach."""


def run_battery(tp: TaskPack, make_env: Callable[[], Any], *, out_dir: Path | None = None,
                seed: int = 0) -> list[dict[str, Any]]:
    """Run every degenerate Assistant on one TaskPack with the scripted Human; their ``eval.json`` records."""
    records = []
    with tempfile.TemporaryDirectory(prefix="iw-battery-") as tmp:
        base = Path(out_dir) if out_dir is not None else Path(tmp)
        for name in DEGENERATE_ASSISTANTS:
            assistant = make_control_assistant(name, tp, env=make_env()) if name == "random" else \
                make_control_assistant(name, tp)
            records.append(run_episode(tp, make_env(), assistant, ScriptedHuman(tp), base / tp.id / f"battery-{name}",
                                       EpisodeConfig(seed=seed, write_frames=False)))
    return records


def battery_table(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per degenerate Assistant over all its records: ``assistant``, ``tasks``, ``void``, ``passed``
    (tasks passed), ``top_capability`` and ``top_clean_pass`` (the highest clean_pass percent of any
    capability), ``top_family`` and ``top_mcr`` (the highest family MCR over the tasks present, percent) and
    ``ok`` (every limit met and no VOID cell)."""
    rows = []
    for name in dict.fromkeys(r["assistant"] for r in records):
        recs = [r for r in records if r["assistant"] == name]
        caps = [c for c in capability_table(recs) if c["score"] is not None]
        fams = [f for f in family_table(recs) if f["family"] != "All" and f["mcr"] is not None]
        top_c = max(caps, key=lambda c: c["score"], default=None)
        top_f = max(fams, key=lambda f: f["mcr"], default=None)
        void = sum(r["status"] != "valid" for r in recs)
        passed = sum(1 for r in recs if r.get("passed") == 1)
        row = {"assistant": name, "tasks": len(recs), "void": void, "passed": passed,
               "top_capability": top_c["capability"] if top_c else None,
               "top_clean_pass": top_c["score"] if top_c else 0.0,
               "top_family": top_f["family"] if top_f else None, "top_mcr": top_f["mcr"] if top_f else 0.0}
        row["ok"] = (void == 0 and passed == 0 and row["top_clean_pass"] <= BATTERY_MAX_CLEAN_PASS
                     and row["top_mcr"] <= BATTERY_MAX_MCR)
        rows.append(row)
    return rows


__all__ = ["Check", "ValidationReport", "audit_taskpack", "frame_audit_check", "TaskAudit", "CommandAudit",
           "AUDITED_PRIMITIVES", "AUDIT_SIZE", "oracle_commands", "static_checks", "world_scene_problem", "is_world_scene", "run_controls",
           "exposed_answer", "answer_tokens", "program_targets", "human_texts", "evidence_in",
           "evidence_exposures", "visual_words_for_the_blind", "COLOUR_WORDS", "answers_in_wearer_text", "answers_a_talker_could_say", "scene_categories",
           "run_battery", "battery_table", "BATTERY_MAX_CLEAN_PASS", "BATTERY_MAX_MCR"]
