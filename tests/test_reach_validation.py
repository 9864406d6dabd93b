"""Bad arguments to the reach module (``_core.ccd_reach`` and the public functions of actions/reach.py) get a clear
ValueError/IndexError naming the argument, never a crash, a NaN or a silently truncated value.

Native calls run in a child interpreter so that a regression to a crash fails the test instead of killing pytest.
"""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from dataclasses import replace

import numpy as np
import pytest

from interactiveworld.actions.reach import (ArmSpec, balanced_pelvis_pitch, centre_of_mass, palm_position, plan_reach,
                                            posture_ladder, posture_pose, solve_arm)
from interactiveworld.body import BodyModel, SceneCollider, standing_pose
from interactiveworld.world.geometry import CollisionGeometry, SurfaceTag

# A valid right-arm call; each case below overrides one argument.
_SETUP = """
from interactiveworld.body import BodyModel, standing_pose
from interactiveworld.actions.reach import ArmSpec
model = BodyModel.builtin()
pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
arm = ArmSpec.of(model, "right")
a = dict(skeleton=model.skeleton, pose=pose, translation=tr, target=np.array([0.35, -0.2, 1.1]), chain=arm.chain,
         elbow_axis=arm.elbow_axis, elbow_min=0.0, elbow_max=2.5, collar_max=0.35, effector=arm.effector,
         max_iterations=28, tolerance=1e-3)
"""


def _run_child(cases: list[str]) -> list[tuple[str, str]]:
    """Runs each override in ``cases`` followed by ``_core.ccd_reach(**a)`` in one fresh interpreter and returns
    (exception type name or "NO ERROR", message) per case. Asserts the interpreter exited cleanly."""
    script = "import json\nimport numpy as np\nfrom interactiveworld import _core\n" + textwrap.dedent(_SETUP) + \
        "base = dict(a)\n" + f"cases = {cases!r}\n" + textwrap.dedent("""
        for code in cases:
            a = dict(base)
            try:
                exec(code)
                r = _core.ccd_reach(**a)
                out = ["NO ERROR", repr(r[1:])]
            except Exception as e:
                out = [type(e).__name__, str(e)]
            print("CASE", json.dumps(out), flush=True)
        """)
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, f"child crashed (rc {r.returncode}): {r.stderr[-2000:]}"
    got = [tuple(json.loads(line[5:])) for line in r.stdout.splitlines() if line.startswith("CASE ")]
    assert len(got) == len(cases), r.stdout[-2000:]
    return got


@pytest.fixture(scope="module")
def model():
    return BodyModel.builtin()


@pytest.fixture(scope="module")
def scene():
    floor = np.eye(4)
    floor[:3, 3] = [0.0, 0.0, -0.05]
    return SceneCollider.from_geometry(CollisionGeometry(
        box_transforms=floor[None], box_half_extents=[[5, 5, 0.05]], box_tags=[SurfaceTag.FLOOR], box_owner=[-1],
        owners=[]))


# ------------------------------------------------------------------------------------------ _core.ccd_reach
CCD_CASES = [
    # The known defect: a NaN effector used to come back as (nan, 0).
    ("a['effector'] = np.array([np.nan, 0.0, 0.0])", "ValueError", "effector (3,) must be finite"),
    ("a['effector'] = np.array([0.0, np.inf, 0.0])", "ValueError", "effector (3,) must be finite"),
    ("a['elbow_axis'] = np.array([np.nan, 1.0, 0.0])", "ValueError", "elbow_axis (3,) must be finite"),
    ("a['elbow_axis'] = np.zeros(3)", "ValueError", "elbow_axis must be non-zero"),
    ("a['target'] = np.array([np.nan, 0.0, 1.0])", "ValueError", "target (3,) must be finite"),
    ("a['target'] = np.array([0.3, -np.inf, 1.0])", "ValueError", "target (3,) must be finite"),
    ("a['translation'] = np.full(3, np.inf)", "ValueError", "translation (3,) must be finite"),
    ("a['pose'] = pose.copy(); a['pose'][50] = np.nan", "ValueError", "non-finite value at entry 50"),
    ("a['elbow_min'] = float('nan')", "ValueError", "elbow limits"),
    ("a['elbow_max'] = float('inf')", "ValueError", "elbow limits"),
    ("a['elbow_min'], a['elbow_max'] = 2.0, 1.0", "ValueError", "elbow_min <= elbow_max"),
    ("a['collar_max'] = -0.1", "ValueError", "collar_max"),
    ("a['collar_max'] = float('nan')", "ValueError", "collar_max"),
    ("a['collar_max'] = float('inf')", "ValueError", "collar_max"),
    ("a['max_iterations'] = -1", "ValueError", "max_iterations must be in [0, 10000], got -1"),
    ("a['max_iterations'] = 2_000_000_000", "ValueError", "max_iterations must be in [0, 10000]"),
    ("a['tolerance'] = 0.0", "ValueError", "tolerance must be finite and > 0"),
    ("a['tolerance'] = -1e-3", "ValueError", "tolerance must be finite and > 0"),
    ("a['tolerance'] = float('nan')", "ValueError", "tolerance must be finite and > 0"),
    ("a['tolerance'] = float('inf')", "ValueError", "tolerance must be finite and > 0"),
    # Shapes name the expected shape.
    ("a['pose'] = pose[:-3]", "ValueError", "pose: expected (3J,) float64, got (153,)"),
    ("a['pose'] = pose.reshape(52, 3)", "ValueError", "pose: expected (3J,) float64, got (52, 3)"),
    ("a['target'] = np.zeros(2)", "ValueError", "target: expected (3,) float64, got (2,)"),
    ("a['target'] = np.zeros((1, 3))", "ValueError", "target: expected (3,) float64, got (1, 3)"),
    ("a['translation'] = np.zeros(0)", "ValueError", "translation: expected (3,)"),
    ("a['effector'] = np.zeros(4)", "ValueError", "effector: expected (3,)"),
    ("a['elbow_axis'] = np.zeros((3, 1))", "ValueError", "elbow_axis: expected (3,)"),
    # Chain: dtype, shape, range, parent structure.
    ("a['chain'] = arm.chain.astype(np.float64) + 0.5", "ValueError", "chain: expected (4,) integer joint indices"),
    ("a['chain'] = arm.chain[:3]", "ValueError", "chain: expected (4,) [collar, shoulder, elbow, wrist] integer"),
    ("a['chain'] = np.array([14, 17, 19, 52])", "IndexError", "chain: joint index 52 out of range [0, 52)"),
    ("a['chain'] = np.array([-1, 17, 19, 21])", "IndexError", "chain: joint index -1 out of range"),
    ("a['chain'] = np.array([14, 17, 19, 2**40 + 21], np.int64)", "IndexError", "out of range [0, 52)"),
    ("a['chain'] = np.array([13, 17, 19, 21], np.int32)", "ValueError", "must be a parent chain"),
    # Finite but astronomically far: the arithmetic overflows, which must be reported, never returned as NaN.
    ("a['translation'] = np.full(3, 1e308); a['target'] = np.full(3, -1e308)", "ValueError", "not finite"),
]


@pytest.fixture(scope="module")
def ccd_results():
    """All CCD_CASES run in one child interpreter (a crash fails every case rather than killing pytest)."""
    return _run_child([code for code, _, _ in CCD_CASES])


@pytest.mark.parametrize("i", range(len(CCD_CASES)), ids=[c[2][:40] for c in CCD_CASES])
def test_ccd_reach_rejects_bad_input(ccd_results, i):
    code, exc, text = CCD_CASES[i]
    got_exc, message = ccd_results[i]
    assert got_exc == exc, f"{code}: expected {exc}, got {got_exc}: {message}"
    assert text in message, f"{code}: expected {text!r} in {message!r}"


def test_ccd_reach_valid_edge_cases(model):
    """Boundary values that are legal keep working: zero iterations returns the start, a list chain is accepted,
    and the solution reaches a reachable target to the requested tolerance."""
    from interactiveworld import _core
    pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
    arm = ArmSpec.of(model, "right")
    start = palm_position(model, model.forward_kinematics(pose, tr), "right")
    target = start + np.array([0.1, 0.0, 0.2])
    out, err, its = _core.ccd_reach(model.skeleton, pose, tr, target, arm.chain, arm.elbow_axis, 0.0, 2.5, 0.35,
                                    arm.effector, 0, 1e-3)
    assert its == 0
    np.testing.assert_array_equal(out, pose)  # the standing elbow already lies on its hinge within limits
    np.testing.assert_allclose(err, np.linalg.norm(target - start), rtol=1e-12)
    out, err, its = _core.ccd_reach(model.skeleton, pose, tr, target, [int(c) for c in arm.chain], arm.elbow_axis,
                                    0.0, 2.5, 0.35, arm.effector, 28, 1e-3)
    assert err <= 1e-3 and 1 <= its <= 28
    got = palm_position(model, model.forward_kinematics(out, tr), "right")
    np.testing.assert_allclose(np.linalg.norm(got - target), err, atol=1e-9)


# ------------------------------------------------------------------------------------------ solve_arm
@pytest.mark.parametrize("kwargs, text", [
    (dict(hand="middle"), "hand must be 'left' or 'right'"),
    (dict(hand=None), "hand must be 'left' or 'right'"),
    (dict(max_iterations=2.5), "max_iterations: expected an integer"),
    (dict(max_iterations=True), "max_iterations: expected an integer"),
    (dict(max_iterations=-3), r"max_iterations: expected an integer in \[0, 10000\], got -3"),
    (dict(max_iterations=10**12), r"max_iterations: expected an integer in \[0, 10000\]"),
    (dict(tolerance=float("nan")), "tolerance: expected a finite number"),
    (dict(tolerance=0.0), "tolerance must be finite and > 0"),
])
def test_solve_arm_rejects_bad_parameters(model, kwargs, text):
    pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
    with pytest.raises(ValueError, match=text):
        solve_arm(model, pose, tr, [0.35, -0.2, 1.1], **kwargs)


@pytest.mark.parametrize("which, value, text", [
    ("target", [np.nan, 0.0, 1.0], "target"), ("target", [0.0, 0.0, np.inf], "target"),
    ("translation", [0.0, np.nan, 0.0], "translation"), ("pose", np.zeros(155), r"pose: expected \(3J,\)"),
])
def test_solve_arm_rejects_bad_arrays(model, which, value, text):
    pose, tr = standing_pose(model, (0.0, 0.0), 0.0)
    args = dict(pose=pose, translation=tr, target=[0.35, -0.2, 1.1])
    args[which] = value
    with pytest.raises(ValueError, match=text):
        solve_arm(model, args["pose"], args["translation"], args["target"])


def test_arm_spec_rejects_unknown_hand(model):
    with pytest.raises(ValueError, match="hand must be 'left' or 'right', got 'both'"):
        ArmSpec.of(model, "both")


# ------------------------------------------------------------------------------------------ palm_position, COM
def test_palm_position_rejects_bad_transforms(model):
    tf = model.forward_kinematics(*standing_pose(model, (0.0, 0.0), 0.0))
    with pytest.raises(ValueError, match=r"transforms: expected \(52, 4, 4\) float64, got \(51, 4, 4\)"):
        palm_position(model, tf[:-1], "right")
    bad = tf.copy()
    bad[ArmSpec.of(model, "right").chain[3], 0, 3] = np.nan
    with pytest.raises(ValueError, match="wrist transform is not finite"):
        palm_position(model, bad, "right")
    with pytest.raises(ValueError, match="hand"):
        palm_position(model, tf, "up")


def test_centre_of_mass_rejects_bad_joints():
    with pytest.raises(ValueError, match=r"joints: expected \(52, 3\) float64 \[m\], got \(52, 2\)"):
        centre_of_mass(np.zeros((52, 2)))
    with pytest.raises(ValueError, match=r"got \(10, 3\)"):
        centre_of_mass(np.zeros((10, 3)))
    j = np.zeros((52, 3))
    j[5, 1] = np.inf
    with pytest.raises(ValueError, match="finite"):
        centre_of_mass(j)


# ------------------------------------------------------------------------------------------ postures
@pytest.mark.parametrize("kwargs, text", [
    (dict(xy=(np.nan, 0.0)), "xy"), (dict(xy=(0.0, 0.0, 0.0)), "xy"), (dict(yaw=float("inf")), "yaw"),
    (dict(yaw="north"), "yaw"), (dict(floor_z=float("nan")), "floor_z"), (dict(hand="middle"), "hand"),
])
@pytest.mark.parametrize("rung_name", ["upright", "forward_lean_55", "squat"])
def test_posture_pose_rejects_bad_input(model, kwargs, text, rung_name):
    rung = next(r for r in posture_ladder() if r.name == rung_name)
    args = dict(xy=(0.0, 0.0), yaw=0.0, floor_z=0.0, hand="right") | kwargs
    with pytest.raises(ValueError, match=text):
        posture_pose(model, args["xy"], args["yaw"], rung, floor_z=args["floor_z"], hand=args["hand"])


@pytest.mark.parametrize("field", ["pelvis_pitch", "spine_pitch", "thigh_angle", "shin_angle", "abduction",
                                   "com_ahead"])
def test_posture_with_non_finite_parameter_rejected(model, field):
    squat = next(r for r in posture_ladder() if r.name == "squat")
    bad = replace(squat, **{field: float("nan")})
    with pytest.raises(ValueError, match=f"posture 'squat' {field}"):
        posture_pose(model, (0.0, 0.0), 0.0, bad)
    with pytest.raises(ValueError, match=f"posture 'squat' {field}"):
        balanced_pelvis_pitch(model, bad)


def test_posture_pose_rejects_non_posture(model):
    with pytest.raises(ValueError, match="posture: expected a Posture, got str"):
        posture_pose(model, (0.0, 0.0), 0.0, "upright")


def test_balanced_pelvis_pitch_rejects_unknown_hand(model):
    squat = next(r for r in posture_ladder() if r.name == "squat")
    with pytest.raises(ValueError, match="hand must be 'left' or 'right', got 'middle'"):
        balanced_pelvis_pitch(model, squat, "middle")


def test_balanced_pelvis_pitch_unbalanceable_rung_raises(model):
    # The centre of mass cannot be put 5 m ahead of the ankles by any pelvis pitch.
    squat = next(r for r in posture_ladder() if r.name == "squat")
    with pytest.raises(ValueError, match="no pelvis pitch"):
        balanced_pelvis_pitch(model, replace(squat, name="far_ahead", com_ahead=5.0))


# ------------------------------------------------------------------------------------------ plan_reach
@pytest.mark.parametrize("kwargs, text", [
    (dict(stance_xy=(np.nan, 0.0)), "stance_xy"), (dict(stance_xy=(0.0,)), "stance_xy"),
    (dict(stance_yaw=float("nan")), "stance_yaw"), (dict(stance_yaw=None), "stance_yaw"),
    (dict(floor_z=float("inf")), "floor_z"), (dict(allow_radius=-0.1), "allow_radius"),
    (dict(allow_radius=float("nan")), "allow_radius"), (dict(approach=[0.0, 0.0, 0.0]), "approach"),
    (dict(approach=[1.0, np.nan, 0.0]), "approach"), (dict(approach=[1.0, 0.0]), "approach"),
    (dict(hand="middle"), "hand"), (dict(target=[0.4, 0.0, np.inf]), "target"),
    (dict(target=[0.4, 0.0]), "target"),
])
def test_plan_reach_rejects_bad_input(model, scene, kwargs, text):
    # Every bad argument is caught before any posture is tried, whatever the target's reachability.
    args = dict(stance_xy=(0.0, 0.0), stance_yaw=0.0, target=[5.0, 0.0, 1.0]) | kwargs
    extra = {k: v for k, v in kwargs.items() if k not in ("stance_xy", "stance_yaw", "target")}
    with pytest.raises(ValueError, match=text):
        plan_reach(model, args["stance_xy"], args["stance_yaw"], args["target"], scene, **extra)
