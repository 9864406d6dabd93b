"""The Environment facade: one object the benchmark loop drives (implements
:class:`~interactiveworld.env_types.EnvironmentLike`).

One command per :meth:`Environment.execute` call, in the five stages of paper appendix B.3.2 ("Command
execution and verification"): parse and ground (recording strict vs repaired), compile into typed goals with
implicit navigation, execute on the kinematic world, settle and read back relations, verify the postcondition
and render the command's frame interval (4 frames per command, always the result frame and any look-hold
frame; DESIGN.md "Frames"). With ``render=False`` the world evolves identically and no pixels are produced.
"""
from __future__ import annotations

import hashlib
import json
import math
import time
from typing import Any

import numpy as np

from .actions.executor import Executor
from .actions.levels import support_note
from .actions.offscreen import offscreen_move
from .body import head_camera, load_body_model
from .env_types import Handle, Relation, StepOutcome
from .errors import ErrorCode, PrimitiveError
from .language import ParseError, compile_text, is_offscreen, parse_offscreen, split_commands
from .render import Camera, Renderer, sample_interval
from .render.visibility import OcclusionScene, reached_fractions, samples_by_owner, visible_entities
from .world.motion import RESULT, Keyframe
from .world.scene import Scene

__all__ = ["Environment"]

FOV_Y_DEG = 60.0
"""Vertical field of view of the head camera [deg] (frames and visibility)."""
MAX_GAZE_TURN_DEG = 70.0
"""The gaze turns the view at most this far [deg] from the head's forward direction (neck and eyes)."""
MIN_GAZE_DISTANCE = 0.18
"""A gaze target nearer than this [m] to the eye (the hand at the face in a deep lean) keeps the head's view; a
label brought up to read small print (20 cm and more) is still followed by the eyes."""
NEAR_CLIP = 0.12
"""Near clipping distance [m] of the head camera: the eye sits inside the head mesh."""
REACH_M = 1.5
"""What the wearer can touch or bring up to read without walking: surface points within this distance [m] of
the eye (arm length of about 0.75 m from a shoulder some 0.25 m below and beside the eye, plus the forward lean
of the posture ladder, paper appendix B.2.2). Used for handles a family lets the Human use within reach (LookAt
reads labels within the same distance: ``actions.primitives.perception.LOOK_REACH_M``)."""


class Environment:
    """The kinematic InteractiveWorld behind one episode.

    Args:
        render: produce egocentric frames (Embree/Warp ray casting); False gives identical world results.
        width, height: frame size [px].
        frames_per_command: frames sampled per command interval (paper: 4).
        engine: renderer engine (``"auto"``, ``"embree"``, ``"warp"``).
        body_model: SMPL+H model files (a ``SMPLH_NEUTRAL.npz`` or a folder holding one) for the body that acts
            and is drawn, loaded by :func:`~interactiveworld.body.load_body_model`; None: the built-in body.
    Raises:
        BodyModelError: ``body_model`` cannot be loaded (the message says why).
    """

    def __init__(self, *, render: bool = True, width: int = 640, height: int = 480, frames_per_command: int = 4,
                 engine: str = "auto", body_model: str | None = None) -> None:
        if frames_per_command < 1:
            raise ValueError(f"frames_per_command must be >= 1, got {frames_per_command}")
        self.body = None if body_model is None else load_body_model(body_model)
        self.render_enabled = bool(render)
        self.width, self.height = int(width), int(height)
        self.frames_per_command = int(frames_per_command)
        self.engine = engine
        self.scene: Scene | None = None
        self.executor: Executor | None = None
        self._renderer = None
        self._baseline_poses: dict[str, np.ndarray] | None = None
        self.baseline_relations: frozenset[Relation] = frozenset()
        self.seed = 0
        self._visible_cache: set[str] | None = None  # entities in view; dropped whenever the world changes
        self._reachable_cache: set[str] | None = None
        self._occlusion = None        # render.visibility.OcclusionScene of this scene's static geometry
        self._static_samples: dict[str, np.ndarray] = {}
        self._opening = False  # offscreen events allowed: from reset until the handoff baseline is taken

    # ------------------------------------------------------------------ lifecycle
    def reset(self, scene: dict[str, Any], *, seed: int = 0) -> None:
        """Build the world from a serialised scene (``interactiveworld.scene/1``) and stand the human at its
        start pose. The baseline is the reset state until :meth:`mark_baseline` is called."""
        self.seed = int(seed)
        self.scene = Scene.from_dict(scene)
        self.executor = Executor(self.scene, body=self.body)
        self.executor.motion.reset_body()
        self._renderer = None
        self._occlusion = None
        self._static_samples = {}
        self._forget_views()
        self.mark_baseline()
        self._opening = True

    def _need(self) -> Scene:
        if self.scene is None:
            raise RuntimeError("Environment.reset(scene) must be called first")
        return self.scene

    def mark_baseline(self) -> None:
        """Record the current poses (for ``unmoved``) and relation set (the handoff baseline). From then on
        offscreen events (:mod:`interactiveworld.actions.offscreen`) are refused: they belong to the opening."""
        scene = self._need()
        self._opening = False
        self._baseline_poses = {k: e.pose.copy() for k, e in scene.entities.items()}
        self.executor.baseline = self._baseline_poses
        self.baseline_relations = self.relations()

    # ------------------------------------------------------------------ commands
    def split_commands(self, action_block: str) -> list[str] | PrimitiveError:
        """Split an action block into command lines (newlines or ", ", bracket-aware)."""
        try:
            return split_commands(action_block)
        except ParseError as exc:
            return PrimitiveError(ErrorCode.PARSE_ERROR, exc.message, {"token": exc.token})

    def _entities(self) -> list[Handle]:
        scene = self._need()
        return [Handle(e.name, e.index, e.category, True, e.description) for e in scene.entities.values()]

    def execute(self, command: str) -> StepOutcome:
        """Parse, compile, execute, settle, read back, verify and (unless rendering is off) render one command.
        An offscreen event line of a TaskPack opening (``[Offscreen] <object> (i) <support> (j)``) is carried
        out by :meth:`_offscreen` instead."""
        scene = self._need()
        if is_offscreen(command):
            return self._offscreen(command)
        t0 = time.perf_counter()
        compiled = compile_text(command, self._entities(),
                                last_navigation_target=self.executor.last_navigation_target,
                                held=scene.human.held)
        t1 = time.perf_counter()
        if isinstance(compiled, PrimitiveError):
            return StepOutcome(command=command, ok=False, error=compiled, primitive=None,
                               timing={"parse": t1 - t0, "execute": 0.0, "settle": 0.0, "render": 0.0})
        result = self.executor.execute(compiled)
        self._forget_views()
        timing = {"parse": t1 - t0, **result.timing, "render": 0.0}
        out = StepOutcome(command=command, ok=result.ok, error=result.error, primitive=compiled.spec.name,
                          repaired=compiled.repaired, relation_delta=result.relation_delta,
                          interval=result.interval)
        if result.ok and self.render_enabled and result.interval is not None:
            t2 = time.perf_counter()
            idx = sample_interval(result.interval, self.frames_per_command)
            shown = False  # a scripted event this command fired shows from the result frame on
            for i in idx:
                kf = result.interval.keyframes[i]
                shown = shown or RESULT in kf.tags
                if result.pre_event_states and not shown:
                    out.frames.append(self._render_with_states(kf, compiled, result.pre_event_states))
                else:
                    out.frames.append(self._render_keyframe(kf, compiled))
                out.frame_tags.append(kf.tags)
            timing["render"] = time.perf_counter() - t2
        out.timing = timing
        return out

    def _offscreen(self, command: str) -> StepOutcome:
        """Another person moves an object out of the wearer's view (:mod:`interactiveworld.actions.offscreen`):
        refused after the handoff baseline, when malformed, or when any of it is in view; no frames."""
        if not self._opening:
            err = PrimitiveError(ErrorCode.PRECONDITION_FAILED, "An offscreen event belongs to a TaskPack's "
                                 "opening; it cannot happen after the handoff.", {})
            return StepOutcome(command=command, ok=False, error=err, primitive=None)
        try:
            move = parse_offscreen(command)
        except ValueError as exc:
            return StepOutcome(command=command, ok=False,
                               error=PrimitiveError(ErrorCode.PARSE_ERROR, str(exc), {}), primitive=None)

        def in_view() -> set[str]:
            return self._visible_from(self._camera(), self._dynamic())

        result = self.executor.apply_event(lambda ex: offscreen_move(ex, move.obj, move.support, move.spot, in_view))
        self._forget_views()
        return StepOutcome(command=command, ok=result.ok, error=result.error, primitive="offscreen",
                           relation_delta=result.relation_delta, interval=None,
                           timing={"parse": 0.0, **result.timing, "render": 0.0})

    # ------------------------------------------------------------------ queries
    def relations(self) -> frozenset[Relation]:
        """All ground predicates true in the settled world now (``unmoved`` against the baseline)."""
        self._need()
        return self.executor.relations()

    def held(self) -> str | None:
        return self._need().human.held

    def handles(self, *, visible_only: bool = False) -> list[Handle]:
        """Actionable entities; ``visible`` marks those in the current view or held (:meth:`visible_keys`),
        ``reachable`` those within reach (:meth:`reachable_keys`)."""
        scene = self._need()
        visible = self._visible_now()
        reach = self._reachable_now()
        held = {scene.human.held, *_uncovered(scene, scene.human.carried)} - {None}
        out = []
        for e in scene.entities.values():
            vis = e.key in visible or e.key in held
            if visible_only and not vis:
                continue
            out.append(Handle(e.name, e.index, e.category, vis, e.description,
                              reachable=e.key in reach or e.key in held))
        return out

    def support_notes(self) -> dict[str, str]:
        """Entity key -> what its legend entry adds for placing things (:func:`~.actions.levels.support_note`): the
        named levels of a shelf unit, cabinet or fridge and the @place_spot frame; only supports are listed."""
        scene = self._need()
        out = {}
        for e in scene.entities.values():
            if e.movable or not (e.model.surfaces or e.model.regions):
                continue
            closed = bool(e.model.joints and e.model.regions) and e.opening < 0.5
            note = support_note(e.model, closed=closed)
            if note:
                out[e.key] = note
        return out

    def visible_keys(self) -> set[str]:
        """Keys of the entities in the wearer's view now (:mod:`interactiveworld.render.visibility`): the same
        set whether frames are rendered or not."""
        return self._visible_now()

    def reachable_keys(self) -> set[str]:
        """Keys of the entities with a surface point within :data:`REACH_M` of the eye and an unobstructed ray
        to it (in any direction: what the wearer could touch without walking; the body itself is no obstacle)."""
        return self._reachable_now()

    def state_digest(self) -> str:
        """SHA-256 of poses (rounded to 0.1 mm / 1e-4), articulations, states, attachments, the human and, when the
        scene declares scripted events, which of them have fired."""
        scene = self._need()
        h = scene.human
        data = {
            "entities": {k: {"pose": np.round(e.pose[:3, :4], 4).tolist(), "state": e.state}
                         for k, e in sorted(scene.entities.items())},
            "attachments": scene.attachments,
            "human": {"xy": np.round(h.xy, 4).tolist(), "yaw": round(h.yaw, 4), "posture": h.posture,
                      "sitting": h.sitting, "held": h.held, "phone_at_ear": h.phone_at_ear},
        }
        if scene.events:  # only when declared, so the digests of scenes without events are unchanged
            data["events_fired"] = [e.id for e in scene.events if e.fired]
        blob = json.dumps(data, sort_keys=True, default=_json_default).replace("-0.0,", "0.0,")
        return hashlib.sha256(blob.encode()).hexdigest()

    # ------------------------------------------------------------------ rendering
    def _camera(self, kf: Keyframe | None = None):
        h = self._need().human
        pose = h.body_pose if kf is None else kf.body_pose
        trans = h.body_translation if kf is None else kf.body_translation
        eye, fwd, up = head_camera(self.executor.motion.model, pose, trans)
        gaze = self._need().human.gaze if kf is None else kf.gaze_target
        if gaze is not None and np.linalg.norm(gaze - eye) > MIN_GAZE_DISTANCE:
            fwd = _turn_towards(fwd, (gaze - eye) / np.linalg.norm(gaze - eye), math.radians(MAX_GAZE_TURN_DEG))
            up = np.array([0.0, 0.0, 1.0]) if abs(fwd[2]) < 0.99 else up
        return Camera(eye=eye, forward=fwd, up=up, fov_y_deg=FOV_Y_DEG, width=self.width, height=self.height)

    def _renderer_ready(self):
        if self._renderer is None:
            self._renderer = Renderer(engine=self.engine, width=self.width, height=self.height, near=NEAR_CLIP)
            self._renderer.set_static(self._need().static_visual_meshes(), lights=self._need().lights())
        return self._renderer

    def _dynamic(self, kf: Keyframe | None = None) -> list:
        scene = self._need()
        h = scene.human
        if kf is None:
            meshes = scene.dynamic_visual_meshes()
            pose, trans = h.body_pose, h.body_translation
        else:
            meshes = scene.dynamic_visual_meshes(object_poses=kf.object_poses, articulation=kf.articulation)
            pose, trans = kf.body_pose, kf.body_translation
        meshes.append(self.executor.motion.model.visual_mesh(pose, trans))
        return meshes

    def keyframe_view(self, kf: Keyframe, targets=()) -> tuple[Any, list]:
        """The head camera and the per-frame meshes (moving objects, articulated fixtures, the body) of keyframe
        ``kf`` of the last command. Every frame, a LookAt's look-hold frame included, is seen from the wearer's eye:
        LookAt brings a label up in the hand or steps to where it is legible
        (:func:`interactiveworld.actions.primitives.perception.look_at`). ``targets`` (the command's entity keys)
        is kept for callers that pass it. Returns (Camera, list[VisualMesh])."""
        return self._camera(kf), self._dynamic(kf)

    def _render_keyframe(self, kf: Keyframe, compiled=None) -> np.ndarray:
        targets = list(compiled.targets) if compiled is not None and compiled.targets else []
        camera, dynamic = self.keyframe_view(kf, targets)
        return self._renderer_ready().render(camera, dynamic=dynamic)

    def _render_with_states(self, kf: Keyframe, compiled, states: dict[str, dict[str, Any]]) -> np.ndarray:
        """Render ``kf`` with the entity states ``states`` (key -> state) in place of the current ones."""
        scene = self._need()
        now = {k: scene.entities[k].state for k in states}
        try:
            for k, st in states.items():
                scene.entities[k].state = st
            return self._render_keyframe(kf, compiled)
        finally:
            for k, st in now.items():
                scene.entities[k].state = st

    def render_view(self) -> np.ndarray:
        """The current egocentric frame, (H, W, 3) uint8 (rendering must be on)."""
        if not self.render_enabled:
            raise RuntimeError("render_view: this Environment was made with render=False")
        return self._renderer_ready().render(self._camera(), dynamic=self._dynamic())

    def _forget_views(self) -> None:
        self._visible_cache = None
        self._reachable_cache = None

    def _occlusion_ready(self):
        """The scene's static geometry as an Embree scene for visibility rays, with the static entities'
        surface samples (built once per scene, in both modes)."""
        if self._occlusion is None:
            static = self._need().static_visual_meshes()
            self._occlusion = OcclusionScene()
            self._occlusion.set_static(static)
            self._static_samples = samples_by_owner(static, set(self._need().entities))
        return self._occlusion

    def _samples(self, dynamic: list) -> dict[str, np.ndarray]:
        self._occlusion_ready()
        return {**self._static_samples, **samples_by_owner(dynamic, set(self._need().entities))}

    def _visible_from(self, camera, dynamic: list) -> set[str]:
        """Entities visible from ``camera`` with the moving geometry ``dynamic`` (one definition for rendered
        and state-only runs: :func:`interactiveworld.render.visibility.visible_entities`)."""
        occ = self._occlusion_ready()
        return visible_entities(camera, self._samples(dynamic), occ, dynamic, near=NEAR_CLIP)

    def _visible_now(self) -> set[str]:
        """Entities in the current view (cached until the next command)."""
        self._need()
        if self._visible_cache is None:
            self._visible_cache = self._visible_from(self._camera(), self._dynamic())
        return set(self._visible_cache)

    def _reachable_now(self) -> set[str]:
        """Entities within reach now (cached until the next command)."""
        if self._reachable_cache is None:
            scene = self._need()
            occ = self._occlusion_ready()
            objects = scene.dynamic_visual_meshes()   # the body is no obstacle to its own hands
            eye = self._camera().eye
            fr = reached_fractions(eye, self._samples(objects), occ, objects, max_distance=REACH_M, near=0.0)
            self._reachable_cache = {k for k, f in fr.items() if f > 0.0}
        return set(self._reachable_cache)


def _turn_towards(a: np.ndarray, b: np.ndarray, max_angle: float) -> np.ndarray:
    """Unit vector ``b``, or ``a`` rotated towards ``b`` by ``max_angle`` [rad] when they are further apart."""
    a = a / np.linalg.norm(a)
    cos = float(np.clip(np.dot(a, b), -1.0, 1.0))
    ang = math.acos(cos)
    if ang <= max_angle:
        return b
    perp = b - cos * a
    n = np.linalg.norm(perp)
    if n < 1e-9:
        return a
    return math.cos(max_angle) * a + math.sin(max_angle) * perp / n


def _json_default(o: Any) -> Any:
    if isinstance(o, np.ndarray):
        return o.tolist()
    if isinstance(o, (np.floating, np.integer)):
        return o.item()
    raise TypeError(type(o))


def _uncovered(scene: Scene, carried) -> set[str]:
    """What the hand carries along with the held object that counts as held: all of it, except what a lid carried
    along covers (the contents of a lidded box in the hand stay unseen until the lid is off)."""
    lids = {k for k in carried if "lid" in scene.entities[k].affordances}
    return lids if lids else set(carried)
