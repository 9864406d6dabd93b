"""Study mode: walk one participant through a plan of tasks x partners (paper appendix D.5).

The paper's executor comparison has each of three people take the Human role on the same 36 tasks
(six per family) with each of four Assistants. A plan describes such a session::

    {
      "format": "interactiveworld.study/1",
      "name": "executors-36",
      "role": "human",
      "partners": ["oracle", "openai/gpt-5.5"],
      "tasks": {"per_family": 6, "seed": 0},
      "out": "runs/study"
    }

Fields: ``name`` (folder-safe), ``role`` (``human`` or ``assistant``, default ``human``), ``partners``
(who plays the other role: controls, ``scripted`` or litellm models), ``tasks`` (a list of TaskPack ids
or files, or ``{"per_family": n, "seed": s}`` to draw n built-in TaskPacks per family, in id order when
``seed`` is null), ``seed`` (world seed, 0), ``out`` (the results folder, default ``<plan folder>/<name>``),
``shuffle`` (true: each participant gets the episodes in their own order, fixed by name and
pseudonym, so learning effects do not fall on the same tasks; false: task-major plan order),
``show_result`` (tell the participant pass/fail after each episode; default false), ``blind`` (keep the
partner's name off the page; default true), ``env`` (the environment factory: the built-in world or one on the
allow-list replay uses, :func:`~interactiveworld.bench.replay.allowed_envs` -- a plan file never names code to
run) and ``api_base``. Unknown fields are errors.

The drawn task list is written to ``<out>/study.json`` the first time and reused, so adding TaskPacks
later does not change a study under way. Every episode is an ordinary cell of ``out`` (the person is
``person:<pseudonym>``), so model executors swept into the same folder with ``iw-eval run --out`` are
compared with the people by ``iw-eval report``.
"""
from __future__ import annotations

import hashlib
import json
import random
import threading
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..bench import jsonsafe
from ..bench.cells import cell_dir, expected_key, is_finished
from ..bench.families import Family
from ..bench.identity import DEFAULT_ENV, slug
from ..bench.logs import write_json_atomic
from ..bench.replay import ENV_ALLOW_VAR, allowed_envs
from ..bench.taskpack import TaskPackError, builtin_taskpacks, load_taskpack, select_taskpacks
from .person import Channel, check_pseudonym
from .session import CellPlan, PlaySession

PLAN_FORMAT = "interactiveworld.study/1"
STUDY_RECORD = "study.json"
MAX_PLAN_BYTES = 1024 * 1024
"""Largest study plan (and its ``study.json`` record) read [bytes]; a plan names partners and tasks, a few kB."""


class PerFamily(BaseModel):
    """Draw ``per_family`` built-in TaskPacks from each family (``seed`` None: the first in id order)."""

    model_config = ConfigDict(extra="forbid")
    per_family: int = Field(ge=1)
    seed: int | None = None


class StudyPlan(BaseModel):
    """A study plan file (module docstring). ``cells``, ``taskpacks`` and ``out`` are filled in by
    :func:`load_plan`."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["interactiveworld.study/1"] = PLAN_FORMAT
    name: str
    role: Literal["human", "assistant"] = "human"
    partners: list[str] = Field(min_length=1)
    tasks: list[str] | PerFamily
    seed: int = Field(default=0, ge=0)
    out: str | None = None
    shuffle: bool = True
    show_result: bool = False
    blind: bool = True
    env: str = DEFAULT_ENV
    api_base: str | None = None
    cells: list[tuple[str, str]] = Field(default_factory=list, exclude=True)
    taskpacks: dict[str, tuple[str, str]] = Field(default_factory=dict, exclude=True)  # file -> (id, hash)
    body: dict[str, str] | None = Field(default=None, exclude=True)  # --body-model: {"path", "sha256"}

    @field_validator("name")
    @classmethod
    def _folder_safe(cls, v: str) -> str:
        if not v or slug(v) != v:
            raise ValueError(f"expected a folder-safe name (letters, digits, '.', '_', '+', '-'), got {v!r}")
        return v

    @field_validator("env")
    @classmethod
    def _allowed_env(cls, v: str) -> str:
        # checked before anything is imported: a plan is a file, and a file never chooses code to run
        if v not in allowed_envs():
            raise ValueError(f"the environment factory {v!r} is not on the allow-list ({', '.join(allowed_envs())}); "
                             f"a study plan never names code to run: add it to ${ENV_ALLOW_VAR} to allow it")
        return v

    @field_validator("partners")
    @classmethod
    def _distinct(cls, v: list[str]) -> list[str]:
        if len(set(v)) != len(v):
            raise ValueError("partners must be distinct")
        return v

    def order_for(self, pseudonym: str) -> list[tuple[str, str]]:
        """The (TaskPack file, partner) episodes in the order this participant plays them."""
        cells = list(self.cells)
        if self.shuffle:
            key = hashlib.sha256(f"{self.name}/{pseudonym}".encode()).digest()
            random.Random(int.from_bytes(key[:8], "big")).shuffle(cells)
        return cells

    def cell_plan(self, taskpack: str, partner: str) -> CellPlan:
        body = self.body or {}
        return CellPlan(taskpack=taskpack, role=self.role, partner=partner, seed=self.seed, out=str(self.out),
                        env=self.env, api_base=self.api_base, body_model=body.get("path"),
                        body_model_sha256=body.get("sha256"))


def draw_per_family(per_family: int, seed: int | None) -> list[Path]:
    """``per_family`` built-in TaskPack files from each of the six families (paper D.5: 6 x 6 = 36).

    Raises:
        ValueError: a family has fewer built-in TaskPacks than asked for (the message gives the counts).
    """
    by_family: dict[str, list[tuple[str, Path]]] = {f.value: [] for f in Family}
    for tid, path in sorted(builtin_taskpacks().items()):
        by_family[load_taskpack(path).family.value].append((tid, path))
    short = {f: len(v) for f, v in by_family.items() if len(v) < per_family}
    if short:
        have = ", ".join(f"{f}: {n}" for f, n in short.items())
        raise ValueError(f"tasks.per_family: {per_family} requested but only {have} built-in TaskPack(s)")
    out = []
    for items in by_family.values():
        chosen = items[:per_family] if seed is None else random.Random(seed).sample(items, per_family)
        out += [p for _, p in sorted(chosen)]
    return out


def load_plan(path: str | Path) -> StudyPlan:
    """Read and resolve a study plan: validate its fields, find its TaskPacks, build its cells.

    Raises:
        ValueError: the file is missing or not JSON, a field is invalid (named), or a task is not found.
    """
    p = Path(path)
    try:
        data = jsonsafe.read_json_file(p, max_bytes=MAX_PLAN_BYTES)
    except FileNotFoundError:
        raise ValueError(f"{p}: no such study plan") from None
    except jsonsafe.JSONLimitError as exc:  # too large, too deep or a key twice: the message names the file
        raise ValueError(str(exc)) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{p}: not a JSON study plan ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{p}: a study plan is a JSON object")
    data.pop("cells", None)
    try:
        plan = StudyPlan.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(x) for x in e['loc']) or '(plan)'}: {e['msg']}" for e in exc.errors())
        raise ValueError(f"{p}: {problems}") from None
    out = Path(plan.out) if plan.out else p.resolve().parent / plan.name
    plan.out = str(out)
    record = out / STUDY_RECORD
    recorded = _read_record(record)
    try:
        if recorded is not None and recorded.get("name") == plan.name:
            files = [Path(f) for f in recorded["tasks"]]
        elif isinstance(plan.tasks, PerFamily):
            files = draw_per_family(plan.tasks.per_family, plan.tasks.seed)
        else:
            files = select_taskpacks(list(plan.tasks))
        packs = [(str(f), load_taskpack(f)) for f in files]
    except (TaskPackError, KeyError, TypeError) as exc:
        raise ValueError(f"{p}: tasks: {exc}") from None
    plan.cells = [(f, partner) for f, _ in packs for partner in plan.partners]
    plan.taskpacks = {f: (tp.id, tp.hash) for f, tp in packs}
    if recorded is None:
        out.mkdir(parents=True, exist_ok=True)
        write_json_atomic(record, {"format": PLAN_FORMAT, "name": plan.name, "role": plan.role,
                                   "partners": plan.partners, "tasks": [f for f, _ in packs],
                                   "taskpacks": {tp.id: tp.hash for _, tp in packs}})
    return plan


def _read_record(path: Path) -> dict[str, Any] | None:
    try:
        rec = jsonsafe.read_json_file(path, max_bytes=MAX_PLAN_BYTES)
    except (OSError, ValueError):  # unreadable, not JSON or over a limit: the plan is resolved afresh
        return None
    return rec if isinstance(rec, dict) and isinstance(rec.get("tasks"), list) else None


class StudyController:
    """The app's controller in study mode: one participant, the plan's episodes one after another.

    Finished episodes (a valid ``eval.json``) are skipped, an unfinished one is resumed, and the
    participant moves on with ``next`` once an episode is over.

    Args:
        plan: a resolved plan (:func:`load_plan`).
        pseudonym: start at once as this participant; None asks the page.

    Raises:
        ValueError: a bad pseudonym.
    """

    def __init__(self, plan: StudyPlan, pseudonym: str | None = None):
        self.plan = plan
        self.channel = Channel()
        self.pseudonym: str | None = None
        self.order: list[tuple[str, str]] = []
        self.session: PlaySession | None = None
        self._lock = threading.Lock()
        if pseudonym is not None:
            self.start(pseudonym)

    def _finished(self, taskpack: str, partner: str) -> bool:
        cp = self.plan.cell_plan(taskpack, partner)
        task_id, tp_hash = self.plan.taskpacks[taskpack]
        spec = cp.spec(self.pseudonym or "", task_id)
        return is_finished(cell_dir(cp.out, spec), expected_key(spec, tp_hash))

    def progress(self) -> dict[str, Any]:
        """``name``, ``total``, ``done``, ``remaining`` and the 1-based ``position`` of the current episode."""
        total = len(self.plan.cells)
        done = sum(self._finished(t, p) for t, p in self.order) if self.pseudonym else 0
        pos = self.order.index((self.session.plan.taskpack, self.session.plan.partner)) + 1 if self.session else 0
        return {"name": self.plan.name, "total": total, "done": done, "remaining": total - done, "position": pos}

    def hello(self) -> dict[str, Any]:
        return {"type": "hello", "mode": "study", "role": self.plan.role, "partner": None,
                "pseudonym": self.pseudonym, "needs_pseudonym": self.pseudonym is None, "study": self.progress()}

    def start(self, pseudonym: str) -> None:
        name = check_pseudonym(pseudonym)
        with self._lock:
            if self.pseudonym is not None:
                if name != self.pseudonym:
                    raise ValueError(f"this study session is already running for {self.pseudonym!r}")
                return
            self.pseudonym = name
            self.order = self.plan.order_for(name)
            self._advance()

    def next(self) -> None:
        with self._lock:
            if self.pseudonym is None:
                raise ValueError("choose a pseudonym first")
            if self.session is not None and not self.session.done.is_set():
                raise ValueError("finish the current episode first")
            self._advance()

    def _advance(self) -> None:
        for taskpack, partner in self.order:
            if not self._finished(taskpack, partner):
                self.session = PlaySession(self.plan.cell_plan(taskpack, partner), self.pseudonym or "",
                                           self.channel, show_result=self.plan.show_result, on_end=self._ended,
                                           blind=self.plan.blind)
                self.session.start()
                return
        self.channel.new_session()
        self.channel.publish({"type": "complete", "study": self.progress()})

    def _ended(self) -> None:
        self.channel.publish(self.hello())

    def close(self) -> None:
        self.channel.close("the server stopped")
        if self.session is not None:
            self.session.join(timeout=60)


__all__ = ["StudyPlan", "PerFamily", "StudyController", "load_plan", "draw_per_family", "PLAN_FORMAT",
           "MAX_PLAN_BYTES"]
