"""Detailed looks of movable kinds (world/assets/objectkit_detail.py, object_looks_detail.py): the cue a person names
each by is in the mesh or print, shapes are built at their collision box's size (fitting does not stretch them),
and the recognition key covers every movable kind once."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from interactiveworld.world.assets import CATALOG
from interactiveworld.world.assets.catalog import resolved_params
from interactiveworld.world.assets.dress import linear_to_srgb8
from interactiveworld.world.assets.object_looks import LOOKS
from interactiveworld.world.assets.object_looks_detail import DETAIL_LOOKS
from interactiveworld.world.assets.objectkit_detail import app_grid_screen, fork_head, peel_print, spoon_head

DATA = Path(__file__).parent / "data"


def test_fork_has_four_tines_with_gaps_at_the_tip():
    # 4 tines across 20 mm: tine width 20/7 * 1.1 = 3.14 mm, gap (20 - 4 * 3.14) / 3 = 2.48 mm, so the tine
    # centres are at -8.43, -2.81, 2.81, 8.43 mm
    piece = fork_head(0.121, 0.02, 0.012)
    v = piece.vertices
    tip = v[v[:, 0] > 0.95 * 0.121]
    tw = 0.02 / 7 * 1.1
    centres = -0.01 + tw / 2 + np.arange(4) * (tw + (0.02 - 4 * tw) / 3)
    np.testing.assert_allclose(centres, [-0.008429, -0.002810, 0.002810, 0.008429], atol=1e-6)
    nearest = np.abs(tip[:, 1:2] - centres[None]).min(axis=1)
    assert np.all(nearest <= tw / 2 + 1e-6)                    # every tip vertex lies on a tine
    assert len({int(np.argmin(np.abs(y - centres))) for y in tip[:, 1]}) == 4
    assert float(v[:, 2].max()) == pytest.approx(0.012, abs=1e-6)   # the tines rise to the box's top


def test_spoon_bowl_is_the_full_width_and_dished():
    piece = spoon_head(0.121, 0.02, 0.012)
    bowl = piece.vertices[piece.vertices[:, 0] > 0.121 - 0.42 * 0.121]
    assert np.ptp(bowl[:, 1]) == pytest.approx(0.02, rel=0.02)      # the bowl spans the head's width
    neck = piece.vertices[piece.vertices[:, 0] < 0.3 * 0.121]
    assert np.ptp(neck[:, 1]) < 0.35 * 0.02                          # the neck is slim
    assert "inside" in piece.slots


def test_peel_print_keeps_the_colour_and_darkens_the_navel():
    colour = (0.9, 0.22, 0.03)
    img = peel_print(colour, seed=1)
    body = img[20:].reshape(-1, 3).astype(float).mean(axis=0)
    want = np.asarray(linear_to_srgb8(colour), float)
    assert np.all(np.abs(body - want) < 0.12 * 255)            # dimples vary the peel about its colour
    assert img[:4].mean() == pytest.approx((120 + 110 + 50) / 3)  # the navel's dry scar (120, 110, 50) at the pole
    assert img[:4].mean() < 0.75 * body.mean()


def test_phone_screen_is_lit_with_an_icon_grid():
    img = app_grid_screen(seed=2).astype(float)
    assert img.shape == (320, 160, 3)
    sat = img.max(axis=2) - img.min(axis=2)
    assert img.mean() > 90 and (sat > 120).mean() > 0.1      # bright, many saturated icon pixels


@pytest.mark.parametrize("kind", sorted(DETAIL_LOOKS))
def test_detailed_kinds_are_built_near_their_box_size(kind):
    """Each detailed piece is built at its collision box's size, so fitting scales it by at most 13 % on an
    axis (a brush handle's taper, a sole's outline) and no shape is visibly stretched; the lettuce's leaves are
    set by angle and the head as a whole is fitted, so it is left out."""
    assert LOOKS[kind] is DETAIL_LOOKS[kind]
    spec = CATALOG[kind]
    p = {**resolved_params(kind), **spec.fixed, "_kind": kind}
    model = spec.build(p)
    drawn = 0
    for part in model.parts:       # the dressed part keeps the primitive's box, so the look can be asked again
        got = DETAIL_LOOKS[kind](p, part)
        if got is None:
            continue
        drawn += 1
        piece, skins = got
        assert set(piece.slots) <= set(skins), (kind, part.name)
        scale = 2 * part.box_half / np.ptp(piece.bounds.astype(np.float64), axis=0)
        if kind != "lettuce":
            assert np.all(np.abs(np.log(scale)) < np.log(1.13)), (kind, part.name, scale)
    assert drawn >= 1


def test_recognition_key_covers_every_movable_kind_once():
    key = json.loads((DATA / "recognition_v2_key.json").read_text())
    kinds = json.loads((DATA / "movable_kinds_geometry.json").read_text())
    assert sorted(key, key=int) == [str(i) for i in range(len(kinds))]
    assert sorted(key.values()) == sorted(kinds)
