"""``iw-eval watch``: following a sweep's cells from their files (interactiveworld.web.watch)."""
from __future__ import annotations

import json
import signal

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from interactiveworld.web.watch import CellTail, SweepWatcher, create_watch_app  # noqa: E402

HEADER = {"type": "header", "task_id": "decision-05", "assistant": "oracle", "human": "scripted", "seed": 0,
          "budgets": {"ticks": 16, "actions": 12}}


def _cell(root, name="oracle__scripted/decision-05/seed0"):
    cell = root / name
    (cell / "frames").mkdir(parents=True)
    return cell


def _append(cell, *records, torn=""):
    with open(cell / "trace.jsonl", "a", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")
        f.write(torn)


def test_a_cell_is_followed_line_by_line_and_a_torn_line_waits(tmp_path):
    cell = _cell(tmp_path)
    tail = CellTail(tmp_path, cell)
    assert tail.poll() is False and tail.summary()["status"] == "starting"
    speech = {"type": "speech", "tick": 1, "speaker": "assistant", "text": "Pick up the card printed $41."}
    command = {"type": "command", "tick": 1, "command": "[Grab] <invoice_card> (2)", "action_index": 1,
               "outcome": {"ok": False, "error": {"message": "It is out of reach."}},
               "frames": ["frames/f00003_t001.png"]}
    _append(cell, HEADER, speech, torn=json.dumps(command)[:30])
    assert tail.poll() is True
    s = tail.summary()
    assert (s["status"], s["task_id"], s["tick"], s["actions"], s["version"]) == ("running", "decision-05", 0, 0, 1)
    assert s["dialogue"] == [{"speaker": "assistant", "text": "Pick up the card printed $41.", "tick": 1}]
    # the rest of the torn line arrives, then a tick and the end
    with open(cell / "trace.jsonl", "a", encoding="utf-8") as f:
        f.write(json.dumps(command)[30:] + "\n")
    _append(cell, {"type": "tick", "tick": 1, "actions": 1},
            {"type": "end", "status": "valid", "stop_reason": "done", "passed": 1, "completion": 1.0})
    assert tail.poll() is True
    s = tail.summary()
    assert (s["tick"], s["actions"], s["status"], s["passed"], s["stop_reason"]) == (1, 1, "valid", 1, "done")
    assert s["dialogue"][-1] == {"speaker": "command", "text": "[Grab] <invoice_card> (2)", "tick": 1, "ok": False,
                                 "message": "It is out of reach."}
    assert s["frames"] == ["/file/oracle__scripted/decision-05/seed0/frames/f00003_t001.png"]
    assert tail.poll() is False and tail.summary()["version"] == 2


def test_a_cell_that_ended_without_an_end_record_takes_its_eval_json(tmp_path):
    cell = _cell(tmp_path)
    (cell / "eval.json").write_text(json.dumps({"status": "void", "stop_reason": "void", "passed": None}))
    tail = CellTail(tmp_path, cell)
    assert tail.poll() is True and tail.summary()["status"] == "void"


def test_only_frame_pngs_inside_the_sweep_are_served(tmp_path):
    sweep = tmp_path / "sweep"
    cell = _cell(sweep)
    (cell / "frames" / "f00000_t000.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (cell / "attempts" / "0" / "frames").mkdir(parents=True)
    (cell / "attempts" / "0" / "frames" / "old.png").write_bytes(b"\x89PNG")
    (tmp_path / "secret.png").write_bytes(b"x")
    _append(cell, HEADER)
    w = SweepWatcher(sweep)
    rel = "oracle__scripted/decision-05/seed0"
    assert w.file(f"{rel}/frames/f00000_t000.png") == (cell / "frames" / "f00000_t000.png").resolve()
    for bad in (f"{rel}/trace.jsonl", "../secret.png", f"{rel}/frames/missing.png",
                f"{rel}/attempts/0/frames/old.png", "/etc/passwd"):
        assert w.file(bad) is None, bad


def test_the_page_gets_every_cell_then_only_changes(tmp_path):
    a, b = _cell(tmp_path), _cell(tmp_path, "silent__scripted/decision-05/seed0")
    _append(a, HEADER)
    _append(b, {**HEADER, "assistant": "silent"})
    (tmp_path / "sweep.json").write_text(json.dumps({"cells": [{}, {}, {}]}), encoding="utf-8")
    with TestClient(create_watch_app(tmp_path)) as client:
        assert "Sweep " + tmp_path.name in client.get("/").text
        assert client.post("/").status_code == 405  # nothing is written through the app
        with client.websocket_connect("/ws") as ws:
            assert ws.receive_json() == {"type": "sweep", "name": tmp_path.name, "path": str(tmp_path.resolve()),
                                         "planned": 3}
            first = ws.receive_json()
            assert first["type"] == "cells" and {c["assistant"] for c in first["cells"]} == {"oracle", "silent"}
            _append(b, {"type": "end", "status": "valid", "stop_reason": "done", "passed": 0, "completion": 0.0})
            update = ws.receive_json()
            assert [(c["assistant"], c["status"], c["passed"]) for c in update["cells"]] == [("silent", "valid", 0)]


def test_the_server_stops_on_sigterm_with_a_page_still_open(tmp_path):
    """A watching page never sends anything; the server still notices it and stops when asked."""
    websockets_sync = pytest.importorskip("websockets.sync.client")
    from iw_browser import start_iw, ws_url

    _append(_cell(tmp_path), HEADER)
    proc, url = start_iw("watch", str(tmp_path))
    try:
        with websockets_sync.connect(ws_url(url)) as ws:
            assert json.loads(ws.recv(timeout=30))["type"] == "sweep"
            assert json.loads(ws.recv(timeout=30))["type"] == "cells"
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate()
    assert proc.returncode == 0
