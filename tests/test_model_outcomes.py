"""Model outcomes against infrastructure faults: a provider's refusal of the model's own (context window too
small, content policy) ends the turn as an invalid reply and the cell is scored; transport and configuration
faults make it VOID. Over-long replies join the conversation as a placeholder."""
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_openai_server import ScriptedServer  # noqa: E402
from iw_taskpacks import write_packs  # noqa: E402

from interactiveworld.agents.calls import MODEL_OUTCOMES, model_outcome  # noqa: E402
from interactiveworld.agents.model import kept_reply  # noqa: E402
from interactiveworld.agents.protocol import MAX_REPLY_CHARS  # noqa: E402
from interactiveworld.agents.providers import litellm_module  # noqa: E402
from interactiveworld.bench.logs import read_trace  # noqa: E402
from interactiveworld.cli import main  # noqa: E402

OVERFLOW = ("This model's maximum context length is 4096 tokens. However, your messages resulted in 5210 tokens. "
            "Please reduce the length of the messages.")


@pytest.fixture
def serve(monkeypatch, tmp_path):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    write_packs(tmp_path / "tp")
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))
    servers = []

    def start(**kw):
        servers.append(ScriptedServer(**kw))
        return servers[-1]

    yield start
    for s in servers:
        s.close()


def _run(server, out, assistant, human="scripted"):
    return main(["run", "--tasks", "decision-05", "--assistant", assistant, "--human", human, "--api-base",
                 server.base, "--env", "iw_fake_env:FakeEnv", "--out", str(out), "--max-retries", "0",
                 "--void-retries", "0"])


def _eval(out):
    (p,) = [p for p in Path(out).rglob("eval.json") if "attempts" not in p.parts]
    return json.loads(p.read_text()), read_trace(p.with_name("trace.jsonl"))


def _exc(name, message, status=400):
    import httpx

    ex = litellm_module().exceptions
    cls = getattr(ex, name)
    req = httpx.Request("POST", "http://127.0.0.1/v1/chat/completions")
    kwargs = {"message": message, "model": "m", "llm_provider": "openai"}
    if name in ("BadRequestError", "ContextWindowExceededError", "ContentPolicyViolationError"):
        return cls(**kwargs)
    if name in ("APIConnectionError", "Timeout"):
        return cls(request=req, **kwargs) if name == "APIConnectionError" else cls(**kwargs)
    return cls(response=httpx.Response(status, request=req), **kwargs)


@pytest.mark.parametrize("name,message,status,expected", [
    ("ContextWindowExceededError", OVERFLOW, 400, "context_window"),
    ("ContentPolicyViolationError", "refused", 400, "content_policy"),
    ("BadRequestError", "error code: context_length_exceeded", 400, "context_window"),
    ("BadRequestError", "The response was filtered: content_filter", 400, "content_policy"),
    # infrastructure or configuration: VOID
    ("BadRequestError", "invalid key in header", 400, None),
    ("AuthenticationError", "bad key", 401, None),
    ("NotFoundError", "no such model", 404, None),
    ("RateLimitError", "slow down", 429, None),
    ("InternalServerError", "boom", 500, None),
    ("APIConnectionError", "Connection error.", 0, None),
    ("Timeout", "timed out", 0, None),
])
def test_each_error_class_is_a_model_outcome_or_a_fault(name, message, status, expected):
    assert model_outcome(_exc(name, message, status)) == expected
    # a wrapper keeps the class of its cause
    try:
        raise RuntimeError("wrapped") from _exc(name, message, status)
    except RuntimeError as wrapped:
        assert model_outcome(wrapped) == expected
    assert set(MODEL_OUTCOMES.values()) == {"context_window", "content_policy"}


def test_context_window_overflow_is_a_scored_cell_that_a_resume_skips(serve, tmp_path):
    server = serve(status_for={"small-context": (400, OVERFLOW)})
    assert _run(server, tmp_path / "run", "openai/small-context") == 0
    rec, trace = _eval(tmp_path / "run")
    assert (rec["status"], rec["stop_reason"], rec["void_reason"]) == ("valid", "context_window", None)
    assert rec["passed"] == 0 and rec["invalid_assistant_turns"] == 1 and rec["calls"] == 1
    assert rec["corrections"]["assistant"] == 0  # no correction is sent into a full context
    (turn,) = [r for r in trace if r["type"] == "assistant"]
    assert turn["call"]["refused"] == "context_window"
    assert "provider refused the request (context_window)" in turn["parsed"]["repairs"][0]
    n = len(server.requests)
    assert _run(server, tmp_path / "run", "openai/small-context") == 0
    assert len(server.requests) == n  # the resume skips the finished cell


def test_a_content_policy_refusal_is_an_invalid_turn_and_the_episode_goes_on(serve, tmp_path):
    server = serve(status_for={"prude": (400, "The response was filtered due to the prompt triggering "
                                                     "content management policy (content_filter).")})
    assert _run(server, tmp_path / "run", "openai/prude") == 0
    rec, trace = _eval(tmp_path / "run")
    assert rec["status"] == "valid" and rec["stop_reason"] != "context_window"
    turns = [r for r in trace if r["type"] == "assistant"]
    assert len(turns) == rec["ticks"] > 1 and rec["invalid_assistant_turns"] == len(turns)
    assert all(t["call"]["refused"] == "content_policy" for t in turns)


def test_an_over_long_reply_joins_the_conversation_as_a_placeholder(serve, tmp_path):
    long = "x" * (MAX_REPLY_CHARS + 5000)
    server = serve(assistant_script=[long, long, "silent", "done"])
    assert _run(server, tmp_path / "run", "openai/gpt-4o-mini") == 0
    rec, trace = _eval(tmp_path / "run")
    assert rec["status"] == "valid" and rec["invalid_assistant_turns"] == 1
    # neither the correction call nor any later call re-sends the long reply
    for body in server.requests[1:]:
        assert long not in json.dumps(body)
    sent = json.dumps(server.requests[1])
    assert kept_reply(long) in sent and f"{len(long)} characters" in kept_reply(long)
    assert kept_reply("short") == "short" and kept_reply("y" * MAX_REPLY_CHARS) == "y" * MAX_REPLY_CHARS
    # the trace holds the long reply where it was received (raw, rejected), never in a logged prompt
    turns = [r for r in trace if r["type"] == "assistant"]
    assert all(long not in json.dumps(r["prompt"]["messages"]) for r in turns)
    assert any(r["raw"] == long for r in turns)


def test_a_reply_sent_one_byte_at_a_time_meets_the_wall_clock_deadline(monkeypatch):
    """Each byte arrives well within the client's per-read timeout, the whole reply never does: the attempt
    ends at its deadline as a transport fault (VOID), not after the reply's own pace."""
    import threading
    import time
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from interactiveworld.agents.base import AgentTransportError
    from interactiveworld.agents.calls import CallDeadlineExceeded, within_deadline
    from interactiveworld.agents.model import LLMClient

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    stop = threading.Event()

    class Drip(BaseHTTPRequestHandler):
        def log_message(self, *a):
            pass

        def do_POST(self):
            self.rfile.read(int(self.headers["Content-Length"]))
            body = json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": "m",
                               "choices": [{"index": 0, "message": {"role": "assistant", "content": "silent"},
                                            "finish_reason": "stop"}]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            for b in body:
                if stop.is_set():
                    return
                self.wfile.write(bytes([b]))
                self.wfile.flush()
                time.sleep(0.2)

    srv = ThreadingHTTPServer(("127.0.0.1", 0), Drip)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        client = LLMClient("openai/gpt-4o-mini", api_base=f"http://127.0.0.1:{srv.server_port}/v1", timeout_s=2.0,
                           max_retries=0)
        t0 = time.perf_counter()
        with pytest.raises(AgentTransportError, match="wall-clock deadline"):
            client.complete([{"role": "user", "content": "hi"}])
        assert time.perf_counter() - t0 < 6.0  # the reply alone would take about 40 s
    finally:
        stop.set()
        srv.shutdown()
        srv.server_close()
    assert within_deadline(lambda: 7, 1.0) == 7
    with pytest.raises(ZeroDivisionError):
        within_deadline(lambda: 1 / 0, 1.0)
    with pytest.raises(CallDeadlineExceeded):
        within_deadline(lambda: time.sleep(1.0), 0.05)
    with pytest.raises(ValueError, match="deadline_s"):
        within_deadline(lambda: 1, 0)


def test_a_void_reason_names_the_endpoint_the_call_went_to(monkeypatch):
    """An error carrying the provider's default URL (litellm's placeholder request) does not make the VOID reason
    name that URL for a call sent to a local --api-base."""
    import httpx

    from interactiveworld.agents.base import AgentTransportError
    from interactiveworld.agents.model import LLMClient

    lm = litellm_module()

    def fail(**kw):
        raise lm.exceptions.APIConnectionError(
            message="Connection error.", llm_provider="openai", model="m",
            request=httpx.Request("POST", "https://api.openai.com/v1/chat/completions"))

    monkeypatch.setattr(lm, "completion", fail)
    client = LLMClient("openai/gpt-4o-mini", api_base="http://user:pw-123456789@127.0.0.1:9/v1", max_retries=0)
    with pytest.raises(AgentTransportError) as exc:
        client.complete([{"role": "user", "content": "hi"}])
    text = str(exc.value)
    assert "at http://127.0.0.1:9/v1:" in text and "api.openai.com" not in text and "pw-123456789" not in text
