"""First-error labels in the episode page: ``iw-eval label RUN --serve``.

The episode page of ``iw-eval show`` is static HTML. To confirm or change a label from the page, this module
serves a run folder on 127.0.0.1 -- with FastAPI and uvicorn when the ``web`` extra is installed, else with the
standard library's ``http.server`` (both carry the same :class:`LabelSite`):

* ``GET /`` -- the failed cells with the label in force and a link to each episode page;
* ``GET /<cell>/episode.html`` -- the episode page (:func:`~interactiveworld.bench.html.render_episode_html`)
  with a label section added: the history, and a small form (category R1-R6, tick, name, note);
* ``POST /label`` -- the form's target: appends the person's entry to the cell's ``labels.json``
  (:func:`~.labels.set_label`) and sends the browser back to the page;
* any other ``GET`` -- a file inside the run folder (the frames), never outside it.

Every request passes the server's :class:`~interactiveworld.web.guard.LocalGuard` first (Host, Origin of the
form POST, the secret token of the printed address :attr:`LabelServer.open_url`, the body's declared size), on
either backend.

The pages written by ``iw-eval show`` carry the same section without the form (:func:`annotate_page`).
"""
from __future__ import annotations

import html
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

from ..bench.html import render_episode_html
from ..bench.logs import has_symlink, load_eval, read_eval
from ..web.guard import MAX_BODY_BYTES, GuardMiddleware, LocalGuard, header_map, new_token
from .labels import CATEGORIES, LabelFileError, failed_cells, label_in_force, read_labels, set_label

try:  # the web extra: FastAPI and uvicorn carry the pages when installed
    import uvicorn
    from fastapi import FastAPI, Request, Response

    from ..web.app import bind
except ImportError:  # the standard library serves them otherwise
    FastAPI = None

__all__ = ["LabelServer", "LabelSite", "Reply", "label_section", "annotate_page"]

_TYPES = {".png": "image/png", ".html": "text/html; charset=utf-8", ".json": "application/json",
          ".jpg": "image/jpeg", ".gif": "image/gif", ".mp4": "video/mp4"}
_CSS = (".labels{margin-top:18px;padding:10px;border:1px solid #94a3b8;border-radius:8px;background:#fff}"
        ".labels table td,.labels table th{padding:2px 8px;border-bottom:1px solid #e2e8f0;text-align:left}"
        ".labels form{margin-top:8px} .labels label{margin-right:10px}")


def _e(x: Any) -> str:
    return html.escape("" if x is None else str(x), quote=True)


def label_section(cell: Path, *, form_for: str | None = None, default_by: str = "") -> str:
    """HTML of a cell's label history; with ``form_for`` (the cell's path relative to the served root) also the
    form that posts a person's label to ``/label``."""
    try:
        history = read_labels(cell)
        problem = None
    except LabelFileError as exc:
        history, problem = [], str(exc)
    rows = "".join(f"<tr><td>{_e(h.at)}</td><td>{_e(h.kind)}</td><td>{_e(h.by)}</td><td><b>{_e(h.category)}</b> "
                   f"{_e(CATEGORIES[h.category])}</td><td>{_e(h.tick)}</td><td>{_e(h.reason)}</td><td>{_e(h.note)}</td>"
                   f"</tr>" for h in history)
    now = label_in_force(history)
    parts = [f'<section class="labels" id="labels"><style>{_CSS}</style><h2>First-error label</h2>']
    if problem:
        parts.append(f'<p class="err">{_e(problem)}</p>')
    if now is not None:
        parts.append(f'<p id="label-in-force">In force: <b>{_e(now.category)}</b> {_e(CATEGORIES[now.category])} '
                     f'(tick {_e(now.tick)}, {_e(now.kind)} by {_e(now.by)})</p>')
    else:
        parts.append('<p id="label-in-force">No label yet.</p>')
    if history:
        parts.append("<table><tr><th>When</th><th>Kind</th><th>By</th><th>Category</th><th>Tick</th><th>Reason</th>"
                     f"<th>Note</th></tr>{rows}</table>")
    if form_for is not None:
        opts = "".join(f'<option value="{k}"{" selected" if now is not None and now.category == k else ""}>'
                       f'{k}: {_e(v)}</option>' for k, v in CATEGORIES.items())
        parts.append(
            f'<form method="post" action="/label" id="label-form"><input type="hidden" name="cell" '
            f'value="{_e(form_for)}"><label>Category <select name="category" id="label-category">{opts}</select>'
            f'</label><label>Tick <input name="tick" id="label-tick" size="4" value="{_e(now.tick if now else "")}">'
            f'</label><label>Your name <input name="by" id="label-by" required value="{_e(default_by)}"></label>'
            f'<label>Note <input name="note" id="label-note" size="40"></label>'
            f'<button type="submit" id="label-save">Save label</button></form>')
    elif (load_eval(cell) or {}).get("passed") == 0:
        parts.append("<p>To confirm or change it, serve the run: <code>iw-eval label RUN --serve</code>.</p>")
    parts.append("</section>")
    return "".join(parts)


def annotate_page(page: Path) -> None:
    """Add the read-only label section to an episode page written by ``iw-eval show`` (failed valid cells)."""
    cell = page.parent
    ev = read_eval(cell) or {}  # an unusable eval.json is shown as UNREADABLE by the page itself
    if ev.get("status") != "valid" or ev.get("passed") != 0:
        return
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("</body>", label_section(cell) + "</body>", 1), encoding="utf-8")


@dataclass
class Reply:
    """One HTTP answer of :class:`LabelSite`: status, body, content type and extra headers."""

    status: int
    body: bytes
    ctype: str = "text/html; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)


MAX_FORM_BYTES = MAX_BODY_BYTES


class LabelSite:
    """What the label server answers, independent of the HTTP server that carries it (module docstring).

    Args:
        root: the run (or cell) folder.
        base_url: the server's base URL (links and redirects).
        default_by: the name filled in the form.
    """

    def __init__(self, root: Path, base_url: str, default_by: str = ""):
        self.root, self.base_url, self.default_by = root, base_url, default_by

    def page_url(self, cell: Path) -> str:
        """The URL of a cell's episode page."""
        rel = Path(cell).resolve().relative_to(self.root).as_posix()
        return self.base_url + (quote(rel) + "/" if rel != "." else "") + "episode.html"

    def _inside(self, rel: str) -> Path | None:
        p = (self.root / rel).resolve()
        if p != self.root and self.root not in p.parents:
            return None
        return None if has_symlink(self.root, p) else p

    @staticmethod
    def _error(status: int, message: str) -> Reply:
        return Reply(status, f"<!DOCTYPE html><html><body><h1>{status}</h1><p>{_e(message)}</p></body></html>".encode())

    def _index(self) -> bytes:
        items = []
        for cell in failed_cells(self.root):
            try:
                hist = read_labels(cell)
            except LabelFileError:
                hist = []
            force = label_in_force(hist)
            now = f"{force.category} ({force.kind} by {force.by})" if force else "unlabelled"
            items.append(f'<li><a href="{_e(self.page_url(cell))}">{_e(cell.relative_to(self.root).as_posix() or ".")}'
                         f'</a> {_e(now)}</li>')
        return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>first-error labels</title></head><body>"
                f"<h1>Failed cells</h1><ul>{''.join(items) or '<li>none</li>'}</ul></body></html>").encode()

    def get(self, path: str) -> Reply:
        """Answer ``GET path`` (URL-encoded path, query ignored)."""
        rel = unquote(urlsplit(path).path).lstrip("/")
        if rel in ("", "index.html"):
            return Reply(200, self._index())
        p = self._inside(rel)
        if p is None:
            return self._error(403, "outside the served folder")
        if p.name == "episode.html" and (p.parent / "trace.jsonl").is_file():
            try:
                page = render_episode_html(p.parent).read_text(encoding="utf-8")
            except (ValueError, KeyError, TypeError, OSError) as exc:
                return self._error(500, f"cannot render the episode page: {exc}")
            cell_rel = p.parent.relative_to(self.root).as_posix()
            section = label_section(p.parent, form_for=cell_rel, default_by=self.default_by) \
                if p.parent in set(failed_cells(p.parent)) else ""
            return Reply(200, page.replace("</body>", section + "</body>", 1).encode())
        if not p.is_file():
            return self._error(404, f"{rel}: not found")
        return Reply(200, p.read_bytes(), _TYPES.get(p.suffix.lower(), "application/octet-stream"))

    def post(self, path: str, body: bytes) -> Reply:
        """Answer ``POST path`` with a URL-encoded form body: only ``/label`` (a person's label) is accepted."""
        if urlsplit(path).path != "/label":
            return self._error(404, "only /label accepts a form")
        if len(body) > MAX_FORM_BYTES:
            return self._error(413, "form too large")
        form = {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
        cell = self._inside(form.get("cell", ""))
        if cell is None or not (cell / "eval.json").is_file():
            return self._error(400, "the form names no cell of this run")
        tick_text = form.get("tick", "").strip()
        if tick_text and not tick_text.isdigit():
            return self._error(400, f"label not saved: tick: {tick_text!r} is not a whole number of ticks")
        try:
            tick = int(tick_text) if tick_text else None
            set_label(cell, form.get("category", ""), by=form.get("by", ""), tick=tick, note=form.get("note"))
        except (ValueError, FileNotFoundError, LabelFileError) as exc:
            return self._error(400, f"label not saved: {exc}")
        return Reply(303, b"", "text/plain", {"Location": self.page_url(cell) + "#labels"})


def _fastapi_app(site: LabelSite) -> Any:
    """The FastAPI app carrying :class:`LabelSite` (``web`` extra)."""
    app = FastAPI(title="first-error labels", docs_url=None, redoc_url=None, openapi_url=None)

    def respond(r: Reply) -> Any:
        return Response(content=r.body, status_code=r.status, media_type=r.ctype, headers=r.headers)

    @app.post("/{path:path}")
    async def post(path: str, request: Request) -> Any:
        return respond(site.post("/" + path, await request.body()))

    @app.get("/{path:path}")
    def get(path: str) -> Any:
        return respond(site.get("/" + quote(path)))

    return app


class LabelServer:
    """Serves a run folder with the label form (module docstring) on ``host:port`` in a background thread: with
    FastAPI and uvicorn when the ``web`` extra is installed, else with the standard library's ``http.server``.

    Args:
        root: the run (or cell) folder.
        host: the address to bind; 127.0.0.1 by default (the page changes files: keep it local).
        port: 0 picks a free port.
        default_by: the name filled in the form.
        backend: ``"fastapi"``, ``"http.server"`` or None (FastAPI when installed).

    Raises:
        FileNotFoundError: ``root`` is not a folder. OSError: the port cannot be bound.
        ValueError: ``backend`` is unknown or FastAPI is asked for and not installed.
    """

    def __init__(self, root: str | Path, *, host: str = "127.0.0.1", port: int = 0, default_by: str = "",
                 backend: str | None = None):
        self.root = Path(root).resolve()
        if not self.root.is_dir():
            raise FileNotFoundError(f"{root}: no such folder")
        self.backend = backend or ("fastapi" if FastAPI is not None else "http.server")
        if self.backend not in ("fastapi", "http.server"):
            raise ValueError(f"backend must be 'fastapi' or 'http.server', got {backend!r}")
        if self.backend == "fastapi" and FastAPI is None:
            raise ValueError("the FastAPI backend needs the web extra: pip install '.[web]'")
        if self.backend == "fastapi":
            self._sock = bind(port, host)
            name, bound = self._sock.getsockname()[:2]
            self.site = LabelSite(self.root, f"http://{name}:{bound}/", default_by)
            self.guard = LocalGuard(bound, new_token(), MAX_FORM_BYTES)
            config = uvicorn.Config(GuardMiddleware(_fastapi_app(self.site), self.guard), log_level="warning",
                                    lifespan="off", timeout_graceful_shutdown=2)
            self._uvicorn = uvicorn.Server(config)
            self.thread = threading.Thread(target=self._uvicorn.run, kwargs={"sockets": [self._sock]}, daemon=True)
            self.thread.start()
            deadline = time.monotonic() + 20.0
            while not self._uvicorn.started and self.thread.is_alive() and time.monotonic() < deadline:
                time.sleep(0.02)
            return
        self.site = LabelSite(self.root, "", default_by)
        site = self.site
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a: Any) -> None:
                pass

            def _send(self, r: Reply, cookie: bool = False) -> None:
                self.send_response(r.status)
                self.send_header("Content-Type", r.ctype)
                self.send_header("Content-Length", str(len(r.body)))
                for k, v in r.headers.items():
                    self.send_header(k, v)
                if cookie:
                    self.send_header("Set-Cookie", server.guard.set_cookie())
                self.end_headers()
                self.wfile.write(r.body)

            def _checked(self) -> bool | None:
                """The guard's verdict before anything is read: None when refused (answered here), else whether
                the request carried the token itself (the answer then sets the cookie)."""
                headers = header_map(self.headers.items())
                query = urlsplit(self.path).query
                refused = server.guard.check(self.command, query, headers)
                if refused is not None:
                    self.close_connection = True
                    self._send(Reply(refused.status, (refused.reason + "\n").encode(), "text/plain; charset=utf-8"))
                    return None
                return server.guard.token_given(query, headers)

            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                cookie = self._checked()
                if cookie is not None:
                    self._send(site.get(self.path), cookie)

            def do_POST(self) -> None:  # noqa: N802
                cookie = self._checked()
                if cookie is not None:  # the guard has checked the declared length against the limit
                    self._send(site.post(self.path, self.rfile.read(int(self.headers["Content-Length"]))), cookie)

        self.httpd = ThreadingHTTPServer((host, port), Handler)
        self.guard = LocalGuard(self.httpd.server_address[1], new_token(), MAX_FORM_BYTES)
        self.site.base_url = "http://{}:{}/".format(*self.httpd.server_address[:2])
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        """The base URL, e.g. ``http://127.0.0.1:8765/`` (a request needs the token: :attr:`open_url`)."""
        return self.site.base_url

    @property
    def token(self) -> str:
        """The server's secret token."""
        return self.guard.token

    @property
    def open_url(self) -> str:
        """The address to print and open: the base URL with the token (``?token=...``); the page then keeps the
        token in a cookie."""
        return self.guard.url()

    def page_url(self, cell: str | Path) -> str:
        """The URL of a cell's episode page."""
        return self.site.page_url(Path(cell))

    def close(self) -> None:
        """Stop serving and release the port."""
        if self.backend == "fastapi":
            self._uvicorn.should_exit = True
            self.thread.join(timeout=10)
            self._sock.close()
        else:
            self.httpd.shutdown()
            self.httpd.server_close()
