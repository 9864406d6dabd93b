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
from iw_chat_server import ChatServer, guided_model  # noqa: E402
from iw_readme import README, commands, section, walkthrough_file  # noqa: E402

from interactiveworld.bench.logs import find_cells  # noqa: E402
from interactiveworld.bench.metrics import load_results  # noqa: E402
from interactiveworld.bench.taskpack import rehash_file  # noqa: E402
from interactiveworld.cli import main  # noqa: E402

LOCAL_URL = "http://127.0.0.1:8000/v1"


TICKET = {1: ("Pick up the ticket printed $9.", "[Grab] <ticket> (2)"),
          3: ("Put it on the desk.", "[Put] <ticket> (2) <desk> (1)")}
"""The walkthrough task's guidance, as a capable model would give it."""


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
    with ChatServer(guided_model(TICKET, done_turn=5, memory="the $9 ticket is on the right")) as srv:
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
