"""A local OpenAI-compatible chat server for tests: ``POST .../chat/completions`` (and Anthropic's
``POST .../v1/messages``) answers with ``reply(body) -> str`` and records every request (path, body, raw size). It listens on 127.0.0.1
only, on a free port, in a daemon thread; use it as a context manager."""
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable


def is_preflight_probe(body: dict) -> bool:
    """True for the one-token call ``iw-eval run`` makes per model route before the first cell
    (:func:`interactiveworld.bench.preflight.check_routes`); test servers answer it without recording it."""
    msgs = body.get("messages") or []
    cap = body.get("max_tokens", body.get("max_completion_tokens"))
    return cap == 1 and len(msgs) == 1 and msgs[0].get("content") == "Reply with OK."


def is_human_request(body: dict) -> bool:
    """True when the request comes from the Human executor (its system prompt), not the Assistant."""
    system = body["system"] if "system" in body else body["messages"][0]["content"]
    text = system if isinstance(system, str) else " ".join(p.get("text", "") for p in system)
    return "You play a person" in text


class ChatServer:
    """Canned chat completions: ``reply`` maps a request body to the reply text, or to (text, finish_reason)."""

    def __init__(self, reply: Callable[[dict], str]):
        self.reply = reply
        self.requests: list[dict] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_POST(self):
                raw = self.rfile.read(int(self.headers["Content-Length"]))
                body = json.loads(raw)
                probe = is_preflight_probe(body)
                if not probe:
                    outer.requests.append({"path": self.path, "body": body, "bytes": len(raw)})
                text = "OK" if probe else outer.reply(body)
                finish = "stop"
                if isinstance(text, tuple):  # (text, finish_reason): e.g. "length", a reply cut at max_tokens
                    text, finish = text
                if self.path.endswith("/messages"):  # Anthropic's Messages API (litellm's anthropic/ provider)
                    payload = {"id": "msg", "type": "message", "role": "assistant", "model": body.get("model"),
                               "content": [{"type": "text", "text": text}], "stop_reason": "end_turn",
                               "usage": {"input_tokens": 40, "output_tokens": 5, "cache_read_input_tokens": 10,
                                         "cache_creation_input_tokens": 0}}
                else:
                    payload = {"id": "x", "object": "chat.completion", "created": 0, "model": body.get("model"),
                               "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                                            "finish_reason": finish}],
                               "usage": {"prompt_tokens": 50, "completion_tokens": 5, "total_tokens": 55}}
                data = json.dumps(payload).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def __enter__(self) -> "ChatServer":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Stop serving and release the port."""
        self.httpd.shutdown()
        self.httpd.server_close()


def guided_model(script: dict[int, tuple[str, str]], done_turn: int, memory: str = "") -> Callable[[dict], str]:
    """A reply function playing both agents as a capable model would on one task.

    Args:
        script: Assistant turn number (1-based, counted as user turns in its chat) -> (the instruction it
            gives, the Human's action block when it hears exactly that instruction).
        done_turn: from this turn on the Assistant says ``done``; other turns it is ``silent``.
        memory: with the memory variant (its system prompt asks for ``<memory>``), this entry follows each reply.
    """
    heard = {said: action for said, action in script.values()}

    def reply(body: dict) -> str:
        msgs = body["messages"]
        if is_human_request(body):
            text = " ".join(p.get("text", "") for p in msgs[-1]["content"] if isinstance(p, dict))
            said = text.split('The assistant says: "', 1)[1].split('"', 1)[0] if 'The assistant says: "' in text else ""
            action = heard.get(said, "")
            return f"<reasoning>{'on it' if action else 'waiting'}</reasoning><action>{action}</action><speak></speak>"
        turn = sum(1 for m in msgs if m["role"] == "user")
        out = f"interrupt {script[turn][0]}" if turn in script else "done" if turn >= done_turn else "silent"
        return out + (f"\n<memory>{memory}</memory>" if memory and "<memory>" in str(msgs[0]) else "")

    return reply


DECISION_05 = {1: ("Pick up the invoice card printed $41.", "[Grab] <invoice_card> (2)"),
               3: ("Put it on the approval desk.", "[Put] <invoice_card> (2) <approval_desk> (1)")}
"""The oracle guidance of the test decision TaskPack (iw_taskpacks.decision_pack), for :func:`guided_model`."""


def free_port() -> int:
    """A loopback port with nothing listening (bound, then released)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
