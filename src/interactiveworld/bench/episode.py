"""The closed loop of one evaluation cell (paper section 3, appendix C.2.1-C.2.2; DESIGN.md "One tick").

1. Load: the TaskPack is loaded with its hash verified (by the caller, :func:`run_cell`).
2. Opening: reset the world, run the deterministic opening commands (their frames are recorded and,
   as the TaskPack says, pinned into every frame selection); a failed opening makes the cell VOID.
3. Baseline: ``mark_baseline()`` and the handoff relation set.
4. Ticks: the Assistant (polled unless this is the no-help run) answers with one control response;
   the Human answers with reasoning / action / speak; at most one command runs per tick. A new
   Assistant instruction pre-empts queued commands; a parse or execution error flushes the queue;
   ``done`` freezes the world once any already accepted commands have drained.
5. Stop: ``done``, the tick budget, or the action budget (refused actions count).
6. Score: the final relation set, the baseline and the command trace go to the family evaluator
   (:mod:`.evaluators`); capability points are labelled from the utterances and the trace
   (:mod:`.capabilities`); ``eval.json`` is written last, atomically.

The trace records, per command, which Assistant intervention it answers (``TraceStep.reply_to``: the
action block the Human returned in the same tick as a new instruction) and the metres walked; a block
that does not parse is a refused action and a trace step of its own.

Infrastructure faults (a reset or opening that fails, an environment exception, an INTERNAL error
code, a model that cannot be reached) end the cell as VOID: it is re-run, never scored.

:meth:`Episode.run` plays the cell to its end; ``start`` / ``step`` / ``finish`` play the same loop one tick
at a time for callers that drive it (the Gymnasium environments in :mod:`interactiveworld.gym`).
"""
from __future__ import annotations

import re
import time
import traceback
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..actions.messages import for_person
from ..agents.base import (AgentTransportError, AssistantObservation, Frame, HumanObservation, PermanentCallError,
                           next_queue)
from ..agents.calls import BudgetExceeded
from ..agents.prompts import PROMPT_VERSION
from ..agents.protocol import AssistantAction, HumanReply
from ..env_types import EnvironmentLike, StepOutcome
from ..errors import ErrorCode, PrimitiveError
from ..language import ParseError, parse_command, resolve_verb
from . import scoring
from .families import (command_targets, human_handles, key_to_arg, moved_places, redact_speech,
                       select_frame_indices)
from .capabilities import Utterance, label_capabilities
from .evaluators import TaskScore, evaluate_task, stable_completion_index
from .identity import key_hash
from .leakage import find_leaks, leak_reason
from .ledger import cell_manifest, write_points
from .logs import EVAL_NAME, FRAMES_DIR, TRACE_NAME, Scrubber, TraceWriter, write_json_atomic
from .taskpack import TaskPack
from .usage import call_usage

EVAL_FORMAT = "interactiveworld.eval/1"
STOP_REASONS = ("done", "tick_budget", "action_budget", "cost_budget", "token_budget", "context_window", "error",
                "void")
"""``context_window``: a model's provider refused a turn because the conversation no longer fits the model's
context window; every later turn would be refused too, so the episode ends there and is scored (a model
outcome, :data:`~interactiveworld.agents.calls.MODEL_OUTCOMES`)."""


class VoidCell(Exception):
    """An infrastructure fault: the cell is VOID (re-run, never scored)."""


@dataclass
class EpisodeConfig:
    """Per-cell settings.

    Attributes:
        seed: world seed passed to ``reset``.
        write_frames: rendering is on: write each frame as PNG under ``frames/``; an opening that
            yields no frames is then missing evidence (VOID).
        assistant_name / human_name: names written to the logs (default: the agents' ``name``).
        max_frames: the Assistant's per-turn image budget (32).
        recent_frames: the most recent frames always kept (8).
        fsync: force the trace to the disk at the end of every tick, and ``eval.json`` before its rename
            (either way the trace reaches the operating system before every agent turn and at the end of every
            tick, and ``eval.json`` is renamed into place whole, which survives a killed process).
        observed_hash: the hash computed from the TaskPack file as loaded (written beside the
            expected hash for provenance).
        env: how the environment was built, e.g. ``{"factory": "module:callable", "render": True}``;
            written to the trace header and ``eval.json`` so that ``iw-eval replay`` rebuilds the same one.
        cell_key: the cell's identity (:func:`~interactiveworld.bench.identity.cell_key`), written with its
            hash to the trace header and ``eval.json`` so that a resume can tell whether a result still applies.
        on_frames: called with the frames of each command interval (opening included) as soon as
            they are in the history, before the next agent turn (a live view); None for none.
        evidence_path: the cell folder relative to its sweep folder, recorded in the C.3.3 manifest
            (:func:`~interactiveworld.bench.ledger.cell_manifest`); ``"."`` for a cell run on its own.
    """

    seed: int = 0
    write_frames: bool = True
    assistant_name: str | None = None
    human_name: str | None = None
    max_frames: int = 32
    recent_frames: int = 8
    fsync: bool = True
    observed_hash: str | None = None
    env: dict[str, Any] | None = None
    cell_key: dict[str, Any] | None = None
    on_frames: Callable[[list[Frame]], None] | None = None
    evidence_path: str = "."


@dataclass
class _State:
    frames: list[Frame] = field(default_factory=list)
    pinned: list[int] = field(default_factory=list)
    frames_sent_upto: int = 0
    segments_since: int = 0
    wearer_speech: list[str] = field(default_factory=list)
    assistant_said: list[str] = field(default_factory=list)
    queue: deque = field(default_factory=deque)
    queue_reply_to: int | None = None  # tick of the intervention the queued block answers
    utterances: list[Utterance] = field(default_factory=list)  # after handoff, both speakers
    active_instruction: str = ""
    last_result: str = ""
    ticks: int = 0
    actions: int = 0
    refused: int = 0
    trace: list[Any] = field(default_factory=list)
    plan_cursor: int = 0
    calls: list[dict[str, Any]] = field(default_factory=list)
    leaks: int = 0
    invalid_assistant: int = 0
    invalid_human: int = 0
    context_overflow: bool = False  # a provider refused a turn: the context window is full
    repairs: int = 0
    interventions: list[int] = field(default_factory=list)  # ticks with an Assistant intervention
    first_assistant_turn: bool = True
    timing: dict[str, float] = field(default_factory=lambda: {"env_s": 0.0, "assistant_s": 0.0, "human_s": 0.0})


def _normalize_cmd(c: str) -> str:
    return " ".join(c.lower().split())


def _walked_m(outcome: StepOutcome) -> float:
    """:func:`~.scoring.walked_m` of a command's keyframes (0 without an interval)."""
    return scoring.walked_m(outcome.interval.keyframes) if outcome.interval is not None else 0.0


class Episode:
    """One cell: a TaskPack, an environment, an Assistant, a Human, a seed and an output folder.

    Args:
        taskpack: the validated TaskPack.
        env: any :class:`~interactiveworld.env_types.EnvironmentLike`.
        assistant: an Assistant policy (``polled`` False for the no-help run).
        human: a Human policy.
        out_dir: the cell folder (``trace.jsonl``, ``eval.json``, ``frames/``).
        config: :class:`EpisodeConfig`.
    """

    def __init__(self, taskpack: TaskPack, env: EnvironmentLike, assistant: Any, human: Any,
                 out_dir: str | Path, config: EpisodeConfig | None = None):
        self.tp = taskpack
        self.env = env
        self.assistant = assistant
        self.human = human
        self.out = Path(out_dir)
        self.cfg = config or EpisodeConfig()
        self.scrub = Scrubber()
        self.protocol = taskpack.protocol_name
        self.st = _State()
        self.permanent_error: str | None = None
        """The one line naming a model route that answered a permanent error (HTTP 401/403/404): the sweep stops."""
        self._entity_names: frozenset[str] = frozenset()
        self._relations_now: frozenset | None = None  # the world's relations, until the next command runs
        self._view_now: tuple[set[str], set[str]] | None = None  # _in_view, until the next command runs
        self._places: tuple[frozenset, dict[str, str]] | None = None  # moved_places of the last relations read

    # ---------------------------------------------------------------- frames
    def _add_frames(self, outcome: StepOutcome, tick: int, *, pin: bool) -> list[Frame]:
        added = []
        tags_list = outcome.frame_tags or [frozenset()] * len(outcome.frames)
        for j, img in enumerate(outcome.frames):
            tags = tuple(sorted(tags_list[j])) if j < len(tags_list) else ()
            idx = len(self.st.frames)
            f = Frame(index=idx, tick=tick, command=outcome.command, tags=tags, png=Frame.encode(img))
            if self.cfg.write_frames:
                f.path = f"{FRAMES_DIR}/f{idx:05d}_t{tick:03d}.png"
                p = self.out / f.path
                p.parent.mkdir(parents=True, exist_ok=True)
                p.write_bytes(f.png)
            if pin and (set(tags) & {"result", "look_hold"}):
                f.pinned = True
                self.st.pinned.append(idx)
            self.st.frames.append(f)
            added.append(f)
        if added and self.cfg.on_frames is not None:
            self.cfg.on_frames(added)
        return added

    def _selected_frames(self) -> list[Frame]:
        idx = select_frame_indices(len(self.st.frames), pinned=self.st.pinned, cap=self.cfg.max_frames,
                                   recent=self.cfg.recent_frames)
        return [self.st.frames[i] for i in idx]

    # ---------------------------------------------------------------- run
    def run(self) -> dict[str, Any]:
        """Run the cell to its end and return the ``eval.json`` record (also written to disk)."""
        t0 = time.perf_counter()
        log = self._open_log()
        stop_reason, void_reason, score = "void", None, None
        try:
            baseline = self._opening()
            try:
                stop_reason = self._loop()
            except BudgetExceeded as exc:
                if exc.scope != "cell":
                    raise
                # the cell's own spending limit: it stops here and is scored as it stands
                stop_reason = exc.stop_reason
                log.write("budget", tick=self.st.ticks, scope=exc.scope, kind=exc.kind, limit=exc.limit,
                          spent=exc.spent)
            score = self._score(baseline)
            self._void_on_leak()
        except BudgetExceeded as exc:
            # the sweep's limit: no eval.json, the cell stays unfinished and runs again on resume
            log.write("end", stop_reason="sweep_budget", status="unfinished", void_reason=str(exc))
            log.close()
            raise
        except VoidCell as exc:
            stop_reason, void_reason = "void", str(exc)
        except AgentTransportError as exc:
            stop_reason, void_reason = "void", f"transport: {exc}"
            if isinstance(exc, PermanentCallError):
                self.permanent_error = self.scrub(exc.line)
        except Exception as exc:  # a harness or policy bug: recorded, cell void, never scored
            stop_reason = "error"
            void_reason = f"{type(exc).__name__}: {exc}"
            log.write("exception", traceback=traceback.format_exc(limit=8))
        if void_reason is not None:
            void_reason = self.scrub(void_reason)  # provider errors can echo credentials; the record is printed too
        return self._close(stop_reason, void_reason, score, time.perf_counter() - t0)

    # ---------------------------------------------------------------- step by step
    def start(self) -> None:
        """Open the log, run the opening and reset the agents: the cell is ready for :meth:`step`.

        The step-by-step form of :meth:`run` (``start``; ``step`` until it returns a stop reason; ``finish``)
        for callers that drive the loop themselves, such as reinforcement-learning environments.

        Raises:
            VoidCell: the reset or the opening failed (the cell cannot be played).
        """
        self._t0 = time.perf_counter()
        self._open_log()
        self.baseline = self._opening()
        self._begin_loop()

    def finish(self, stop_reason: str) -> dict[str, Any]:
        """Score the cell as it stands, write ``eval.json`` and close the log; returns the record.

        Args:
            stop_reason: one of :data:`STOP_REASONS` (what ended the episode).
        """
        score = self._score(self.baseline)
        try:
            self._void_on_leak()
        except VoidCell as exc:
            return self._close("void", self.scrub(str(exc)), None, time.perf_counter() - self._t0)
        return self._close(stop_reason, None, score, time.perf_counter() - self._t0)

    def _void_on_leak(self) -> None:
        """Paper C.2.5: material Human answer leakage makes the cell VOID (:mod:`.leakage`); logged as ``human_leak``.

        Raises:
            VoidCell: the Human stated or acted on evidence its family forbids it to have.
        """
        leaks = find_leaks(self.tp, self.st.trace, self.st.utterances)
        if leaks:
            self.log.write("human_leak", leaks=[lk.__dict__ for lk in leaks])
            raise VoidCell(leak_reason(leaks))

    def score_now(self) -> TaskScore:
        """The task's family evaluator on the relations now, against the handoff baseline and the trace so far:
        the running strict pass and completion (paper appendix B.3.2, C.3.1). Needs :meth:`start`."""
        final = self.st.trace[-1].relations_after if self.st.trace else self.baseline
        return evaluate_task(self.tp.completion, self.tp.family_evaluator, self.tp.intervention_windows,
                             final=final, baseline=self.baseline, trace=self.st.trace)

    def _open_log(self) -> TraceWriter:
        """Create the cell folder and the trace, and write the header."""
        self.out.mkdir(parents=True, exist_ok=True)
        log = TraceWriter(self.out / TRACE_NAME, scrub=self.scrub, fsync=self.cfg.fsync, buffered=True)
        self.log = log
        assistant_name = self.cfg.assistant_name or getattr(self.assistant, "name", "assistant")
        human_name = self.cfg.human_name or getattr(self.human, "name", "human")
        self.header = {
            "task_id": self.tp.id, "family": self.tp.family.value, "protocol": self.protocol,
            "taskpack_version": self.tp.version, "taskpack_hash": self.tp.hash,
            "observed_hash": self.cfg.observed_hash,
            "assistant": assistant_name, "human": human_name, "seed": self.cfg.seed,
            "assistant_polled": bool(getattr(self.assistant, "polled", True)),
            "budgets": self.tp.budgets.model_dump(), "prompt_version": PROMPT_VERSION,
        }
        if self.cfg.env is not None:
            self.header["env"] = dict(self.cfg.env)
        if self.cfg.cell_key is not None:
            self.header["cell_key"] = self.cfg.cell_key
            self.header["cell_key_hash"] = key_hash(self.cfg.cell_key)
        log.write("header", **self.header)
        log.flush()  # before the world is built (which can fail or take long)
        return log

    def _close(self, stop_reason: str, void_reason: str | None, score: dict[str, Any] | None,
               wall_s: float) -> dict[str, Any]:
        """Write the ``end`` record and ``eval.json`` (last, atomically); returns the record."""
        record = self._eval_record(stop_reason, void_reason, score, wall_s)
        self.log.write("end", stop_reason=stop_reason, status=record["status"], void_reason=void_reason,
                       passed=record["passed"], completion=record["completion"])
        self.log.close()
        write_points(self.out, record, scrub=self.scrub)  # before eval.json, which marks the cell finished
        write_json_atomic(self.out / EVAL_NAME, record, scrub=self.scrub, fsync=self.cfg.fsync)
        return record

    def _relations(self) -> frozenset:
        """The world's relations now: read back once after each command (or the baseline) and reused until the
        next command runs; only :meth:`_execute` and the opening change the world during a cell."""
        if self._relations_now is None:
            self._relations_now = self.env.relations()
        return self._relations_now

    def _moved_places(self) -> dict[str, str]:
        """:func:`moved_places` of the relations now, reused while they are equal (most commands move nothing)."""
        rels = self._relations()
        if self._places is None or self._places[0] != rels:
            self._places = (rels, moved_places(rels, self.tp.human_context.legend))
        return self._places[1]

    def _execute(self, command: str) -> StepOutcome:
        self._relations_now = self._view_now = None
        t = time.perf_counter()
        try:
            outcome = self.env.execute(command)
        except Exception as exc:
            raise VoidCell(f"environment raised on {command!r}: {type(exc).__name__}: {exc}") from exc
        finally:
            self.st.timing["env_s"] += time.perf_counter() - t
        if outcome.error is not None and outcome.error.code == ErrorCode.INTERNAL:
            raise VoidCell(f"internal simulator error on {command!r}: {outcome.error.message}")
        return outcome

    def _opening(self) -> frozenset:
        tp, log = self.tp, self.log
        self._relations_now = self._view_now = None
        try:
            self.env.reset(tp.reset_scene(), seed=self.cfg.seed)
        except Exception as exc:
            raise VoidCell(f"setup failed: {type(exc).__name__}: {exc}") from exc
        self._entity_names = frozenset({h.name for h in self.env.handles()} | {
            e.handle.split("#")[0] for e in tp.human_context.legend})
        if tp.opening.prelude_say:
            log.write("speech", tick=0, speaker="wearer", text=tp.opening.prelude_say, source="prelude")
            self.st.wearer_speech.append(tp.opening.prelude_say)
            self.st.utterances.append(Utterance(0, "wearer", tp.opening.prelude_say))
        for cmd in tp.opening.commands:
            outcome = self._execute(cmd)
            frames = self._add_frames(outcome, 0, pin=tp.opening.pin_frames)
            log.write("opening_command", command=cmd, outcome=outcome.to_log(), frames=[f.path for f in frames])
            if not outcome.ok:
                raise VoidCell(f"opening command {cmd!r} failed: {outcome.message}")
        if self.cfg.write_frames and tp.opening.commands and not self.st.frames:
            raise VoidCell("missing evidence: the opening produced no frames although rendering is on")
        self.env.mark_baseline()
        self._relations_now = self._view_now = None
        baseline = self._relations()
        log.write("baseline", relations=sorted(list(r) for r in baseline), digest=self.env.state_digest(),
                  held=self.env.held())
        log.write("speech", tick=0, speaker="wearer", text=tp.opening.handoff_say, source="handoff")
        self.st.wearer_speech.append(tp.opening.handoff_say)
        self.st.utterances.append(Utterance(0, "wearer", tp.opening.handoff_say))
        self.st.segments_since = 0
        return baseline

    def assistant_observation(self, tick: int | None = None) -> AssistantObservation:
        """What the Assistant is given at ``tick`` (default: the next one): frames since its last turn, wearer
        speech, the public request. Building it changes nothing."""
        st = self.st
        return AssistantObservation(tick=st.ticks + 1 if tick is None else tick, protocol=self.protocol,
                                    task_request=self.tp.public_context, frames=self._selected_frames(),
                                    new_frames=st.frames[st.frames_sent_upto:],
                                    new_segments=st.segments_since, wearer_speech=list(st.wearer_speech),
                                    first_turn=st.first_assistant_turn)

    def _assistant_turn(self, tick: int) -> AssistantAction:
        st = self.st
        obs = self.assistant_observation(tick)
        new_frames = obs.new_frames
        self.log.flush()  # nothing waits in memory while an agent thinks
        t = time.perf_counter()
        turn = self.assistant.act(obs)
        st.timing["assistant_s"] += time.perf_counter() - t
        st.first_assistant_turn = False
        st.frames_sent_upto = len(st.frames)
        st.segments_since = 0
        st.wearer_speech.clear()
        action = turn.action
        if action.kind == "invalid":
            st.invalid_assistant += 1
        st.context_overflow |= any(getattr(c, "refused", None) == "context_window" for c in turn.calls)
        if action.repaired:
            st.repairs += 1
        st.calls += [{"role": "assistant", **c.to_log()} for c in turn.calls]  # a correction adds a call
        self.log.write("assistant", tick=tick, frames=[f.path or f.index for f in obs.frames],
                       new_frames=len(new_frames), raw=action.raw, parsed=action.to_log(), prompt=turn.prompt,
                       call=turn.call.to_log() if turn.call else None)
        return action

    def _human_turn(self, tick: int, speech: str, new_instruction: bool) -> HumanReply:
        st, tp = self.st, self.tp
        visible, reachable = self._in_view()
        held = self.env.held()
        if new_instruction:
            st.assistant_said.append(speech)
        notes = getattr(self.env, "support_notes", None)
        handles = human_handles(self.protocol, tp.human_context.legend, visible=visible, held=held,
                                mentioned=st.assistant_said, reachable=reachable,
                                places=self._moved_places(), notes=notes() if callable(notes) else None)
        plan = tp.no_help.steps
        private_next = None
        if self.protocol == "WATCH" and st.plan_cursor < len(plan):
            step = plan[st.plan_cursor]
            private_next = " / ".join(x for x in (step.command or "", f'say "{step.say}"' if step.say else "") if x)
        obs = HumanObservation(
            tick=tick, protocol=self.protocol, public_context=tp.public_context, task_context=tp.human_context.task,
            restriction=tp.human_context.restriction, handles=handles,
            held=key_to_arg(held) if held else None, last_result=st.last_result,
            assistant_speech=speech if new_instruction else "", new_instruction=new_instruction,
            active_instruction=st.active_instruction if st.queue and not new_instruction else "",
            # the one queue rule (agents.base.next_queue): a new instruction cancels what was waiting
            queued=[] if new_instruction else list(st.queue), cancelled=list(st.queue) if new_instruction else [],
            frames=[] if self.protocol == "NARRATE" else self._selected_frames(), private_next=private_next,
            assistant_present=bool(getattr(self.assistant, "polled", True)))
        self.log.flush()
        t = time.perf_counter()
        turn = self.human.act(obs)
        st.timing["human_s"] += time.perf_counter() - t
        reply = turn.reply
        st.context_overflow |= any(getattr(c, "refused", None) == "context_window" for c in turn.calls)
        if not reply.valid:
            st.invalid_human += 1
            # Answered like a refused command, so the Human learns why and can recover on the next tick.
            why = reply.repairs[-1] if reply.repairs else "it could not be read"
            st.last_result = f"Your last reply was not used: {why}."
        if reply.repairs:
            st.repairs += 1
        st.calls += [{"role": "human", **c.to_log()} for c in turn.calls]
        spoken, leaks = redact_speech(reply.speak, entity_names=self._entity_names)
        seen = {"handles": [a for a, _ in handles], "held": obs.held, "last_result": obs.last_result,
                "assistant_speech": obs.assistant_speech, "new_instruction": obs.new_instruction,
                "active_instruction": obs.active_instruction, "queued": obs.queued, "cancelled": obs.cancelled,
                "private_next": obs.private_next}
        self.log.write("human", tick=tick, raw=reply.raw, parsed=reply.to_log(), prompt=turn.prompt, observation=seen,
                       held=held, frames=[f.path or f.index for f in obs.frames],
                       call=turn.call.to_log() if turn.call else None)
        if leaks:
            st.leaks += len(leaks)
            self.log.write("leak", tick=tick, leaks=[{"kind": lk.kind, "text": lk.text} for lk in leaks],
                           redacted=spoken)
        if spoken.strip():
            self.log.write("speech", tick=tick, speaker="wearer", text=spoken, source="human")
            st.wearer_speech.append(spoken)
            st.utterances.append(Utterance(tick, "wearer", spoken))
        return reply

    def _take_action_block(self, tick: int, reply: HumanReply, new_instruction: bool) -> None:
        """Apply the reply's action block to the queue by the one queue rule (:func:`next_queue`)."""
        st = self.st
        block: list[str] = []
        if reply.action.strip():
            split = self.env.split_commands(reply.action)
            if isinstance(split, PrimitiveError):
                # A block that does not parse is a refused action: it consumes an interaction.
                if st.queue:
                    self.log.write("preempt" if new_instruction else "flush", tick=tick, dropped=list(st.queue),
                                   reason="new instruction" if new_instruction else "unreadable block")
                st.queue.clear()
                st.actions += 1
                st.refused += 1
                st.last_result = f"Your commands could not be read: {split.message}"
                st.trace.append(scoring.TraceStep(tick=tick, primitive=None, targets=(), ok=False,
                                                  relations_after=self._relations(),
                                                  reply_to=tick if new_instruction else None))
                self.log.write("parse_error", tick=tick, action=reply.action, error=split.to_dict())
                return
            block = list(split)
        queue, dropped = next_queue(st.queue, new_instruction=new_instruction, block=block)
        if dropped:
            self.log.write("preempt" if new_instruction else "replace_queue", tick=tick, dropped=dropped)
        if block or new_instruction:
            st.queue_reply_to = tick if new_instruction and block else None
        st.queue = deque(queue)

    def _in_view(self) -> tuple[set[str], set[str]]:
        """Keys of the entities visible (or held) and within reach now, from the environment's handles; read once
        after each command, like :meth:`_relations` (callers do not modify the sets)."""
        if self._view_now is None:
            hs = self.env.handles()
            self._view_now = ({h.key for h in hs if h.visible}, {h.key for h in hs if getattr(h, "reachable", False)})
        return self._view_now

    def _withheld(self, cmd: str) -> list[str]:
        """Entities a command names that the Human may not act on now: the legend is the contract.

        Every family but FIND: an entity the TaskPack's legend does not hold (so no turn ever lists it) is refused
        with advice to look for it first. FIND keeps its own rule: a movable legend target exists for the Human
        only while visible or held. NARRATE also refuses a legend entity until the Assistant has named it
        (appendix C.2.2).
        """
        named = _scene_targets(cmd)
        if not named:
            return []
        legend = {e.handle for e in self.tp.human_context.legend}
        held = self.env.held()
        absent = [] if self.protocol == "FIND" else [k for k in named if k not in legend and k != held]
        if self.protocol not in ("FIND", "NARRATE"):
            return absent
        listed = [k for k in named if k in legend]
        if not listed:
            return absent
        visible, reachable = self._in_view() if self.protocol == "FIND" else (set(), set())
        exposed = {a for a, _ in human_handles(self.protocol, self.tp.human_context.legend, visible=visible,
                                               held=held, mentioned=self.st.assistant_said,
                                               reachable=reachable)}
        return absent + [k for k in listed if key_to_arg(k) not in exposed]

    def _run_command(self, tick: int) -> None:
        st = self.st
        cmd = st.queue.popleft()
        withheld = self._withheld(cmd)
        if withheld:
            # Refused at the information boundary: the Human cannot ground what it has not been given.
            what = ", ".join(k.split("#")[0].replace("_", " ") for k in withheld)
            legend = {e.handle for e in self.tp.human_context.legend}
            why = ("it is not among the things you can act on; look for it first"
                   if any(k not in legend for k in withheld)
                   else "you cannot see it from here" if self.protocol == "FIND"
                   else "the assistant has not told you about it; ask where it is")
            outcome = StepOutcome(command=cmd, ok=False, error=PrimitiveError(
                ErrorCode.UNKNOWN_ENTITY, f"You cannot act on the {what}: {why}.", {"withheld": withheld}))
        else:
            outcome = self._execute(cmd)
        st.actions += 1
        st.segments_since += 1
        frames = self._add_frames(outcome, tick, pin=False)
        relations_after = self._relations()
        targets = command_targets(cmd)
        st.trace.append(scoring.TraceStep(tick=tick, primitive=outcome.primitive, targets=targets, ok=outcome.ok,
                                          relations_after=relations_after, reply_to=st.queue_reply_to,
                                          walked_m=_walked_m(outcome)))
        plan = self.tp.no_help.steps
        # a failed plan step stays the next step: the plan never moves on as if it had succeeded
        if outcome.ok and st.plan_cursor < len(plan) and plan[st.plan_cursor].command and \
                _normalize_cmd(plan[st.plan_cursor].command) == _normalize_cmd(cmd):
            st.plan_cursor += 1
        if outcome.ok:
            st.last_result = f"{cmd}: done."
        else:
            st.refused += 1
            # plain words for the person; the code, technical message and details stay in the trace
            st.last_result = f"{cmd}: failed. {_plain_refusal(outcome, targets)}"
            if st.queue:
                self.log.write("flush", tick=tick, dropped=list(st.queue), reason="execution error")
            st.queue.clear()
        # executed=False: refused at the information boundary, the world never saw it (replay skips it)
        self.log.write("command", tick=tick, command=cmd, targets=list(targets), outcome=outcome.to_log(),
                       frames=[f.path or f.index for f in frames], held=self.env.held(), action_index=st.actions,
                       executed=not withheld)

    def _loop(self) -> str:
        self._begin_loop()
        while True:
            stop = self.step()
            if stop is not None:
                return stop

    def _begin_loop(self) -> None:
        self._polled = bool(getattr(self.assistant, "polled", True))
        self.assistant.reset(self.protocol)
        self.human.reset(self.protocol)
        self._done = False

    def pending_stop(self) -> str | None:
        """The stop reason that ends the episode before another tick (``context_window`` once a provider refused
        a turn for its context window, ``done`` once the queue has drained after the Assistant's ``done``,
        ``tick_budget``), or None."""
        if self.st.context_overflow:
            return "context_window"
        if self._done and not self.st.queue:
            return "done"
        if self.st.ticks >= self.tp.budgets.ticks:
            return "tick_budget"
        return None

    def step(self) -> str | None:
        """Run one tick (Assistant turn, Human turn, at most one command); returns the stop reason when the
        episode has ended (before this tick, or by this tick's action reaching the action budget), else None.
        Needs :meth:`start` (or runs inside :meth:`run`)."""
        st, budgets = self.st, self.tp.budgets
        stop = self.pending_stop()
        if stop is not None:
            return stop
        st.ticks += 1
        tick = st.ticks
        t_tick = time.perf_counter()
        if not self._done:
            speech, new_instruction = "", False
            if self._polled:
                action = self._assistant_turn(tick)
                if action.kind == "done":
                    self._done = True
                    self.log.write("freeze", tick=tick, draining=list(st.queue))
                elif action.intervenes:
                    speech, new_instruction = action.speech, True
                    st.interventions.append(tick)
                    st.utterances.append(Utterance(tick, "assistant", speech))
                    st.active_instruction = speech
                    self.log.write("speech", tick=tick, speaker="assistant", text=speech, kind=action.kind)
            if not self._done:
                reply = self._human_turn(tick, speech, new_instruction)
                self._take_action_block(tick, reply, new_instruction)
        if st.queue:
            self._run_command(tick)
            if st.actions >= budgets.actions:
                return "action_budget"
        elif st.actions >= budgets.actions:
            return "action_budget"
        self.log.write("tick", tick=tick, actions=st.actions, queued=len(st.queue),
                       wall_s=round(time.perf_counter() - t_tick, 6))
        self.log.sync()
        return None

    # ---------------------------------------------------------------- scoring
    def _score(self, baseline: frozenset) -> dict[str, Any]:
        tp, st = self.tp, self.st
        final = self.env.relations()
        args = (tp.completion, tp.family_evaluator, tp.intervention_windows)
        result = evaluate_task(*args, final=final, baseline=baseline, trace=st.trace)
        caps = label_capabilities(tp.capabilities, trace=st.trace, utterances=st.utterances,
                                  windows=tp.intervention_windows)
        stable = stable_completion_index(*args, final=final, baseline=baseline, trace=st.trace) \
            if result.passed else None
        digest = self.env.state_digest()
        self.log.write("final", relations=sorted(list(r) for r in final), digest=digest, held=self.env.held())
        return {"result": result, "capabilities": caps, "digest": digest, "final_count": len(final),
                "stable": stable}

    def _eval_record(self, stop_reason: str, void_reason: str | None, score: dict[str, Any] | None,
                     wall_s: float) -> dict[str, Any]:
        st = self.st
        valid = stop_reason not in ("void", "error") and score is not None
        result = score["result"] if score else None
        passed = int(bool(result.passed)) if valid else None
        rec = {
            "format": EVAL_FORMAT, **self.header,
            "status": "valid" if valid else "void",
            "stop_reason": stop_reason, "void_reason": void_reason,
            "passed": passed,
            "completion": float(result.completion) if valid else None,
            "evaluator": result.evaluator if valid else None,
            "points": [_point_log(p) for p in result.points] if valid else [],
            "windows": [_point_log(w) for w in result.windows] if valid else [],
            "capabilities": score["capabilities"] if valid else [],
            "ticks": st.ticks, "actions": st.actions, "refused_actions": st.refused,
            "oracle_actions": self.tp.oracle_actions,
            "stable_completion_action": score["stable"] if valid else None,
            # appendix C.3.3: actions up to the stable-completion index over the shortest legal oracle
            "efficiency": (score["stable"] / self.tp.oracle_actions) if valid and passed else None,
            "route_m": result.route_m if valid else None,
            "interventions": len(st.interventions), "leaks": st.leaks,
            "invalid_assistant_turns": st.invalid_assistant, "invalid_human_turns": st.invalid_human,
            "repairs": st.repairs,
            **call_usage(st.calls),
            "final_digest": score["digest"] if score else None,
            "frames": len(st.frames),
            "wall_s": round(wall_s, 4),
            "timing": {k: round(v, 6) for k, v in st.timing.items()},
            # only on a cell VOIDed by a permanent call error (HTTP 401/403/404): the sweep stops after it
            **({"permanent_error": self.permanent_error} if self.permanent_error else {}),
        }
        rec["manifest"] = cell_manifest(rec, evidence_path=self.cfg.evidence_path)
        return rec


def _point_log(p: Any) -> Any:
    if hasattr(p, "model_dump"):
        return p.model_dump(mode="json")
    if hasattr(p, "to_log"):
        return p.to_log()
    if hasattr(p, "__dict__"):
        return {k: v for k, v in p.__dict__.items() if not k.startswith("_")}
    return p


def run_episode(taskpack: TaskPack, env: EnvironmentLike, assistant: Any, human: Any, out_dir: str | Path,
                config: EpisodeConfig | None = None) -> dict[str, Any]:
    """Run one cell and return its ``eval.json`` record (see :class:`Episode`)."""
    return Episode(taskpack, env, assistant, human, out_dir, config).run()


__all__ = ["Episode", "EpisodeConfig", "VoidCell", "run_episode", "EVAL_FORMAT", "STOP_REASONS"]


def _scene_targets(command: str) -> list[str]:
    """Keys of the scene entities a command names (symbolic arguments such as a level left out; the object of
    ``@beside`` included); the ``<name> (index)`` pattern for a line the grammar rejects."""
    try:
        parsed = parse_command(command)
    except ParseError:
        return list(command_targets(command))
    spec = resolve_verb(parsed.verb)
    skip = set(spec.symbolic_args) if spec is not None else set()
    keys = [f"{a.name}#{a.index if a.index is not None else 1}" for i, a in enumerate(parsed.args) if i not in skip]
    if parsed.beside is not None:
        a = parsed.beside[0]
        keys.append(f"{a.name}#{a.index if a.index is not None else 1}")
    return keys


def _plain_refusal(outcome: StepOutcome, targets: tuple[str, ...]) -> str:
    """The refusal of ``outcome`` as the Human reads it (:func:`~interactiveworld.actions.messages.for_person`):
    about the support of a placement, else the first target."""
    if outcome.error is None:
        return outcome.message
    placing = outcome.primitive in ("place", "place_inside", "place_on_floor") and len(targets) > 1
    subject = targets[1] if placing else (targets[0] if targets else None)
    return for_person(outcome.error, subject)
