"""A local OpenAI-compatible chat server for tests: ``POST .../chat/completions`` (and Anthropic's
``POST .../v1/messages``) answers with ``reply(body) -> str`` and records every request (path, body, raw size). It listens on 127.0.0.1
only, on a free port, in a daemon thread; use it as a context manager."""
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable


def is_human_request(body: dict) -> bool:
    """True when the request comes from the Human executor (its system prompt), not the Assistant."""
    system = body["system"] if "system" in body else body["messages"][0]["content"]
    text = system if isinstance(system, str) else " ".join(p.get("text", "") for p in system)
    return "You play a person" in text


class ChatServer:
    """Canned chat completions: ``reply`` maps a request body to the reply text."""

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
                outer.requests.append({"path": self.path, "body": body, "bytes": len(raw)})
                text = outer.reply(body)
                if self.path.endswith("/messages"):  # Anthropic's Messages API (litellm's anthropic/ provider)
                    payload = {"id": "msg", "type": "message", "role": "assistant", "model": body.get("model"),
                               "content": [{"type": "text", "text": text}], "stop_reason": "end_turn",
                               "usage": {"input_tokens": 40, "output_tokens": 5, "cache_read_input_tokens": 10,
                                         "cache_creation_input_tokens": 0}}
                else:
                    payload = {"id": "x", "object": "chat.completion", "created": 0, "model": body.get("model"),
                               "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                                            "finish_reason": "stop"}],
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
        self.httpd.shutdown()
        self.httpd.server_close()


def free_port() -> int:
    """A loopback port with nothing listening (bound, then released)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
