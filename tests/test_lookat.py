"""LookAt with line of sight and reach (DESIGN.md "Visibility"; paper appendix C.2.1 "Frame selection"): the
look-hold frame is the close-up of a label only for a labelled object held, or in line of sight and within reach;
otherwise it is the head camera's view, where a far label stays small. A close-up frames the target's own label
(never a nearer object in the line of sight), and cards on the openings read upright from where the wearer
stands. Checked on decision-05 with the renderer's per-pixel owner map."""
from __future__ import annotations

import numpy as np
import pytest
from iw_catalog import params as catalog_params

from interactiveworld.bench.families import command_targets
from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack
from interactiveworld.env import REACH_M, Environment
from interactiveworld.world.motion import LOOK_HOLD

PACKS = builtin_taskpacks()
W, H = 160, 120


def _env(tid: str) -> tuple[Environment, object]:
    tp = load_taskpack(PACKS[tid])
    env = Environment(render=True, width=W, height=H, engine="embree")
    env.reset(tp.reset_scene())
    return env, tp


def _look(env: Environment, key: str):
    """LookAt ``key``: (its look-hold keyframe, the owner map and owner names of the look-hold frame)."""
    name, _, idx = key.partition("#")
    out = env.execute(f"[LookAt] <{name}> ({idx})")
    assert out.ok, out.message
    kf = next(k for k in out.interval.keyframes if LOOK_HOLD in k.tags)
    cam, dyn = env.keyframe_view(kf, [key])
    renderer = env._renderer_ready()
    return kf, cam, renderer.render_ids(cam, dyn), renderer.owners


def _share(ids: np.ndarray, owners: list[str], key: str) -> float:
    return float(np.mean(ids == owners.index(key))) if key in owners else 0.0


def test_a_label_behind_a_wall_is_not_brought_close():
    env, _ = _env("decision-05")                      # the wearer starts on the sales floor
    board = env.scene.label_faces("price_board#1")[0]["center"]
    assert np.linalg.norm(board[:2] - env.scene.human.xy) > 6.0
    kf, cam, ids, owners = _look(env, "price_board#1")
    assert not env.can_inspect("price_board#1", kf)
    assert cam.near is None                            # the head camera, not an inspection view
    assert _share(ids, owners, "price_board#1") == 0.0  # the wall is in the way


def test_a_label_in_view_but_out_of_reach_stays_small_and_one_within_reach_fills_the_frame():
    env, _ = _env("decision-05")
    assert env.execute("[Walk] <stock_counter> (1)").ok
    kf, cam, ids, owners = _look(env, "price_board#1")
    eye_to_board = np.linalg.norm(env.scene.label_faces("price_board#1")[0]["center"] - cam.eye)
    assert eye_to_board > REACH_M and not env.can_inspect("price_board#1", kf)
    assert 0.0 < _share(ids, owners, "price_board#1") < 0.05
    assert env.execute("[Walk] <price_board> (1)").ok
    kf, cam, ids, owners = _look(env, "price_board#1")
    assert env.can_inspect("price_board#1", kf) and cam.near is not None
    assert _share(ids, owners, "price_board#1") > 0.5


@pytest.mark.parametrize("key", ["milk_carton#3", "milk_carton#7", "milk_carton#10"])
def test_a_close_up_frames_the_target_label_not_a_nearer_carton(key):
    # the cartons stand in three rows; #7 and #10 are behind the front row as seen from the wearer
    env, _ = _env("decision-05")
    env.execute("[LookAt] <display_table> (1)")
    kf, cam, ids, owners = _look(env, key)
    assert env.can_inspect(key, kf)
    centre = ids[H // 2 - H // 10:H // 2 + H // 10, W // 2 - W // 20:W // 2 + W // 20]   # inside the label
    assert _share(centre, owners, key) > 0.9
    others = [o for o in owners if o.startswith("milk_carton") and o != key]
    assert all(_share(centre, owners, o) == 0.0 for o in others)


def test_a_held_label_is_brought_close_anywhere():
    env, _ = _env("decision-09")
    assert env.execute("[Grab] <pack> (1)").ok
    assert env.execute("[Walk] <coffee_table> (1)").ok
    kf, cam, ids, _ = _look(env, "pack#1")
    assert env.can_inspect("pack#1", kf) and cam.near is not None


@pytest.mark.parametrize("tid", catalog_params(PACKS))
def test_labels_lying_flat_read_upright_from_where_the_wearer_looks(tid):
    """Every card, form or sheet the opening looks at is turned so its text-up points away from the wearer."""
    tp = load_taskpack(PACKS[tid])
    env = Environment(render=False)
    env.reset(tp.reset_scene())
    for c in tp.opening.commands:
        out = env.execute(c)
        if not c.startswith("[LookAt]"):
            continue
        for face in env.scene.label_faces(command_targets(c)[0]):
            if abs(face["normal"][2]) < 0.9:        # upright labels: the text-up is the world's up
                continue
            kf = next(k for k in out.interval.keyframes if LOOK_HOLD in k.tags)
            cam = env._camera(kf)
            at, above = cam.project(np.array([face["center"], face["center"] + 0.05 * face["up"]]))
            assert above[1] < at[1], f"{c}: the label reads upside down from the wearer's view"
