"""LookAt from the wearer's own eye (DESIGN.md "Visibility"; paper Table 5, LookAt brings or turns the object to a
readable view): a labelled object within reach is brought up in the hand to about 38 cm from the eyes (small print
nearer) and put back
where it was; the wearer steps to where a fixed label (a board) is read whole; a far label, or one behind a wall,
stays as the head camera sees it. Every frame is the head camera's (no synthetic close-up). Checked on decision-05
and decision-09 with the frame audit's entity-id buffer."""
from __future__ import annotations

import numpy as np
import pytest
from iw_catalog import params as catalog_params

from interactiveworld.actions.primitives.motion import (BOARD_CAP_MAX_DEG, MAX_VIEW_DISTANCE, VIEW_FOV_Y_DEG,
                                                        board_distance, view_distance)
from interactiveworld.actions.primitives.perception import (GAZE_FOLLOW_M, LEGIBLE_CAP_DEG, LOOK_REACH_M,
                                                            MAX_READ_DISTANCE_M, NEAR_READ_DISTANCE_M,
                                                            READ_DISTANCE_M, read_distance)
from interactiveworld.bench.families import command_targets
from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack
from interactiveworld.env import FOV_Y_DEG, MIN_GAZE_DISTANCE, NEAR_CLIP, REACH_M, Environment
from interactiveworld.render.audit import FrameAuditor
from interactiveworld.world.assets.printing import (label_cap_height_m, label_margin_px, label_texture_size,
                                                    make_label_texture)
from interactiveworld.world.motion import LOOK_HOLD

PACKS = builtin_taskpacks()
W, H = 160, 120


def _env(tid: str) -> Environment:
    env = Environment(render=False, width=W, height=H)
    env.reset(load_taskpack(PACKS[tid]).reset_scene())
    return env


def _look(env: Environment, key: str):
    """LookAt ``key``: (its look-hold keyframe, the head camera there, the audit of the look-hold frame)."""
    name, _, idx = key.partition("#")
    out = env.execute(f"[LookAt] <{name}> ({idx})")
    assert out.ok, out.message
    kf = next(k for k in out.interval.keyframes if LOOK_HOLD in k.tags)
    cam, dyn = env.keyframe_view(kf, [key])
    audit = FrameAuditor(env.scene.static_visual_meshes(), near=NEAR_CLIP).audit(cam, dyn)
    return kf, cam, audit


def test_the_constants_agree_with_the_environment():
    assert VIEW_FOV_Y_DEG == FOV_Y_DEG and LOOK_REACH_M == REACH_M and GAZE_FOLLOW_M == MIN_GAZE_DISTANCE
    assert NEAR_CLIP < GAZE_FOLLOW_M < NEAR_READ_DISTANCE_M < READ_DISTANCE_M <= 0.40 < MAX_READ_DISTANCE_M


def _ink_cap_m(text: str, width_m: float, height_m: float) -> float:
    """Cap height [m] measured on the printed texture: the rows with ink of a label that reads ``text`` (capitals
    without descenders), scaled by the label's metres per texture pixel."""
    w, h = label_texture_size(width_m, height_m)
    ink = (make_label_texture(text, size_px=(w, h), margin_px=label_margin_px((w, h))).min(axis=2) < 128).any(axis=1)
    rows = np.flatnonzero(ink)
    return float(rows[-1] - rows[0] + 1) * height_m / h


@pytest.mark.parametrize("text,w,h", [("CLEANSER", 0.049, 0.08), ("GRAINS", 0.736, 0.276), ("HI", 0.1, 0.05)])
def test_the_cap_height_is_the_printed_ink(text, w, h):
    # within 1.5 texture pixels, and round letters (G, S) overshoot the flat capitals' height by a few percent
    px = h / label_texture_size(w, h)[1]                    # metres per texture pixel
    ink = _ink_cap_m(text, w, h)
    assert ink / 1.05 - 1.5 * px <= label_cap_height_m(text, w, h) <= ink + 1.5 * px
    assert label_cap_height_m("  ", w, h) == 0.0
    with pytest.raises(ValueError, match="finite sizes"):
        label_cap_height_m(text, 0.0, h)


def test_small_print_is_brought_nearer_and_large_print_read_from_farther():
    t = np.tan(np.radians(LEGIBLE_CAP_DEG))
    # a bottle's "CLEANSER" (caps of about 5 mm) would need 13 cm: held at the near point
    assert _ink_cap_m("CLEANSER", 0.049, 0.08) / t < NEAR_READ_DISTANCE_M
    assert read_distance({"text": "CLEANSER", "width": 0.049, "height": 0.08}) == NEAR_READ_DISTANCE_M
    # "ICED" on a 5 x 10 cm label (caps of about 11 mm) subtends the legible angle at 28 cm
    cap = _ink_cap_m("ICED", 0.049, 0.096)
    assert read_distance({"text": "ICED", "width": 0.049, "height": 0.096}) == pytest.approx(cap / t, abs=0.01)
    # a large label with large print keeps the bent-arm distance that fits it in the view
    assert read_distance({"text": "A", "width": 0.6, "height": 0.6}) == MAX_READ_DISTANCE_M
    # an "EXIT" sign of aisle-sign size (capitals of about 12 cm): read from where they subtend BOARD_CAP_MAX_DEG,
    # some 1.1 m, not from the 0.6 m at which it would fill the view
    sign = {"text": "EXIT", "width": 0.736, "height": 0.276}
    assert board_distance(sign) == pytest.approx(_ink_cap_m("EXIT", 0.736, 0.276)
                                                 / np.tan(np.radians(BOARD_CAP_MAX_DEG)), abs=0.02)
    assert board_distance(sign) > view_distance(0.736, 0.276)
    assert board_distance({"text": "", "width": 0.736, "height": 0.276}) == view_distance(0.736, 0.276)
    assert board_distance({"text": "A", "width": 0.1, "height": 5.0}) == MAX_VIEW_DISTANCE


def test_view_distance_fits_a_board_in_the_frame():
    # a 1.0 x 0.5 m board: the width binds, 1.0 / (2 * 0.8 * tan(30 deg) * 4/3) = 0.812 m
    assert view_distance(1.0, 0.5) == pytest.approx(1.0 / (2 * 0.8 * np.tan(np.radians(30.0)) * 4 / 3), rel=1e-9)
    assert view_distance(0.05, 0.05) == 0.6          # never nearer than the stance minimum
    with pytest.raises(ValueError, match="finite sizes"):
        view_distance(float("nan"), 1.0)


def test_a_label_behind_a_wall_stays_where_it_is():
    env = _env("decision-05")                         # the wearer starts on the sales floor
    xy0 = env.scene.human.xy.copy()
    kf, cam, audit = _look(env, "price_board#1")
    assert np.allclose(env.scene.human.xy, xy0)      # too far to step to: no walk
    assert cam.near is None and audit.pixels.get("price_board#1", 0) == 0   # the wall is in the way


def test_walking_to_a_board_stops_where_it_is_read_whole():
    env = _env("decision-05")
    assert env.execute("[Walk] <price_board> (1)").ok
    kf, cam, audit = _look(env, "price_board#1")
    face = env.scene.label_faces("price_board#1")[0]
    dist = float(np.linalg.norm(face["center"] - cam.eye))
    assert 0.55 < dist < 1.2 and not audit.eye_near
    share = audit.pixels["price_board#1"] / (W * H)
    assert 0.3 < share < 0.95
    # the whole board is in the frame: its corners project inside the image
    corners = [face["center"] + sx * face["width"] / 2 * np.cross(face["up"], face["normal"])
               + sy * face["height"] / 2 * face["up"] for sx in (-1, 1) for sy in (-1, 1)]
    px = cam.project(np.array(corners))
    assert np.all((px[:, 0] > 0) & (px[:, 0] < W) & (px[:, 1] > 0) & (px[:, 1] < H))


def test_a_step_back_to_see_furniture_whole_is_walked_back():
    """The oven is framed from a step back (the look-hold keyframe stands elsewhere), and the wearer ends where
    they stood: looking moves no one (the property test's rule for perception)."""
    env = _env("prevention-06")
    assert env.execute("[Grab] <sponge> (1)").ok
    xy0, yaw0 = env.scene.human.xy.copy(), float(env.scene.human.yaw)
    out = env.execute("[LookAt] <oven> (1)")
    assert out.ok, out.message
    kf = next(k for k in out.interval.keyframes if LOOK_HOLD in k.tags)
    assert float(np.linalg.norm(kf.body_translation[:2] - xy0)) > 0.5      # it stepped back to see the oven whole
    assert np.allclose(env.scene.human.xy, xy0) and env.held() == "sponge#1"
    assert abs((env.scene.human.yaw - yaw0 + np.pi) % (2 * np.pi) - np.pi) < 1e-6


@pytest.mark.parametrize("key", ["milk_carton#3", "milk_carton#10"])
def test_a_carton_is_brought_up_to_the_eyes_and_put_back(key):
    env = _env("decision-05")
    env.execute("[LookAt] <display_table> (1)")
    pose0 = env.scene.entities[key].pose.copy()
    kf, cam, audit = _look(env, key)
    held = kf.object_poses[key]
    face = env.scene.label_faces(key)[0]
    centre = held[:3, :3] @ (np.linalg.inv(pose0)[:3, :3] @ (face["center"] - pose0[:3, 3])) + held[:3, 3]
    assert float(np.linalg.norm(centre - cam.eye)) == pytest.approx(read_distance(face), abs=0.05)
    col, row = cam.project(centre[None])[0]
    assert abs(col - W / 2) < W * 0.2 and abs(row - H / 2) < H * 0.25     # in the middle of the view
    # a 7 x 7 x 20 cm carton at 38 cm: about 12 % of the width by 45 % of the height
    assert audit.pixels[key] > 0.04 * W * H and audit.body_share < 0.35 and not audit.eye_near
    np.testing.assert_array_equal(env.scene.entities[key].pose, pose0)    # put back exactly
    assert env.scene.human.held is None


def test_a_held_label_is_brought_up_and_stays_in_the_hand():
    env = _env("decision-09")
    assert env.execute("[Grab] <pack> (1)").ok
    assert env.execute("[Walk] <coffee_table> (1)").ok
    kf, cam, audit = _look(env, "pack#1")
    assert env.scene.human.held == "pack#1"
    # a 12 cm pack at 28 cm (its "RAW TROUT" is small print) spans a quarter of the width
    assert audit.pixels["pack#1"] > 0.02 * W * H and not audit.eye_near
    face = env.scene.label_faces("pack#1")[0]
    rel = kf.object_poses["pack#1"] @ np.linalg.inv(env.scene.entities["pack#1"].pose)
    centre = rel[:3, :3] @ face["center"] + rel[:3, 3]
    dist = float(np.linalg.norm(centre - cam.eye))
    assert NEAR_READ_DISTANCE_M - 0.03 <= dist < READ_DISTANCE_M
    assert dist == pytest.approx(_ink_cap_m("RAW TROUT", face["width"], face["height"])
                                 / np.tan(np.radians(LEGIBLE_CAP_DEG)), abs=0.05)


@pytest.mark.parametrize("tid", catalog_params(PACKS))
def test_labels_read_upright_from_where_the_wearer_looks(tid):
    """Every label the opening looks at reads upright in its look-hold frame: its text-up points up the image."""
    tp = load_taskpack(PACKS[tid])
    env = Environment(render=False)
    env.reset(tp.reset_scene())
    for c in tp.opening.commands:
        out = env.execute(c)
        if not c.startswith("[LookAt]"):
            continue
        key = command_targets(c)[0]
        kf = next(k for k in out.interval.keyframes if LOOK_HOLD in k.tags)
        pose = kf.object_poses.get(key, env.scene.entities[key].pose)
        rel = pose @ np.linalg.inv(env.scene.entities[key].pose)
        cam = env._camera(kf)
        for face in env.scene.label_faces(key):
            c0 = rel[:3, :3] @ face["center"] + rel[:3, 3]
            up = rel[:3, :3] @ face["up"]
            if float(np.dot(c0 - cam.eye, rel[:3, :3] @ face["normal"])) >= 0:   # seen from behind: not read
                continue
            at, above = cam.project(np.array([c0, c0 + 0.05 * up]))
            if np.isnan(at).any() or np.isnan(above).any():
                continue
            assert above[1] < at[1], f"{c}: the label reads upside down from the wearer's view"
