"""A relation-level dry run of a TaskPack: its programs and completion spec checked without body motion.

:class:`RelationWorld` builds the real scene with :class:`interactiveworld.env.Environment` to read the
handoff relations back from geometry, then applies each primitive's *declared effect* symbolically (paper
Table 5 semantics: Grab makes an object held, Put/PutIn place it on/inside the destination, Open/Close,
TurnOn/TurnOff, Open/CloseDoor, Cut with a held cutting tool, Cook on or in a running heat source, Pour from the
held source (its contents join the target's ``received`` record), Wipe with the tool in hand (an empty hand picks
it up first, as the primitive does; a sweeping tool moves the debris on the surface into a dustpan there; the soil
kinds the tool's kind cleans leave the surface), Sit/StandUp, FallToFloor, and an opening's offscreen events), and
fires the scene's scripted events once their condition holds (their soil, ``cut`` and ``cooked`` state patches;
:mod:`interactiveworld.world.events`). Preconditions
that belong to the task logic are enforced (one object in hand, a closed or lidded container cannot be
reached into, cutting needs the tool in hand, cooking needs a running heat source); reach, collision and grasp are not
modelled. It answers one question while the kinematic executor is being tuned: are the oracle, the wrong
help, the no-help plan and the completion spec of a TaskPack consistent, so that the oracle passes and the
controls fail for the intended reasons? It is an authoring check, never a substitute for ``iw-eval validate``
on the kinematic world.

    python taskpacks/authoring/dryrun.py                 # every built-in TaskPack: static checks + controls
    python taskpacks/authoring/dryrun.py decision-05
"""
from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

import numpy as np

from interactiveworld.env_types import Handle, RelationDelta, StepOutcome
from interactiveworld.world.soil import CLEANED_BY, SOIL_KINDS
from interactiveworld.errors import ErrorCode, PrimitiveError

_NO_EFFECT = {"navigate_to", "forward", "turn", "squat", "look_around", "look_scan", "look_at", "wait", "confirm",
              "stir", "use_computer", "answer_phone", "flip"}


class RelationWorld:
    """An ``EnvironmentLike`` whose state is the relation set (see the module docstring)."""

    def __init__(self, render: bool = False) -> None:
        self.render = False

    # ------------------------------------------------------------------ EnvironmentLike
    def reset(self, scene: dict[str, Any], *, seed: int = 0) -> None:
        from interactiveworld.env import Environment

        env = Environment(render=False)
        env.reset(scene, seed=seed)
        rel = env.relations()
        ents = env.scene.entities
        self.handle_list = [Handle(e.name, e.index, e.category, True, e.description) for e in ents.values()]
        self.movable = {k for k, e in ents.items() if e.movable}
        self.affordances = {k: set(e.affordances) for k, e in ents.items()}
        self.place: dict[str, tuple[str, str]] = {}
        for r in sorted(rel):
            if r[0] in ("on", "inside") and r[1] in self.movable:
                if r[0] == "inside" or r[1] not in self.place:
                    self.place[r[1]] = (r[0], r[2])
        self.openable = {r[1] for r in rel if r[0] in ("open", "closed")}
        self.open = {r[1] for r in rel if r[0] == "open"}
        self.powered = {r[1] for r in rel if r[0] in ("running", "off")}
        self.running = {r[1] for r in rel if r[0] == "running"}
        self.cut = {r[1] for r in rel if r[0] == "cut"}
        self.cooked = {r[1] for r in rel if r[0] == "cooked"}
        self.contents = {k: e.state.get("contents") for k, e in ents.items() if e.state.get("contents")}
        self.received = {r[1]: list(r[2:]) for r in rel if r[0] == "received"}
        self.held_key: str | None = env.held()
        self.sitting: str | None = next((r[1] for r in rel if r[0] == "sitting"), None)
        self.moved: set[str] = set()
        self.floor_near: dict[str, str] = {}
        self.kind = {k: e.kind for k, e in ents.items()}
        self.soiled = {(r[1], r[2]) for r in rel if r[0] == "soiled"}
        self.events = list(env.scene.events)  # fired at reset already, as in the world

    def split_commands(self, action_block: str) -> list[str] | PrimitiveError:
        from interactiveworld.language import ParseError, split_commands

        try:
            return split_commands(action_block)
        except ParseError as exc:
            return PrimitiveError(ErrorCode.PARSE_ERROR, exc.message, {"token": exc.token})

    def execute(self, command: str) -> StepOutcome:
        from interactiveworld.language import ParseError, is_offscreen, parse_command, parse_offscreen, resolve_verb

        if is_offscreen(command):  # someone else sets the object down on the support (visibility not modelled)
            try:
                move = parse_offscreen(command)
            except ValueError as exc:
                return StepOutcome(command, False, PrimitiveError(ErrorCode.PARSE_ERROR, str(exc)))
            if move.obj not in self.movable or move.obj == self.held_key:
                return StepOutcome(command, False, PrimitiveError(ErrorCode.PRECONDITION_FAILED,
                                                                  f"{move.obj} cannot be moved"), "offscreen")
            before = self.relations()
            self.place[move.obj] = ("on", move.support)
            self.moved.add(move.obj)
            after = self.relations()
            delta = RelationDelta(tuple(sorted(after - before)), tuple(sorted(before - after)))
            return StepOutcome(command, True, None, "offscreen", relation_delta=delta)
        try:
            parsed = parse_command(command)
        except ParseError as exc:
            return StepOutcome(command, False, PrimitiveError(ErrorCode.PARSE_ERROR, exc.message))
        spec = resolve_verb(parsed.verb)
        if spec is None:
            return StepOutcome(command, False, PrimitiveError(ErrorCode.PARSE_ERROR, f"unknown verb {parsed.verb}"))
        keys = [f"{a.name}#{a.index if a.index is not None else 1}" for a in parsed.args]
        known = {h.key for h in self.handle_list}
        bad = [k for k in keys if k not in known]
        if bad:
            return StepOutcome(command, False, PrimitiveError(ErrorCode.UNKNOWN_ENTITY, f"no {bad[0]} here"),
                               spec.name)
        before = self.relations()
        err = self._apply(spec.name, keys)
        if err is None:
            self._fire_events()
        after = self.relations()
        delta = RelationDelta(tuple(sorted(after - before)), tuple(sorted(before - after)))
        if err is not None:
            return StepOutcome(command, False, PrimitiveError(ErrorCode.PRECONDITION_FAILED, err), spec.name)
        return StepOutcome(command, True, None, spec.name, relation_delta=delta)

    def relations(self) -> frozenset:
        out: set[tuple[str, ...]] = set()
        for o, (pred, dst) in self.place.items():
            out.add((pred, o, dst))
            if pred == "inside" and not ({"openable"} & self.affordances.get(dst, set())):
                out.add(("on", o, dst))  # open shelves report both
        # near at the relation level: two objects resting on the same support (the world measures 0.3 m)
        for o, (pred, dst) in self.place.items():
            out |= {("near", o, p) for p, (pr, d) in self.place.items() if p != o and pred == pr == "on" and d == dst}
        for k in self.openable:
            out.add(("open" if k in self.open else "closed", k))
        for k in self.powered:
            out.add(("running" if k in self.running else "off", k))
        out |= {("cut", k) for k in self.cut} | {("cooked", k) for k in self.cooked}
        out |= {("soiled", k, kind) for k, kind in self.soiled}
        out |= {("received", k, *record) for k, record in self.received.items() if record}
        if self.held_key:
            out.add(("held", self.held_key))
        for o, anchor in self.floor_near.items():   # near holds in both orders, as in the world's read-back
            out |= {("near", o, anchor), ("near", anchor, o)}
        if self.sitting:
            out.add(("sitting", self.sitting))
        out |= {("unmoved", k) for k in self.movable if k not in self.moved}
        return frozenset(out)

    def mark_baseline(self) -> None:
        self.moved = set()

    def handles(self, *, visible_only: bool = False) -> list[Handle]:
        return list(self.handle_list)

    def held(self) -> str | None:
        return self.held_key

    def render_view(self) -> np.ndarray:
        raise RuntimeError("the relation-level dry run renders nothing")

    def state_digest(self) -> str:
        blob = json.dumps(sorted(self.relations()))
        return hashlib.sha256(blob.encode()).hexdigest()

    # ------------------------------------------------------------------ effects
    def _reachable(self, o: str) -> bool:
        """Not sealed in a closed container (following containers of containers)."""
        seen = set()
        while o in self.place and o not in seen:
            seen.add(o)
            pred, dst = self.place[o]
            if pred == "inside" and (dst in self.openable and dst not in self.open or self._lid_on(dst)):
                return False
            o = dst
        return True

    def _lid_on(self, container: str) -> str | None:
        """The lid resting on ``container`` (it closes the container like a shut door), or None."""
        return next((k for k, (pred, dst) in self.place.items()
                     if pred == "on" and dst == container and "lid" in self.affordances.get(k, set())), None)

    def _heated(self, food: str) -> bool:
        o, seen = food, set()
        while o in self.place and o not in seen:
            seen.add(o)
            o = self.place[o][1]
            if o in self.running and "heat_source" in self.affordances.get(o, set()):
                return True
        return False

    def _sweep(self, target: str) -> str | None:
        """Debris resting on ``target`` goes inside the dustpan standing on it (the first by key)."""
        debris = sorted(o for o, (p, d) in self.place.items() if p == "on" and d == target
                        and "debris" in self.affordances.get(o, set()))
        pans = sorted(o for o, (p, d) in self.place.items() if p == "on" and d == target
                      and "dustpan" in self.affordances.get(o, set()))
        if debris and not pans:
            return f"no dustpan on {target} to sweep {', '.join(debris)} into"
        for o in debris:
            self.place[o] = ("inside", pans[0])
            self.moved.add(o)
        return None

    def _apply(self, prim: str, k: list[str]) -> str | None:
        if prim in _NO_EFFECT:
            return None
        if prim == "pick":
            if self.held_key:
                return f"already holding {self.held_key}"
            if k[0] not in self.movable or "debris" in self.affordances.get(k[0], set()):
                return f"{k[0]} cannot be picked up"
            if not self._reachable(k[0]):
                return f"{k[0]} is inside a closed container"
            self.held_key = k[0]
            self.place.pop(k[0], None)
            self.floor_near.pop(k[0], None)
            self.moved.add(k[0])
            return None
        if prim in ("place", "place_inside"):
            if self.held_key != k[0]:
                return f"you are not holding {k[0]}"
            if prim == "place_inside":
                if k[1] in self.openable and k[1] not in self.open:
                    return f"{k[1]} is closed"
                if not ({"container"} & self.affordances.get(k[1], set())):
                    return f"{k[1]} is not a container"
                if self._lid_on(k[1]):
                    return f"{k[1]} has its lid on"
            self.place[k[0]] = ("on" if prim == "place" else "inside", k[1])
            self.held_key = None
            return None
        if prim in ("release", "place_on_floor"):
            if self.held_key is None:
                return "nothing held"
            if prim == "place_on_floor":   # set down on the floor beside the anchor: near(object, anchor)
                self.floor_near[self.held_key] = k[1]
            self.place[self.held_key] = ("on", "floor#1")  # set down or dropped: it rests on the floor
            self.held_key = None
            return None
        if prim == "fall_to_floor":
            if self.place.get(k[0], ("", ""))[1] != k[1]:
                return f"{k[0]} is not on {k[1]}"
            self.place.pop(k[0])
            self.moved.add(k[0])
            return None
        if prim == "wipe":  # as the primitive: an empty hand picks the wiping tool up first and keeps it
            if self.held_key is None:
                err = self._apply("pick", k[:1])
                if err:
                    return err
            elif self.held_key != k[0]:
                return f"you are holding {self.held_key}, not {k[0]}"
            if "sweeping_tool" in self.affordances.get(k[0], set()):
                return self._sweep(k[1])
            self.soiled -= {(k[1], kind) for kind in SOIL_KINDS if self.kind.get(k[0]) in CLEANED_BY[kind]}
            return None
        if prim in ("sit", "standup"):
            self.sitting = k[0] if prim == "sit" else None
            return None
        if prim in ("open_door", "close_door"):
            prim = "open" if prim == "open_door" else "close"
        if prim in ("open", "close"):
            if k[0] not in self.openable:
                return f"{k[0]} does not open"
            (self.open.add if prim == "open" else self.open.discard)(k[0])
            return None
        if prim in ("turn_on", "turn_off"):
            if k[0] not in self.powered:
                return f"{k[0]} has no switch"
            if prim == "turn_on" and k[0] in self.openable and k[0] in self.open:
                return f"{k[0]} must be closed to run"
            (self.running.add if prim == "turn_on" else self.running.discard)(k[0])
            return None
        if prim == "cut":
            if self.held_key != k[1] or "cutting_tool" not in self.affordances.get(k[1], set()):
                return f"hold a cutting tool to cut {k[0]}"
            if "cuttable" not in self.affordances.get(k[0], set()):
                return f"{k[0]} cannot be cut"
            self.cut.add(k[0])
            return None
        if prim == "pour":  # (target, source): the held source's contents join the target's record
            if self.held_key != k[1] or "pour_source" not in self.affordances.get(k[1], set()):
                return f"hold something to pour from to pour into {k[0]}"
            if not ({"pour_target", "container", "cookable"} & self.affordances.get(k[0], set())):
                return f"you cannot pour into {k[0]}"
            if k[0] in self.openable and k[0] not in self.open:
                return f"{k[0]} is closed"
            got = self.contents.pop(k[1], None)
            if got:
                self.received[k[0]] = self.received.get(k[0], []) + [got]
            return None
        if prim == "cook":
            aff = self.affordances.get(k[0], set())
            if "cookable" not in aff and not ("container" in aff and self.received.get(k[0])):
                return f"{k[0]} cannot be cooked"
            if not self._heated(k[0]):
                return f"{k[0]} is not on or in a running heat source"
            self.cooked.add(k[0])
            return None
        return f"{prim} is not modelled in the dry run"


    def _fire_events(self) -> None:
        """Fire the scripted events whose condition now holds (soil, cut and cooked patches)."""
        rel = self.relations()
        for ev in self.events:
            if ev.fired or not ev.holds(rel):
                continue
            ev.fired = True
            for key, patch in ev.patches:
                self.soiled |= {(key, kind) for kind in (patch.get("soil") or {})}
                for field, into in (("cut", self.cut), ("cooked", self.cooked)):
                    if patch.get(field):
                        into.add(key)


def dry_validate(tp: Any):
    """Static checks and the five controls of a TaskPack on the relation-level world; a ValidationReport."""
    from interactiveworld.bench.validate import ValidationReport, run_controls, static_checks

    rep = ValidationReport(tp.id)
    static_checks(tp, RelationWorld(), rep)
    run_controls(tp, RelationWorld, rep)
    return rep


def main(argv: list[str] | None = None) -> int:
    from interactiveworld.bench.taskpack import load_taskpack, select_taskpacks

    args = sys.argv[1:] if argv is None else argv
    bad = 0
    paths = select_taskpacks(args or None)
    for p in paths:
        rep = dry_validate(load_taskpack(p))
        print(f"{'ok  ' if rep.ok else 'FAIL'} {rep.task_id}")
        for c in rep.checks:
            if not c.ok:
                print(f"    [ ] {c.name}: {c.detail}")
        bad += not rep.ok
    print(f"{len(paths) - bad}/{len(paths)} TaskPack(s) consistent at the relation level")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
