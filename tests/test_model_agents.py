"""Model agents end to end through litellm against a local OpenAI-compatible server started here:
images as data URLs, malformed and empty replies, retries, timeouts, token accounting, and no API
key in any log."""
import base64
import io
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).parent))
from iw_chat_server import is_preflight_probe  # noqa: E402
from iw_fake_env import FakeEnv, command_colour  # noqa: E402
from iw_taskpacks import decision_pack, write_packs  # noqa: E402

from interactiveworld.agents.base import AgentTransportError  # noqa: E402
from interactiveworld.bench.taskpack import parse_taskpack  # noqa: E402

SECRET = "sk-iwtest-SECRET-0123456789abcdef"


class _Server:
    """Canned chat completions. The Assistant's replies come from a queue; the Human answers by
    grounding the newest Assistant speech; special model names fail on purpose."""

    def __init__(self):
        self.requests = []
        self.assistant_replies = []
        self.fail_next = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                model = body["model"]
                # the run's preflight call: answered (the failing models fail it too), never recorded, and it
                # takes no reply from the Assistant's queue nor a planned failure
                probe = is_preflight_probe(body)
                if not probe:
                    outer.requests.append({"path": self.path, "auth": self.headers.get("Authorization"),
                                           "body": body})
                if model == "always-500" or (outer.fail_next > 0 and not probe):
                    if not probe:
                        outer.fail_next = max(0, outer.fail_next - 1)
                    self.send_response(500)
                    self.send_header("Content-Type", "application/json")
                    self.end_headers()
                    self.wfile.write(b'{"error": {"message": "boom", "type": "server_error"}}')
                    return
                if model == "always-401":
                    self.send_response(401)
                    self.send_header("Content-Type", "application/json")
                    self.end_headers()
                    self.wfile.write(b'{"error": {"message": "invalid api key", "type": "invalid_request_error"}}')
                    return
                if model == "slow":
                    time.sleep(2.0)
                text = "OK" if probe else outer.reply(body)
                payload = {"id": "x", "object": "chat.completion", "created": 0, "model": model,
                           "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                                        "finish_reason": "stop"}],
                           "usage": {"prompt_tokens": 100, "completion_tokens": 7, "total_tokens": 107}}
                data = json.dumps(payload).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try:
                    self.wfile.write(data)
                except BrokenPipeError:  # the client timed out first (the timeout test)
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}/v1"

    def reply(self, body):
        system = body["messages"][0]["content"]
        if "You play a person" in system:
            user = body["messages"][-1]["content"]
            text = " ".join(p["text"] for p in user if p.get("type") == "text") if isinstance(user, list) else user
            if 'says: "' not in text:
                return "<reasoning>nothing asked</reasoning><action></action><speak></speak>"
            said = text.split('says: "', 1)[1].split('"', 1)[0]
            if "$41" in said:
                return ("<reasoning>The $41 card is invoice_card 2.</reasoning><action>[Grab] <invoice_card> (2)"
                        "</action><speak>Got it, that's invoice_card#2.</speak>")
            if "approval desk" in said:
                return "<reasoning>put it</reasoning>\n<action>[Put] <invoice_card> (2) <approval_desk> (1)</action>"
            return "<reasoning>unclear</reasoning><action></action><speak>Which one?</speak>"
        return self.assistant_replies.pop(0) if self.assistant_replies else "silent"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    s = _Server()
    yield s
    s.close()


def _frame_colours(request):
    cols = []
    for m in request["body"]["messages"]:
        if isinstance(m["content"], list):
            for p in m["content"]:
                if p.get("type") == "image_url":
                    url = p["image_url"]["url"]
                    assert url.startswith("data:image/png;base64,")
                    img = np.asarray(Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))))
                    cols.append(tuple(int(c) for c in img[10, 10, :3]))
    return cols


def test_episode_through_litellm(server, tmp_path):
    from interactiveworld.agents.model import ModelAssistant, ModelHuman
    from interactiveworld.bench.episode import EpisodeConfig, run_episode

    tp = parse_taskpack(decision_pack())
    server.assistant_replies = [
        "Let me think about which card it is...",           # malformed: no control keyword
        "",                                                 # empty reply
        "**Interrupt:** Pick up the invoice card printed $41.",  # lenient, repaired
        "interrupt Put it on the approval desk.",
        "silent",
        "<done/>",
    ]
    server.fail_next = 1  # the very first call gets HTTP 500 once and is retried
    kw = dict(api_base=server.base, timeout_s=10, max_retries=2, min_backoff_s=0.01, max_backoff_s=0.05)
    a = ModelAssistant("openai/test-assistant", **kw)
    h = ModelHuman("openai/test-human", **kw)
    rec = run_episode(tp, FakeEnv(), a, h, tmp_path / "cell", EpisodeConfig())
    assert rec["status"] == "valid" and rec["stop_reason"] == "done" and rec["passed"] == 1
    # the free-text reply is answered with a correction; the empty second reply leaves the turn invalid
    assert rec["invalid_assistant_turns"] == 1 and rec["repairs"] >= 1
    assert rec["corrections"] == {"assistant": 1, "human": 0}
    assert rec["retries"] == 1 and rec["calls"] == len(server.requests) - 1  # the HTTP 500 got no reply
    assert rec["leaks"] == 1  # "invoice_card#2" redacted from the Human's speech
    assert rec["prompt_tokens"] == 100 * rec["calls"] and rec["completion_tokens"] == 7 * rec["calls"]
    assert rec["cost_usd"] is None  # a model missing from the cost map has unknown, not zero, cost

    # the key went to the server, and nowhere into the logs
    assert all(r["auth"] == f"Bearer {SECRET}" for r in server.requests)
    for f in (tmp_path / "cell").rglob("*"):
        if f.is_file():
            assert SECRET.encode() not in f.read_bytes(), f

    # images arrived as PNG data URLs with the colours the fake renderer painted
    first_assistant = next(r for r in server.requests if "You play a person" not in
                           r["body"]["messages"][0]["content"])
    cols = _frame_colours(first_assistant)
    assert len(cols) == 4 * len(tp.opening.commands)
    assert cols[-1] == command_colour(tp.opening.commands[-1])
    # the Assistant never receives ids or handles in text
    for r in server.requests:
        if "You play a person" in r["body"]["messages"][0]["content"]:
            continue
        texts = [m["content"] for m in r["body"]["messages"][1:] if isinstance(m["content"], str)]
        texts += [p["text"] for m in r["body"]["messages"] if isinstance(m["content"], list)
                  for p in m["content"] if p.get("type") == "text"]
        for t in texts:
            assert "invoice_card" not in t and "approval_desk" not in t and "#" not in t, t

    trace = [json.loads(x) for x in (tmp_path / "cell" / "trace.jsonl").read_text().splitlines()]
    first = next(r for r in trace if r["type"] == "assistant")
    corr = first["prompt"]["correction"]
    assert corr["rejected"] == "Let me think about which card it is..." and corr["problem"] in corr["message"]
    assert corr["call"]["attempts"] == 2 and "InternalServerError" in corr["call"]["error"]
    assert corr["call"]["correction"] is True and first["raw"] == ""
    prompts = [r["prompt"] for r in trace if r["type"] == "assistant"]
    logged_images = [p for m in prompts[0]["messages"] if isinstance(m["content"], list)
                     for p in m["content"] if p.get("type") == "image"]
    assert logged_images and all(str(p["frame"]).startswith("frames/") for p in logged_images)


def test_memory_variant_carries_memory_forward(server, tmp_path):
    from interactiveworld.agents.model import ModelAssistant
    from interactiveworld.agents.base import AssistantObservation

    server.assistant_replies = ["silent\n<memory>five VAN cartons on the shelf</memory>", "silent"]
    a = ModelAssistant("openai/test-assistant", memory=True, api_base=server.base, min_backoff_s=0.01)
    a.reset("ASK")
    obs = AssistantObservation(tick=1, protocol="ASK", task_request="", frames=[], new_frames=[], new_segments=0,
                               wearer_speech=["hello"], first_turn=True)
    t1 = a.act(obs)
    assert t1.action.kind == "silent" and t1.action.memory == "five VAN cartons on the shelf"
    a.act(obs)
    last = server.requests[-1]["body"]["messages"]
    assert "<memory>" in last[0]["content"]  # the memory clause is in the system prompt
    assert "[tick 1] five VAN cartons on the shelf" in last[-1]["content"][0]["text"]


def test_transport_failure_makes_the_cell_void(server, tmp_path):
    from interactiveworld.agents.model import ModelAssistant
    from interactiveworld.agents.controls import ScriptedHuman
    from interactiveworld.bench.episode import EpisodeConfig, run_episode

    tp = parse_taskpack(decision_pack())
    a = ModelAssistant("openai/always-500", api_base=server.base, max_retries=1, min_backoff_s=0.01)
    rec = run_episode(tp, FakeEnv(), a, ScriptedHuman(tp), tmp_path / "cell", EpisodeConfig(write_frames=False))
    assert rec["status"] == "void" and "after 2 attempt(s)" in rec["void_reason"]
    assert len(server.requests) == 2


def test_timeout_is_a_transport_error(server):
    from interactiveworld.agents.model import LLMClient

    c = LLMClient("openai/slow", api_base=server.base, timeout_s=0.3, max_retries=0)
    with pytest.raises(AgentTransportError, match="after 1 attempt"):
        c.complete([{"role": "user", "content": "hi"}])


def test_cli_run_with_model_agents(server, tmp_path, monkeypatch, capsys):
    from interactiveworld.cli import main

    write_packs(tmp_path / "tp")
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))
    server.assistant_replies = ["interrupt Pick up the invoice card printed $41.",
                                "interrupt Put it on the approval desk.", "done"]
    rc = main(["run", "--tasks", "decision-05", "--assistant", "openai/test-assistant", "--human",
               "openai/test-human", "--api-base", server.base, "--env", "iw_fake_env:FakeEnv", "--out",
               str(tmp_path / "run"), "--no-progress"])
    assert rc == 0
    ev = json.loads(next((tmp_path / "run").rglob("eval.json")).read_text())
    assert ev["passed"] == 1 and ev["assistant"] == "openai/test-assistant"
    for f in (tmp_path / "run").rglob("*"):
        if f.is_file():
            assert SECRET.encode() not in f.read_bytes()


def test_local_server_without_any_key(server, monkeypatch):
    from interactiveworld.agents.model import LLMClient

    monkeypatch.delenv("OPENAI_API_KEY")
    server.assistant_replies = ["silent"]
    text, call = LLMClient("openai/test-assistant", api_base=server.base, max_retries=0).complete(
        [{"role": "system", "content": "x"}, {"role": "user", "content": "hi"}])
    assert text == "silent" and call.attempts == 1 and call.prompt_tokens == 100


def test_authentication_failure_is_not_retried(server):
    """A rejected key cannot succeed on a retry: one request, then a transport error naming the cause."""
    from interactiveworld.agents.model import LLMClient

    c = LLMClient("openai/always-401", api_base=server.base, max_retries=3, min_backoff_s=0.01)
    with pytest.raises(AgentTransportError, match="after 1 attempt"):
        c.complete([{"role": "user", "content": "hi"}])
    assert len(server.requests) == 1
