"""``iw-eval watch SWEEP``: a live, read-only page of a sweep's cells (progress, latest frames, dialogue).

The sweep is read from its files only -- every cell's append-only ``trace.jsonl`` is followed from
where it was last read (a torn last line waits for its end) and ``eval.json`` marks a finished cell --
so watching needs nothing from the process running the sweep and works on a copied folder too.
The app has no route that writes: ``GET /``, the page's script, ``GET /file/<cell>/frames/<name>.png``
(PNG files inside a ``frames`` folder of the sweep, nothing else) and a websocket that pushes the
cells that changed about once a second.
"""
from __future__ import annotations

import asyncio
import html
import json
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, Response

from ..bench import jsonsafe
from ..bench.logs import ATTEMPTS_DIR, FRAMES_DIR, MAX_TRACE_BYTES, TRACE_NAME, find_cells, read_eval
from .app import not_found, page_app, static_text

POLL_S = 1.0
"""How often the page is updated [s]."""
RESCAN_S = 5.0
"""How often the sweep folder is searched for new cells [s] (a search walks every frames folder)."""
DIALOGUE_LINES = 12
LATEST_FRAMES = 4


class CellTail:
    """Follows one cell folder: reads the trace's new complete lines and keeps a summary.

    Attributes:
        version: increases whenever the summary changes.
    """

    def __init__(self, root: Path, cell: Path):
        self.root, self.cell = root, cell
        self.id = cell.relative_to(root).as_posix()
        self._pos = 0
        self.version = 0
        self.info: dict[str, Any] = {"id": self.id, "task_id": None, "assistant": None, "human": None, "seed": None,
                                     "budgets": {}, "tick": 0, "actions": 0, "status": "starting",
                                     "stop_reason": None, "passed": None, "completion": None, "updated": None}
        self.dialogue: deque[dict[str, Any]] = deque(maxlen=DIALOGUE_LINES)
        self.frames: deque[str] = deque(maxlen=LATEST_FRAMES)

    def poll(self) -> bool:
        """Read what was appended since the last call; True when the summary changed."""
        changed = False
        trace = self.cell / TRACE_NAME
        try:
            with open(trace, "rb") as f:
                f.seek(self._pos)
                data = f.read()
        except OSError:
            data = b""
        end = data.rfind(b"\n")
        if end >= 0:
            self._pos += end + 1
            for raw in data[:end].splitlines():
                try:
                    rec = jsonsafe.loads(raw, source=str(trace), allow_duplicate_keys=True)
                except ValueError:  # not UTF-8, not JSON or nested too deep: a line the page cannot show
                    continue
                if isinstance(rec, dict):
                    changed |= self._apply(rec)
        if self.info["status"] in ("starting", "running"):
            ev = read_eval(self.cell)
            if ev is not None:
                self.info.update(status=ev.get("status"), stop_reason=ev.get("stop_reason"), passed=ev.get("passed"),
                                 completion=ev.get("completion"))
                changed = True
        if changed:
            self.version += 1
            self.info["updated"] = time.time()
        return changed

    def _frames(self, paths: Any) -> None:
        for p in paths or []:
            if isinstance(p, str) and p:
                self.frames.append(f"/file/{self.id}/{p}")

    def _apply(self, r: dict[str, Any]) -> bool:
        kind, info = r.get("type"), self.info
        if kind == "header":
            info.update({k: r.get(k) for k in ("task_id", "assistant", "human", "seed", "family", "protocol")},
                        budgets=r.get("budgets") or {}, status="running")
        elif kind == "speech":
            self.dialogue.append({"speaker": r.get("speaker"), "text": r.get("text"), "tick": r.get("tick")})
        elif kind in ("command", "opening_command"):
            out = r.get("outcome") or {}
            if kind == "command":
                self.dialogue.append({"speaker": "command", "text": r.get("command"), "tick": r.get("tick"),
                                      "ok": out.get("ok"), "message": (out.get("error") or {}).get("message")})
                info["actions"] = r.get("action_index", info["actions"])
            self._frames(r.get("frames"))
        elif kind == "tick":
            info.update(tick=r.get("tick", info["tick"]), actions=r.get("actions", info["actions"]))
        elif kind == "end":
            info.update(status=r.get("status"), stop_reason=r.get("stop_reason"), passed=r.get("passed"),
                        completion=r.get("completion"))
        else:
            return False
        return True

    def summary(self) -> dict[str, Any]:
        return {**self.info, "version": self.version, "dialogue": list(self.dialogue), "frames": list(self.frames)}


class SweepWatcher:
    """All cells of a sweep folder, polled at most every :data:`POLL_S` (thread-safe)."""

    def __init__(self, root: str | Path):
        self.root = Path(root).resolve()
        self.cells: dict[str, CellTail] = {}
        self._lock = threading.Lock()
        self._polled = 0.0
        self._scanned = 0.0

    def poll(self) -> None:
        with self._lock:
            now = time.monotonic()
            if now - self._polled < POLL_S / 2:
                return
            self._polled = now
            if now - self._scanned >= RESCAN_S or not self.cells:
                self._scanned = now
                for cell in find_cells(self.root):
                    tail = CellTail(self.root, cell)
                    self.cells.setdefault(tail.id, tail)
            for tail in self.cells.values():
                tail.poll()

    def planned(self) -> int | None:
        """How many cells the sweep's ``sweep.json`` lists (None when it has none or cannot be read)."""
        try:  # held to a trace's limits (bench.jsonsafe)
            cells = jsonsafe.read_json_file(self.root / "sweep.json", max_bytes=MAX_TRACE_BYTES).get("cells")
        except (OSError, ValueError, AttributeError):
            return None
        return len(cells) if isinstance(cells, list) else None

    def changed_since(self, seen: dict[str, int]) -> list[dict[str, Any]]:
        """Summaries of the cells whose version is newer than ``seen`` (updated in place)."""
        out = []
        with self._lock:
            for cid, tail in sorted(self.cells.items()):
                if seen.get(cid) != tail.version:
                    seen[cid] = tail.version
                    out.append(tail.summary())
        return out

    def file(self, rel: str) -> Path | None:
        """A frame PNG of the sweep by its path relative to the folder, else None (nothing else is served)."""
        p = (self.root / rel).resolve()
        if not p.is_relative_to(self.root) or p.suffix != ".png" or p.parent.name != FRAMES_DIR:
            return None
        if ATTEMPTS_DIR in p.relative_to(self.root).parts or not p.is_file():
            return None
        return p


def create_watch_app(root: str | Path) -> FastAPI:
    """The read-only FastAPI app of ``iw-eval watch``."""
    watcher = SweepWatcher(root)
    page = static_text("watch.html").replace("{{sweep}}", html.escape(watcher.root.name))
    app = page_app("InteractiveWorld sweep", page)

    @app.get("/file/{rel:path}")
    def file(rel: str) -> Response:
        p = watcher.file(rel)
        if p is None:
            return not_found()
        return FileResponse(p, media_type="image/png")

    @app.websocket("/ws")
    async def ws(sock: WebSocket) -> None:
        await sock.accept()
        seen: dict[str, int] = {}
        try:
            await sock.send_text(json.dumps({"type": "sweep", "name": watcher.root.name, "path": str(watcher.root),
                                             "planned": watcher.planned()}))
            while True:
                await asyncio.to_thread(watcher.poll)
                changed = watcher.changed_since(seen)
                if changed:
                    await sock.send_text(json.dumps({"type": "cells", "cells": changed}, default=str))
                # The page sends nothing; listening between pushes is how its going away is noticed (a send
                # to a closed page need not fail), so a stopping server is not held up by it.
                try:
                    message = await asyncio.wait_for(sock.receive(), timeout=POLL_S)
                except asyncio.TimeoutError:
                    continue
                if message["type"] == "websocket.disconnect":
                    return
        except (WebSocketDisconnect, RuntimeError):  # the page went away while a message was being sent
            pass

    return app


__all__ = ["CellTail", "SweepWatcher", "create_watch_app"]
