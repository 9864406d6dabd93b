"""Every local page server (play, study, watch, label --serve on both backends) refuses a foreign Host, a foreign
Origin on websocket handshakes and state-changing requests, a missing or wrong token and an oversized body (from
its declared length, before reading it), and still works for the person holding the printed address. Plain HTTP
and websocket clients; the pages' own browser tests (test_web_browser.py, test_analysis_labels.py) open the
printed address in headless Chromium."""
from __future__ import annotations

import json
import signal
import socket
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

pytest.importorskip("fastapi")
websockets_sync = pytest.importorskip("websockets.sync.client")
from websockets.exceptions import InvalidStatus  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from iw_browser import start_iw, ws_url  # noqa: E402
from iw_page import ground_decision  # noqa: E402
from iw_taskpacks import write_packs  # noqa: E402

from interactiveworld.web.guard import LocalGuard, encodable, encodable_tree, header_map, new_token  # noqa: E402

FAKE_ENV = "iw_fake_env:FakeEnv"
EVIL = "http://evil.example"


def raw(port: int, method: str, path: str, headers: dict[str, str], body: bytes = b"", *,
        send_body: bool = True) -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 request over a plain socket (headers exactly as given); the status, headers and body read
    back. ``send_body`` False sends only the head (a server that waits for the body would hang: the read times
    out)."""
    head = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    head += "Connection: close\r\n\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
        s.sendall(head.encode("latin-1") + (body if send_body else b""))
        data = b""
        while True:
            try:
                chunk = s.recv(65536)
            except (ConnectionResetError, TimeoutError):
                break
            if not chunk:
                break
            data += chunk
    top, _, rest = data.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    hdrs = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        hdrs[k.strip().lower()] = v.strip()
    return status, hdrs, rest


def _parts(url: str) -> tuple[int, str]:
    u = urlsplit(url)
    return u.port, u.query.split("token=", 1)[1]


def _refusals(port: int, token: str, *, post_path: str, ws: bool) -> None:
    """The four refusals and the person's way in, on one running server."""
    host = {"Host": f"127.0.0.1:{port}"}
    # the person: the printed address works and leaves a cookie for the page's later requests
    status, hdrs, _ = raw(port, "GET", f"/?token={token}", host)
    assert status == 200 and hdrs["set-cookie"].startswith(f"iw_token_{port}={token};")
    assert "HttpOnly" in hdrs["set-cookie"] and "SameSite=Strict" in hdrs["set-cookie"]
    assert raw(port, "GET", "/", {**host, "Cookie": f"iw_token_{port}={token}"})[0] == 200
    assert raw(port, "GET", "/", {"Host": f"localhost:{port}", "Authorization": f"token {token}"})[0] == 200
    # a missing or wrong token
    for path, extra in (("/", {}), ("/?token=" + "x" * len(token), {}), ("/", {"Cookie": f"iw_token_{port}=nope"}),
                        ("/", {"Cookie": f"iw_token_{port + 1}={token}"})):
        status, _, body = raw(port, "GET", path, {**host, **extra})
        assert status == 403 and b"token" in body, (path, extra)
    # a foreign Host (DNS rebinding), even with the token
    for h in ("evil.example", f"evil.example:{port}", f"127.0.0.1:{port + 1}", ""):
        status, _, body = raw(port, "GET", f"/?token={token}", {"Host": h})
        assert status == 403 and b"Host" in body, h
    status, _, _ = raw(port, "GET", f"/?token={token}", {})  # no Host at all
    assert status in (400, 403)
    # a state-changing request from another site's page, even with the token
    status, _, body = raw(port, "POST", f"{post_path}?token={token}",
                          {**host, "Origin": EVIL, "Content-Type": "application/x-www-form-urlencoded",
                           "Content-Length": "3"}, b"a=b")
    assert status == 403 and b"Origin" in body
    # an oversized body is refused from its declared length: the server answers without waiting for it
    status, _, body = raw(port, "POST", f"{post_path}?token={token}",
                          {**host, "Origin": f"http://127.0.0.1:{port}", "Content-Length": str(10 ** 9)},
                          send_body=False)
    assert status == 413 and b"limit" in body
    status, _, _ = raw(port, "POST", f"{post_path}?token={token}", {**host, "Transfer-Encoding": "chunked"},
                       b"0\r\n\r\n")
    assert status == 411
    if not ws:
        return
    good = ws_url(f"http://127.0.0.1:{port}/?token={token}")
    for origin, uri in ((EVIL, good), ("null", good), (f"http://127.0.0.1:{port}", ws_url(f"http://127.0.0.1:{port}/"))):
        with pytest.raises(InvalidStatus) as exc:
            websockets_sync.connect(uri, origin=origin, proxy=None, open_timeout=20)
        assert exc.value.response.status_code == 403, origin
    with websockets_sync.connect(good, origin=f"http://127.0.0.1:{port}", proxy=None, open_timeout=20) as sock:
        first = json.loads(sock.recv(timeout=30))
        assert first["type"] in ("hello", "sweep")


def _stop(proc) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.communicate(timeout=60)
    except Exception:  # noqa: BLE001 - a server that does not stop is killed
        proc.kill()
        proc.communicate()


def test_play_server_refuses_foreign_callers(tmp_path):
    pack = write_packs(tmp_path / "packs")["decision-05"]
    proc, url = start_iw("play", str(pack), "--as", "human", "--pseudonym", "kestrel", "--env", FAKE_ENV, "--out",
                         str(tmp_path / "out"))
    try:
        port, token = _parts(url)
        _refusals(port, token, post_path="/", ws=True)
    finally:
        _stop(proc)


def test_study_server_refuses_foreign_callers(tmp_path, monkeypatch):
    monkeypatch.setenv("IW_ENVS", FAKE_ENV)
    packs = write_packs(tmp_path / "packs")
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"name": "s1", "role": "human", "partners": ["oracle"],
                                "tasks": [str(packs["decision-05"])], "env": FAKE_ENV}))
    proc, url = start_iw("study", str(plan))
    try:
        port, token = _parts(url)
        _refusals(port, token, post_path="/", ws=True)
    finally:
        _stop(proc)


def test_watch_server_refuses_foreign_callers(tmp_path):
    (tmp_path / "sweep").mkdir()
    proc, url = start_iw("watch", str(tmp_path / "sweep"))
    try:
        port, token = _parts(url)
        _refusals(port, token, post_path="/", ws=True)
    finally:
        _stop(proc)


@pytest.mark.parametrize("backend", ["fastapi", "http.server"])
def test_label_server_refuses_foreign_callers_and_cross_site_forms(tmp_path, backend):
    from interactiveworld.analysis.label_web import LabelServer

    cell = tmp_path / "run" / "a__b" / "decision-05" / "seed0"
    cell.mkdir(parents=True)
    (cell / "eval.json").write_text(json.dumps({"status": "valid", "passed": 0}))
    web = LabelServer(tmp_path / "run", port=0, backend=backend)
    try:
        port, token = _parts(web.open_url)
        assert web.token == token and web.open_url == f"http://127.0.0.1:{port}/?token={token}"
        _refusals(port, token, post_path="/label", ws=False)
        # a cross-site form POST never reaches labels.json
        form = b"cell=a__b%2Fdecision-05%2Fseed0&category=R2&by=mallory"
        status, _, _ = raw(port, "POST", "/label", {"Host": f"127.0.0.1:{port}", "Origin": EVIL,
                                                    "Cookie": f"iw_token_{port}={token}",
                                                    "Content-Type": "application/x-www-form-urlencoded",
                                                    "Content-Length": str(len(form))}, form)
        assert status == 403 and not (cell / "labels.json").exists()
    finally:
        web.close()


def test_a_lone_surrogate_from_one_page_does_not_cut_off_the_next(tmp_path):
    """Half an emoji in an answer (JSON.stringify sends it as an escaped lone surrogate) is shown as U+FFFD;
    a page that connects later still gets the whole history. Malformed and binary messages are answered with
    errors and the websocket stays open."""
    pack = write_packs(tmp_path / "packs")["decision-05"]
    proc, url = start_iw("play", str(pack), "--as", "human", "--pseudonym", "kestrel", "--env", FAKE_ENV, "--out",
                         str(tmp_path / "out"))
    try:
        with websockets_sync.connect(ws_url(url), proxy=None) as sock:
            for bad in ("[" * 50_000, b"\x00\x01", "{\"type\": \"answer\", \"turn\": {}}"):
                sock.send(bad)
            errors, turn, sent = 0, None, False
            while True:
                ev = json.loads(sock.recv(timeout=60))
                errors += ev["type"] == "error"
                turn = ev if ev["type"] == "turn" else turn
                if turn is not None and errors >= 3 and not sent:
                    answer = {**ground_decision(turn["obs"]), "speak": "ok "}
                    text = json.dumps({"type": "answer", "turn": turn["turn"], **answer})
                    sock.send(text.replace('"ok "', '"ok \\ud83d"'))
                    sent = True
                if ev["type"] == "answered":
                    assert ev["answer"]["speak"].endswith("\ufffd") and errors == 3
                    break
        with websockets_sync.connect(ws_url(url), proxy=None) as sock:  # a later page gets everything
            seen = [json.loads(sock.recv(timeout=30))["type"] for _ in range(4)]
            assert seen[0] == "hello" and "session" in seen
    finally:
        _stop(proc)


def test_guard_rules_without_a_server():
    token = new_token()
    assert len(token) == 32 and token != new_token()
    g = LocalGuard(8765, token)
    ok = {"host": ["127.0.0.1:8765"]}
    assert g.check("GET", f"token={token}", ok) is None
    assert g.check("GET", "", header_map([("Host", "127.0.0.1:8765"), ("Host", "evil.example")])).status == 403
    assert g.check("POST", f"token={token}", {**ok, "content-length": ["12", "13"]}).status == 400
    assert g.check("POST", f"token={token}", {**ok, "content-length": [str(64 * 1024)]}) is None
    assert g.check("POST", f"token={token}", {**ok, "content-length": [str(64 * 1024 + 1)]}).status == 413
    assert g.check("GET", f"token={token}", {**ok, "origin": [EVIL]}) is None  # a plain page load from a link
    assert g.check("GET", f"token={token}", {**ok, "origin": [EVIL]}, websocket=True).status == 403
    with pytest.raises(ValueError, match="port"):
        LocalGuard(0, token)
    with pytest.raises(ValueError, match="token"):
        LocalGuard(1, "short")
    assert encodable("a\ud83db") == "a\ufffdb" and encodable("\U0001f600") == "\U0001f600"
    assert encodable_tree({"k\udc00": ["\ud800", 1]}) == {"k\ufffd": ["\ufffd", 1]}
    json.dumps(encodable_tree({"x": "\ud800"}), ensure_ascii=False).encode("utf-8")  # encodable now


def test_a_blind_study_shows_no_model_string_or_endpoint(tmp_path):
    from interactiveworld.web.person import Channel
    from interactiveworld.web.session import CellPlan, PlaySession

    pack = write_packs(tmp_path / "packs")["decision-05"]
    plan = CellPlan(taskpack=str(pack), role="human", partner="openai/secret-model-x", out=str(tmp_path / "out"),
                    env=FAKE_ENV, api_base="http://10.1.2.3:9999/v1")
    void = "transport: openai/secret-model-x at http://10.1.2.3:9999/v1/chat/completions: call failed"
    for blind in (True, False):
        s = PlaySession(plan, "kestrel", Channel(), blind=blind)
        shown = json.dumps([s.describe(), s._end_event({"status": "void", "void_reason": void})])
        leaked = "secret-model-x" in shown or "10.1.2.3" in shown
        assert leaked is (not blind), blind
