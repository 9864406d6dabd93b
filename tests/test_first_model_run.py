"""What a researcher meets on a first model run: a model Human by default, blind runs only on purpose,
invalid replies visible (correction messages in the trace, counts in the table and the report), fast
and named connection failures, credentials checked before the first cell, one-line --out errors,
--version, --limit, and the episode index page."""
import json
import re
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_chat_server import DECISION_05, ChatServer, free_port, guided_model, is_human_request  # noqa: E402
from iw_taskpacks import decision_pack, write_packs  # noqa: E402

from interactiveworld.agents.base import AgentTransportError  # noqa: E402
from interactiveworld.agents.prompts import ASSISTANT_CORRECTION, HUMAN_CORRECTION  # noqa: E402
from interactiveworld.bench.logs import read_trace  # noqa: E402
from interactiveworld.bench.metrics import load_results  # noqa: E402
from interactiveworld.bench.taskpack import compute_hash  # noqa: E402
from interactiveworld.cli import main  # noqa: E402

ENV = ["--env", "iw_fake_env:FakeEnv"]
FREE_TEXT = "I think the card on the left is probably the right one, let me look again."


@pytest.fixture
def packs(tmp_path, monkeypatch):
    for k in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_API_BASE", "OPENAI_BASE_URL"):
        monkeypatch.delenv(k, raising=False)
    paths = write_packs(tmp_path / "tp")
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))
    return paths


def _cells(out):
    return {(r["assistant"], r["human"]) for r in load_results(out)}


def test_free_text_replies_are_corrected_once_and_counted_everywhere(packs, tmp_path, capsys):
    with ChatServer(lambda body: FREE_TEXT) as srv:
        out = tmp_path / "run"
        rc = main(["run", "--assistant", "openai/chatty", "--api-base", srv.base, "--tasks", "decision-05",
                   "--out", str(out), "--no-progress", *ENV])
        requests = list(srv.requests)
    assert rc == 0
    captured = capsys.readouterr()
    assert "Human: openai/chatty (the Assistant's model" in captured.err
    (rec,) = load_results(out)
    assert (rec["assistant"], rec["human"]) == ("openai/chatty", "openai/chatty")
    trace = read_trace(Path(rec["_cell"] if "_cell" in rec else next(out.rglob("trace.jsonl")).parent) /
                       "trace.jsonl")
    a_turns = [r for r in trace if r["type"] == "assistant"]
    h_turns = [r for r in trace if r["type"] == "human"]
    # every turn of either agent was answered with one correction and stayed invalid
    assert a_turns and h_turns and len(a_turns) == rec["ticks"] == len(h_turns)
    for r in a_turns + h_turns:
        corr = r["prompt"]["correction"]
        assert corr["rejected"] == FREE_TEXT and corr["message"].startswith("Your reply could not be used")
    assert all(r["parsed"]["kind"] == "invalid" for r in a_turns)
    assert all(not r["parsed"]["valid"] for r in h_turns)
    # the correction is in the protocol: the rejected reply, then the message, sent to the model
    fixes = [q["body"]["messages"][-2:] for q in requests if q["body"]["messages"][-1]["role"] == "user"
             and isinstance(q["body"]["messages"][-1]["content"], str)
             and q["body"]["messages"][-1]["content"].startswith("Your reply could not be used")]
    assert len(fixes) == len(a_turns) + len(h_turns)
    assert all(f[0] == {"role": "assistant", "content": FREE_TEXT} for f in fixes)
    human_fix = ASSISTANT_CORRECTION.split("(")[0]
    assert human_fix == HUMAN_CORRECTION.split("(")[0]
    # eval.json counts what the server saw
    assert rec["invalid_assistant_turns"] == len(a_turns) and rec["invalid_human_turns"] == len(h_turns)
    assert rec["corrections"] == {"assistant": len(a_turns), "human": len(h_turns)}
    assert rec["calls"] == len(requests) == 2 * (len(a_turns) + len(h_turns))
    assert rec["prompt_tokens"] == 50 * len(requests) and rec["retries"] == 0
    assert rec["images_sent"] == sum(1 for q in requests for m in q["body"]["messages"]
                                     if isinstance(m["content"], list)
                                     for p in m["content"] if p.get("type") == "image_url")
    assert rec["bytes_sent"] == sum(len(json.dumps(q["body"]["messages"], ensure_ascii=False).encode())
                                    for q in requests)
    # the final table shows them
    row = f"| openai/chatty | openai/chatty | 1 | {len(a_turns)} | {len(h_turns)} | {len(a_turns)}/{len(h_turns)} | " \
          f"{len(requests)} | 0 |"
    assert "Invalid A turns" in captured.out and row in captured.out
    # and so does the report
    assert main(["report", str(out), "--no-plots"]) == 0
    md = capsys.readouterr().out
    assert "## Model calls and reply format" in md and row in md
    assert (out / "report" / "usage.csv").read_text().splitlines()[1].startswith(
        f"openai/chatty,openai/chatty,1,{len(a_turns)},{len(h_turns)},{len(a_turns)}/{len(h_turns)},{len(requests)},0,")


def test_model_human_by_default_and_scripted_only_on_request(packs, tmp_path, capsys):
    with ChatServer(guided_model(DECISION_05, done_turn=5)) as srv:
        rc = main(["run", "--assistant", "openai/a", "--api-base", srv.base, "--tasks", "decision-05",
                   "--out", str(tmp_path / "r1"), "--no-progress", *ENV])
        assert rc == 0 and _cells(tmp_path / "r1") == {("openai/a", "openai/a")}
        assert load_results(tmp_path / "r1")[0]["passed"] == 1
        capsys.readouterr()
        rc = main(["run", "--assistant", "openai/a", "--human", "scripted", "--api-base", srv.base, "--tasks",
                   "decision-05", "--out", str(tmp_path / "r2"), "--no-progress", *ENV])
        assert rc == 0 and _cells(tmp_path / "r2") == {("openai/a", "scripted")}
        assert "--human scripted grounds only the TaskPack's oracle wording" in capsys.readouterr().err
        # several model Assistants need a Human held fixed across them
        assert main(["run", "--assistant", "openai/a", "openai/b", "--api-base", srv.base, "--no-progress",
                     *ENV]) == 2
        assert "need one Human held fixed across them" in capsys.readouterr().err
    # controls keep the scripted Human
    assert main(["run", "--assistant", "silent", "--no-render", "--tasks", "decision-05", "--out",
                 str(tmp_path / "r3"), "--no-progress", *ENV]) == 0
    assert _cells(tmp_path / "r3") == {("silent", "scripted")}


def test_a_blind_model_run_needs_blind(packs, tmp_path, capsys):
    with ChatServer(lambda body: "silent") as srv:
        args = ["run", "--assistant", "openai/a", "--human", "scripted", "--api-base", srv.base, "--tasks",
                "decision-05", "--no-progress", *ENV]
        assert main([*args, "--no-render", "--out", str(tmp_path / "r")]) == 2
        assert "would get no image at any turn" in capsys.readouterr().err and not (tmp_path / "r").exists()
        assert main([*args, "--blind", "--out", str(tmp_path / "r")]) == 0
        images = [p for q in srv.requests for m in q["body"]["messages"] if isinstance(m["content"], list)
                  for p in m["content"] if p.get("type") == "image_url"]
    assert srv.requests and images == []
    assert load_results(tmp_path / "r")[0]["env"]["render"] is False


def test_a_refused_connection_is_named_at_once(packs, tmp_path, capsys):
    url = f"http://127.0.0.1:{free_port()}/v1"
    assert main(["run", "--assistant", "openai/a", "--api-base", url, "--no-progress", *ENV,
                 "--out", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err
    assert f"--api-base {url}: connection refused" in err and len(err.strip().splitlines()) == 1
    # a call that meets a refused connection is not retried, and its error names the URL and the cause
    from interactiveworld.agents.model import LLMClient

    client = LLMClient("openai/a", api_base=url, max_retries=3, min_backoff_s=5.0)
    with pytest.raises(AgentTransportError) as exc:
        client.complete([{"role": "user", "content": "hello"}])
    msg = str(exc.value)
    assert f"127.0.0.1:{url.split(':')[2]}" in msg and "after 1 attempt(s)" in msg and "connection refused" in msg


@pytest.mark.parametrize("model,key", [("gpt-4o", "OPENAI_API_KEY"), ("openai/gpt-4o", "OPENAI_API_KEY"),
                                       ("claude-sonnet-4-20250514", "ANTHROPIC_API_KEY")])
def test_credentials_are_checked_before_the_first_cell_for_bare_names_too(packs, tmp_path, capsys, model, key):
    out = tmp_path / "r"
    assert main(["run", "--assistant", model, "--human", "scripted", "--out", str(out), "--no-progress", *ENV]) == 2
    err = capsys.readouterr().err
    assert f"set {key}" in err and model in err and not out.exists()


@pytest.mark.parametrize("make_out,needle", [
    (lambda t: "", "empty folder name"),
    (lambda t: (t / "f.txt").write_text("x") and str(t / "f.txt"), "exists and is not a folder"),
    (lambda t: (t / "f.txt").write_text("x") and str(t / "f.txt" / "run"), "which is a file"),
    (lambda t: "/sys/iw-no-such-run", "cannot write the sweep folder /sys/iw-no-such-run"),
])
def test_out_problems_are_one_line_errors(packs, tmp_path, capsys, make_out, needle):
    rc = main(["run", "--no-progress", "--no-render", "--assistant", "silent", *ENV, "--out", make_out(tmp_path)])
    err = capsys.readouterr().err
    assert rc == 2 and needle in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_version_and_limit(packs, tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0 and capsys.readouterr().out.strip() == f"iw-eval {version('interactiveworld')}"
    assert main(["run", "--limit", "1", "--no-render", "--assistant", "silent", "--out", str(tmp_path / "r"),
                 "--no-progress", *ENV]) == 0
    assert [r["task_id"] for r in load_results(tmp_path / "r")] == ["decision-05"]  # the first id
    assert main(["run", "--limit", "0", "--no-progress", *ENV]) == 2


def test_an_edited_copy_keeping_its_id_is_refused(packs, tmp_path, capsys):
    data = json.loads(packs["decision-05"].read_text())
    data["title"] = "my edit"
    data["hash"] = compute_hash(data)
    copy = tmp_path / "copy.json"
    copy.write_text(json.dumps(data))
    assert main(["run", "--tasks", "decision-05", str(copy), "--no-progress", "--out", str(tmp_path / "r"),
                 *ENV]) == 2
    err = capsys.readouterr().err
    assert "'decision-05' is used by two different TaskPacks" in err and str(copy) in err
    # renamed (any id, no catalog row), both run side by side
    data["id"] = "my-invoice"
    del data["catalog"]
    data["hash"] = compute_hash(data)
    copy.write_text(json.dumps(data))
    assert main(["run", "--tasks", "decision-05", str(copy), "--no-progress", "--out", str(tmp_path / "r"),
                 *ENV]) == 0
    assert sorted(r["task_id"] for r in load_results(tmp_path / "r")) == ["decision-05", "my-invoice"]


def test_show_index_summarises_and_links_video_and_sheet(packs, tmp_path, capsys):
    assert main(["run", "--out", str(tmp_path / "r"), "--no-progress", *ENV, "--assistant", "oracle", "silent"]) == 0
    capsys.readouterr()
    assert main(["show", str(tmp_path / "r"), "--video", "gif", "--sheet"]) == 0
    page = (tmp_path / "r" / "index.html").read_text()
    assert "4 episode(s): 2 PASS, 2 FAIL, 0 VOID or unfinished" in page
    assert "pass rate 50.0%" in page
    cells = sorted(p.parent for p in (tmp_path / "r").rglob("eval.json"))
    for cell in cells:
        rel = cell.relative_to(tmp_path / "r").as_posix()
        for name in ("episode.html", "episode.gif", "contact_sheet.png"):
            assert f'href="{rel}/{name}"' in page and (cell / name).is_file()
    assert len(re.findall(r'class="badge pass">PASS<', page)) == 2


def test_the_trace_shows_a_correction_on_the_episode_page(packs, tmp_path, capsys):
    replies = iter([FREE_TEXT, "done"])
    with ChatServer(lambda body: "<reasoning>x</reasoning><action></action><speak></speak>"
                    if is_human_request(body) else next(replies, "done")) as srv:
        assert main(["run", "--assistant", "openai/a", "--api-base", srv.base, "--tasks", "decision-05",
                     "--out", str(tmp_path / "r"), "--no-progress", *ENV]) == 0
    assert main(["show", str(tmp_path / "r")]) == 0
    page = next((tmp_path / "r").rglob("episode.html")).read_text()
    assert "Assistant reply rejected (no control keyword)" in page and "correction sent: Your reply" in page
    (rec,) = load_results(tmp_path / "r")
    assert rec["invalid_assistant_turns"] == 0 and rec["corrections"]["assistant"] == 1
    assert decision_pack()["id"] == rec["task_id"]


def test_the_progress_line_shows_invalid_turns_and_calls(packs, tmp_path, capsys):
    with ChatServer(lambda body: FREE_TEXT) as srv:
        assert main(["run", "--assistant", "openai/chatty", "--api-base", srv.base, "--out", str(tmp_path / "r"),
                     *ENV]) == 0
        calls = len(srv.requests)
    err = capsys.readouterr().err
    recs = load_results(tmp_path / "r")
    assert len(recs) == 2
    last = next(r for r in recs if r["task_id"] == "prevention-01")  # cells run in id order; the bar ends on it
    # every call was a rejected reply or the answer to its correction
    assert f"| cell: invalid A/H {last['invalid_assistant_turns']}/{last['invalid_human_turns']}, " \
           f"{last['calls'] // 2} corrected, {last['calls']} calls" in err
    n_a = sum(r["invalid_assistant_turns"] for r in recs)
    n_h = sum(r["invalid_human_turns"] for r in recs)
    assert f"| sweep: invalid A/H {n_a}/{n_h}, {calls // 2} corrected, 0 retries" in err
