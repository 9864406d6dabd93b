"""Episode logs: append-only JSON lines that survive a torn write, atomic eval.json, secret
scrubbing, and the Assistant's frame selection."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interactiveworld.bench import logs
from interactiveworld.bench.families import command_targets, key_to_arg, redact_speech, select_frame_indices
from interactiveworld.bench.logs import REDACTED, Scrubber, TraceWriter, read_trace, write_json_atomic


def test_trace_is_append_only_and_ordered(tmp_path):
    p = tmp_path / "trace.jsonl"
    with TraceWriter(p) as w:
        w.write("header", task_id="decision-05")
        w.write("command", tick=1, command="[Grab] <mug> (1)")
    with TraceWriter(p) as w:  # a second writer appends, never truncates
        w.write("end", stop_reason="done")
    recs = read_trace(p)
    assert [r["type"] for r in recs] == ["header", "command", "end"]
    assert recs[1]["command"] == "[Grab] <mug> (1)"


def test_torn_last_line_is_skipped_but_corruption_elsewhere_is_an_error(tmp_path):
    p = tmp_path / "trace.jsonl"
    with TraceWriter(p) as w:
        w.write("header", x=1)
        w.write("tick", tick=1)
    with open(p, "a") as f:
        f.write('{"seq": 2, "type": "comm')  # killed mid-write
    assert [r["type"] for r in read_trace(p)] == ["header", "tick"]
    lines = p.read_text().splitlines()
    p.write_text("\n".join([lines[0], "garbage", lines[1]]) + "\n")
    with pytest.raises(ValueError, match="record 2 is not valid JSON"):
        read_trace(p)


def test_secrets_never_reach_a_log(tmp_path):
    env = {"OPENAI_API_KEY": "sk-test-1234567890abcdef", "MY_TOKEN": "tok_abcdefgh12345", "HOME": "/root",
           "SHORT_KEY": "abc"}
    scrub = Scrubber(env)
    text = "key sk-test-1234567890abcdef and tok_abcdefgh12345 in /root with abc; Bearer abcdefghijklmnop"
    out = scrub(text)
    assert "sk-test-1234567890abcdef" not in out and "tok_abcdefgh12345" not in out
    assert "/root" in out and "abc;" in out  # ordinary values and short ones untouched
    assert out.count(REDACTED) == 3
    p = tmp_path / "t.jsonl"
    with TraceWriter(p, scrub=scrub) as w:
        w.write("call", headers={"Authorization": "Bearer sk-test-1234567890abcdef"})
    assert "sk-test" not in p.read_text()
    write_json_atomic(tmp_path / "eval.json", {"note": "sk-test-1234567890abcdef"}, scrub=scrub)
    assert json.loads((tmp_path / "eval.json").read_text()) == {"note": REDACTED}
    assert [q.name for q in tmp_path.iterdir()] and not list(tmp_path.glob("*.tmp"))


def test_frame_selection_hand_worked():
    assert select_frame_indices(10) == list(range(10))
    # 40 frames, no pins: 8 most recent + 24 uniform from the 32 older
    sel = select_frame_indices(40)
    assert len(sel) == 32 and sel[-8:] == list(range(32, 40))
    assert sel[:24] == [round(i * 31 / 23) for i in range(24)]
    # pinned opening frames are always kept among the older 24
    sel = select_frame_indices(100, pinned=[3, 7, 11])
    assert len(sel) == 32 and {3, 7, 11} <= set(sel) and sel[-8:] == list(range(92, 100))
    assert sel == sorted(sel) and len(set(sel)) == 32
    # more pins than the older budget: the pins are thinned uniformly
    sel = select_frame_indices(100, pinned=list(range(0, 60, 2)))
    assert len(sel) == 32 and all(i % 2 == 0 for i in sel[:24])
    with pytest.raises(ValueError, match="pinned indices"):
        select_frame_indices(5, pinned=[5])
    with pytest.raises(ValueError):
        select_frame_indices(5, recent=40)


def test_redaction_and_targets():
    text, leaks = redact_speech("The <red_mug> (2) is by red_mug#1, x=1.5", entity_names=["red_mug"])
    assert text == "The [redacted] is by [redacted], [redacted]"
    assert [lk.kind for lk in leaks] == ["handle", "entity_key", "coordinates"]
    clean, none = redact_speech("The red mug is on the left, about 2 metres away.", entity_names=["red_mug"])
    assert none == [] and clean.startswith("The red mug")
    assert command_targets("[Put] <Red Mug> (2) <table>") == ("red_mug#2", "table#1")
    assert command_targets("[Wait] 3") == ()
    assert key_to_arg("red_mug#2") == "<red_mug> (2)"


_SCRUB_PIECES = st.sampled_from(["sk-", "SK-", "pk_", "rk-", "ghp_", "gho-", "ghx_", "xoxb-", "xoxq-", "skx-",
                                 "abcdefghijkl0123", "ABC_DEF_GHI_JKL", "-", "_", " ", ".", "bearer ", "Bearer ",
                                 "https://", "user:pw@", "host/", "?api_key=", "&sig=", "x", "look_at", "task_id"])


@settings(max_examples=500, deadline=None)
@given(st.lists(_SCRUB_PIECES, max_size=12))
def test_scrubber_shortcuts_never_change_what_is_redacted(pieces):
    """The substring tests in front of the bearer and key expressions only skip work: the result equals applying
    them unconditionally, in the same order (the user-info expression applies to text holding a scheme, ``://``;
    the query expression to any text)."""
    text = "".join(pieces)
    want = logs._BEARER.sub(lambda m: m.group(1) + REDACTED, text)
    if "://" in want:
        want = logs._URL_USERINFO.sub(lambda m: m.group(1) + REDACTED + "@", want)
    want = logs._URL_QUERY_SECRET.sub(lambda m: m.group(1) + REDACTED, want)
    want = logs._KEYLIKE.sub(REDACTED, want)
    assert Scrubber({})(text) == want


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(_SCRUB_PIECES, max_size=8), min_size=1, max_size=5))
def test_buffered_writes_scrub_as_line_by_line_writes_do(texts):
    """A buffered writer scrubs its held records in one pass over the joined lines; the file holds what writing and
    scrubbing each record alone gives (apart from the clock field ``t``), and nothing before the flush."""
    import tempfile
    from pathlib import Path

    scrub = Scrubber({"MY_API_KEY": "hunter2-secret-value"})
    with tempfile.TemporaryDirectory() as d:
        a, b = Path(d) / "a.jsonl", Path(d) / "b.jsonl"
        with TraceWriter(a, scrub=scrub, fsync=False) as one, \
                TraceWriter(b, scrub=scrub, fsync=False, buffered=True) as held:
            for i, pieces in enumerate(texts):
                text = "".join(pieces) + ("hunter2-secret-value" if i % 2 else "\ud800")
                one.write("speech", text=text)
                held.write("speech", text=text)
            assert b.read_bytes() == b""
            held.flush()

        def strip_t(p):
            return [{k: v for k, v in r.items() if k != "t"} for r in read_trace(p)]

        assert strip_t(b) == strip_t(a) and len(strip_t(a)) == len(texts)
        assert "hunter2-secret-value" not in b.read_text()


def test_a_buffered_writer_makes_one_system_call_per_flush(tmp_path, monkeypatch):
    w = TraceWriter(tmp_path / "t.jsonl", fsync=False, buffered=True)
    calls = []
    real = w._f.write
    monkeypatch.setattr(w, "_f", type("F", (), {"write": lambda self, b: calls.append(len(b)) or real(b),
                                                "closed": False, "fileno": w._f.fileno,
                                                "close": w._f.close})())
    for i in range(5):
        w.write("tick", tick=i)
    assert calls == []
    w.flush()
    w.flush()  # nothing held: no call
    assert len(calls) == 1 and calls[0] == (tmp_path / "t.jsonl").stat().st_size
    assert [r["tick"] for r in read_trace(tmp_path / "t.jsonl")] == list(range(5))


def test_query_secrets_are_redacted_without_a_scheme():
    """A relative URL or a bare query string in a provider's error still hides its key (hand-worked)."""
    scrub = Scrubber({})
    assert scrub("GET /v1/chat?api_key=abc123&model=m failed") == f"GET /v1/chat?api_key={REDACTED}&model=m failed"
    assert scrub("retry with &token=t0k3n") == f"retry with &token={REDACTED}"
    assert scrub("x = 1 & y = 2?") == "x = 1 & y = 2?"


def test_key_like_tokens_by_prefix():
    scrub = Scrubber({})
    for prefix in ("sk-", "pk_", "rk-", "ghp_", "gho-", "xoxa-", "xoxb_", "xoxp-"):
        assert scrub(f"use {prefix}abcdef123456 now") == f"use {REDACTED} now"
    # the key pattern is case-sensitive and needs 12 characters after the prefix
    for kept in ("use SK-abcdef123456 now", "use sk-abcdef12345 now", "use ghq_abcdef123456 now", "look_at task_id"):
        assert scrub(kept) == kept


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    | st.tuples(inner, inner) | st.frozensets(st.integers(), max_size=3),
    max_leaves=16)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(max_size=6), _JSON_VALUES, max_size=6))
def test_trace_lines_are_what_json_dumps_writes(record):
    """The encoder built once writes what ``json.dumps`` with the same settings writes, in both escaping modes."""
    for ascii_only in (False, True):
        want = json.dumps(record, default=logs._default, ensure_ascii=ascii_only, separators=(",", ":"))
        assert logs.dumps(record, ascii_only=ascii_only) == want


def test_atomic_json_gets_the_mode_of_an_ordinary_file(tmp_path):
    """eval.json must be as readable as trace.jsonl in a shared folder (mkstemp alone makes it 0600)."""
    import os
    import stat

    old = os.umask(0o022)
    try:
        write_json_atomic(tmp_path / "eval.json", {"a": 1}, fsync=False)
        (tmp_path / "plain.txt").write_text("x")
    finally:
        os.umask(old)
    mode = stat.S_IMODE((tmp_path / "eval.json").stat().st_mode)
    assert mode == stat.S_IMODE((tmp_path / "plain.txt").stat().st_mode) == 0o644
