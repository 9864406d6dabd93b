"""One cell played by a person: the same Episode, trace and ``eval.json`` as any sweep cell (paper D.5).

A :class:`PlaySession` runs :func:`~interactiveworld.bench.episode.run_episode` in a thread with a
person agent (:mod:`.person`) in one role and the chosen partner (a control, the scripted Human or a
litellm model) in the other. The cell folder is the sweep's (:func:`~interactiveworld.bench.cells.cell_dir`),
with the person recorded as ``person:<pseudonym>``; budgets, stop reasons, scoring and VOID handling
are the episode's own.

Resuming: a cell whose ``eval.json`` is valid is finished and not played again. Otherwise an earlier
attempt's trace (a server that was killed, a session stopped with Ctrl-C, which ends the cell VOID) is
read, its files are archived under ``attempts/`` as a sweep does, and the cell restarts with the
person's recorded answers replayed; the world is deterministic, so the replay reaches the state the
person left, and the person continues live from there.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from typing import Any, Callable

from ..agents.prompts import HUMAN_TASK_LABELS, assistant_system_prompt, human_system_prompt
from ..bench.cells import (CellBusy, CellSpec, archive_cell, cell_dir, cell_writer, expected_key, is_finished,
                           make_agents, rerun_reason)
from ..bench.episode import EpisodeConfig, run_episode
from ..bench.factory import make_env
from ..bench.identity import DEFAULT_ENV, key_hash
from ..bench.logs import TRACE_NAME, read_eval, read_header, read_trace
from ..bench.taskpack import TaskPack, load_taskpack
from ..language import PRIMITIVES
from .person import Channel, PersonAssistant, PersonHuman, person_label, recorded_turns

ROLES = ("human", "assistant")


@dataclass(frozen=True)
class CellPlan:
    """What to play.

    Attributes:
        taskpack: path of the TaskPack file.
        role: ``"human"`` or ``"assistant"``: the role the person plays.
        partner: the other role: for a person Human, a control Assistant (``oracle``...) or a litellm
            model; for a person Assistant, ``scripted`` or a litellm model.
        seed: world seed.
        out: the sweep-style folder the cell is written under.
        env: ``module:callable`` building the environment.
        render: render frames (a person Human in NARRATE sees none either way).
        api_base / timeout_s / max_retries: model partner call settings.
        body_model / body_model_sha256: an SMPL+H model file for the body and its SHA-256 (part of the cell's
            key, as for ``iw-eval run --body-model``); None for the built-in body.
    """

    taskpack: str
    role: str
    partner: str
    seed: int = 0
    out: str = "runs/play"
    env: str = DEFAULT_ENV
    render: bool = True
    api_base: str | None = None
    timeout_s: float = 120.0
    max_retries: int = 3
    body_model: str | None = None
    body_model_sha256: str | None = None

    def spec(self, pseudonym: str, task_id: str) -> CellSpec:
        """The sweep cell this play fills (it names the cell folder)."""
        person = person_label(pseudonym)
        assistant, human = (self.partner, person) if self.role == "human" else (person, self.partner)
        return CellSpec(taskpack=self.taskpack, task_id=task_id, assistant=assistant, human=human, seed=self.seed,
                        api_base=self.api_base, env=self.env, render=self.render, timeout_s=self.timeout_s,
                        max_retries=self.max_retries, body_model=self.body_model,
                        body_model_sha256=self.body_model_sha256)


def verbs() -> list[str]:
    """Every surface verb of the command registry (paper Table 5), for completion on the page."""
    return sorted({a for spec in PRIMITIVES.values() for a in spec.aliases}, key=str.lower)


class _Announced:
    """The partner agent, telling the page while it is its turn (a model may take seconds)."""

    def __init__(self, agent: Any, channel: Channel, what: str):
        self._agent, self._channel, self._what = agent, channel, what
        self.name = agent.name
        self.polled = getattr(agent, "polled", True)

    def reset(self, protocol: str) -> None:
        self._agent.reset(protocol)

    def act(self, obs: Any) -> Any:
        self._channel.publish({"type": "status", "text": f"Waiting for {self._what}...", "busy": True}, keep=False)
        return self._agent.act(obs)


class PlaySession:
    """One person, one cell, run in a background thread.

    Args:
        plan: what to play.
        pseudonym: the person's pseudonym (validated by the person agent).
        channel: the page connection (a fresh session is started on it).
        show_result: send pass/completion to the page at the end (study mode hides them).
        on_end: called in the episode thread after the ``end`` event (a study moves on).
        blind: keep the partner's name (and the cell folder, which contains it) off the page, so a study's
            participant is not swayed by which Assistant or Human they are paired with: no model string,
            endpoint or error text reaches the page (a failed call is told as "the partner could not answer";
            the full reason stays in the trace and ``eval.json``).

    Raises:
        TaskPackError: the TaskPack does not load.
        ValueError: an unknown role or a partner that cannot play the other role.
    """

    def __init__(self, plan: CellPlan, pseudonym: str, channel: Channel, *, show_result: bool = True,
                 on_end: Callable[[], None] | None = None, blind: bool = False):
        if plan.role not in ROLES:
            raise ValueError(f"role must be one of {', '.join(ROLES)}, got {plan.role!r}")
        self.plan = plan
        self.pseudonym = pseudonym
        self.channel = channel
        self.show_result = show_result
        self.on_end = on_end
        self.blind = blind
        self.tp: TaskPack = load_taskpack(plan.taskpack)
        self.spec = plan.spec(pseudonym, self.tp.id)
        self.cell = cell_dir(plan.out, self.spec)
        self.key = expected_key(self.spec, self.tp.hash)  # load_taskpack verified the file against its hash
        self.record: dict[str, Any] | None = None
        self.done = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def finished(self) -> bool:
        """True when the cell already holds a valid (scored) ``eval.json`` recorded under this cell's key."""
        return is_finished(self.cell, self.key)

    def describe(self) -> dict[str, Any]:
        """The ``session`` event: who plays what, the role's standing instructions and the command verbs; for
        the Human also the label its family gives its own task context (as in the model Human's prompt)."""
        tp, role = self.tp, self.plan.role
        rules = human_system_prompt(tp.protocol_name, tp.human_context.restriction) if role == "human" \
            else assistant_system_prompt(tp.protocol_name)
        event = {"type": "session", "role": role, "task_id": tp.id, "protocol": tp.protocol_name,
                 "partner": "(not shown in this study)" if self.blind else self.plan.partner,
                 "pseudonym": self.pseudonym, "seed": self.plan.seed, "cell": None if self.blind else str(self.cell),
                 "instructions": rules, "verbs": verbs() if role == "human" else [],
                 "frames_shown": not (role == "human" and tp.protocol_name == "NARRATE")}
        if role == "human":
            event["task_label"] = HUMAN_TASK_LABELS[tp.protocol_name]
        return event

    def start(self) -> None:
        """Begin (or resume) the episode in a background thread."""
        self.channel.new_session()
        self.channel.publish(self.describe())
        self._thread = threading.Thread(target=self._run, name=f"play-{self.tp.id}", daemon=True)
        self._thread.start()

    def join(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    # ------------------------------------------------------------------ the episode thread
    def _resume_turns(self) -> list[Any]:
        """The person's answers in an unfinished earlier attempt of this cell (whose files are then archived).

        An attempt recorded under another key (another TaskPack version, seed or environment) is archived
        without being replayed."""
        trace = self.cell / TRACE_NAME
        turns: list[Any] = []
        header = read_header(self.cell) or {}
        if trace.is_file() and header.get("cell_key_hash") == key_hash(self.key):
            try:
                turns = recorded_turns(read_trace(trace), self.plan.role)
            except ValueError:  # a corrupted trace: archived, and the cell starts afresh
                turns = []
        archive_cell(self.cell, rerun_reason(self.cell, self.key))
        return turns

    def _stream(self, frames: list[Any]) -> None:
        """Live view: a command's frames as soon as they exist. Only what the next observation shows:
        no opening frames (the first observation selects among them), none for a NARRATE Human."""
        if frames[0].tick == 0 or (self.plan.role == "human" and self.tp.protocol_name == "NARRATE"):
            return
        self.channel.publish({"type": "frames", "tick": frames[0].tick, "frames": self.channel.release(frames)})

    def _run(self) -> None:
        ch = self.channel
        try:
            with cell_writer(self.cell):  # one writer per cell: a second server on it must not touch its files
                self._play()
        except CellBusy:
            ch.publish({"type": "failed", "text": "This episode is open in another iw-eval play or study server; "
                                                  "continue it there (or stop that server and start again)."})
        except Exception as exc:  # a configuration problem (bad model string, factory): shown, never a crash
            why = "the partner or the scene could not be set up" if self.blind else f"{type(exc).__name__}: {exc}"
            ch.publish({"type": "failed", "text": f"The episode could not run: {why}"})
        finally:
            self.done.set()
            if self.on_end is not None:
                self.on_end()

    def _play(self) -> None:
        """The episode, under the cell's writer lock: a finished cell is shown, an unfinished one resumed."""
        ch = self.channel
        if self.finished:
            self.record = read_eval(self.cell)
            ch.publish(self._end_event(self.record, already=True))
            return
        self.cell.mkdir(parents=True, exist_ok=True)
        turns = self._resume_turns()
        person_cls = PersonHuman if self.plan.role == "human" else PersonAssistant
        person = person_cls(ch, self.pseudonym, recorded=turns)
        if turns:
            ch.publish({"type": "status", "text": f"Resuming: replaying your {len(turns)} earlier answer(s)."})
        ch.publish({"type": "status", "text": "Setting up the scene...", "busy": True}, keep=False)
        # The sweep's own constructor builds the partner; the person's side is a stand-in, dropped.
        if self.plan.role == "human":
            partner = make_agents(replace(self.spec, human="scripted"), self.tp)[0]
            assistant, human = _Announced(partner, ch, "the assistant"), person
        else:
            partner = make_agents(replace(self.spec, assistant="silent"), self.tp)[1]
            assistant, human = person, _Announced(partner, ch, "the wearer")
        env = make_env(self.plan.env, render=self.plan.render, body_model=self.plan.body_model)
        cfg = EpisodeConfig(seed=self.plan.seed, write_frames=self.plan.render,
                            assistant_name=self.spec.assistant_label, human_name=self.spec.human,
                            observed_hash=self.tp.hash,  # load_taskpack verified the file against it
                            env={"factory": self.plan.env, "render": self.plan.render}, cell_key=self.key,
                            on_frames=self._stream)
        self.record = run_episode(self.tp, env, assistant, human, self.cell, cfg)
        self.record["replayed_turns"] = person.replayed
        ch.publish(self._end_event(self.record))

    def _end_event(self, rec: dict[str, Any] | None, *, already: bool = False) -> dict[str, Any]:
        rec = rec or {}
        void = rec.get("void_reason")
        if self.blind and void:  # it names the model and its endpoint
            void = "the partner could not answer (the reason is recorded in the cell's files)"
        ev = {"type": "end", "status": rec.get("status"), "stop_reason": rec.get("stop_reason"),
              "void_reason": void, "cell": None if self.blind else str(self.cell),
              "already": already, "ticks": rec.get("ticks"), "actions": rec.get("actions")}
        if self.show_result:
            ev.update(passed=rec.get("passed"), completion=rec.get("completion"))
        return ev


__all__ = ["CellPlan", "PlaySession", "ROLES", "verbs"]
