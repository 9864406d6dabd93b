"""The static variant of InteractiveBench (paper appendix D.3, Table 13, Figure 8): ``iw-eval static``.

For each TaskPack with a ``static_item`` (:mod:`interactiveworld.bench.static_item`):

1. **Frames** (:func:`build_item`). The reference run -- the oracle program with the scripted Human, seed
   0, rendering on -- is executed up to the cut: at the tick the oracle would speak step ``k`` the run
   stops, and the frames the Assistant is shown at that tick (the bounded selection of at most 32, pinned
   opening evidence first; paper appendix C.2.1) become the item's frames, with the words the wearer said
   so far. Nothing after the cut is recorded. The run and the item description are cached under
   ``<out>/items/<task>/`` and rebuilt only when the TaskPack hash, cut, seed or environment change.
2. **Answer** (:func:`answer_item`). The model gets a fixed system prompt, the wearer's words, the frames
   (oldest first) and the question; it never sees the reference, the scoring rule, later frames or action
   results, and it cannot act.
3. **Judge.** A judge model (fixed prompt :data:`JUDGE_PROMPT`, temperature 0) compares the reply with the
   reference and answers ``{"correct": bool, "reason": "..."}`` (validated; one repair turn). Where the
   item declares a rule (a number, an exact location), the reply must also pass it: a failed rule makes
   the answer wrong whatever the judge said.

Results are appended to ``<out>/static.jsonl``, one record per (model, judge, task, TaskPack hash, prompt
version); a re-run skips the items already scored and retries those left VOID (a model or judge that could
not be reached, or a judge that never gave a valid verdict), which are never counted as model answers.
"""
from __future__ import annotations

import json
import shutil
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from pydantic import BaseModel, ConfigDict, Field

from ..agents.base import AgentTransportError, AssistantObservation, AssistantTurn, Frame
from ..agents.calls import BudgetExceeded
from ..agents.controls import OracleAssistant, ScriptedHuman
from ..agents.model import image_part
from ..agents.protocol import AssistantAction
from ..bench.episode import EpisodeConfig, run_episode
from ..bench.factory import make_env
from ..bench.identity import DEFAULT_ENV
from ..bench.logs import iter_trace, write_json_atomic
from ..bench.static_item import rule_problems
from ..bench.taskpack import TaskPack
from .judging import CallSettings, ask_json, run_parallel

__all__ = ["ITEM_FORMAT", "RESULT_FORMAT", "STATIC_PROMPT_VERSION", "ANSWER_PROMPT", "JUDGE_PROMPT", "StaticFrames",
           "Verdict", "CutNotReached", "build_item", "answer_item", "run_static", "load_static_results",
           "RESULTS_NAME"]

ITEM_FORMAT = "interactiveworld.static-item/1"
RESULT_FORMAT = "interactiveworld.static-result/1"
RESULTS_NAME = "static.jsonl"
STATIC_PROMPT_VERSION = "static/1"
"""Part of every result's key: a change of either prompt below re-asks every item."""

ANSWER_PROMPT = (
    "You see frames from the head-mounted camera of a person (the wearer), oldest first, and what the wearer "
    "has said so far. The recording stops at the moment shown last; you cannot see what happens next and "
    "cannot ask anything. Answer the question from what the frames show and what was said: give the answer "
    "itself in at most three short sentences, without listing alternatives.")

JUDGE_PROMPT = (
    "You grade answers to questions about an egocentric video. You get the question, a reference answer "
    "written from what the frames show, and a candidate answer. The candidate is correct when it gives the "
    "same key fact, location, instruction, warning or plan as the reference, without a contradiction that "
    "would mislead the person; exact wording is not needed and extra harmless detail is fine. It is wrong "
    "when it misses the key point, names a different object, place, number or step, hedges between several "
    "options, or refuses. Reply with one JSON object only: {\"correct\": true or false, \"reason\": \"one "
    "sentence\"}.")


class Verdict(BaseModel):
    """The judge's answer: correct or not, and why in one sentence."""

    model_config = ConfigDict(extra="ignore")

    correct: bool = Field(description="Whether the candidate gives the reference's key point without contradiction.")
    reason: str = Field(min_length=1, max_length=600, description="One sentence saying why.")


class CutNotReached(RuntimeError):
    """The reference run ended (or failed) before the oracle step the static item cuts at."""


@dataclass
class StaticFrames:
    """A built static item: the frames at the cut and what was said before it.

    Attributes:
        folder: ``<out>/items/<task>``.
        task_id / family / taskpack_hash: the TaskPack it comes from.
        question / reference: the item's texts.
        frames: frame files relative to ``folder`` (chronological; empty when built without rendering).
        dialogue: ``[{"speaker": "wearer"|"assistant", "text"}]`` said before the cut, in order.
        cut_tick: the loop tick at which the run was cut (the Assistant's turn that is withheld).
        record: the ``item.json`` content.
    """

    folder: Path
    task_id: str
    family: str
    taskpack_hash: str
    question: str
    reference: str
    frames: list[str]
    dialogue: list[dict[str, str]]
    cut_tick: int
    record: dict[str, Any]

    def frame_bytes(self) -> list[bytes]:
        """The PNG bytes of the frames, in order."""
        return [(self.folder / f).read_bytes() for f in self.frames]


class _CutAssistant:
    """The oracle, stopped at the tick it would speak oracle step ``k``: that turn's observation is kept and
    the Assistant says ``done`` instead, so the run ends there (the scripted Human has no command queued at
    the start of a tick, so nothing runs after the cut)."""

    name = "oracle"
    polled = True

    def __init__(self, taskpack: TaskPack, k: int):
        self.inner = OracleAssistant(taskpack)
        self.k = k
        self.spoken = 0
        self.captured: AssistantObservation | None = None
        self.dialogue: list[dict[str, str]] = []

    def reset(self, protocol: str) -> None:
        self.inner.reset(protocol)
        self.spoken = 0

    def act(self, obs: AssistantObservation) -> AssistantTurn:
        if self.captured is not None:
            return AssistantTurn(AssistantAction("done", raw="done"))
        self.dialogue += [{"speaker": "wearer", "text": s} for s in obs.wearer_speech]
        turn = self.inner.act(obs)
        if turn.action.intervenes:
            if self.spoken == self.k:
                self.captured = obs
                return AssistantTurn(AssistantAction("done", raw="done"))
            self.spoken += 1
            self.dialogue.append({"speaker": "assistant", "text": turn.action.speech})
        return turn


def _item_matches(rec: dict[str, Any], tp: TaskPack, seed: int, env: str, render: bool, folder: Path) -> bool:
    return (rec.get("format") == ITEM_FORMAT and rec.get("taskpack_hash") == tp.hash
            and rec.get("static_item") == tp.static_item.model_dump(mode="json") and rec.get("seed") == seed
            and rec.get("env") == env and rec.get("render") == render
            and all((folder / f).is_file() for f in rec.get("frames", [])))


def build_item(tp: TaskPack, root: str | Path, *, seed: int = 0, env: str = DEFAULT_ENV,
               render: bool = True) -> StaticFrames:
    """Run the reference run of ``tp`` up to its static item's cut and describe the item (module docstring).

    Args:
        tp: a TaskPack with a ``static_item``.
        root: the output folder; the item lives in ``root/items/<task_id>`` and is reused when it matches.
        seed: world seed of the reference run.
        env: environment factory ``module:callable``.
        render: record frames (False: a state-only run, for checking that the cut is reached).

    Raises:
        ValueError: the TaskPack has no static item.
        CutNotReached: the run ended, or was VOID, before the cut.
    """
    if tp.static_item is None:
        raise ValueError(f"{tp.id}: the TaskPack has no static_item")
    folder = Path(root) / "items" / tp.id
    meta = folder / "item.json"
    if meta.is_file():
        try:
            rec = json.loads(meta.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            rec = {}
        if isinstance(rec, dict) and _item_matches(rec, tp, seed, env, render, folder):
            return _frames_of(folder, rec)
    run_dir = folder / "run"
    if run_dir.exists():
        shutil.rmtree(run_dir)
    item = tp.static_item
    cutter = _CutAssistant(tp, item.cut.before_oracle_step)
    record = run_episode(tp, make_env(env, render=render), cutter, ScriptedHuman(tp), run_dir,
                         EpisodeConfig(seed=seed, write_frames=render, fsync=False, assistant_name="oracle-cut",
                                       env={"factory": env, "render": render}))
    obs = cutter.captured
    if obs is None or record.get("status") != "valid":
        why = record.get("void_reason") or f"the run stopped ({record.get('stop_reason')}) before oracle step " \
                                            f"{item.cut.before_oracle_step} was due"
        raise CutNotReached(f"{tp.id}: static item cut not reached: {why}")
    rec = {"format": ITEM_FORMAT, "task_id": tp.id, "family": tp.family.value, "taskpack_hash": tp.hash,
           "static_item": item.model_dump(mode="json"), "seed": seed, "env": env, "render": render,
           "cut_tick": obs.tick, "public_context": tp.public_context,
           "frames": [f"run/{f.path}" for f in obs.frames if f.path], "dialogue": cutter.dialogue}
    write_json_atomic(meta, rec)
    return _frames_of(folder, rec)


def _frames_of(folder: Path, rec: dict[str, Any]) -> StaticFrames:
    item = rec["static_item"]
    return StaticFrames(folder=folder, task_id=rec["task_id"], family=rec["family"],
                        taskpack_hash=rec["taskpack_hash"], question=item["question"], reference=item["reference"],
                        frames=list(rec["frames"]), dialogue=list(rec["dialogue"]), cut_tick=int(rec["cut_tick"]),
                        record=rec)


def answer_messages(item: StaticFrames, public_context: str = "") -> list[dict[str, Any]]:
    """The messages that ask a static item: the fixed prompt, then one user turn with the context, the wearer's
    words, the frames as PNG data URLs (oldest first) and the question."""
    lines = []
    if public_context.strip():
        lines.append(f"Task context: {public_context.strip()}")
    said = [f'{"Wearer" if d["speaker"] == "wearer" else "Assistant"}: "{d["text"]}"' for d in item.dialogue]
    lines += ["What was said before this moment:", *said] if said else ["Nothing was said before this moment."]
    content: list[dict[str, Any]] = [{"type": "text", "text": "\n".join(lines)}]
    pngs = item.frame_bytes()
    if pngs:
        content.append({"type": "text", "text": f"{len(pngs)} frame(s), oldest first:"})
        content += [image_part(Frame(index=i, tick=0, command="", png=b)) for i, b in enumerate(pngs)]
    content.append({"type": "text", "text": f"Question: {item.question}"})
    return [{"role": "system", "content": ANSWER_PROMPT}, {"role": "user", "content": content}]


def judge_messages(question: str, reference: str, reply: str) -> list[dict[str, Any]]:
    """The judge's messages: the fixed :data:`JUDGE_PROMPT`, then the question, reference and candidate."""
    return [{"role": "system", "content": JUDGE_PROMPT},
            {"role": "user", "content": f"Question: {question}\nReference answer: {reference}\n"
                                        f"Candidate answer: {reply}"}]


def answer_item(item: StaticFrames, tp: TaskPack, assistant: str, judge: str, calls: CallSettings) -> dict[str, Any]:
    """Ask one built item of ``assistant``, judge the reply with ``judge`` and apply the rule check.

    Returns:
        The result record (:data:`RESULT_FORMAT`): ``status`` "scored" with ``correct``, or "void" with
        ``void_reason`` (a model or judge out of reach, or no valid verdict after the repair turn).

    Raises:
        BudgetExceeded: a spending limit would be broken (the item stays unanswered).
    """
    rec: dict[str, Any] = {"format": RESULT_FORMAT, "task_id": tp.id, "family": tp.family.value,
                           "taskpack_hash": tp.hash, "assistant": assistant, "judge": judge,
                           "prompt_version": STATIC_PROMPT_VERSION, "question": item.question,
                           "reference": item.reference, "frames": len(item.frames), "reply": None, "verdict": None,
                           "rule": None, "rule_problems": [], "correct": None, "status": "void", "void_reason": None,
                           "calls": [], "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    try:
        reply, call = calls.client(assistant).complete(answer_messages(item, tp.public_context))
        rec["calls"].append({"role": "assistant", **call.to_log()})
        rec["reply"] = reply
        judged = ask_json(calls.client(judge, max_tokens=300), judge_messages(item.question, item.reference, reply),
                          Verdict)
    except AgentTransportError as exc:
        rec["void_reason"] = f"transport: {exc}"
        return rec
    rec["calls"] += [{"role": "judge", **c} for c in judged.calls]
    rec["judge_raw"] = judged.raw
    if judged.value is None:
        rec["void_reason"] = f"judge gave no valid verdict: {judged.problem}"
        return rec
    rec["verdict"] = judged.value.model_dump()
    rule = tp.static_item.rule
    if rule is not None:
        rec["rule"] = rule.kind
        rec["rule_problems"] = rule_problems(rule, reply)
    rec["correct"] = bool(judged.value.correct and not rec["rule_problems"])
    rec["status"] = "scored"
    return rec


def result_key(rec: dict[str, Any]) -> tuple:
    """What identifies a static result: model, judge, task, TaskPack hash and prompt version."""
    return (rec.get("assistant"), rec.get("judge"), rec.get("task_id"), rec.get("taskpack_hash"),
            rec.get("prompt_version"))


def load_static_results(out: str | Path) -> list[dict[str, Any]]:
    """The latest record per :func:`result_key` in ``<out>/static.jsonl`` (a torn last line is skipped).

    Raises:
        ValueError: a line other than the last is not JSON.
    """
    p = Path(out) / RESULTS_NAME
    if not p.is_file():
        return []
    latest: dict[tuple, dict[str, Any]] = {}
    for rec in iter_trace(p):
        if isinstance(rec, dict) and rec.get("format") == RESULT_FORMAT:
            latest[result_key(rec)] = rec
    return list(latest.values())


def run_static(packs: Sequence[TaskPack], out: str | Path, *, assistants: Sequence[str], judge: str,
               calls: CallSettings, env: str = DEFAULT_ENV, render: bool = True,
               progress: Any = None) -> dict[str, Any]:
    """Build every item, ask every model and judge the replies; append results to ``<out>/static.jsonl``.

    Items already scored for the same key are skipped; VOID ones are asked again. ``render=False`` builds
    items without frames (a state-only reference run): only for checking items, answers and the scoring
    chain, never for measuring a model, which would then answer blind.

    Returns:
        ``{"built": n, "asked": n, "skipped": n, "void": n, "unfinished": n, "errors": [lines], "limit": text}``;
        ``unfinished`` counts items left unasked by a spending limit, ``limit`` names that limit (None when none
        was hit), ``errors`` TaskPacks whose cut was not reached.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    done = {result_key(r) for r in load_static_results(out) if r.get("status") == "scored"}
    items: dict[str, StaticFrames] = {}
    errors: list[str] = []
    for tp in packs:
        try:
            items[tp.id] = build_item(tp, out, env=env, render=render)
        except CutNotReached as exc:
            errors.append(str(exc))
        if progress:
            progress(f"item {tp.id}: " + ("built" if tp.id in items else "FAILED"))
    todo = [(tp, a) for a in assistants for tp in packs if tp.id in items
            and (a, judge, tp.id, tp.hash, STATIC_PROMPT_VERSION) not in done]
    lock = threading.Lock()
    counts = {"asked": 0, "void": 0, "unfinished": 0}
    limit: dict[str, BudgetExceeded] = {}

    def one(job: tuple[TaskPack, str]) -> None:
        tp, a = job
        try:
            rec = answer_item(items[tp.id], tp, a, judge, calls)
        except BudgetExceeded as exc:
            with lock:
                counts["unfinished"] += 1
                limit.setdefault("limit", exc)
            return
        with lock:
            with open(out / RESULTS_NAME, "a", encoding="utf-8") as f:
                f.write(json.dumps(rec, ensure_ascii=False) + "\n")
            counts["asked"] += 1
            counts["void"] += rec["status"] != "scored"
        if progress:
            progress(f"{a} {tp.id}: " + (("correct" if rec["correct"] else "wrong") if rec["status"] == "scored"
                                          else f"VOID ({rec['void_reason']})"))

    run_parallel(one, todo, calls.workers)
    hit = limit.get("limit")
    return {"built": len(items), "skipped": len(assistants) * len(items) - len(todo), "errors": errors, **counts,
            "limit": budget_text(hit) if hit is not None else None}


def budget_text(exc: BudgetExceeded) -> str:
    """The limit a :class:`BudgetExceeded` hit, as the option that set it: ``--max-cost $0.01 ($0.0098 spent)``."""
    if exc.kind == "cost":
        return f"--max-cost ${exc.limit:g} (${exc.spent:.4f} spent)"
    return f"--max-tokens {exc.limit:g} ({exc.spent:g} spent)"
