"""Surface soil, hidden mould and scripted scene events (:mod:`interactiveworld.world.soil`,
:mod:`interactiveworld.world.events`), and the ``soiled`` condition the scorer reads: hand-worked values."""
from __future__ import annotations

import numpy as np
import trimesh
import pytest

from interactiveworld.bench import scoring
from interactiveworld.bench.conditions import Soiled, describe, to_compact
from interactiveworld.bench.scoring import CompletionSpec, TraceStep
from interactiveworld.bench.taskpack import TaskPackError, load_taskpack, builtin_taskpacks, parse_taskpack
from interactiveworld.world import Scene, SceneBuilder, read_relations
from interactiveworld.world.events import fire_events, merge_state, parse_events
from interactiveworld.world.serialize import SceneFormatError, scene_to_dict
from interactiveworld.world.soil import (MOULD_COLOR, MOULD_TINT, SOIL_COLORS, SOIL_LIFT, soil_meshes,
                                         soil_patch_center, soil_relations, wipe_soil)

GRIME = {"grime": {"spot": [0.5, 0.25], "radius": 0.1}}
SPILL = {"spill": {"spot": [-0.5, 0.75], "radius": 0.14}}


def _builder(**table_state) -> SceneBuilder:
    b = SceneBuilder("t")
    b.add_room("r", (0, 0, 5, 4))
    b.add_fixture("table", at=(2.0, 2.0), state=table_state or None)   # top at z = 0.75, half extents 0.4 x 0.6
    b.add_fixture("rack", name="cart", at=(3.4, 2.0), yaw=np.pi, params={"width": 0.8, "depth": 0.45, "height": 0.9,
                                                                        "shelves": 2})
    b.add_object("sponge", on="table#1", spot=(-0.6, 0.2))
    b.add_object("cloth", on="table#1", spot=(-0.1, 0.2), params={"size": (0.2, 0.16, 0.02)})
    b.add_object("apple", on="table#1", spot=(0.7, 0.7))
    b.set_human((2.0, 0.9), yaw=np.pi / 2)
    return b


# ------------------------------------------------------------------------------------------------ soil
def test_patch_centre_follows_the_placement_spot_convention():
    """spot (u, v) = (0.5, 0.25) on a 0.8 (x) by 1.2 (y) table top at (2, 2), 0.75 m high, yaw 0: local x =
    0.4 * (1 - 2 * 0.25) = 0.2, local y = 0.6 * 0.5 = 0.3, so the centre is (2.2, 2.3, 0.75); rotated by pi it is
    (1.8, 1.7, 0.75)."""
    scene = Scene.from_dict(_builder(soil=GRIME).build())
    table = scene.entity("table#1")
    assert np.allclose(soil_patch_center(table, GRIME["grime"]), [2.2, 2.3, 0.75])
    flipped = table.pose.copy()
    flipped[:3, :3] = np.diag([-1.0, -1.0, 1.0])
    assert np.allclose(soil_patch_center(table, GRIME["grime"], flipped), [1.8, 1.7, 0.75])


def test_soil_is_a_relation_and_a_flat_disc_in_its_colour():
    scene = Scene.from_dict(_builder(soil={**GRIME, **SPILL}).build())
    table = scene.entity("table#1")
    assert soil_relations(table) == {("soiled", "table#1", "grime"), ("soiled", "table#1", "spill")}
    assert {("soiled", "table#1", "grime"), ("soiled", "table#1", "spill")} <= read_relations(scene)
    discs = soil_meshes(table)
    assert len(discs) == 2 and all(m.owner == "" for m in discs)     # anonymous: no entity's samples change
    grime = discs[0]                                                 # sorted by kind: grime, spill
    assert np.allclose(grime.face_colors, SOIL_COLORS["grime"])
    v = grime.vertices
    assert np.isclose(v[:, 2].min(), 0.75 + 1e-4, atol=1e-5) and np.isclose(v[:, 2].max(), 0.75 + SOIL_LIFT + 1e-4,
                                                                           atol=1e-5)
    r = np.linalg.norm(v[:, :2] - [2.2, 2.3], axis=1)
    assert np.isclose(r.max(), 0.1, atol=1e-6)
    # drawn per frame with the moving geometry, even on a fixture that never moves
    assert sum(1 for m in scene.dynamic_visual_meshes() if m.owner == "") == 2
    assert not any(m.owner == "" for m in Scene.from_dict(_builder().build()).dynamic_visual_meshes())


def test_wiping_removes_only_what_the_tool_cleans():
    """A sponge lifts grime, a cloth soaks up a spill; each leaves the other kind; the state key goes when clean."""
    scene = Scene.from_dict(_builder(soil={**GRIME, **SPILL}).build())
    table = scene.entity("table#1")
    assert wipe_soil(table, "cloth") == ["spill"]
    assert soil_relations(table) == {("soiled", "table#1", "grime")}
    assert wipe_soil(table, "cloth") == []
    assert wipe_soil(table, "eraser") == []
    assert wipe_soil(table, "sponge") == ["grime"]
    assert "soil" not in table.state and soil_relations(table) == set()


def test_a_bad_soil_state_is_refused_naming_the_field():
    with pytest.raises(SceneFormatError, match=r"table#1.state.soil: unknown soil kind 'mud'"):
        Scene.from_dict(_builder(soil={"mud": {}}).build())
    with pytest.raises(SceneFormatError, match=r"grime.spot"):
        Scene.from_dict(_builder(soil={"grime": {"spot": [2.0, 0.5]}}).build())


# ------------------------------------------------------------------------------------------------ mould
def _bread_scene(**state) -> Scene:
    b = SceneBuilder("t")
    b.add_room("r", (0, 0, 4, 4))
    b.add_fixture("table", at=(2.0, 2.0))
    b.add_object("bread", on="table#1", params={"size": (0.09, 0.16, 0.07)}, state=state or None)
    return Scene.from_dict(b.build())


def _colours(scene: Scene) -> set[tuple[float, ...]]:
    mesh = scene.entity_visuals(scene.entity("bread#1"))[0]
    return {tuple(np.round(c, 4)) for c in mesh.face_colors}


def test_mould_shows_only_once_cut():
    """Uncut, a mouldy loaf is drawn exactly as a fresh one; cut, its inner cut faces are in the mould colour (two
    cut planes across the longest axis y, each seen from both neighbouring slices: four 0.09 x 0.07 m faces,
    0.0252 m^2) and its slices tinted; a cut fresh loaf shows neither, its cut faces in the crumb colour."""
    fresh, mouldy = _bread_scene(), _bread_scene(mouldy=True)
    a = fresh.entity_visuals(fresh.entity("bread#1"))[0]
    b = mouldy.entity_visuals(mouldy.entity("bread#1"))[0]
    assert np.array_equal(a.vertices, b.vertices) and np.array_equal(a.face_colors, b.face_colors)
    fresh.entity("bread#1").state["cut"] = True
    mouldy.entity("bread#1").state["cut"] = True
    mould = tuple(np.round(np.asarray(MOULD_COLOR, np.float32), 4))
    loaf = tuple(np.round(np.asarray((0.8, 0.6, 0.3), np.float32), 4))
    # the fresh slices show the crust and, on their cut faces, the crumb: 0.35 * loaf + 0.65 * (0.93, 0.86, 0.66)
    crumb = tuple(np.round((0.35 * np.asarray((0.8, 0.6, 0.3)) + 0.65 * np.asarray((0.93, 0.86, 0.66))).astype(
        np.float32), 4))
    assert mould not in _colours(fresh) and _colours(fresh) == {loaf, crumb}
    cut = mouldy.entity_visuals(mouldy.entity("bread#1"))[0]
    mouldy_faces = np.all(np.isclose(cut.face_colors, MOULD_COLOR), axis=1)
    tri = cut.vertices.astype(np.float64)[cut.faces[mouldy_faces]]
    area = 0.5 * np.linalg.norm(np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0]), axis=1).sum()
    # each cut plane is seen from both neighbouring slices: twice the loaf's cross-section there (the section of
    # the welded loaf mesh, computed by trimesh; a 0.09 x 0.07 m box loaf would give 4 * 0.09 * 0.07 m^2)
    model = mouldy.entity("bread#1").model
    lo, hi = model.bounds
    loaf_mesh = trimesh.Trimesh(model.parts[0].mesh.vertices, model.parts[0].mesh.faces)
    sections = [loaf_mesh.section(plane_origin=(0, y, 0), plane_normal=(0, 1, 0)).to_2D()[0].area
                for y in np.linspace(lo[1], hi[1], 4)[1:3]]
    assert 0.5 * 4 * 0.09 * 0.07 < sum(sections) * 2 <= 4 * 0.09 * 0.07
    assert np.isclose(area, 2 * sum(sections), rtol=1e-3)
    assert loaf not in _colours(mouldy)                 # every slice tinted: 0.4 * loaf + 0.6 * mould
    assert MOULD_TINT == 0.6
    tint = tuple(np.round(0.4 * np.asarray((0.8, 0.6, 0.3)) + 0.6 * np.asarray(MOULD_COLOR), 4))
    assert any(np.allclose(c, tint, atol=1e-3) for c in _colours(mouldy))
    assert "mouldy" not in {r[0] for r in read_relations(mouldy)}   # no relation carries it


# ------------------------------------------------------------------------------------------------ events
def _spill_event(b: SceneBuilder) -> SceneBuilder:
    return b.add_event("spill", [{"on": ["apple#1", "cart#1"]}], [("table#1", {"soil": SPILL})])


def test_event_fires_once_when_its_condition_first_holds_and_merges_soil():
    scene = Scene.from_dict(_spill_event(_builder(soil=GRIME)).build())
    (ev,) = scene.events
    assert ev.when == (("on", "apple#1", "cart#1"),) and not ev.fired
    rel = read_relations(scene)
    assert fire_events(scene, rel) == []
    assert fire_events(scene, rel | {("on", "apple#1", "cart#1")}) == ["spill"]
    assert scene.entity("table#1").state["soil"] == {**GRIME, **SPILL}      # merged, the grime kept
    wipe_soil(scene.entity("table#1"), "cloth")
    assert fire_events(scene, rel | {("on", "apple#1", "cart#1")}) == []   # once only
    assert soil_relations(scene.entity("table#1")) == {("soiled", "table#1", "grime")}
    d = scene_to_dict(scene)
    assert d["events"][0]["fired"] is True
    assert scene_to_dict(Scene.from_dict(d)) == d


def test_merge_state_merges_dicts_and_replaces_the_rest():
    st = {"soil": {"grime": {}}, "cut": False}
    merge_state(st, {"soil": {"spill": {}}, "cut": True, "wiped": True})
    assert st == {"soil": {"grime": {}, "spill": {}}, "cut": True, "wiped": True}


@pytest.mark.parametrize("events, message", [
    ({}, "events: expected a list"),
    ([{"id": "x", "when": [{"on": ["apple#1", "cart#1"]}]}], r"events\[0\].set"),
    ([{"id": "x", "when": [{"over": ["apple#1", "cart#1"]}], "set": [{"entity": "table#1", "state": {}}]}],
     r"events\[0\].when\[0\]: unknown relation 'over'"),
    ([{"id": "x", "when": [{"on": ["apple#1"]}], "set": [{"entity": "table#1", "state": {}}]}],
     r"on takes 2 argument"),
    ([{"id": "x", "when": [{"on": ["pear#1", "cart#1"]}], "set": [{"entity": "table#1", "state": {}}]}],
     r"no entity 'pear#1'"),
    ([{"id": "x", "when": [{"soiled": ["table#1", "mud"]}], "set": [{"entity": "table#1", "state": {}}]}],
     r"unknown soil kind 'mud'"),
    ([{"id": "x", "when": [{"held": "apple#1"}], "set": [{"entity": "table#1", "state": {"soil": {"ink": {}}}}]}],
     r"events\[0\].set\[0\].state.soil: unknown soil kind 'ink'"),
])
def test_a_bad_event_is_refused_naming_the_field(events, message):
    d = _builder().build()
    d["events"] = events
    with pytest.raises(SceneFormatError, match=message):
        Scene.from_dict(d)
    with pytest.raises(ValueError, match=message):
        parse_events(events, {"table#1", "cart#1", "apple#1", "sponge#1", "cloth#1"})


def test_the_executor_fires_events_and_wipes_by_tool(tmp_path):
    """On the kinematic world: the cloth leaves grime, the sponge lifts it; the apple put on the cart makes the
    spill appear in that command's relations (and in the digest); the sponge leaves the spill, the cloth dries it."""
    from interactiveworld.env import Environment

    env = Environment(render=False)
    env.reset(_spill_event(_builder(soil=GRIME)).build())
    soiled = lambda: {r[2] for r in env.relations() if r[0] == "soiled"}  # noqa: E731
    assert soiled() == {"grime"}
    assert env.execute("[Wipe] <cloth> (1) <table> (1)").ok and soiled() == {"grime"}
    assert env.execute("[Put] <cloth> (1) <table> (1)").ok
    assert env.execute("[Wipe] <sponge> (1) <table> (1)").ok and soiled() == set()
    assert env.execute("[Put] <sponge> (1) <table> (1)").ok
    before = env.state_digest()
    assert env.execute("[Grab] <apple> (1)").ok and soiled() == set()
    out = env.execute("[Put] <apple> (1) <cart> (1)")
    assert out.ok and ("soiled", "table#1", "spill") in out.relation_delta.added
    assert soiled() == {"spill"} and env.scene.events[0].fired and env.state_digest() != before
    assert env.execute("[Wipe] <sponge> (1) <table> (1)").ok and soiled() == {"spill"}
    assert env.execute("[Put] <sponge> (1) <table> (1)").ok
    assert env.execute("[Wipe] <cloth> (1) <table> (1)").ok and soiled() == set()


# ------------------------------------------------------------------------------------------------ scoring
def test_soiled_condition_compact_form_and_scoring():
    """Baseline: grime on the table. Step 1 removes it, step 2 brings a spill, step 3 dries it. "grime removed"
    earns credit; "table dry" earns credit only because the spill came and went; a surface dry throughout earns
    none (baseline rule 2), so an idle run cannot pass."""
    spec = CompletionSpec.model_validate({"goals": [{"not": {"soiled": ["table#1", "grime"]}},
                                                    {"not": {"soiled": ["table#1", "spill"]}},
                                                    {"not": {"soiled": ["table#1", "*"]}}]})
    g = spec.goals[0].cond
    assert isinstance(g, Soiled) and (g.surface, g.soil) == ("table#1", "grime")
    assert describe(spec.goals[1]) == "not soiled(table#1, spill)"
    assert to_compact(spec.goals[2]) == {"not": {"soiled": ["table#1", "*"]}}
    grime, spill = ("soiled", "table#1", "grime"), ("soiled", "table#1", "spill")
    base = frozenset({grime})
    steps = [TraceStep(1, "wipe", ("sponge#1", "table#1"), True, frozenset()),
             TraceStep(2, "place", ("apple#1", "cart#1"), True, frozenset({spill})),
             TraceStep(3, "wipe", ("cloth#1", "table#1"), True, frozenset())]
    res = scoring.score_episode(spec, final=frozenset(), baseline=base, trace=steps)
    assert res.passed and res.completion == 1.0
    stuck = scoring.score_episode(spec, final=frozenset({spill}), baseline=base, trace=steps[:2])
    assert [p.satisfied for p in stuck.points] == [True, False, False]
    idle = scoring.score_episode(CompletionSpec.model_validate({"goals": [{"not": {"soiled": ["table#1", "spill"]}}]}),
                                 final=frozenset(), baseline=frozenset(), trace=[])
    assert not idle.passed and idle.points[0].baseline_excluded
    with pytest.raises(ValueError, match="unknown soil kind"):
        CompletionSpec.model_validate({"goals": [{"soiled": ["table#1", "mud"]}]})


def test_a_taskpack_with_a_bad_event_does_not_load():
    data = load_taskpack(builtin_taskpacks()["planning-20"]).model_dump(mode="json", exclude_unset=True)
    data["scene"]["events"][0]["when"] = [{"on": ["pear#1", "return_cart#1"]}]
    with pytest.raises(TaskPackError, match=r"scene.*no entity 'pear#1'"):
        parse_taskpack(data, verify_hash=False)


def test_planning_19_opening_interference_happens():
    """planning-19's opening call moves the phone from the living-room table to the dining-room sideboard, so the
    phone goal can only be earned by putting it back (Table 8 row 19: "opening interference occurred")."""
    from interactiveworld.env import Environment

    tp = load_taskpack(builtin_taskpacks()["planning-19"])
    env = Environment(render=False)
    env.reset(tp.reset_scene())
    assert ("on", "phone#1", "coffee_table#1") in env.relations()
    for c in tp.opening.commands:
        assert env.execute(c).ok, c
    rel = env.relations()
    assert ("on", "phone#1", "sideboard#1") in rel and ("on", "phone#1", "coffee_table#1") not in rel


def test_an_event_shows_from_the_result_frame_on(monkeypatch):
    """The frames of the command that fires an event show the world as it was until the result frame: the frames
    before it are drawn with the table's state from before the spill, the result frame with the spill."""
    from interactiveworld.env import Environment
    from interactiveworld.world.motion import RESULT

    env = Environment(render=True, width=64, height=48)
    env.reset(_spill_event(_builder()).build())
    assert env.execute("[Grab] <apple> (1)").ok
    drawn: list[dict] = []
    real = Environment._render_with_states

    def spy(self, kf, compiled, states):
        drawn.append(states)
        return real(self, kf, compiled, states)

    monkeypatch.setattr(Environment, "_render_with_states", spy)
    out = env.execute("[Put] <apple> (1) <cart> (1)")
    assert out.ok and len(out.frames) == 4
    first_result = next(i for i, tags in enumerate(out.frame_tags) if RESULT in tags)
    assert len(drawn) == first_result >= 1
    assert all("soil" not in st["table#1"] for st in drawn)
    assert "spill" in env.scene.entity("table#1").state["soil"]
