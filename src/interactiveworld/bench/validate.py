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

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..agents.controls import CLARIFY, DEGENERATE_ASSISTANTS, ScriptedHuman, make_control_assistant
from ..agents.prompts import human_system_prompt
from ..env import Environment
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
    unknown = [f"{where} name {', '.join(sorted(ks - keys))}" for where, ks in scored_targets(tp).items() if ks - keys]
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


__all__ = ["Check", "ValidationReport", "static_checks", "world_scene_problem", "is_world_scene", "run_controls",
           "exposed_answer", "answer_tokens", "program_targets", "human_texts", "evidence_in",
           "evidence_exposures", "visual_words_for_the_blind", "COLOUR_WORDS", "answers_in_wearer_text",
           "run_battery", "battery_table", "BATTERY_MAX_CLEAN_PASS", "BATTERY_MAX_MCR"]
