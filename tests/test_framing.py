"""What the Human's frames show (DESIGN.md "Frames"): the result frame of an object-directed command shows the
entity acted on near the centre of view, walking looks ahead along the route, and no sampled frame is a bare
wall or the wearer's own body. Owners are counted from the renderer's per-pixel owner map, with the anonymous
architecture split here into "wall" (vertical faces) and "floor" (horizontal faces). Also the free-spot search
of automatic placement (world/placement.py ``find_spot``) over a whole shelf region."""
from __future__ import annotations

import math

import numpy as np
import pytest

from interactiveworld.env import NEAR_CLIP, Environment
from interactiveworld.render import Renderer, sample_interval
from interactiveworld.world import Scene, SceneBuilder
from interactiveworld.world.layouts.examples import kitchen
from interactiveworld.world.geometry import VisualMesh
from interactiveworld.world.motion import LOOK_HOLD, RESULT
from interactiveworld.world.physics import PACKING_SEPARATION
from interactiveworld.world.placement import PlacementError, find_spot

W, H = 160, 120
FILLED = 0.90
"""A frame at least this much one wall, the floor or the body shows nothing of use."""
TARGET_MIN_PIXELS = 40
"""The result frame's target covers at least this many pixels (0.2% of a 160 x 120 frame; a pen-sized thermometer held at arm's length covers about 50)."""
CENTRE_BOX = 0.5
"""The target's pixels must reach into the central box of this fraction of the width and height."""
NO_TARGET = frozenset({"forward", "turn", "look_around", "look_scan", "wait", "confirm", "standup", "squat",
                       "answer_phone", "look_at"})
"""Primitives without an acted-on entity to show (LookAt has its own look-hold view)."""


def _split_architecture(meshes: list[VisualMesh]) -> list[VisualMesh]:
    """Anonymous architecture meshes split into owners "wall" (faces within 60 deg of vertical), "floor" and
    "ceiling" (horizontal faces above 1.9 m)."""
    out = []
    for m in meshes:
        if m.owner:
            out.append(m)
            continue
        tri = m.vertices[m.faces].astype(np.float64)
        n = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
        vertical = np.abs(n[:, 2]) < 0.5 * np.linalg.norm(n, axis=1)
        high = tri[:, :, 2].min(axis=1) > 1.9     # the ceiling and its lamps (world/lighting.py)
        for owner, mask in (("wall", vertical), ("floor", ~vertical & ~high), ("ceiling", ~vertical & high)):
            if mask.any():
                out.append(VisualMesh(m.vertices, m.faces[mask], m.face_colors[mask], owner=owner))
    return out


class FrameCheck:
    """Owner maps of an Environment's sampled frames, with walls and floors named."""

    def __init__(self, env: Environment) -> None:
        self.env = env
        self.renderer = Renderer(engine="embree", width=W, height=H, near=NEAR_CLIP)
        self.renderer.set_static(_split_architecture(env.scene.static_visual_meshes()))

    def owner_map(self, kf, targets=()) -> tuple[np.ndarray, list[str]]:
        camera, dynamic = self.env.keyframe_view(kf, targets)
        ids = self.renderer.render_ids(camera, dynamic)
        return ids, self.renderer.owners

    def fractions(self, kf, targets=()) -> dict[str, float]:
        ids, owners = self.owner_map(kf, targets)
        counts = np.bincount(ids[ids >= 0].ravel(), minlength=len(owners))
        return {owners[i]: counts[i] / ids.size for i in np.nonzero(counts)[0]}

    def centred_pixels(self, kf, key: str) -> tuple[int, int]:
        """(pixels of ``key`` in the frame, pixels of ``key`` in the central box)."""
        ids, owners = self.owner_map(kf)
        if key not in owners:
            return 0, 0
        mask = ids == owners.index(key)
        h0, h1 = int(H * (1 - CENTRE_BOX) / 2), int(H * (1 + CENTRE_BOX) / 2)
        w0, w1 = int(W * (1 - CENTRE_BOX) / 2), int(W * (1 + CENTRE_BOX) / 2)
        return int(mask.sum()), int(mask[h0:h1, w0:w1].sum())


def _check_command(fc: FrameCheck, out, shown: str | None) -> list[str]:
    """Problems with one command's sampled frames: a frame filled by a wall, the floor or the body; a result
    frame without ``shown`` (when given) in view and reaching the centre of the view."""
    problems = []
    idx = sample_interval(out.interval, fc.env.frames_per_command)
    for i in idx:
        kf = out.interval.keyframes[i]
        if LOOK_HOLD in kf.tags:
            continue  # the inspection view of a label
        frac = fc.fractions(kf)
        full = [o for o in ("wall", "floor", "ceiling", "body") if frac.get(o, 0.0) >= FILLED]
        if full:
            problems.append(f"{out.command}: frame {i} is {frac[full[0]]:.0%} {full[0]}")
    result = out.interval.keyframes[idx[-1]]
    assert RESULT in result.tags
    if shown is not None:
        total, centre = fc.centred_pixels(result, shown)
        if total < TARGET_MIN_PIXELS or centre == 0:
            problems.append(f"{out.command}: result frame shows {shown} with {total} px ({centre} central)")
    return problems


# ----------------------------------------------------------------------------------------------- kitchen episode
@pytest.fixture(scope="module")
def kitchen_episode():
    env = Environment(width=W, height=H)
    env.reset(kitchen())
    fc = FrameCheck(env)
    steps = [("[Walk] <fridge> (1)", "fridge#1"), ("[Open] <fridge> (1)", "fridge#1"),
             ("[Grab] <milk_carton> (1)", "milk_carton#1"), ("[PutIn] <milk_carton> (1) <fridge> (1)", "fridge#1"),
             ("[Close] <fridge> (1)", "fridge#1"), ("[Walk] <table> (1)", "table#1"),
             ("[TurnAround]", None)]
    problems = []
    outs = []
    for command, shown in steps:
        out = env.execute(command)
        assert out.ok, f"{command}: {out.error}"
        assert len(out.frames) == len(sample_interval(out.interval, env.frames_per_command))
        problems += _check_command(fc, out, shown)
        outs.append(out)
    return env, fc, outs, problems


def test_kitchen_frames_show_the_target_and_no_bare_wall(kitchen_episode):
    _, _, _, problems = kitchen_episode
    assert not problems, "\n".join(problems)


def test_result_gaze_is_on_the_acted_on_entity(kitchen_episode):
    env, _, outs, _ = kitchen_episode
    fridge = env.scene.entities["fridge#1"].center_of_mass()
    for out in (outs[1], outs[4]):  # Open and Close: the fixture's box centre
        np.testing.assert_allclose(out.interval.keyframes[-1].gaze_target, fridge, atol=1e-9)
    # the camera looks at it: the view direction is within 2 deg of the eye-to-fridge direction
    cam, _ = env.keyframe_view(outs[4].interval.keyframes[-1])
    want = (fridge - cam.eye) / np.linalg.norm(fridge - cam.eye)
    fwd = cam.forward / np.linalg.norm(cam.forward)
    assert math.degrees(math.acos(np.clip(fwd @ want, -1, 1))) < 2.0


def test_walking_looks_ahead_along_the_route(kitchen_episode):
    """Walking to the table: every frame's gaze lies ahead of the body (within 75 deg of the direction to the
    next body positions, or at the table), pitched below the eye."""
    env, _, outs, _ = kitchen_episode
    kfs = outs[5].interval.keyframes
    root = np.array([k.body_translation[:2] for k in kfs])
    table = env.scene.entities["table#1"].center_of_mass()
    eye_z = env.executor.motion.eye()[0][2]
    moving = 0
    for i, k in enumerate(kfs[:-1]):
        g = k.gaze_target
        assert g is not None
        assert g[2] < eye_z  # looks down at a natural pitch, not into the horizon
        ahead = root[min(i + 6, len(root) - 1)] - root[i]
        if np.linalg.norm(ahead) < 0.2 or np.allclose(g, table):
            continue
        moving += 1
        to_gaze = g[:2] - root[i]
        cos = ahead @ to_gaze / (np.linalg.norm(ahead) * np.linalg.norm(to_gaze))
        assert cos > math.cos(math.radians(75.0)), f"frame {i} looks {math.degrees(math.acos(cos)):.0f} deg aside"
    assert moving >= 5


def test_in_place_turn_looks_along_the_new_heading(kitchen_episode):
    env, _, outs, _ = kitchen_episode
    kfs = outs[6].interval.keyframes  # [TurnAround]
    yaw = env.scene.human.yaw
    xy = env.scene.human.xy
    for k in kfs[:-1]:
        d = k.gaze_target[:2] - xy
        assert abs((math.atan2(d[1], d[0]) - yaw + math.pi) % (2 * math.pi) - math.pi) < 1e-6


# ----------------------------------------------------------------------------------------------- built-in TaskPacks
@pytest.mark.parametrize("tid", ["decision-05", "finding-10", "finding-15"])
def test_taskpack_oracle_result_frames_show_the_target(tid):
    """Opening and oracle commands of a built-in TaskPack: object-directed result frames show their target (for
    a put, the object or the destination), and no sampled frame is a bare wall or the body."""
    from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack
    tp = load_taskpack(builtin_taskpacks()[tid])
    env = Environment(width=W, height=H)
    env.reset(tp.reset_scene())
    fc = FrameCheck(env)
    commands = list(tp.opening.commands) + [c for s in tp.oracle.steps for c in s.commands]
    problems = []
    checked = 0
    for command in commands:
        out = env.execute(command)
        assert out.ok, f"{command}: {out.error}"
        keys = [t for t in env.executor.last_targets if t in env.scene.entities]
        shown = None if out.primitive in NO_TARGET or not keys else keys[-1 if out.primitive == "pour" else 0]
        found = _check_command(fc, out, shown)
        if found and out.primitive in ("place", "place_inside") and len(keys) > 1:
            found = [p for p in found if "result frame" not in p] + \
                [p for p in _check_command(fc, out, keys[1]) if "result frame" in p]
        problems += found
        checked += shown is not None
    assert checked >= 3
    assert not problems, "\n".join(problems)


# ----------------------------------------------------------------------------------------------- free spots
def _cabinet_scene() -> Scene:
    b = SceneBuilder("office")
    b.add_room("office", (0, 0, 4, 4))
    b.add_fixture("cabinet", name="file_cabinet", at=(0.35, 1.1), yaw=0.0,
                  params={"width": 0.7, "height": 1.1, "shelves": 2})
    b.set_human((2.0, 2.0), yaw=math.pi)
    return Scene.from_dict(b.build())


A5 = {"size": (0.15, 0.21, 0.003)}


def _a5_pair(spots) -> Scene:
    b = SceneBuilder("office")
    b.add_room("office", (0, 0, 4, 4))
    b.add_fixture("cabinet", name="file_cabinet", at=(0.35, 1.1), yaw=0.0,
                  params={"width": 0.7, "height": 1.1, "shelves": 2})
    for name, spot in zip(("equipment_form", "food_form"), spots):
        b.add_object("document", name=name, on="file_cabinet#1", region="shelf_2", params=A5, spot=spot)
    b.set_human((2.0, 2.0), yaw=math.pi)
    return Scene.from_dict(b.build())


def _separated(a, b, gap: float) -> bool:
    """Two yaw-aligned boxes (world bounds corners (8, 3)) at least ``gap`` apart along x or y."""
    alo, ahi = a.min(axis=0), a.max(axis=0)
    blo, bhi = b.min(axis=0), b.max(axis=0)
    return bool(max(blo[0] - ahi[0], alo[0] - bhi[0], blo[1] - ahi[1], alo[1] - bhi[1]) >= gap - 1e-6)


@pytest.mark.parametrize("spots", [(None, None), ((-0.5, 0.5), (0.5, 0.5))])
def test_two_a5_forms_fit_one_shelf_of_a_narrow_cabinet(spots):
    s = _a5_pair(spots)
    a, b = s.entity("equipment_form#1"), s.entity("food_form#1")
    ca, cb = a.world_bounds_corners(), b.world_bounds_corners()
    assert _separated(ca, cb, PACKING_SEPARATION)
    surf, t = next((x, t) for x, t in s.surfaces("file_cabinet#1") if x.name == "shelf_2")
    for c in (ca, cb):  # inside the shelf's footprint
        local = (c - t[:3, 3]) @ t[:3, :3]
        assert np.all(np.abs(local[:, :2]) <= surf.half_xy + 1e-6)
    if spots[0] is None:
        # the first form goes to the default spot: centred, half-way between the shelf centre and the front
        # limit of its centre (0.24 - 0.075 m ahead of the centre): 0.0825 m in front of the shelf centre
        ctr = (a.center_of_mass() - t[:3, 3]) @ t[:3, :3]
        np.testing.assert_allclose(ctr[:2], [0.5 * (surf.half_xy[0] - 0.075), 0.0], atol=1e-6)


def test_free_spot_search_covers_the_region():
    """Hand-worked: the shelf_2 region of a 0.7 m cabinet is 0.48 m deep and 0.66 m wide; an A5 form lies
    0.15 m deep and 0.21 m wide. With a form at the region centre a second cannot fit (in depth its centre
    would need |x| >= 0.15 + 0.02 = 0.17 m but may go to 0.24 - 0.075 = 0.165 m; beside it |y| >= 0.23 m against
    0.33 - 0.105 = 0.225 m). With the first at the front-centre default, the second fits behind it, at a
    region edge or anywhere in between, found by the grid over the whole region."""
    from interactiveworld.world import build_asset
    from interactiveworld.world.placement import place_object
    from interactiveworld.world.scene import yaw_pose
    from interactiveworld.world.scene import Entity

    for first_spot, fits in (((0.0, 0.5), False), (None, True)):
        s = _cabinet_scene()
        keys = []
        for n in (1, 2):
            e = Entity("document", n, "document", {}, build_asset("document", A5), yaw_pose(0, 0, 5, 0))
            s.entities[e.key] = e
            keys.append(e.key)
        surf, t = next((x, t) for x, t in s.surfaces("file_cabinet#1") if x.name == "shelf_2")
        np.testing.assert_allclose(surf.half_xy, [0.24, 0.33], atol=1e-9)
        place_object(s, keys[0], "file_cabinet#1", "shelf_2", spot=first_spot)
        if not fits:
            with pytest.raises(PlacementError, match="no free spot"):
                find_spot(s, keys[1], "file_cabinet#1", "shelf_2")
            continue
        s.entities[keys[1]].pose = find_spot(s, keys[1], "file_cabinet#1", "shelf_2")
        a, b = (s.entities[k].world_bounds_corners() for k in keys)
        assert _separated(a, b, PACKING_SEPARATION)
        local = (s.entities[keys[1]].center_of_mass() - t[:3, 3]) @ t[:3, :3]
        assert local[0] < 0  # behind the first one
