"""``iw-eval run --max-reply-tokens N``: the reply-token limit of every call of both roles, in the cell key and
sweep.json; a reply cut off by it (finish_reason "length") is named in the correction message and the trace and
counted per cell (truncated_replies). Against a local OpenAI-compatible server."""
import csv
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_chat_server import DECISION_05, ChatServer, guided_model  # noqa: E402
from iw_taskpacks import write_packs  # noqa: E402

from interactiveworld.bench.logs import read_trace  # noqa: E402
from interactiveworld.cli import main  # noqa: E402

THINKING = "<think>The wearer wants an invoice card. There are three cards on the table; the first one reads"


@pytest.fixture
def packs(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-key")
    write_packs(tmp_path / "tp")
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))


def _run(srv, out, *extra):
    return main(["run", "--assistant", "openai/thinker", "--human", "openai/thinker", "--api-base", srv.base,
                 "--tasks", "decision-05", "--env", "iw_fake_env:FakeEnv", "--blind", "--out", str(out),
                 "--no-progress", *extra])


def _eval(out):
    (path,) = [p for p in Path(out).rglob("eval.json") if "attempts" not in p.parts]
    return path.parent, json.loads(path.read_text())


def test_a_reply_cut_by_the_limit_is_named_and_counted(packs, tmp_path):
    guided = guided_model(DECISION_05, done_turn=5)

    def reply(body):  # a reasoning model: under 500 reply tokens it never gets past its thinking
        return (THINKING, "length") if body["max_tokens"] < 500 else guided(body)

    with ChatServer(reply) as srv:
        _run(srv, tmp_path / "cut", "--max-reply-tokens", "64")
        cut = [r["body"] for r in srv.requests]
        n_cut = len(srv.requests)
        assert _run(srv, tmp_path / "whole") == 0  # the default limit: no reply is cut
        whole = [r["body"] for r in srv.requests[n_cut:]]
    assert cut and all(b["max_tokens"] == 64 for b in cut)  # both roles, every call, corrections included
    assert whole and all(b["max_tokens"] == 1024 for b in whole)
    cell, rec = _eval(tmp_path / "cut")
    assert rec["cell_key"]["call"]["max_completion_tokens"] == 64
    assert json.loads((tmp_path / "cut" / "sweep.json").read_text())["max_reply_tokens"] == 64
    assert rec["truncated_replies"] == rec["calls"] == len(cut)
    assert rec["invalid_assistant_turns"] == rec["ticks"] and rec["invalid_human_turns"] == rec["ticks"]
    turns = [r for r in read_trace(cell / "trace.jsonl") if r["type"] in ("assistant", "human")]
    assert turns
    for t in turns:
        corr = t["prompt"]["correction"]
        assert corr["rejected"] == THINKING and corr["call"]["truncated"] is True
        assert "cut off at the 64-token reply limit before it ended" in corr["message"]
    assert main(["report", str(tmp_path / "cut"), "--no-plots"]) == 0  # the usage table counts them too
    (row,) = list(csv.DictReader(open(tmp_path / "cut" / "report" / "usage.csv", newline="")))
    assert int(row["truncated"]) == len(cut) and int(row["calls"]) == len(cut)
    _, ok = _eval(tmp_path / "whole")
    assert ok["truncated_replies"] == 0 and ok["passed"] == 1
    assert ok["cell_key"]["call"]["max_completion_tokens"] == 1024


def test_max_reply_tokens_must_be_positive(packs, tmp_path, capsys):
    assert main(["run", "--assistant", "silent", "--max-reply-tokens", "0", "--out", str(tmp_path / "r"),
                 "--no-progress", "--env", "iw_fake_env:FakeEnv"]) == 2
    assert "--max-reply-tokens: expected >= 1, got 0" in capsys.readouterr().err
