"""A small symbolic environment for testing the benchmark loop without the physical world.

Entities sit on supports or inside containers; commands change those relations. It implements
``interactiveworld.env_types.EnvironmentLike`` with the same structured failures as the real one,
renders each command as solid-colour frames (colour derived from the command text), and can be
told to fail like infrastructure (``<crash>`` raises, ``<glitch>`` returns an INTERNAL error).
``IW_FAKE_DELAY_S`` in the environment adds a delay per command (for kill/resume tests).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import time
from typing import Any

import numpy as np

from interactiveworld.env_types import Handle, RelationDelta, StepOutcome
from interactiveworld.errors import ErrorCode, PrimitiveError
from interactiveworld.world.motion import Interval, Keyframe

_CMD = re.compile(r"^\s*\[\s*([A-Za-z_]+)\s*\]\s*(.*)$")
_ARG = re.compile(r"<\s*([^<>]+?)\s*>\s*(?:\(\s*(\d+)\s*\))?")

FRAME_SHAPE = (48, 64, 3)


def _key(name: str, index: str) -> str:
    return re.sub(r"[\s-]+", "_", name.strip()).lower() + "#" + (index or "1")


def command_colour(command: str) -> tuple[int, int, int]:
    """The solid colour the fake renderer paints for a command (deterministic)."""
    h = hashlib.sha256(command.encode()).digest()
    return (64 + h[0] % 192, 64 + h[1] % 192, 64 + h[2] % 192)


class FakeEnv:
    """Symbolic EnvironmentLike. Scene dict::

        {"start": "door#1",
         "entities": [{"key": "mug#1", "category": "mug", "movable": true, "on": "table#1",
                       "description": "a red mug"},
                      {"key": "fridge#1", "category": "fridge", "container": true, "openable": true,
                       "open": false}, ...]}
    """

    def __init__(self, render: bool = True):
        self.render = render
        self.executed: list[str] = []
        self.resets = 0

    # ------------------------------------------------------------------ EnvironmentLike
    def reset(self, scene: dict[str, Any], *, seed: int = 0) -> None:
        if scene.get("fail_reset"):
            raise RuntimeError("scene assets missing")
        self.resets += 1
        self.ents = {e["key"]: dict(e) for e in scene["entities"]}
        self.place: dict[str, tuple[str, str]] = {}
        for k, e in self.ents.items():
            if e.get("on"):
                self.place[k] = ("on", e["on"])
            elif e.get("inside"):
                self.place[k] = ("inside", e["inside"])
        self.open = {k for k, e in self.ents.items() if e.get("openable") and e.get("open")}
        self.running = {k for k, e in self.ents.items() if e.get("running")}
        self.location = scene.get("start")
        self._held: str | None = None
        self._baseline_place = dict(self.place)
        self.seed = seed
        self.delay = float(os.environ.get("IW_FAKE_DELAY_S", "0") or 0)

    def split_commands(self, action_block: str) -> list[str] | PrimitiveError:
        out = []
        for line in action_block.replace("\r", "").split("\n"):
            for part in re.split(r",\s+(?=\[)", line):
                part = part.strip()
                if not part:
                    continue
                if not _CMD.match(part):
                    return PrimitiveError(ErrorCode.PARSE_ERROR, f"'{part}' is not a command: write [Verb] <object> (n)",
                                          {"token": part})
                out.append(part)
        return out

    def _err(self, command: str, code: ErrorCode, msg: str, primitive: str | None = None) -> StepOutcome:
        return StepOutcome(command=command, ok=False, error=PrimitiveError(code, msg), primitive=primitive)

    def execute(self, command: str) -> StepOutcome:
        if self.delay:
            time.sleep(self.delay)
        self.executed.append(command)
        m = _CMD.match(command)
        if not m:
            return self._err(command, ErrorCode.PARSE_ERROR, "not a command")
        verb = m.group(1).lower()
        args = [_key(a, i) for a, i in _ARG.findall(m.group(2))]
        if any(a.startswith("crash#") for a in args):
            raise RuntimeError("simulator process died")
        if any(a.startswith("glitch#") for a in args):
            return self._err(command, ErrorCode.INTERNAL, "renderer lost its device")
        for a in args:
            if a not in self.ents:
                return self._err(command, ErrorCode.UNKNOWN_ENTITY, f"there is no {a.split('#')[0]} here")
        before = self.relations()
        prim, err = self._apply(verb, args)
        if err is not None:
            return self._err(command, err[0], err[1], prim)
        after = self.relations()
        delta = RelationDelta(tuple(sorted(after - before)), tuple(sorted(before - after)))
        frames, tags = [], []
        if self.render:
            c = np.array(command_colour(command), dtype=np.uint8)
            for j in range(4):
                img = np.empty(FRAME_SHAPE, np.uint8)
                img[:] = c
                img[0, 0] = (j, j, j)
                frames.append(img)
                tags.append(frozenset({"result"}) if j == 3 else frozenset())
        kf = [Keyframe(time_s=0.25 * j, body_translation=np.zeros(3), body_pose=np.zeros(156)) for j in range(4)]
        return StepOutcome(command=command, ok=True, primitive=prim, relation_delta=delta,
                           interval=Interval(command, kf), frames=frames, frame_tags=tags)

    def _apply(self, verb: str, args: list[str]) -> tuple[str, tuple[ErrorCode, str] | None]:
        def need(n: int, prim: str):
            return (prim, (ErrorCode.BAD_ARITY, f"{prim} takes {n} object(s)")) if len(args) != n else None

        if verb in ("walk", "lookat"):
            prim = "navigate_to" if verb == "walk" else "look_at"
            if (r := need(1, prim)):
                return r
            self.location = self._anchor(args[0])
            return prim, None
        if verb == "wait":
            return "wait", None
        if verb == "grab":
            if (r := need(1, "pick")):
                return r
            o = args[0]
            if not self.ents[o].get("movable"):
                return "pick", (ErrorCode.NOT_AFFORDED, "that cannot be picked up")
            if self._held:
                return "pick", (ErrorCode.HAND_FULL, f"you are already holding the {self._held.split('#')[0]}")
            rel = self.place.get(o)
            if rel and rel[0] == "inside" and rel[1] not in self.open and self.ents[rel[1]].get("openable"):
                return "pick", (ErrorCode.PRECONDITION_FAILED, "it is inside something closed")
            self.place.pop(o, None)
            self._held = o
            self.location = self._anchor(o)
            return "pick", None
        if verb in ("put", "putin"):
            prim = "place" if verb == "put" else "place_inside"
            if (r := need(2, prim)):
                return r
            o, dst = args
            if self._held != o:
                return prim, (ErrorCode.NOT_HELD, f"you are not holding the {o.split('#')[0]}")
            if verb == "putin":
                if not self.ents[dst].get("container"):
                    return prim, (ErrorCode.NOT_AFFORDED, "you cannot put things inside that")
                if self.ents[dst].get("openable") and dst not in self.open:
                    return prim, (ErrorCode.PRECONDITION_FAILED, f"the {dst.split('#')[0]} is closed")
            self.place[o] = ("on" if verb == "put" else "inside", dst)
            self._held = None
            self.location = dst
            return prim, None
        if verb in ("open", "close"):
            if (r := need(1, verb)):
                return r
            t = args[0]
            if not self.ents[t].get("openable"):
                return verb, (ErrorCode.NOT_AFFORDED, "that does not open")
            (self.open.add if verb == "open" else self.open.discard)(t)
            self.location = t
            return verb, None
        if verb in ("turnon", "turnoff"):
            prim = "turn_on" if verb == "turnon" else "turn_off"
            if (r := need(1, prim)):
                return r
            (self.running.add if verb == "turnon" else self.running.discard)(args[0])
            return prim, None
        if verb == "drop":
            if not self._held:
                return "release", (ErrorCode.NOT_HELD, "you are not holding anything")
            self.place[self._held] = ("on", "floor#1") if "floor#1" in self.ents else ("on", self.location)
            self._held = None
            return "release", None
        return None, (ErrorCode.UNKNOWN_VERB, f"[{verb}] is not an action")

    def _anchor(self, key: str) -> str:
        rel = self.place.get(key)
        return rel[1] if rel else key

    def relations(self) -> frozenset:
        rels = set()
        for o, (r, s) in self.place.items():
            rels.add((r, o, s))
        if self._held:
            rels.add(("held", self._held))
        for k, e in self.ents.items():
            if e.get("openable"):
                rels.add(("open", k) if k in self.open else ("closed", k))
            if e.get("powered"):
                rels.add(("running", k) if k in self.running else ("off", k))
        for o, p in self._baseline_place.items():
            if self.place.get(o) == p:
                rels.add(("unmoved", o))
        return frozenset(rels)

    def mark_baseline(self) -> None:
        self._baseline_place = dict(self.place)

    def handles(self, *, visible_only: bool = False) -> list[Handle]:
        out = []
        for k, e in self.ents.items():
            name, idx = k.split("#")
            vis = (not e.get("movable")) or self._held == k or self._anchor(k) == self.location
            if visible_only and not vis:
                continue
            out.append(Handle(name, int(idx), e.get("category", name), vis, e.get("description", "")))
        return out

    def held(self) -> str | None:
        return self._held

    def render_view(self) -> np.ndarray:
        img = np.zeros(FRAME_SHAPE, np.uint8)
        img[:] = command_colour(self.location or "")
        return img

    def state_digest(self) -> str:
        state = {"place": sorted((k, list(v)) for k, v in self.place.items()), "open": sorted(self.open),
                 "running": sorted(self.running), "held": self._held}
        return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]
