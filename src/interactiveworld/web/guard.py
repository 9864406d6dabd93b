"""What every local page server checks before it answers (``play``, ``study``, ``watch``, ``label --serve``).

The servers bind 127.0.0.1 only, but a page of any other site open in the same browser can still reach them (a
websocket or a form POST to ``127.0.0.1``, or its own name re-bound to 127.0.0.1 by DNS). So each request must
pass, in this order:

1. **Host** -- exactly one ``Host`` header, ``127.0.0.1:<port>`` or ``localhost:<port>`` of this server: a
   DNS-rebound name is refused (403).
2. **Origin** -- a websocket handshake or a state-changing request (any method but GET, HEAD and OPTIONS) whose
   ``Origin`` is not this server's own (``http://127.0.0.1:<port>`` or ``http://localhost:<port>``) is refused
   (403); ``Origin: null`` is refused too. A request without ``Origin`` (a command-line client) still needs the
   token.
3. **Token** -- a secret made per server (:func:`new_token`, 192 random bits), carried in the address the
   server prints (``?token=...``, as Jupyter does). A request carrying it in the query or in an
   ``Authorization: token ...`` header is let in and given a cookie (``iw_token_<port>``, HttpOnly,
   SameSite=Strict) so that the page's own script, frames and websocket need not repeat it; anything else is
   refused (403).
4. **Body** -- a request with a body must declare its ``Content-Length`` (411 otherwise, chunked bodies too)
   within the server's limit (413 above it): refused from the declaration, before a byte is read.

:class:`LocalGuard` holds the checks (standard library only, for the ``http.server`` backend of ``label
--serve``); :class:`GuardMiddleware` applies them to an ASGI app (FastAPI under uvicorn). :func:`encodable`
makes any text sendable to a page (a lone surrogate, what a browser sends for half an emoji, becomes U+FFFD).
"""
from __future__ import annotations

import hmac
import re
import secrets
import sys
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Iterable
from urllib.parse import parse_qs

MAX_BODY_BYTES = 64 * 1024
"""Largest request body a page server accepts [bytes] (a label form or page message is far smaller)."""
TOKEN_PARAM = "token"
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def new_token() -> str:
    """A fresh per-server secret: 32 URL-safe characters (192 random bits from :mod:`secrets`)."""
    return secrets.token_urlsafe(24)


def announce(line: str, stream: Any = None) -> None:
    """Print a line holding the server's address with its token, which the command line's scrubbed streams
    would otherwise redact (``?token=``): the person must be able to open it. ``stream``: default stdout."""
    stream = sys.stdout if stream is None else stream
    getattr(stream, "write_unscrubbed", stream.write)(line + "\n")
    stream.flush()


def encodable(text: str) -> str:
    """``text`` with every surrogate code point replaced by U+FFFD: a Python ``str`` holds a surrogate only when
    it is unpaired, which UTF-8 cannot encode (a websocket send of it fails)."""
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


def encodable_tree(obj: Any) -> Any:
    """:func:`encodable` applied to every string (keys included) of a JSON-like tree of dicts and lists."""
    if isinstance(obj, str):
        return encodable(obj)
    if isinstance(obj, dict):
        return {encodable_tree(k): encodable_tree(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [encodable_tree(v) for v in obj]
    return obj


@dataclass(frozen=True)
class Refusal:
    """Why a request was refused: the HTTP status (400, 403, 411, 413) and a one-line reason."""

    status: int
    reason: str


@dataclass(frozen=True)
class LocalGuard:
    """The checks of one server (module docstring).

    Args:
        port: the port the server listens on (after binding; never 0).
        token: the server's secret (:func:`new_token`).
        max_body: largest request body [bytes] (:data:`MAX_BODY_BYTES`).

    Raises:
        ValueError: a port outside 1-65535 or a token shorter than 16 characters.
    """

    port: int
    token: str
    max_body: int = MAX_BODY_BYTES

    def __post_init__(self) -> None:
        if not 1 <= int(self.port) <= 65535:
            raise ValueError(f"port: expected 1-65535 (the bound port), got {self.port}")
        if not isinstance(self.token, str) or len(self.token) < 16:
            raise ValueError("token: expected a secret of at least 16 characters (new_token())")

    @property
    def hosts(self) -> frozenset[str]:
        """The ``Host`` values this server answers."""
        return frozenset({f"127.0.0.1:{self.port}", f"localhost:{self.port}"})

    @property
    def origins(self) -> frozenset[str]:
        """The origins of this server's own pages."""
        return frozenset(f"http://{h}" for h in self.hosts)

    @property
    def cookie_name(self) -> str:
        """The token cookie's name; per port, because browsers share cookies between ports of one host."""
        return f"iw_token_{self.port}"

    def url(self, path: str = "/") -> str:
        """The address to print and open: ``http://127.0.0.1:<port><path>?token=<token>``."""
        sep = "&" if "?" in path else "?"
        return f"http://127.0.0.1:{self.port}{path}{sep}{TOKEN_PARAM}={self.token}"

    def _same(self, value: str | None) -> bool:
        return value is not None and hmac.compare_digest(value.encode("utf-8", "replace"),
                                                         self.token.encode("utf-8"))

    def token_given(self, query: str, headers: dict[str, list[str]]) -> bool:
        """True when the request carries the token itself (query or ``Authorization: token ...``), not only
        the cookie: the answer then sets the cookie."""
        values = parse_qs(query, keep_blank_values=True).get(TOKEN_PARAM, [])
        if any(self._same(v) for v in values):
            return True
        for auth in headers.get("authorization", []):
            scheme, _, value = auth.partition(" ")
            if scheme.lower() == "token" and self._same(value.strip()):
                return True
        return False

    def _cookie_ok(self, headers: dict[str, list[str]]) -> bool:
        for line in headers.get("cookie", []):
            for part in line.split(";"):
                name, _, value = part.strip().partition("=")
                if name == self.cookie_name and self._same(value):
                    return True
        return False

    def set_cookie(self) -> str:
        """The ``Set-Cookie`` value that carries the token for the page's later requests."""
        return f"{self.cookie_name}={self.token}; HttpOnly; SameSite=Strict; Path=/"

    def check(self, method: str, query: str, headers: dict[str, list[str]], *, websocket: bool = False) -> Refusal | None:
        """Check one request (module docstring); None lets it in.

        Args:
            method: the HTTP method (``GET`` for a websocket handshake).
            query: the raw query string (without ``?``).
            headers: lower-case header name -> every value sent (:func:`header_map`).
            websocket: the request is a websocket handshake.
        """
        hosts = headers.get("host", [])
        if len(hosts) != 1 or hosts[0].strip().lower() not in self.hosts:
            shown = ", ".join(hosts) or "none"
            return Refusal(403, f"refused: Host {shown!r} is not this server (127.0.0.1:{self.port})")
        state_changing = websocket or method.upper() not in _SAFE_METHODS
        origins = headers.get("origin", [])
        if state_changing and origins and (len(origins) != 1 or origins[0].strip().lower() not in self.origins):
            return Refusal(403, f"refused: Origin {', '.join(origins)!r} is not this server's own page")
        if not (self.token_given(query, headers) or self._cookie_ok(headers)):
            return Refusal(403, "refused: missing or wrong token (open the address the server printed, with its "
                                "?token=...)")
        if method.upper() not in _SAFE_METHODS or headers.get("content-length") or headers.get("transfer-encoding"):
            return self._body(headers)
        return None

    def _body(self, headers: dict[str, list[str]]) -> Refusal | None:
        if headers.get("transfer-encoding"):
            return Refusal(411, "refused: a request body must declare its Content-Length (no chunked bodies)")
        lengths = headers.get("content-length", [])
        if not lengths:
            return Refusal(411, "refused: a request body must declare its Content-Length")
        if len(set(v.strip() for v in lengths)) != 1 or not lengths[0].strip().isdigit():
            return Refusal(400, f"refused: Content-Length {', '.join(lengths)!r} is not one whole number")
        n = int(lengths[0].strip())
        if n > self.max_body:
            return Refusal(413, f"refused: the body is {n} bytes, over this server's {self.max_body}-byte limit")
        return None


def header_map(pairs: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """Lower-case header name -> every value, in order, from (name, value) pairs (duplicates kept: two Host
    headers are refused, not merged)."""
    out: dict[str, list[str]] = {}
    for k, v in pairs:
        out.setdefault(k.lower(), []).append(v)
    return out


class GuardMiddleware:
    """An ASGI app that lets a request reach ``app`` only when :meth:`LocalGuard.check` passes; a refused HTTP
    request gets its status and a one-line text body, a refused websocket handshake is closed before it is
    accepted (HTTP 403). A request that carried the token gets the token cookie.

    Args:
        app: the ASGI app (a FastAPI app).
        guard: the server's :class:`LocalGuard`.
    """

    def __init__(self, app: Any, guard: LocalGuard):
        self.app, self.guard = app, guard

    async def __call__(self, scope: dict[str, Any], receive: Callable[[], Awaitable[dict[str, Any]]],
                      send: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = header_map((k.decode("latin-1"), v.decode("latin-1")) for k, v in scope.get("headers", []))
        query = scope.get("query_string", b"").decode("latin-1")
        websocket = scope["type"] == "websocket"
        refused = self.guard.check(scope.get("method", "GET"), query, headers, websocket=websocket)
        if refused is not None:
            if websocket:
                await receive()  # websocket.connect
                await send({"type": "websocket.close", "code": 1008, "reason": refused.reason[:120]})
                return
            body = (refused.reason + "\n").encode("utf-8")
            await send({"type": "http.response.start", "status": refused.status,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                    (b"content-length", str(len(body)).encode()), (b"connection", b"close")]})
            await send({"type": "http.response.body", "body": body})
            return
        if websocket or not self.guard.token_given(query, headers):
            await self.app(scope, receive, send)
            return
        cookie = self.guard.set_cookie().encode("latin-1")

        async def send_with_cookie(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (b"set-cookie", cookie)]}
            await send(message)

        await self.app(scope, receive, send_with_cookie)


__all__ = ["GuardMiddleware", "LocalGuard", "MAX_BODY_BYTES", "Refusal", "TOKEN_PARAM", "announce", "encodable",
           "encodable_tree",
           "header_map", "new_token"]
