"""Episode logs: append-only JSON lines that survive a torn write, atomic eval.json, secret
scrubbing, and the Assistant's frame selection."""
import json

import pytest

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
