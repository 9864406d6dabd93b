"""The play web app: its routes and websocket (through FastAPI's test client), the ``iw-eval play`` command
line, and a server killed mid-episode that resumes the cell on restart (a real process)."""
from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
websockets_sync = pytest.importorskip("websockets.sync.client")

from fastapi.testclient import TestClient  # noqa: E402
from iw_browser import ws_url  # noqa: E402
from iw_page import ground_decision  # noqa: E402
from iw_taskpacks import write_packs  # noqa: E402

from interactiveworld import cli  # noqa: E402
from interactiveworld.bench.logs import read_eval, read_trace  # noqa: E402
from interactiveworld.web.app import MAX_MESSAGE_CHARS, PlayController, create_app, static_text  # noqa: E402
from interactiveworld.web.session import CellPlan  # noqa: E402

TESTS = Path(__file__).resolve().parent
FAKE_ENV = "iw_fake_env:FakeEnv"


def _controller(tmp_path, role="human", partner="oracle", pseudonym=None):
    packs = write_packs(tmp_path / "packs")
    plan = CellPlan(taskpack=str(packs["decision-05"]), role=role, partner=partner, out=str(tmp_path / "out"),
                    env=FAKE_ENV)
    return PlayController(plan, pseudonym=pseudonym)


def _until(ws, kind, seen=None):
    """Receive events until one of type ``kind``; returns it (all received go to ``seen``)."""
    for _ in range(1000):
        ev = ws.receive_json()
        if seen is not None:
            seen.append(ev)
        if ev["type"] == kind:
            return ev
    raise AssertionError(f"no {kind!r} event")


@pytest.mark.parametrize("name", ["play.html", "play.js", "play.css", "watch.html", "watch.js"])
def test_the_pages_load_nothing_from_the_network(name):
    text = static_text(name)
    assert not re.search(r"https?://|//cdn|@import|<link[^>]+href=\"http", text), name


def test_routes_serve_the_page_and_only_released_frames(tmp_path):
    ctl = _controller(tmp_path)
    with TestClient(create_app(ctl)) as client:
        page = client.get("/")
        assert page.status_code == 200 and '<script src="/static/play.js">' in page.text
        assert client.get("/static/play.css").headers["content-type"].startswith("text/css")
        for bad in ("/static/app.py", "/static/..%2Fapp.py", "/frame/1/0.png", "/frame/x/0.png"):
            assert client.get(bad).status_code in (404, 422), bad


def test_a_page_that_sends_nonsense_gets_errors_and_the_server_carries_on(tmp_path):
    ctl = _controller(tmp_path)
    with TestClient(create_app(ctl)) as client, client.websocket_connect("/ws") as ws:
        hello = ws.receive_json()
        assert hello == {"type": "hello", "mode": "play", "role": "human", "partner": "oracle", "pseudonym": None,
                         "needs_pseudonym": True}
        cases = [("not json", "not JSON"), ("[1, 2]", "JSON object"), ('{"type": "dance"}', "unknown message type"),
                 ('{"type": "answer", "turn": 1, "action": "[Grab] <x> (1)"}', "not your turn"),
                 ('{"type": "pseudonym", "value": "Jane Doe"}', "no spaces"),
                 ('{"type": "pseudonym", "value": 7}', "must be text"),
                 ('{"type": "next"}', "one cell"), ("x" * (MAX_MESSAGE_CHARS + 1), "over")]
        for text, why in cases:
            ws.send_text(text)
            ev = ws.receive_json()
            assert ev["type"] == "error" and why in ev["text"], (text[:40], ev)
        ws.send_json({"type": "pseudonym", "value": "kestrel"})
        seen = []
        _until(ws, "turn", seen)
        assert any(e["type"] == "hello" and e["pseudonym"] == "kestrel" for e in seen)
        ws.send_json({"type": "pseudonym", "value": "heron"})
        assert "already playing as 'kestrel'" in _until(ws, "error")["text"]
    ctl.close()


def test_closing_the_browser_and_reconnecting_continues_the_same_episode(tmp_path):
    ctl = _controller(tmp_path, pseudonym="kestrel")
    with TestClient(create_app(ctl)) as client:
        with client.websocket_connect("/ws") as ws:
            turn = _until(ws, "turn")
            ws.send_json({"type": "answer", "turn": turn["turn"], **ground_decision(turn["obs"])})
            _until(ws, "answered")
            frame = turn["obs"]["frames"][-1]
            png = client.get(frame["url"])
            assert png.status_code == 200 and png.content[:8] == b"\x89PNG\r\n\x1a\n"
            assert client.get(f"/frame/{ctl.channel.session}/9999.png").status_code == 404
            assert client.get(f"/frame/{ctl.channel.session + 1}/{frame['index']}.png").status_code == 404
        # the browser is closed here; a new page is sent the history and the turn still open
        with client.websocket_connect("/ws") as ws:
            seen = []
            while _until(ws, "turn", seen)["tick"] != 2:
                pass
            types = [e["type"] for e in seen]
            assert types[:3] == ["hello", "session", "turn"] and types.index("answered") < len(types) - 1
            second = seen[-1]
            assert second["obs"]["assistant_speech"] == "Put it on the approval desk."
            ws.send_json({"type": "answer", "turn": second["turn"], **ground_decision(second["obs"])})
            end = _until(ws, "end")
    assert (end["status"], end["passed"], end["stop_reason"]) == ("valid", 1, "done")
    assert read_eval(ctl.session.cell)["passed"] == 1
    ctl.close()


# ---------------------------------------------------------------------------------------------- the command line
@pytest.mark.parametrize("argv, why", [
    (["decision-05", "--as", "human", "--partner", "bogus"], "--partner"),
    (["decision-05", "--as", "assistant", "--partner", "oracle"], "--partner"),
    (["no-such-task", "--as", "human"], "no-such-task"),
    (["decision-05", "--as", "human", "--pseudonym", "Jane Doe"], "no spaces"),
    (["decision-05", "--as", "human", "--port", "70000"], "--port"),
    (["decision-05", "--as", "human", "--env", "no_such_module:make"], "--env"),
    (["decision-05", "--as", "human", "--seed", "-1"], "--seed"),
])
def test_play_refuses_bad_arguments_with_a_message(argv, why, capsys, tmp_path):
    assert cli.main(["play", *argv, "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "iw-eval play: error:" in err and why in err


def test_play_says_when_the_port_is_taken(capsys, tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        assert cli.main(["play", "decision-05", "--as", "human", "--port", str(port), "--out", str(tmp_path)]) == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err


def test_the_new_commands_are_listed(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert all(name in out for name in ("play", "study", "watch"))


# ---------------------------------------------------------------------------------------------- a killed server
def _start(pack: Path, out: Path) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-m", "interactiveworld.cli", "play", str(pack), "--as", "human",
                             "--port", "0", "--pseudonym", "kestrel", "--env", FAKE_ENV, "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    line = proc.stdout.readline()
    m = re.search(r"open (http://127\.0\.0\.1:\d+/\?token=[\w-]+)", line)
    assert m, (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc, ws_url(m.group(1))


def _events(ws):
    while True:
        yield json.loads(ws.recv(timeout=60))


def test_a_killed_server_resumes_the_cell_when_started_again(tmp_path):
    pack = write_packs(tmp_path / "packs")["decision-05"]
    out = tmp_path / "out"
    proc, url = _start(pack, out)
    try:
        with websockets_sync.connect(url) as ws:
            for ev in _events(ws):
                if ev["type"] == "turn":
                    ws.send(json.dumps({"type": "answer", "turn": ev["turn"], **ground_decision(ev["obs"])}))
                if ev["type"] == "answered":
                    break
            for ev in _events(ws):  # the Grab has run once the next turn is open
                if ev["type"] == "turn":
                    break
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
    (cell,) = out.glob("oracle__person-kestrel-*/decision-05/seed0")
    assert not (cell / "eval.json").exists() and (cell / "trace.jsonl").is_file()

    proc, url = _start(pack, out)
    try:
        statuses = []
        with websockets_sync.connect(url) as ws:
            for ev in _events(ws):
                if ev["type"] == "status":
                    statuses.append(ev["text"])
                if ev["type"] == "turn":
                    assert ev["tick"] == 2, "the first answer was replayed, not asked again"
                    ws.send(json.dumps({"type": "answer", "turn": ev["turn"], **ground_decision(ev["obs"])}))
                if ev["type"] == "end":
                    break
        assert "Resuming: replaying your 1 earlier answer(s)." in statuses
        assert (ev["status"], ev["passed"]) == ("valid", 1)
    finally:
        proc.send_signal(signal.SIGTERM)
        stdout, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0
    assert "valid: stop done, passed=1" in stdout
    vias = [r["prompt"]["via"] for r in read_trace(cell / "trace.jsonl") if r["type"] == "human"]
    assert vias == ["replay", "browser"]
    assert (cell / "attempts" / "0" / "trace.jsonl").is_file()
