"""Frames reach the Assistant once, in the turn where they were new, with truthful counts; identical
frames are sent once; earlier turns form a stable prefix (prompt caches reuse it; Claude gets litellm
cache_control breakpoints); the bytes sent per cell are in eval.json."""
import hashlib
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_chat_server import DECISION_05, ChatServer, guided_model, is_human_request  # noqa: E402
from iw_fake_env import FakeEnv  # noqa: E402
from iw_taskpacks import decision_pack  # noqa: E402

from interactiveworld.agents.base import AssistantObservation, Frame  # noqa: E402
from interactiveworld.agents.conversation import AssistantConversation, frames_note, wants_cache_markers  # noqa: E402
from interactiveworld.agents.model import ModelAssistant, ModelHuman  # noqa: E402
from interactiveworld.bench.episode import EpisodeConfig, run_episode  # noqa: E402
from interactiveworld.bench.families import select_frame_indices  # noqa: E402
from interactiveworld.bench.logs import read_trace  # noqa: E402
from interactiveworld.bench.taskpack import parse_taskpack  # noqa: E402


def _frames(start, n, same_as=None):
    """n frames with distinct bytes (or, with ``same_as``, the bytes of that frame)."""
    return [Frame(index=start + i, tick=0, command="c", png=same_as.png if same_as else f"png-{start + i}".encode())
            for i in range(n)]


def _images(messages):
    return [p["image_url"]["url"] for m in messages if isinstance(m["content"], list) for p in m["content"]
            if p.get("type") == "image_url"]


def _texts(message):
    return [p["text"] for p in message["content"] if p.get("type") == "text"]


def test_frames_sit_in_their_turn_once_with_truthful_counts():
    chat = AssistantConversation()
    first = _frames(0, 3)
    twin = _frames(3, 1, same_as=first[1])  # a re-render with identical bytes
    m1, sent1 = chat.build("sys", "t1", first + twin, first + twin)
    assert [f.index for f in sent1] == [0, 1, 2] and len(_images(m1)) == 3
    assert _texts(m1[-1])[1] == ("4 new frame(s) since the previous turn; 3 of them follow, oldest first "
                                 "(1 identical to a frame shown earlier, not repeated).")
    chat.commit("silent")
    m2, sent2 = chat.build("sys", "t2", [], first + twin)
    assert sent2 == sent1 and _texts(m2[-1])[1] == "No new frames since the previous turn."
    assert m2[:len(m1)] == m1 and m2[len(m1)] == {"role": "assistant", "content": "silent"}  # a stable prefix
    chat.commit("silent")
    new = _frames(4, 2)
    m3, sent3 = chat.build("sys", "t3", new, first + twin + new)
    assert m3[:len(m2)] == m2 and [f.index for f in sent3] == [0, 1, 2, 4, 5]
    assert _texts(m3[-1])[1] == "2 new frame(s) since the previous turn; all follow, oldest first."


def test_the_32_image_budget_drops_old_frames_and_the_old_turn_says_so():
    chat = AssistantConversation()
    opening = _frames(0, 30)
    chat.build("sys", "t1", opening, opening)
    chat.commit("silent")
    later = _frames(30, 10)
    every = opening + later
    sel = [every[i] for i in select_frame_indices(len(every), pinned=[], cap=32, recent=8)]
    msgs, sent = chat.build("sys", "t2", later, sel)
    assert len(_images(msgs)) == len(sel) == 32 and [f.index for f in sent] == [f.index for f in sel]
    kept_old = sum(1 for f in sel if f.index < 30)
    kept_new = 32 - kept_old
    assert _texts(msgs[1])[1] == (f"30 new frame(s) since the previous turn; {kept_old} of them follow, oldest first "
                                  f"({30 - kept_old} left out by the 32-image budget).")
    assert kept_new == 10  # the 8 most recent and the uniform sample of older history take the last 2 too
    assert _texts(msgs[-1])[1] == "10 new frame(s) since the previous turn; all follow, oldest first."


def test_notes_cover_every_case():
    assert frames_note(0, 0, 0) == "No new frames since the previous turn."
    assert frames_note(2, 0, 2) == "2 new frame(s) since the previous turn; none of them is attached (2 identical " \
                                   "to a frame shown earlier, not repeated)."
    assert frames_note(5, 2, 1) == "5 new frame(s) since the previous turn; 2 of them follow, oldest first (1 " \
                                   "identical to a frame shown earlier, not repeated; 2 left out by the 32-image " \
                                   "budget)."


def _fake_episode(tmp_path, server, assistant_model, human_model):
    tp = parse_taskpack(decision_pack())
    kw = dict(api_base=server.base, timeout_s=10, max_retries=0)
    return run_episode(tp, FakeEnv(), ModelAssistant(assistant_model, **kw), ModelHuman(human_model, **kw),
                       tmp_path / "cell", EpisodeConfig())


def test_each_request_extends_the_previous_one_and_sends_each_frame_once(tmp_path):
    with ChatServer(guided_model(DECISION_05, done_turn=5)) as srv:
        rec = _fake_episode(tmp_path, srv, "openai/a", "openai/h")
        reqs = [r["body"]["messages"] for r in srv.requests if not is_human_request(r["body"])]
    assert rec["passed"] == 1 and len(reqs) == 5
    trace = read_trace(tmp_path / "cell" / "trace.jsonl")
    for prev, cur in zip(reqs, reqs[1:]):
        assert cur[:len(prev)] == prev  # the prefix a provider's prompt cache reuses
        imgs = _images(cur)
        assert len(imgs) == len(set(imgs)) <= 32  # every image once
    # each turn's note counts the frames made since the previous turn
    made = [0] * (len(reqs) + 1)
    for r in trace:
        if r["type"] in ("opening_command", "command"):
            made[r.get("tick", 0)] += len(r["frames"])
    for tick, msg in enumerate([m for m in reqs[-1] if m["role"] == "user"], start=1):
        new = made[tick - 1]  # frames of tick t-1's command (or the opening) are new at tick t
        note = _texts(msg)[1]
        assert note == (f"{new} new frame(s) since the previous turn; all follow, oldest first." if new else
                        "No new frames since the previous turn."), (tick, note)
    # and the images the last call carries are exactly the episode's frames, each in its turn
    written = [hashlib.sha256((tmp_path / "cell" / f).read_bytes()).hexdigest()
               for r in trace if r["type"] in ("opening_command", "command") for f in r["frames"]]
    import base64
    sent = [hashlib.sha256(base64.b64decode(u.split(",", 1)[1])).hexdigest() for u in _images(reqs[-1])]
    assert sent == written[:len(sent)] and len(sent) == sum(made[:len(reqs)])
    # bytes sent: the JSON of every request's messages, Assistant and Human
    assert rec["bytes_sent"] == sum(len(json.dumps(r["body"]["messages"], ensure_ascii=False).encode())
                                    for r in srv.requests)


@pytest.mark.parametrize("provider,model,want", [("anthropic", "anthropic/claude-sonnet-4-20250514", True),
                                                 ("bedrock", "bedrock/anthropic.claude-3-haiku", True),
                                                 ("openai", "openai/gpt-4o", False),
                                                 ("gemini", "gemini/gemini-2.5-pro", False)])
def test_cache_breakpoints_only_where_the_provider_needs_them(provider, model, want):
    assert wants_cache_markers(provider, model) is want


def test_claude_gets_cache_control_on_the_stable_prefix(tmp_path, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key-not-secret")
    with ChatServer(lambda body: "silent") as srv:
        a = ModelAssistant("anthropic/claude-sonnet-4-20250514", api_base=f"http://127.0.0.1:{srv.port}",
                           max_retries=0)
        a.reset("ASK")
        f = _frames(0, 2)
        for tick in (1, 2, 3):
            turn = a.act(AssistantObservation(tick=tick, protocol="ASK", task_request="", frames=f,
                                              new_frames=f if tick == 1 else [], new_segments=0,
                                              wearer_speech=["hi"], first_turn=tick == 1))
        bodies = [r["body"] for r in srv.requests]
    assert [r["path"] for r in srv.requests] == ["/v1/messages"] * 3
    assert bodies[-1]["system"][0]["cache_control"] == {"type": "ephemeral"}
    marked = [i for i, m in enumerate(bodies[-1]["messages"])
              if isinstance(m["content"], list) and any("cache_control" in p for p in m["content"])]
    users = [i for i, m in enumerate(bodies[-1]["messages"]) if m["role"] == "user"]
    assert marked == users[-2:]  # the previous turn (read) and this one (written for the next)
    assert turn.call.cached_prompt_tokens == 10  # Anthropic's cache_read_input_tokens, as litellm reports them
