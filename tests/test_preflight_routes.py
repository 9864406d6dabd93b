"""The preflight call: one minimal completion per model route before the first cell; 401, 403 and 404 stop the
run with one line naming the model, the URL and the status; faults a retry may fix only warn."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_openai_server import ScriptedServer  # noqa: E402

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
