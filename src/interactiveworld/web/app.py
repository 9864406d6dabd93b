"""The local web app a person plays in: FastAPI routes, one websocket, and the uvicorn server on 127.0.0.1.

Routes (all served from the package; the page loads nothing from the network):

* ``GET /`` -- the page; ``GET /static/<name>`` -- its script and style sheet;
* ``GET /frame/<session>/<index>.png`` -- a frame, only once an observation released it;
* ``WS /ws`` -- events to the page (``hello``, ``session``, ``turn``, ``observed``, ``frames``, ``status``,
  ``answered``, ``end``, ``error``), and the page's messages back: ``{"type": "pseudonym", "value"}``,
  ``{"type": "answer", "turn", ...}`` and (study) ``{"type": "next"}``.

A page that connects is sent the whole history of the current episode, so closing the browser and
opening the address again continues where it was. A malformed message (not JSON, nested too deep, binary) is
answered with an ``error`` event naming the problem; nothing a page sends can stop the server or the episode.
:func:`serve` puts every request behind the server's :class:`~.guard.LocalGuard` (Host, Origin, token, body size).
"""
from __future__ import annotations

import asyncio
import json
import socket
from importlib import resources
from typing import Any, Callable, Protocol

import uvicorn
from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, Response

from ..bench.taskpack import TaskPackError
from .guard import GuardMiddleware, LocalGuard, encodable_tree
from .person import Channel, check_pseudonym
from .session import CellPlan, PlaySession

STATIC = {"play.js": "text/javascript", "play.css": "text/css", "watch.js": "text/javascript"}
"""The files under ``static/`` a page may load, with their media types."""
MAX_MESSAGE_CHARS = 64_000
"""Longest websocket message a page may send [characters] (a reply is limited to 20,000 characters)."""


def static_text(name: str) -> str:
    """A file of the page (``play.html``, ``play.js``...) from the package's ``static`` folder."""
    return resources.files(__package__).joinpath("static", name).read_text(encoding="utf-8")


class Controller(Protocol):
    """What the app drives: one cell (:class:`PlayController`) or a study's sequence of cells."""

    channel: Channel

    def hello(self) -> dict[str, Any]: ...

    def start(self, pseudonym: str) -> None: ...

    def next(self) -> None: ...

    def close(self) -> None: ...


class PlayController:
    """``iw-eval play``: one cell for one person.

    Args:
        plan: the cell to play.
        pseudonym: start at once under this pseudonym; None asks the page for one.

    Raises:
        ValueError: a bad pseudonym or role.
        TaskPackError: the TaskPack does not load.
    """

    def __init__(self, plan: CellPlan, pseudonym: str | None = None):
        self.plan = plan
        self.channel = Channel()
        self.session: PlaySession | None = None
        if pseudonym is not None:
            self.start(pseudonym)

    def hello(self) -> dict[str, Any]:
        s = self.session
        return {"type": "hello", "mode": "play", "role": self.plan.role, "partner": self.plan.partner,
                "pseudonym": s.pseudonym if s else None, "needs_pseudonym": s is None}

    def start(self, pseudonym: str) -> None:
        name = check_pseudonym(pseudonym)
        if self.session is not None:
            if self.session.pseudonym != name:
                raise ValueError(f"this server is already playing as {self.session.pseudonym!r}")
            return
        self.session = PlaySession(self.plan, name, self.channel)
        self.session.start()

    def next(self) -> None:
        raise ValueError("there is no next episode: this server plays one cell")

    def close(self) -> None:
        self.channel.close("the server stopped")
        if self.session is not None:
            self.session.join(timeout=60)


def handle_message(controller: Controller, text: str) -> list[dict[str, Any]]:
    """Apply one message from a page; returns the events to send back to that page only.

    Never raises: every problem becomes an ``error`` event the person can act on. A message that
    changes who is playing (``pseudonym``, ``next``) is answered with a fresh ``hello``.
    """
    if len(text) > MAX_MESSAGE_CHARS:
        return [_error(f"the message is over {MAX_MESSAGE_CHARS} characters")]
    try:
        msg = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return [_error("the message is not JSON (or nested too deep)")]
    if not isinstance(msg, dict):
        return [_error("the message must be a JSON object")]
    msg = encodable_tree(msg)  # half an emoji arrives as a lone surrogate: never let it reach a page or a file
    kind = msg.get("type")
    try:
        if kind == "pseudonym":
            controller.start(msg.get("value"))
        elif kind == "answer":
            controller.channel.answer(msg.get("turn"), msg)
            return []
        elif kind == "next":
            controller.next()
        else:
            return [_error(f"unknown message type {str(kind)[:40]!r}")]
    except (ValueError, TypeError, TaskPackError) as exc:
        return [_error(str(exc))]
    return [controller.hello()]


def _error(text: str) -> dict[str, Any]:
    return {"type": "error", "text": text}


def not_found() -> Response:
    """A plain 404."""
    return Response("not found", status_code=404, media_type="text/plain")


def page_app(title: str, page: str) -> FastAPI:
    """A FastAPI app serving ``page`` (HTML text) at ``/`` and the package's :data:`STATIC` files, no API docs."""
    app = FastAPI(title=title, docs_url=None, redoc_url=None, openapi_url=None)

    @app.get("/")
    def index() -> HTMLResponse:
        return HTMLResponse(page)

    @app.get("/static/{name}")
    def static(name: str) -> Response:
        if name not in STATIC:
            return not_found()
        return Response(static_text(name), media_type=STATIC[name])

    return app


def create_app(controller: Controller) -> FastAPI:
    """The FastAPI app of a play or study controller."""
    app = page_app("InteractiveWorld", static_text("play.html"))

    @app.get("/frame/{session}/{index}.png")
    def frame(session: int, index: int) -> Response:
        png = controller.channel.frame(session, index)
        if png is None:
            return not_found()
        return Response(png, media_type="image/png", headers={"Cache-Control": "private, max-age=3600"})

    @app.websocket("/ws")
    async def ws(sock: WebSocket) -> None:
        await sock.accept()
        loop = asyncio.get_running_loop()
        q: asyncio.Queue = asyncio.Queue()
        history = controller.channel.subscribe(loop, q)
        try:
            await sock.send_text(json.dumps(controller.hello()))
            for text in history:
                await sock.send_text(text)

            async def pump() -> None:
                while True:
                    await sock.send_text(await q.get())

            sender = asyncio.create_task(pump())
            try:
                while True:
                    message = await sock.receive()
                    if message["type"] == "websocket.disconnect":
                        return
                    text = message.get("text")
                    # The controller may block briefly on a lock; keep the event loop free.
                    events = [_error("the message must be text (JSON)")] if not isinstance(text, str) \
                        else await asyncio.to_thread(handle_message, controller, text)
                    for event in events:
                        await sock.send_text(json.dumps(event))
            finally:
                sender.cancel()
        except WebSocketDisconnect:
            pass
        finally:
            controller.channel.unsubscribe(q)

    return app


def bind(port: int, host: str = "127.0.0.1") -> socket.socket:
    """A listening socket on ``host:port`` (``port`` 0: any free port).

    Raises:
        OSError: the port is taken or cannot be bound (the message names it).
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise OSError(f"cannot listen on {host}:{port} ({exc.strerror or exc}); choose another --port") from None
    sock.listen(64)
    return sock


def serve(app: FastAPI, sock: socket.socket, *, guard: LocalGuard, on_stop: Callable[[], None] | None = None) -> None:
    """Serve ``app`` on a bound socket until Ctrl-C or SIGTERM, then call ``on_stop``; every request passes
    ``guard`` first (:class:`~.guard.GuardMiddleware`).

    Raises:
        ValueError: ``guard`` is for another port than the socket's.
    """
    if guard.port != sock.getsockname()[1]:
        raise ValueError(f"the guard is for port {guard.port}, the socket listens on {sock.getsockname()[1]}")
    # A page left open must not hold the server up when it stops: connections get this long to close [s].
    config = uvicorn.Config(GuardMiddleware(app, guard), log_level="warning", ws="websockets-sansio",
                            lifespan="off", timeout_graceful_shutdown=5, ws_max_size=4 * MAX_MESSAGE_CHARS)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        if on_stop is not None:
            on_stop()
        sock.close()


__all__ = ["Controller", "PlayController", "create_app", "page_app", "handle_message", "bind", "serve", "static_text"]
