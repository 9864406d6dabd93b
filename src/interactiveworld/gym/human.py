"""``InteractiveWorld-v0``: the acting side as a Gymnasium environment -- the agent is the wearer and writes the
commands of the action language itself (no Assistant).

Episode: :meth:`~InteractiveWorldEnv.reset` builds the TaskPack's scene, runs its opening commands (rendered,
unscored) and takes the handoff baseline, as the benchmark does (paper section 3). Each :meth:`step` is one tick:

* action: an action block (one or more command lines separated by newlines or ", ", at most
  :data:`~.spaces.MAX_ACTION_CHARS` characters of :data:`~.spaces.CHARSET`), run in order until one is
  refused; ``""`` does nothing this tick; ``done`` (or ``<done/>``) declares the task finished.
* observation (a dict): ``frame`` the egocentric frame after the last successful command, (H, W, 3) uint8 --
  for ``[LookAt]`` on a label its close-up (only within reach and in line of sight, as in the benchmark);
  absent with ``state_only=True``; ``handles`` one ``<name> (index): description`` line per entity now visible
  or held -- visibility is the benchmark's one definition (:mod:`interactiveworld.render.visibility`), the same
  with and without frames, so nothing behind a wall or inside a closed container is listed; the description is
  the TaskPack legend's (category, position and colour, never the declared evidence; where it rests now once
  moved), none for an entity outside the legend; ``held`` the held object's command argument or "";
  ``last_outcome`` ``"<command>: done."`` or ``"<command>: failed. <why>"`` ("" after reset); ``task`` what the
  wearer knows of its task: its own task context (``human_context.task``), the public context and its handoff
  utterance.
* reward: the change in completion, the benchmark's scorer -- the TaskPack's family evaluator
  (:func:`~interactiveworld.bench.evaluators.evaluate_task`) on the relations now against the handoff baseline
  and the commands so far -- so the rewards of an episode sum to its final completion in [0, 1];
  ``info["passed"]`` is the strict pass now and ``info["is_success"]`` the strict pass at the end.
* termination: ``terminated`` after ``done``; ``truncated`` when the TaskPack's tick budget (steps) or action
  budget (commands run, refused ones included) is used up -- budgets are time limits, not task states.

The Finding family's information boundary holds as in the benchmark (appendix C.2.2): a command naming one of
the task's movable targets is refused while that target is neither visible nor held.
"""
from __future__ import annotations

from typing import Any, Callable

import gymnasium
import numpy as np

from ..actions.messages import for_person
from ..bench.evaluators import TaskScore, evaluate_task
from ..bench.families import command_targets, key_to_arg, legend_description, moved_places
from ..bench.scoring import TraceStep, walked_m
from ..bench.taskpack import TaskPack
from ..env import Environment
from ..env_types import EnvironmentLike, StepOutcome
from ..errors import ErrorCode, PrimitiveError
from .spaces import (MAX_ACTION_CHARS, MAX_HANDLES_CHARS, MAX_TEXT_CHARS, TaskPool, fit_text, frame_space, is_done,
                     text_space)

__all__ = ["InteractiveWorldEnv", "task_text", "handle_lines", "default_world"]


def default_world(*, render: bool, width: int, height: int, frames_per_command: int) -> EnvironmentLike:
    """The physical world (:class:`~interactiveworld.env.Environment`) with the given frame settings."""
    return Environment(render=render, width=width, height=height, frames_per_command=frames_per_command)


def task_text(tp: TaskPack) -> str:
    """What the wearer knows of its task: its own task context (``human_context.task``, which never states the
    declared evidence), then the public context and the handoff utterance."""
    parts = (tp.human_context.task.strip(), tp.public_context.strip(), tp.opening.handoff_say.strip())
    return "\n".join(x for x in parts if x)


def handle_lines(world: EnvironmentLike, tp: TaskPack) -> str:
    """The ``handles`` observation: one ``<name> (index): description`` line per entity the world reports
    visible or held, described by the TaskPack's legend (:func:`~interactiveworld.bench.families.legend_description`);
    an entity outside the legend gets no description (the scene's own free text is not checked for evidence)."""
    legend = {e.handle: e for e in tp.human_context.legend}
    places = moved_places(world.relations(), tp.human_context.legend)
    lines = []
    for h in world.handles(visible_only=True):
        entry = legend.get(h.key)
        lines.append(f"{h.as_command_arg()}: {legend_description(entry, places, held=world.held())}" if entry
                     else h.as_command_arg())
    return "\n".join(lines)


def _shown_frame(outcome: StepOutcome) -> np.ndarray | None:
    """The frame an observation shows after a command: its look-hold close-up when it has one, else its last."""
    if not outcome.frames:
        return None
    tags = outcome.frame_tags or [frozenset()] * len(outcome.frames)
    hold = [i for i, t in enumerate(tags) if "look_hold" in t]
    return outcome.frames[hold[-1] if hold else -1]


class InteractiveWorldEnv(gymnasium.Env):
    """One TaskPack per episode, acted by the agent (module docstring for spaces, reward and termination).

    Args:
        task: TaskPack id, file or :class:`TaskPack`, or a list of them; None = every built-in TaskPack (of
            ``family``). With several, each reset draws one uniformly (``options={"task": id}`` picks one).
        family: draw only from this family (``"Decision"`` or ``"ASK"``...).
        state_only: no rendering and no ``frame`` in the observation (identical world results, faster).
        width, height: frame size [px].
        frames_per_command: frames rendered per command (the observation shows one of them; 1 is enough).
        render_mode: None or ``"rgb_array"`` (``render()`` returns the observed frame).
        world: a factory ``world(render=, width=, height=, frames_per_command=) -> EnvironmentLike``
            (default :func:`default_world`).
    Raises:
        TaskPackError / ValueError: an unknown task or family, a bad frame size or render mode.
    """

    metadata = {"render_modes": ["rgb_array"], "render_fps": 4}

    def __init__(self, task: Any = None, *, family: str | None = None, state_only: bool = False, width: int = 320,
                 height: int = 240, frames_per_command: int = 1, render_mode: str | None = None,
                 world: Callable[..., EnvironmentLike] | None = None) -> None:
        if render_mode not in (None, "rgb_array"):
            raise ValueError(f"render_mode must be None or 'rgb_array', got {render_mode!r}")
        if render_mode is not None and state_only:
            raise ValueError("render_mode='rgb_array' needs frames: state_only must be False")
        if width < 8 or height < 8:
            raise ValueError(f"frame size must be at least 8x8 px, got {width}x{height}")
        self.pool = TaskPool(task, family=family)
        self.state_only = bool(state_only)
        self.render_mode = render_mode
        self.width, self.height = int(width), int(height)
        self.world = (world or default_world)(render=not self.state_only, width=self.width, height=self.height,
                                              frames_per_command=int(frames_per_command))
        obs = {"handles": text_space(MAX_HANDLES_CHARS), "held": text_space(MAX_TEXT_CHARS),
               "last_outcome": text_space(MAX_TEXT_CHARS), "task": text_space(MAX_TEXT_CHARS)}
        if not self.state_only:
            obs["frame"] = frame_space(self.width, self.height)
        self.observation_space = gymnasium.spaces.Dict(obs)
        self.action_space = text_space(MAX_ACTION_CHARS)
        self.tp: TaskPack | None = None
        self._ended = True

    # ------------------------------------------------------------------ gymnasium API
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        """Start an episode: build the scene, run the opening, take the handoff baseline.

        Raises:
            RuntimeError: an opening command is refused (the TaskPack cannot be played in this world).
        """
        super().reset(seed=seed)
        options = options or {}
        self.tp = tp = self.pool.pick(self.np_random, options.get("task"))
        self.world.reset(tp.reset_scene(), seed=int(self.np_random.integers(2**31 - 1)))
        self._frame = np.zeros((self.height, self.width, 3), np.uint8)
        for cmd in tp.opening.commands:
            outcome = self.world.execute(cmd)
            if not outcome.ok:
                raise RuntimeError(f"{tp.id}: opening command {cmd!r} failed: {outcome.message}")
            self._take_frame(outcome)
        if not self.state_only and not tp.opening.commands:
            self._frame = self._checked(self.world.render_view())
        self.world.mark_baseline()
        self.baseline = self.world.relations()
        self.trace: list[TraceStep] = []
        self.ticks = self.actions = self.refused = 0
        self.last_outcome = ""
        self.completion = self._score().completion
        self._ended = False
        return self._observation(), self._info([])

    def step(self, action: str):
        """One tick: run the action block (module docstring). Returns (obs, reward, terminated, truncated, info).

        Raises:
            TypeError: ``action`` is not a string.
            RuntimeError: the episode has ended (call ``reset``) or the world reports an internal fault.
        """
        if self._ended:
            raise RuntimeError("the episode has ended: call reset() first")
        if not isinstance(action, str):
            raise TypeError(f"action must be a string of the action language, got {type(action).__name__}")
        self.ticks += 1
        outcomes: list[StepOutcome] = []
        terminated = is_done(action)
        if not terminated and action.strip():
            self._act(action, outcomes)
        score = self._score()
        reward = score.completion - self.completion
        self.completion = score.completion
        budgets = self.tp.budgets
        truncated = not terminated and (self.ticks >= budgets.ticks or self.actions >= budgets.actions)
        self._ended = terminated or truncated
        info = self._info(outcomes, score)
        if self._ended:
            info["is_success"] = bool(score.passed)
        return self._observation(), float(reward), terminated, truncated, info

    def render(self) -> np.ndarray | None:
        """The observed egocentric frame, (H, W, 3) uint8, with ``render_mode="rgb_array"``; else None."""
        return self._frame.copy() if self.render_mode == "rgb_array" else None

    # ------------------------------------------------------------------ internals
    def _act(self, action: str, outcomes: list[StepOutcome]) -> None:
        if len(action) > MAX_ACTION_CHARS:
            self._refuse_block(f"the action has {len(action)} characters, more than {MAX_ACTION_CHARS}")
            return
        split = self.world.split_commands(action)
        if isinstance(split, PrimitiveError):
            self._refuse_block(split.message)
            return
        for cmd in split:
            if self.actions >= self.tp.budgets.actions:
                break
            outcome = self._run(cmd)
            outcomes.append(outcome)
            if not outcome.ok:
                break  # a refusal drops the rest of the block, as the benchmark flushes its queue

    def _refuse_block(self, why: str) -> None:
        """A block that cannot be read is one refused action, in the trace as in the benchmark loop."""
        self.actions += 1
        self.refused += 1
        self.trace.append(TraceStep(tick=self.ticks, primitive=None, targets=(), ok=False,
                                    relations_after=self.world.relations()))
        self.last_outcome = f"Your commands could not be read: {why}"

    def _run(self, cmd: str) -> StepOutcome:
        withheld = self._withheld(cmd)
        if withheld:
            what = ", ".join(k.split("#")[0].replace("_", " ") for k in withheld)
            outcome = StepOutcome(command=cmd, ok=False, error=PrimitiveError(
                ErrorCode.UNKNOWN_ENTITY, f"You cannot act on the {what}: you cannot see it from here.",
                {"withheld": withheld}))
        else:
            outcome = self.world.execute(cmd)
            if outcome.error is not None and outcome.error.code == ErrorCode.INTERNAL:
                raise RuntimeError(f"internal simulator error on {cmd!r}: {outcome.error.message}")
        self.actions += 1
        self.trace.append(TraceStep(tick=self.ticks, primitive=outcome.primitive, targets=command_targets(cmd),
                                    ok=outcome.ok, relations_after=self.world.relations(),
                                    walked_m=_walked(outcome)))
        if outcome.ok:
            self.last_outcome = f"{cmd}: done."
            self._take_frame(outcome)
        else:
            self.refused += 1
            # plain words, as in the benchmark loop; the code and the technical detail stay in the trace
            keys = command_targets(cmd)
            placing = outcome.primitive in ("place", "place_inside", "place_on_floor") and len(keys) > 1
            plain = for_person(outcome.error, keys[1] if placing else (keys[0] if keys else None)) \
                if outcome.error is not None else outcome.message
            self.last_outcome = f"{cmd}: failed. {plain}"
        return outcome

    def _withheld(self, cmd: str) -> list[str]:
        """Finding family: the task's movable targets named by ``cmd`` that are neither visible nor held."""
        if self.tp.protocol_name != "FIND":
            return []
        movable = {e.handle for e in self.tp.human_context.legend if e.movable}
        named = [k for k in command_targets(cmd) if k in movable]
        if not named:
            return []
        seen = {h.key for h in self.world.handles(visible_only=True)} | {self.world.held()}
        return [k for k in named if k not in seen]

    def _take_frame(self, outcome: StepOutcome) -> None:
        frame = _shown_frame(outcome)
        if frame is not None and not self.state_only:
            self._frame = self._checked(frame)

    def _checked(self, frame: np.ndarray) -> np.ndarray:
        frame = np.asarray(frame)
        if frame.shape != (self.height, self.width, 3) or frame.dtype != np.uint8:
            raise ValueError(f"the world rendered a {frame.shape} {frame.dtype} frame; this environment declares "
                             f"({self.height}, {self.width}, 3) uint8 (pass the world's frame size)")
        return frame

    def _score(self) -> TaskScore:
        final = self.trace[-1].relations_after if self.trace else self.baseline
        return evaluate_task(self.tp.completion, self.tp.family_evaluator, self.tp.intervention_windows,
                             final=final, baseline=self.baseline, trace=self.trace)

    def _observation(self) -> dict[str, Any]:
        handles = handle_lines(self.world, self.tp)
        held = self.world.held()
        obs: dict[str, Any] = {"handles": fit_text(handles, MAX_HANDLES_CHARS),
                               "held": fit_text(key_to_arg(held) if held else "", MAX_TEXT_CHARS),
                               "last_outcome": fit_text(self.last_outcome, MAX_TEXT_CHARS),
                               "task": fit_text(task_text(self.tp), MAX_TEXT_CHARS)}
        if not self.state_only:
            obs["frame"] = self._frame.copy()
        return obs

    def _info(self, outcomes: list[StepOutcome], score=None) -> dict[str, Any]:
        score = score or self._score()
        return {"task_id": self.tp.id, "family": self.tp.family.value, "completion": float(score.completion),
                "passed": bool(score.passed), "ticks": self.ticks, "actions": self.actions, "refused": self.refused,
                "outcomes": [_outcome_log(o) for o in outcomes]}


def _walked(outcome: StepOutcome) -> float:
    """:func:`~interactiveworld.bench.scoring.walked_m` of a command's keyframes (0 without an interval)."""
    return walked_m(outcome.interval.keyframes) if outcome.interval is not None else 0.0


def _outcome_log(outcome: StepOutcome) -> dict[str, Any]:
    """An outcome's log record without its wall-clock timing (info stays a function of seed and actions)."""
    return {k: v for k, v in outcome.to_log().items() if k != "timing"}
