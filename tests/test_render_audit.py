"""The entity-id buffer and the frame audit (render/audit.py) against values computed by hand."""
from __future__ import annotations

import math

import numpy as np
import pytest

from interactiveworld.render import Camera
from interactiveworld.render.audit import FrameAuditor, fibonacci_sphere
from interactiveworld.render.scenes import box


def _cam(**kw):
    return Camera(eye=(0.0, 0.0, 1.5), forward=(0.0, 1.0, 0.0), width=160, height=120, fov_y_deg=60.0, **kw)


def test_id_buffer_covers_the_projected_square():
    # a 0.4 m square 2 m ahead: it spans |x| < 0.2/2 of the image half-width tan(30 deg) * 4/3
    sq = box((0.0, 2.0, 1.5), (0.2, 0.01, 0.2), (1, 0, 0), owner="card#1")
    aud = FrameAuditor([sq], near=0.0)
    ids = aud.id_buffer(_cam())
    assert aud.owners == ["card#1"]
    half_w = math.tan(math.radians(30.0)) * 160 / 120
    cols = (np.arange(160) + 0.5) / 160 * 2 - 1
    rows = 1 - (np.arange(120) + 0.5) / 120 * 2
    inside_x = np.abs(cols * half_w * 1.99) < 0.2   # the front face is at y = 1.99
    inside_y = np.abs(rows * math.tan(math.radians(30.0)) * 1.99) < 0.2
    want = int(inside_x.sum()) * int(inside_y.sum())
    assert abs(int((ids == 0).sum()) - want) <= 2 * (inside_x.sum() + inside_y.sum())
    assert (ids[0, 0] == -1) and ids[60, 80] == 0


def test_body_share_blank_and_target_pixels():
    wall = box((0.0, 1.0, 1.5), (5.0, 0.05, 5.0), (0.8, 0.8, 0.8), owner="wall_board#1")
    body = box((0.0, 0.5, 0.9), (2.0, 0.05, 0.6), (0.6, 0.4, 0.3), owner="body")   # below the eye, fills the bottom
    aud = FrameAuditor([wall], near=0.0)
    a = aud.audit(_cam(), [body])
    # the body box's top edge (z = 1.5) is at the horizon: the lower half of the image is body
    assert a.body_share == pytest.approx(0.5, abs=0.02)
    assert a.pixels["wall_board#1"] + a.pixels["body"] == 160 * 120
    assert not a.blank and a.largest_surface in ("wall_board#1", "body")
    b = aud.audit(_cam())
    assert b.blank and b.largest_surface == "wall_board#1" and b.largest_share == 1.0
    assert b.eye_clearance_m == pytest.approx(0.95, rel=0.03) and not b.eye_inside
    assert b.shows("wall_board#1") and not b.shows("mug#1")


def test_eye_inside_a_box_and_near_a_surface():
    cab = box((0.0, 0.0, 1.5), (0.3, 0.3, 0.3), (0.5, 0.5, 0.5), owner="cabinet#1")
    aud = FrameAuditor([cab], near=0.0)
    clear, inside = aud.eye_clearance((0.0, 0.25, 1.5))
    assert inside and clear == pytest.approx(0.05, rel=0.03)
    clear, inside = aud.eye_clearance((0.0, 0.33, 1.5))   # 3 cm in front of the +y face
    assert not inside and clear == pytest.approx(0.03, rel=0.03)
    # the body never counts as geometry the eye is in
    clear, inside = aud.eye_clearance((0.0, 2.0, 1.5), [box((0.0, 2.0, 1.5), (0.1, 0.1, 0.1), (1, 1, 1), "body")])
    assert not inside and clear == pytest.approx(1.7, rel=0.03)


def test_fibonacci_sphere_is_unit_and_balanced():
    d = fibonacci_sphere(256)
    assert d.shape == (256, 3)
    assert np.allclose(np.linalg.norm(d, axis=1), 1.0, atol=1e-6)
    assert np.abs(d.mean(axis=0)).max() < 0.01
    with pytest.raises(ValueError, match="n must be"):
        fibonacci_sphere(0)


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="near"):
        FrameAuditor([], near=-1.0)
    aud = FrameAuditor([])
    with pytest.raises(ValueError, match="eye"):
        aud.eye_clearance((0.0, float("nan"), 1.0))
