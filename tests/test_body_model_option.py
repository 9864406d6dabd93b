"""``--body-model``: an SMPL+H file loaded through ``BodyModel.from_smplh`` becomes the body of execution and
frames; it is part of the cell key; unusable files are a one-line usage error (exit 2)."""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_lab import SCENE  # noqa: E402
from iw_smplh import write_smplh  # noqa: E402

from interactiveworld.actions.gait import gait_pose  # noqa: E402
from interactiveworld.bench.identity import cell_key  # noqa: E402
from interactiveworld.bench.cells import CellSpec  # noqa: E402
from interactiveworld.bench.factory import make_env  # noqa: E402
from interactiveworld.body import BodyModel, BodyModelError, load_body_model  # noqa: E402
from interactiveworld.cli import main  # noqa: E402

pytest.importorskip("smplx")


@pytest.fixture(scope="module")
def smplh(tmp_path_factory) -> Path:
    return write_smplh(tmp_path_factory.mktemp("smplh"))


def test_the_synthetic_file_reproduces_the_builtin_rest_joints(smplh):
    builtin = BodyModel.builtin()
    data = np.load(smplh)
    # independent of smplx: the file's regressor applied to its template
    np.testing.assert_allclose(data["J_regressor"] @ data["v_template"], builtin.rest_joints, atol=1e-9)
    np.testing.assert_allclose(data["J_regressor"].sum(axis=1), 1.0, atol=1e-12)
    loaded = load_body_model(smplh)
    assert loaded.source == str(smplh)
    np.testing.assert_allclose(loaded.rest_joints, builtin.rest_joints, atol=1e-5)  # smplx holds float32
    pose, trans = gait_pose(builtin, (1.0, 2.0), 0.3, 0.4)
    np.testing.assert_allclose(loaded.joints(pose, trans), builtin.joints(pose, trans), atol=1e-5)
    assert load_body_model(smplh.parent) is not None  # a folder holding SMPLH_NEUTRAL.npz


def test_the_environment_acts_and_draws_with_the_loaded_body(smplh):
    env = make_env("interactiveworld.env:Environment", render=False, body_model=str(smplh))
    assert env.body is load_body_model(smplh)
    env.reset(SCENE)
    assert env.executor.motion.model is env.body


def test_a_factory_without_body_model_is_refused():
    with pytest.raises(ValueError, match="body_model"):
        make_env("iw_fake_env:FakeEnv", render=False, body_model="/x.npz")


def test_the_body_model_is_part_of_the_cell_key():
    plain = CellSpec(taskpack="t.json", task_id="t", assistant="oracle")
    bodied = CellSpec(taskpack="t.json", task_id="t", assistant="oracle", body_model="/m/SMPLH_NEUTRAL.npz",
                      body_model_sha256="ab" * 32)
    other = CellSpec(taskpack="t.json", task_id="t", assistant="oracle", body_model="/m/SMPLH_NEUTRAL.npz",
                     body_model_sha256="cd" * 32)
    keys = [cell_key(s, "sha256:0", "v1") for s in (plain, bodied, other)]
    assert keys[0]["env"] == {"factory": plain.env, "render": True}  # keys made before the option are unchanged
    assert keys[1]["env"]["body_model"] == {"path": "/m/SMPLH_NEUTRAL.npz", "sha256": "ab" * 32}
    assert len({json.dumps(k, sort_keys=True) for k in keys}) == 3


def test_run_with_body_model_passes_the_oracle(smplh, tmp_path):
    out = tmp_path / "run"
    rc = main(["run", "--tasks", "guidance-01", "--assistant", "oracle", "--body-model", str(smplh),
               "--out", str(out), "--no-render", "--no-progress"])
    assert rc == 0
    (ev,) = list(out.glob("*/guidance-01/seed0/eval.json"))
    rec = json.loads(ev.read_text())
    assert rec["status"] == "valid" and rec["passed"]
    want = hashlib.sha256(smplh.read_bytes()).hexdigest()
    assert rec["cell_key"]["env"]["body_model"] == {"path": str(smplh.resolve()), "sha256": want}


def _one_line_error(capsys) -> str:
    err = [line for line in capsys.readouterr().err.splitlines() if "error" in line]
    assert len(err) == 1 and "Traceback" not in err[0]
    return err[0]


def test_a_missing_path_is_a_usage_error(tmp_path, capsys):
    rc = main(["run", "--tasks", "guidance-01", "--assistant", "oracle", "--body-model", str(tmp_path / "none.npz"),
               "--out", str(tmp_path / "run"), "--no-render", "--no-progress"])
    assert rc == 2
    assert "no such file" in _one_line_error(capsys)
    assert not (tmp_path / "run").exists()


def test_a_file_that_is_not_smplh_is_a_usage_error(tmp_path, capsys):
    bad = tmp_path / "SMPLH_NEUTRAL.npz"
    np.savez(bad, v_template=np.zeros((4, 3)))  # an npz without the other arrays
    rc = main(["run", "--tasks", "guidance-01", "--assistant", "oracle", "--body-model", str(bad),
               "--out", str(tmp_path / "run"), "--no-render", "--no-progress"])
    assert rc == 2
    assert "not an SMPL+H model" in _one_line_error(capsys)


def test_missing_smplx_is_a_usage_error(smplh, tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "smplx", None)  # import smplx now raises ImportError
    copy = tmp_path / "SMPLH_NEUTRAL.npz"  # a new file: not in the loader's cache
    copy.write_bytes(smplh.read_bytes())
    with pytest.raises(BodyModelError, match="body"):
        load_body_model(copy)
    rc = main(["run", "--tasks", "guidance-01", "--assistant", "oracle", "--body-model", str(copy),
               "--out", str(tmp_path / "run"), "--no-render", "--no-progress"])
    assert rc == 2
    assert "smplx and torch" in _one_line_error(capsys)


def test_a_played_cell_uses_the_body_model_and_keys_it(smplh, tmp_path, monkeypatch):
    """``iw-eval play``/``study --body-model``: the page's episode builds its environment with the file, and the cell
    key carries the file's path and SHA-256, as a sweep cell's does (a resume under another body starts afresh)."""
    from interactiveworld.web import session as web_session
    from interactiveworld.bench.identity import key_hash
    from interactiveworld.web.person import Channel
    from interactiveworld.web.session import CellPlan, PlaySession
    from interactiveworld.bench.taskpack import builtin_taskpacks

    digest = hashlib.sha256(smplh.read_bytes()).hexdigest()
    plan = CellPlan(taskpack=str(builtin_taskpacks()["decision-05"]), role="assistant", partner="scripted",
                    out=str(tmp_path / "out"), render=False, body_model=str(smplh), body_model_sha256=digest)
    s = PlaySession(plan, "kestrel", Channel())
    assert (s.spec.body_model, s.spec.body_model_sha256) == (str(smplh), digest)
    plain = PlaySession(CellPlan(taskpack=plan.taskpack, role="assistant", partner="scripted",
                                 out=str(tmp_path / "out"), render=False), "kestrel", Channel())
    assert key_hash(s.key) != key_hash(plain.key) and str(smplh) in json.dumps(s.key) and digest in json.dumps(s.key)
    built = []
    monkeypatch.setattr(web_session, "make_env", lambda *a, **k: built.append(k) or (_ for _ in ()).throw(
        RuntimeError("stop here")))
    s.start()
    s.done.wait(30)
    assert built and built[0]["body_model"] == str(smplh)


def test_play_refuses_an_unusable_body_model(tmp_path, capsys):
    bad = tmp_path / "SMPLH_NEUTRAL.npz"
    bad.write_bytes(b"not a model")
    pytest.importorskip("fastapi")
    assert main(["play", "decision-05", "--as", "human", "--body-model", str(bad)]) == 2
    assert "--body-model" in capsys.readouterr().err
