"""The README's model-evaluation examples run as written against a local OpenAI-compatible server: the
documented local URL is replaced by the server's, provider model strings reach it through
OPENAI_API_BASE (with a placeholder key), and the built-in TaskPacks are the walkthrough's one
(IW_TASKPACK_DIR), so each command runs end to end on the physical world in seconds."""
import os
import shlex
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_chat_server import ChatServer, is_human_request  # noqa: E402
from iw_readme import README, commands, section, walkthrough_file  # noqa: E402

from interactiveworld.bench.logs import find_cells  # noqa: E402
from interactiveworld.bench.metrics import load_results  # noqa: E402
from interactiveworld.bench.taskpack import rehash_file  # noqa: E402
from interactiveworld.cli import main  # noqa: E402

LOCAL_URL = "http://127.0.0.1:8000/v1"


def _ticket_model(body):
    """Both agents as a capable model would play the walkthrough task."""
    msgs = body["messages"]
    if is_human_request(body):
        text = " ".join(p.get("text", "") for p in msgs[-1]["content"] if isinstance(p, dict))
        said = text.split('says: "', 1)[1].split('"', 1)[0] if 'says: "' in text else ""
        if "$9" in said:
            return "<reasoning>the $9 one</reasoning><action>[Grab] <ticket> (2)</action><speak>Got it.</speak>"
        if "desk" in said:
            return "<reasoning>put it down</reasoning><action>[Put] <ticket> (2) <desk> (1)</action><speak></speak>"
        return "<reasoning>waiting</reasoning><action></action><speak></speak>"
    turns = sum(1 for m in msgs if m["role"] == "user")
    reply = {1: "interrupt Pick up the ticket printed $9.", 3: "interrupt Put it on the desk."}.get(
        turns, "done" if turns >= 5 else "silent")
    return reply + ("\n<memory>the $9 ticket is on the right</memory>" if "<memory>" in str(msgs[0]) else "")


@pytest.mark.slow
def test_the_model_examples_run_as_written(tmp_path, monkeypatch, capsys):
    name, text = walkthrough_file()
    (tmp_path / "tp").mkdir()
    (tmp_path / "tp" / name).write_text(text, encoding="utf-8")
    rehash_file(tmp_path / "tp" / name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))
    monkeypatch.setenv("OPENAI_API_KEY", "placeholder-not-a-key")
    monkeypatch.setenv("BROWSER", "true")  # 'show --open' hands the page to a command that does nothing
    lines = commands(section(README, "## Evaluating a model"))
    runs = [ln for ln in lines if ln.startswith("iw-eval run ")]
    assert len(runs) >= 4 and any(LOCAL_URL in ln for ln in runs)
    with ChatServer(_ticket_model) as srv:
        monkeypatch.setenv("OPENAI_API_BASE", srv.base)
        for line in lines:
            if "<cell>" in line:  # a placeholder for one cell folder: the first one of that sweep
                folder = shlex.split(line)[2].split("/<cell>")[0]
                line = line.replace(f"{folder}/<cell>", str(find_cells(folder)[0]))
            assert main(shlex.split(line.replace(LOCAL_URL, srv.base))[1:]) == 0, line
        assert srv.requests
    capsys.readouterr()
    for line in runs:
        args = shlex.split(line)
        recs = load_results(args[args.index("--out") + 1])
        assert recs and all(r["status"] == "valid" for r in recs), line
        if "silent" not in args:
            # model Assistants were paired with model Humans and passed with the server's guidance
            assert all(r["human"] != "scripted" and r["passed"] == 1 and r["invalid_assistant_turns"] == 0
                       for r in recs), line
    assert os.path.isfile(Path("runs/gpt4o/report/report.md"))
