"""A stateless OpenAI-compatible chat server on 127.0.0.1 for the sweep-at-scale tests.

Replies depend only on the request, so any number of cells and processes can share it and a response
cache sees the same request twice: the Assistant's n-th turn (n = assistant messages already in its
history) gets ``assistant_script[n]`` (``done`` after the script), and the Human grounds the newest
Assistant speech of the decision-05 test TaskPack. It counts requests and the peak number in flight,
can answer the first requests with 429 + ``Retry-After``, add a delay, and report usage tokens.
"""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from iw_chat_server import is_preflight_probe

ASSISTANT_SCRIPT = ["interrupt Pick up the invoice card printed $41.", "interrupt Put it on the approval desk.", "done"]


def human_reply(text: str) -> str:
    """The Human's answer to its user turn (grounds the decision-05 guidance)."""
    if 'says: "' not in text:
        return "<reasoning>nothing asked</reasoning><action></action><speak></speak>"
    said = text.split('says: "', 1)[1].split('"', 1)[0]
    if "$41" in said:
        return "<reasoning>the $41 card</reasoning><action>[Grab] <invoice_card> (2)</action><speak>OK.</speak>"
    if "approval desk" in said:
        return "<reasoning>put it</reasoning><action>[Put] <invoice_card> (2) <approval_desk> (1)</action>"
    return "<reasoning>unclear</reasoning><action></action><speak>Which one?</speak>"


class ScriptedServer:
    """See the module docstring.

    Args:
        assistant_script: the Assistant's replies by turn.
        delay_s: time each reply takes [s].
        rate_limited: how many of the first requests get HTTP 429 with ``Retry-After: retry_after``.
        prompt_tokens / completion_tokens: usage reported per reply.
        status_for: model name -> (HTTP status, error message) for requests to that model; the message may
            contain ``{auth}``, replaced by the request's Authorization header (a provider echoing the key).
        fail_after: apply ``status_for`` only once this many requests were counted (None: always); an endpoint
            that goes wrong mid-sweep. Both are read per request, so a test may change them while it runs (an empty
            ``status_for``: the endpoint is fixed).
    """

    def __init__(self, assistant_script=None, *, delay_s=0.0, rate_limited=0, retry_after="1",
                 prompt_tokens=1000, completion_tokens=50, status_for=None, fail_after=None):
        self.script = list(assistant_script or ASSISTANT_SCRIPT)
        self.delay_s, self.rate_limited, self.retry_after = delay_s, rate_limited, retry_after
        self.usage = (prompt_tokens, completion_tokens)
        self.status_for = dict(status_for or {})
        self.fail_after = fail_after
        self.requests, self.in_flight, self.peak = [], 0, 0
        self._lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def _send(self, status, payload, headers=()):
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in headers:
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                if is_preflight_probe(body):  # answered (errors included), never recorded nor counted
                    if body["model"] in outer.status_for and outer.failing(len(outer.requests)):
                        status, msg = outer.status_for[body["model"]]
                        msg = msg.replace("{auth}", self.headers.get("Authorization", ""))
                        self._send(status, {"error": {"message": msg, "type": "invalid_request_error"}})
                    else:
                        self._send(200, {"id": "p", "object": "chat.completion", "created": 0, "model": body["model"],
                                         "choices": [{"index": 0, "message": {"role": "assistant", "content": "OK"},
                                                      "finish_reason": "stop"}],
                                         "usage": {"prompt_tokens": 5, "completion_tokens": 1, "total_tokens": 6}})
                    return
                with outer._lock:
                    outer.requests.append(body)
                    n = len(outer.requests)
                    outer.in_flight += 1
                    outer.peak = max(outer.peak, outer.in_flight)
                try:
                    time.sleep(outer.delay_s)
                    if n <= outer.rate_limited:
                        self._send(429, {"error": {"message": "slow down", "type": "rate_limit"}},
                                   [("Retry-After", outer.retry_after)])
                        return
                    if body["model"] in outer.status_for and outer.failing(n - 1):
                        status, msg = outer.status_for[body["model"]]
                        msg = msg.replace("{auth}", self.headers.get("Authorization", ""))
                        self._send(status, {"error": {"message": msg, "type": "invalid_request_error"}})
                        return
                    self._send(200, outer.completion(body))
                finally:
                    with outer._lock:
                        outer.in_flight -= 1

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def failing(self, counted_before: int) -> bool:
        """Whether ``status_for`` applies to a request that follows ``counted_before`` counted ones."""
        return self.fail_after is None or counted_before >= self.fail_after

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def reply_text(self, body: dict) -> str:
        msgs = body["messages"]
        if "You play a person" in msgs[0]["content"]:
            user = msgs[-1]["content"]
            return human_reply(" ".join(p.get("text", "") for p in user) if isinstance(user, list) else user)
        turn = sum(1 for m in msgs if m["role"] == "assistant")
        return self.script[turn] if turn < len(self.script) else "done"

    def completion(self, body: dict) -> dict:
        return {"id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
                "choices": [{"index": 0, "message": {"role": "assistant", "content": self.reply_text(body)},
                             "finish_reason": "stop"}],
                "usage": {"prompt_tokens": self.usage[0], "completion_tokens": self.usage[1],
                          "total_tokens": sum(self.usage)}}

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
