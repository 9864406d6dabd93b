"""``InteractiveWorldAssistant-v0``: the Assistant's side as a Gymnasium environment -- the agent speaks to a
Human (scripted, a model, or any policy) who acts in the world.

It runs the benchmark's own episode machinery (:class:`~interactiveworld.bench.episode.Episode`, driven tick by
tick): the opening, the handoff baseline, the Human's observation and information boundary, the command queue,
pre-emption by a new instruction, the budgets, the trace and ``eval.json``. Each :meth:`step` is one tick:

* action: what the Assistant says, at most :data:`~.spaces.MAX_ACTION_CHARS` characters: ``""`` is silence,
  ``done`` (or ``<done/>``) declares the task finished, a reply that starts with a control keyword of the
  benchmark's protocol (``silent``, ``interrupt <speech>``, ``error <report>``) is read by that protocol
  (:func:`~interactiveworld.agents.protocol.parse_assistant`), and any other text is spoken as an instruction
  (``interrupt <text>``).
* observation (a dict): ``frame`` the newest egocentric frame (H, W, 3) uint8 (absent with ``state_only``);
  ``wearer_speech`` what the wearer said since the Assistant's last turn (handoff request first), one utterance
  a line; ``task`` the public task context (often "": the request arrives as speech). ``info["frames"]`` holds
  every frame rendered since the last turn, oldest first.
* reward: the change in completion (the TaskPack's family evaluator on the relations now, against the handoff
  baseline, :meth:`~interactiveworld.bench.episode.Episode.score_now`), summing to the episode's completion; ``info["passed"]`` the strict pass now, ``info["is_success"]`` at the end.
* termination: ``terminated`` once ``done`` has been said and the commands already accepted have run;
  ``truncated`` on the tick or action budget. The final ``eval.json`` record is ``info["eval"]``.
"""
from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any, Callable

import gymnasium
import numpy as np

from ..agents.base import AssistantObservation, AssistantTurn
from ..agents.controls import ScriptedHuman
from ..agents.model import ModelHuman
from ..agents.protocol import AssistantAction, parse_assistant
from ..bench.episode import Episode, EpisodeConfig, VoidCell
from ..bench.preflight import PreflightError, check_provider
from ..env_types import EnvironmentLike, StepOutcome
from .human import default_world
from .spaces import MAX_ACTION_CHARS, MAX_TEXT_CHARS, TaskPool, fit_text, frame_space, text_space

__all__ = ["InteractiveWorldAssistantEnv", "read_utterance"]

_CONTROL = re.compile(r"^\s*[<\[(*_#]*\s*(silent|interrupt|error|done)\b", re.I)


def read_utterance(text: str) -> AssistantAction:
    """The Assistant action an utterance stands for (rules in the module docstring)."""
    if not text.strip():
        return AssistantAction("silent", raw=text)
    if _CONTROL.match(text):
        return parse_assistant(text)
    return AssistantAction("interrupt", text.strip(), raw=text)


class _SpeakingAgent:
    """The Assistant seat of the episode, filled by the gym agent's action of the current tick."""

    name = "gym"
    polled = True

    def __init__(self) -> None:
        self.pending: AssistantAction = AssistantAction("silent", raw="")

    def reset(self, protocol: str) -> None:
        pass

    def act(self, obs: AssistantObservation) -> AssistantTurn:
        return AssistantTurn(self.pending)


class _FrameTap:
    """Passes every call to the world and keeps the raw frames each command renders (the episode keeps them
    PNG-encoded)."""

    def __init__(self, world: EnvironmentLike) -> None:
        self._world = world
        self.frames: list[np.ndarray] = []
        self.commands: list[dict[str, Any]] = []

    def execute(self, command: str) -> StepOutcome:
        outcome = self._world.execute(command)
        self.frames.extend(outcome.frames)
        self.commands.append({"command": command, "ok": outcome.ok, "message": outcome.message})
        return outcome

    def take(self) -> tuple[list[np.ndarray], list[dict[str, Any]]]:
        frames, commands = self.frames, self.commands
        self.frames, self.commands = [], []
        return frames, commands

    def __getattr__(self, name: str) -> Any:
        return getattr(self._world, name)


class InteractiveWorldAssistantEnv(gymnasium.Env):
    """One TaskPack per episode; the agent is the Assistant (module docstring for spaces, reward, termination).

    Args:
        task, family: the TaskPack pool, as for :class:`~interactiveworld.gym.human.InteractiveWorldEnv`.
        human: ``"scripted"`` (grounds the TaskPack's oracle and wrong guidance, asks back otherwise), a litellm
            model string (:class:`~interactiveworld.agents.model.ModelHuman`), or a callable
            ``human(taskpack) -> Human``.
        human_kwargs: options of a model Human (``api_base``, ``timeout_s``, ``max_retries``).
        state_only: no rendering and no ``frame`` in the observation.
        width, height: frame size [px]; frames_per_command: frames rendered per command (paper: 4).
        render_mode: None or ``"rgb_array"``.
        log_dir: keep each episode's ``trace.jsonl``, ``eval.json`` (and frames) under
            ``log_dir/<task>/episode<N>``; by default they go to a temporary folder removed at the next reset.
        world: environment factory, as for the acting-side environment.
    Raises:
        TaskPackError / ValueError: an unknown task, family, Human or render mode; a model Human whose provider key
            is not set (with no ``api_base``) or whose ``api_base`` does not answer, named at construction rather
            than at the first reset.
    """

    metadata = {"render_modes": ["rgb_array"], "render_fps": 4}

    def __init__(self, task: Any = None, *, family: str | None = None, human: str | Callable[..., Any] = "scripted",
                 human_kwargs: dict[str, Any] | None = None, state_only: bool = False, width: int = 320,
                 height: int = 240, frames_per_command: int = 4, render_mode: str | None = None,
                 log_dir: str | Path | None = None, world: Callable[..., EnvironmentLike] | None = None) -> None:
        if render_mode not in (None, "rgb_array"):
            raise ValueError(f"render_mode must be None or 'rgb_array', got {render_mode!r}")
        if render_mode is not None and state_only:
            raise ValueError("render_mode='rgb_array' needs frames: state_only must be False")
        if not (callable(human) or isinstance(human, str)):
            raise ValueError(f"human must be 'scripted', a model string or a callable, got {human!r}")
        if isinstance(human, str) and human != "scripted":
            try:  # at construction, as `iw-eval run` does before its first cell, not at the first reset
                check_provider([human], (human_kwargs or {}).get("api_base"))
            except PreflightError as exc:
                raise ValueError(f"human: {exc}") from None
        self.pool = TaskPool(task, family=family)
        self.human = human
        self.human_kwargs = dict(human_kwargs or {})
        self.state_only = bool(state_only)
        self.render_mode = render_mode
        self.width, self.height = int(width), int(height)
        self.log_dir = None if log_dir is None else Path(log_dir)
        self._default_world = world is None
        self.world = (world or default_world)(render=not self.state_only, width=self.width, height=self.height,
                                              frames_per_command=int(frames_per_command))
        obs = {"wearer_speech": text_space(MAX_TEXT_CHARS), "task": text_space(MAX_TEXT_CHARS)}
        if not self.state_only:
            obs["frame"] = frame_space(self.width, self.height)
        self.observation_space = gymnasium.spaces.Dict(obs)
        self.action_space = text_space(MAX_ACTION_CHARS)
        self.episode: Episode | None = None
        self._episodes = 0
        self._tmp: tempfile.TemporaryDirectory | None = None
        self._ended = True

    # ------------------------------------------------------------------ gymnasium API
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        """Start an episode: the benchmark's opening and handoff, up to the Assistant's first turn.

        Raises:
            RuntimeError: the scene or its opening fails (a VOID cell in the benchmark).
        """
        super().reset(seed=seed)
        tp = self.pool.pick(self.np_random, (options or {}).get("task"))
        self._abandon()
        self._episodes += 1
        if self.log_dir is not None:
            out = self.log_dir / tp.id / f"episode{self._episodes:05d}"
        else:
            self._tmp = tempfile.TemporaryDirectory(prefix="iw-gym-")
            out = Path(self._tmp.name)
        human = self._make_human(tp)
        self.speaker = _SpeakingAgent()
        self.tap = _FrameTap(self.world)
        env_record = {"factory": "interactiveworld.env:Environment", "render": not self.state_only} \
            if self._default_world else None
        cfg = EpisodeConfig(seed=int(self.np_random.integers(2**31 - 1)), fsync=False, env=env_record,
                            write_frames=self.log_dir is not None and not self.state_only, assistant_name="gym")
        self.episode = Episode(tp, self.tap, self.speaker, human, out, cfg)
        try:
            self.episode.start()
        except VoidCell as exc:
            raise RuntimeError(f"{tp.id}: the episode cannot start: {exc}") from exc
        self._frame = np.zeros((self.height, self.width, 3), np.uint8)
        self.completion = self.episode.score_now().completion
        self._ended = False
        frames, commands = self.tap.take()
        return self._observation(frames), self._info(frames, commands)

    def step(self, action: str):
        """One tick with the Assistant saying ``action``. Returns (obs, reward, terminated, truncated, info).

        Raises:
            TypeError: ``action`` is not a string.
            RuntimeError: the episode has ended (call ``reset``), or the Human's model cannot be reached.
        """
        if self._ended:
            raise RuntimeError("the episode has ended: call reset() first")
        if not isinstance(action, str):
            raise TypeError(f"action must be a string (what the Assistant says), got {type(action).__name__}")
        ep = self.episode
        if len(action) > MAX_ACTION_CHARS:  # an invalid turn, as a malformed model reply is in the benchmark
            spoken = AssistantAction("invalid", raw=action, repairs=(f"longer than {MAX_ACTION_CHARS} characters",))
        else:
            spoken = read_utterance(action)
        self.speaker.pending = spoken
        try:
            stop = ep.step()
            while stop is None and spoken.kind == "done":
                stop = ep.step()  # the world freezes once the accepted commands have run
        except VoidCell as exc:
            raise RuntimeError(f"{ep.tp.id}: {exc}") from exc
        stop = stop or ep.pending_stop()
        score = ep.score_now()
        reward = score.completion - self.completion
        self.completion = score.completion
        frames, commands = self.tap.take()
        info = self._info(frames, commands, score)
        terminated, truncated = stop == "done", stop in ("tick_budget", "action_budget")
        if stop is not None:
            record = ep.finish(stop)
            info.update(stop_reason=stop, is_success=bool(record["passed"]), eval=record)
            self._ended = True
        return self._observation(frames), float(reward), terminated, truncated, info

    def render(self) -> np.ndarray | None:
        """The newest egocentric frame, (H, W, 3) uint8, with ``render_mode="rgb_array"``; else None."""
        return self._frame.copy() if self.render_mode == "rgb_array" else None

    def close(self) -> None:
        self._abandon()
        super().close()

    # ------------------------------------------------------------------ internals
    def _make_human(self, tp) -> Any:
        if callable(self.human):
            return self.human(tp)
        if self.human == "scripted":
            return ScriptedHuman(tp)
        return ModelHuman(self.human, **self.human_kwargs)

    def _abandon(self) -> None:
        """Close the trace of an episode left unfinished (it stays unfinished, like a killed cell: no eval.json)
        and remove the temporary folder of the last one."""
        if self.episode is not None and not self._ended:
            self.episode.log.close()
        self._ended = True
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def _observation(self, frames: list[np.ndarray]) -> dict[str, Any]:
        if frames and not self.state_only:
            frame = np.asarray(frames[-1])
            if frame.shape != (self.height, self.width, 3) or frame.dtype != np.uint8:
                raise ValueError(f"the world rendered a {frame.shape} {frame.dtype} frame; this environment "
                                 f"declares ({self.height}, {self.width}, 3) uint8 (pass the world's frame size)")
            self._frame = frame
        obs = self.episode.assistant_observation()
        out: dict[str, Any] = {"wearer_speech": fit_text("\n".join(obs.wearer_speech), MAX_TEXT_CHARS),
                               "task": fit_text(obs.task_request, MAX_TEXT_CHARS)}
        if not self.state_only:
            out["frame"] = self._frame.copy()
        return out

    def _info(self, frames: list[np.ndarray], commands: list[dict[str, Any]], score=None) -> dict[str, Any]:
        ep = self.episode
        score = score or ep.score_now()
        return {"task_id": ep.tp.id, "family": ep.tp.family.value, "completion": float(score.completion),
                "passed": bool(score.passed), "ticks": ep.st.ticks, "actions": ep.st.actions,
                "commands": commands, "frames": [np.asarray(f) for f in frames]}
