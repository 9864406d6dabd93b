"""The preflight call: one minimal completion per model route before the first cell; 401, 403 and 404 stop the
run with one line naming the model, the URL and the status; faults a retry may fix only warn. The same errors met
mid-sweep stop the sweep after that cell (exit 2), and a resume runs the rest; transient ones do not stop it."""
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_openai_server import ScriptedServer  # noqa: E402
from iw_taskpacks import write_packs  # noqa: E402

from interactiveworld.agents.calls import MODEL_NOT_FOUND, PERMANENT_STATUS, permanent_problem  # noqa: E402

from interactiveworld.bench.preflight import PreflightError, check_routes  # noqa: E402
from interactiveworld.cli import main  # noqa: E402


@pytest.mark.parametrize("status, words", [(404, "not found"), (401, "unauthorized"), (403, "forbidden")])
def test_a_permanent_error_stops_before_the_first_cell(status, words):
    srv = ScriptedServer(status_for={"gone": (status, "no such thing")})  # keyed by the model the server sees
    try:
        with pytest.raises(PreflightError) as err:
            check_routes(["openai/gone", "openai/fine"], srv.base, timeout_s=10)
        msg = str(err.value)
        assert f"openai/gone at {srv.base}" in msg and f"HTTP {status}: {words}" in msg
        assert "openai/fine" not in msg
        assert srv.requests == []  # probes are answered without being counted as the sweep's calls
    finally:
        srv.httpd.shutdown()


def test_a_fault_a_retry_may_fix_only_warns():
    srv = ScriptedServer(status_for={"busy": (503, "overloaded")})
    try:
        warnings = check_routes(["openai/busy", "openai/busy"], srv.base, timeout_s=10)
        assert len(warnings) == 1 and warnings[0].startswith("warning: openai/busy at") and "retry" in warnings[0]
        assert check_routes(["openai/ok"], srv.base, timeout_s=10) == []
    finally:
        srv.httpd.shutdown()


def test_run_stops_with_exit_2_and_one_line_on_a_wrong_endpoint(tmp_path, capsys):
    srv = ScriptedServer(status_for={"m": (404, "Not Found")})
    try:
        code = main(["run", "--assistant", "openai/m", "--api-base", srv.base, "--tasks", "decision-05",
                     "--out", str(tmp_path / "run"), "--no-progress"])
    finally:
        srv.httpd.shutdown()
    assert code == 2
    err = capsys.readouterr().err
    assert "HTTP 404" in err and "/v1" in err
    assert not (tmp_path / "run").exists() or not any((tmp_path / "run").rglob("eval.json"))


def test_a_refusal_of_the_model_own_passes_the_preflight():
    """A context-window or content-policy refusal is a model outcome the cells score (an invalid turn): the route
    answered, so the preflight neither stops nor warns; a 404 beside it still stops the run."""
    srv = ScriptedServer(status_for={
        "small": (400, "This model's maximum context length is 4096 tokens. However, your messages resulted in "
                       "5210 tokens."),
        "prude": (400, "The response was filtered due to the prompt triggering content management policy "
                       "(content_filter)."),
        "gone": (404, "no such thing")})
    try:
        assert check_routes(["openai/small", "openai/prude"], srv.base, timeout_s=10) == []
        with pytest.raises(PreflightError) as err:
            check_routes(["openai/small", "openai/gone"], srv.base, timeout_s=10)
        assert "openai/gone" in str(err.value) and "openai/small" not in str(err.value)
        assert srv.requests == []
    finally:
        srv.httpd.shutdown()


def _sweep(srv, out, *extra):
    return main(["run", "--assistant", "openai/m", "--human", "scripted", "--api-base", srv.base, "--tasks",
                 "decision-05", "--seeds", "0,1,2", "--env", "iw_fake_env:FakeEnv", "--blind", "--out", str(out),
                 "--no-progress", *extra])


def _evals(out):
    return {p.parent.name: json.loads(p.read_text()) for p in Path(out).rglob("eval.json")
            if "attempts" not in p.parts}


@pytest.fixture
def packs(monkeypatch, tmp_path):
    write_packs(tmp_path / "tp")
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-key")


def _requests_of_one_cell(tmp_path):
    """The requests one decision-05 cell makes against a healthy server (the sweep below fails right after)."""
    srv = ScriptedServer()
    try:
        assert main(["run", "--assistant", "openai/m", "--human", "scripted", "--api-base", srv.base, "--tasks",
                     "decision-05", "--env", "iw_fake_env:FakeEnv", "--blind", "--out", str(tmp_path / "one"),
                     "--no-progress"]) == 0
        return len(srv.requests)
    finally:
        srv.close()


@pytest.mark.parametrize("status, body, why", [
    (404, "Not Found", PERMANENT_STATUS[404]),
    (401, "Incorrect API key provided", PERMANENT_STATUS[401]),
    (400, "The model `m` does not exist or you do not have access to it.", MODEL_NOT_FOUND)])
def test_a_permanent_error_mid_sweep_stops_after_that_cell_and_a_resume_runs_the_rest(packs, tmp_path, capsys,
                                                                                      status, body, why):
    per_cell = _requests_of_one_cell(tmp_path)
    assert per_cell >= 2
    # the preflight passes; the endpoint turns wrong after the first cell's requests
    srv = ScriptedServer(status_for={"m": (status, body)}, fail_after=per_cell)
    out = tmp_path / "run"
    try:
        capsys.readouterr()
        assert _sweep(srv, out) == 2
        err = capsys.readouterr().err
        # the second cell met it once (no transport retry, no VOID retry); the third never started
        assert len(srv.requests) == per_cell + 1
        evals = _evals(out)
        assert sorted(evals) == ["seed0", "seed1"]
        assert evals["seed0"]["status"] == "valid"
        line = f"openai/m at {srv.base}"
        assert evals["seed1"]["status"] == "void" and evals["seed1"]["permanent_error"].startswith(line)
        assert f"HTTP {status}: {why}" in evals["seed1"]["permanent_error"] and line in evals["seed1"]["void_reason"]
        stop = [ln for ln in err.splitlines() if ln.startswith("iw-eval run: stopped:")]
        assert stop == [f"iw-eval run: stopped: {line}/chat/completions: HTTP {status}: {why}; 1 cell(s) not run "
                        f"(fix it and run the same command again to resume)"]
        assert "2 ran, 0 already finished, 1 VOID" in err and "spending limit" not in err
        # the endpoint fixed: a resume runs the VOID cell and the one never started, and nothing else
        srv.status_for = {}
        before = len(srv.requests)
        assert _sweep(srv, out) == 0
        assert len(srv.requests) - before == 2 * per_cell
        evals = _evals(out)
        assert sorted(evals) == ["seed0", "seed1", "seed2"]
        assert all(e["status"] == "valid" and "permanent_error" not in e for e in evals.values())
        assert "1 already finished" in capsys.readouterr().err
    finally:
        srv.close()


def test_a_transient_error_mid_sweep_voids_cells_but_does_not_stop(packs, tmp_path, capsys):
    per_cell = _requests_of_one_cell(tmp_path)
    srv = ScriptedServer(status_for={"m": (503, "overloaded")}, fail_after=per_cell)
    try:
        assert _sweep(srv, tmp_path / "run", "--max-retries", "0", "--void-retries", "0") == 1
    finally:
        srv.close()
    err = capsys.readouterr().err
    evals = _evals(tmp_path / "run")
    assert [evals[s]["status"] for s in ("seed0", "seed1", "seed2")] == ["valid", "void", "void"]
    assert not any("permanent_error" in e for e in evals.values())
    assert "stopped:" not in err and len(srv.requests) == per_cell + 2


def test_permanent_problem_reads_the_status_and_the_400_wording():
    class Err(Exception):
        def __init__(self, msg, status_code):
            super().__init__(msg)
            self.status_code = status_code

    assert permanent_problem(Err("x", 404)) == (404, PERMANENT_STATUS[404])
    assert permanent_problem(Err("x", 403)) == (403, PERMANENT_STATUS[403])
    assert permanent_problem(Err("model 'foo' not found", 400)) == (400, MODEL_NOT_FOUND)
    assert permanent_problem(Err("max_tokens is too large", 400)) is None  # another bad request: not the route
    for code in (429, 500, 503):
        assert permanent_problem(Err("busy", code)) is None
    outer = RuntimeError("wrapped")
    outer.__cause__ = Err("gone", 401)
    assert permanent_problem(outer) == (401, PERMANENT_STATUS[401])
    assert permanent_problem(TimeoutError("slow")) is None
