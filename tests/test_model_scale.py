"""Model calls at scale against a local OpenAI-compatible server: the response cache (a second run makes no
call and writes the same eval files), Retry-After on 429, per-provider concurrency, sweep and cell spending
limits, and model content or provider errors that must never become infrastructure faults or leak a key."""
import json
import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_openai_server import ScriptedServer  # noqa: E402
from iw_taskpacks import write_packs  # noqa: E402

from interactiveworld.agents.calls import (BudgetExceeded, CallEstimate, CallGate, CallMeter,  # noqa: E402
                                          ResponseCache, cache_key)
from interactiveworld.agents.model import LLMClient, litellm_module, retry_after_s  # noqa: E402
from interactiveworld.bench.logs import TraceWriter, read_trace  # noqa: E402
from interactiveworld.cli import main  # noqa: E402

SECRET = "iwtest-SECRET-0123456789abcdef"  # not shaped like a key: only the environment scrub can catch it
MODEL = "openai/gpt-4o-mini"  # priced in litellm's cost map, served by the local server
TIMING = ("wall_s", "timing")
# what went over the wire: a cached call sends nothing and takes no time
TRANSPORT = ("latency_s", "bytes_sent", "images_sent", "cached_prompt_tokens")
# what was spent: calls made against replies served from the cache
ACCOUNTING = ("calls", "cache_hits", "prompt_tokens", "completion_tokens", "cost_usd", "cache_hit_tokens",
              "cache_hit_cost_usd")
ASSISTANT_FIRST = "interrupt Pick up the invoice card printed $41."


@pytest.fixture
def serve(monkeypatch, tmp_path):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    write_packs(tmp_path / "tp")
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path / "tp"))
    servers = []

    def start(**kw):
        servers.append(ScriptedServer(**kw))
        return servers[-1]

    yield start
    for s in servers:
        s.close()


def _run(server, out, *extra, assistant=MODEL, human=MODEL):
    return main(["run", "--tasks", "decision-05", "--assistant", assistant, "--human", human, "--api-base",
                 server.base, "--env", "iw_fake_env:FakeEnv", "--out", str(out), "--max-retries", "0", *extra])


def _evals(out):
    return {str(p.relative_to(out)): json.loads(p.read_text()) for p in Path(out).rglob("eval.json")
            if "attempts" not in p.parts}


def _call_cost(prompt, completion):
    pc, cc = litellm_module().cost_per_token(model=MODEL, prompt_tokens=prompt, completion_tokens=completion)
    return pc + cc


def test_the_money_of_unpriced_calls_is_unknown_not_zero(serve, tmp_path, capsys):
    """An Assistant model litellm cannot price: the run summary and the progress lines say "$0.0... + ?" (the
    priced Human's money and an unknown rest), never the priced share alone as if it were all."""
    server = serve()
    assert _run(server, tmp_path / "u", assistant="openai/iw-unpriced-model") == 0
    made = len(server.requests)
    unpriced = sum(1 for r in server.requests if r["model"] == "iw-unpriced-model")
    assert 0 < unpriced < made
    err = capsys.readouterr().err
    summary = next(ln for ln in err.splitlines() if ln.startswith("model calls:"))
    assert summary.startswith(f"model calls: {made} made, 0 answered from the cache; spent $")
    assert " + ?, " in summary and summary.endswith(f"({unpriced} call(s) of unpriced models)"), summary
    assert "pass=1 | spent $" in err and " + ?, " in err


def test_second_run_with_cache_makes_no_calls_and_writes_the_same_eval_files(serve, tmp_path, capsys):
    server = serve()
    cache = tmp_path / "cache"
    assert _run(server, tmp_path / "a", "--cache", str(cache), "--seeds", "0,1") == 0
    made = len(server.requests)
    assert made > 0
    first = capsys.readouterr().err
    assert f"model calls: {made} made, 0 answered from the cache" in first
    assert "pass=1 | spent $" in first  # the progress bar shows money, tokens, calls and cache hits
    assert _run(server, tmp_path / "b", "--cache", str(cache), "--seeds", "0,1") == 0
    err = capsys.readouterr().err
    assert len(server.requests) == made  # not one call more
    assert f"model calls: 0 made, {made} answered from the cache; spent $0.0000, 0 tokens" in err
    assert f"pass=1 | spent $0.0000, 0 tok, 0 calls, {made} cached" in err  # the progress bar
    a, b = _evals(tmp_path / "a"), _evals(tmp_path / "b")
    assert a.keys() == b.keys() and len(a) == 2

    def strip(rec):
        return {k: v for k, v in rec.items() if k not in TIMING + TRANSPORT + ACCOUNTING}

    assert all(strip(a[k]) == strip(b[k]) for k in a)
    assert all(r["passed"] == 1 and r["calls"] > 0 and r["cache_hits"] == 0 for r in a.values())
    # the second run's replies are cache hits: no call, no spend; what they cost first is reported apart
    for k in a:
        assert (b[k]["calls"], b[k]["cache_hits"], b[k]["cost_usd"]) == (0, a[k]["calls"], 0.0)
        assert (b[k]["prompt_tokens"], b[k]["completion_tokens"]) == (0, 0)
        assert b[k]["cache_hit_tokens"] == {"prompt": a[k]["prompt_tokens"], "completion": a[k]["completion_tokens"]}
        assert b[k]["cache_hit_cost_usd"] == pytest.approx(a[k]["cost_usd"])
    # the cell's own cost is the episode's, cached or not: calls x the price of 1000 + 50 tokens
    rec = next(iter(a.values()))
    assert rec["cost_usd"] == pytest.approx(rec["calls"] * _call_cost(1000, 50))
    trace = read_trace(tmp_path / "b" / next(iter(b)).replace("eval.json", "trace.jsonl"))
    assert all(r["call"]["cache_hit"] for r in trace if r["type"] in ("assistant", "human") and r.get("call"))
    assert all(r["bytes_sent"] > 0 for r in a.values()) and all(r["bytes_sent"] == 0 for r in b.values())


def test_cache_key_covers_model_messages_images_and_parameters():
    img = {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}
    other = {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAB"}}
    msgs = [{"role": "user", "content": [{"type": "text", "text": "hi"}, img]}]
    params = {"temperature": 0.0, "max_tokens": 1024, "api_base": None, "seed": 0}
    k = cache_key("openai/a", msgs, params)
    assert k == cache_key("openai/a", json.loads(json.dumps(msgs)), dict(params))
    assert k != cache_key("openai/b", msgs, params)
    assert k != cache_key("openai/a", [{"role": "user", "content": [{"type": "text", "text": "hi"}, other]}], params)
    for field, value in (("temperature", 0.5), ("max_tokens", 10), ("seed", 1), ("api_base", "http://h/v1")):
        assert k != cache_key("openai/a", msgs, {**params, field: value}), field


def test_cache_survives_a_corrupt_entry(tmp_path):
    cache = ResponseCache(tmp_path / "c")
    key = "ab" + "0" * 62
    cache.put(key, {"text": "silent", "prompt_tokens": 1, "completion_tokens": 1, "cost_usd": 0.0})
    assert cache.get(key)["text"] == "silent"
    (tmp_path / "c" / "ab" / f"{key}.json").write_text("[" * 100_000)
    assert cache.get(key) is None


def test_retry_after_is_honoured(serve):
    server = serve(rate_limited=2, retry_after="7")
    waits = []
    client = LLMClient(MODEL, api_base=server.base, max_retries=3, sleep=waits.append)
    text, call = client.complete([{"role": "system", "content": "x"}, {"role": "user", "content": "hi"}])
    assert text == ASSISTANT_FIRST and call.attempts == 3
    assert waits == [7.0, 7.0]


def test_retry_after_forms():
    class Resp:
        def __init__(self, h):
            self.headers = h

    class Exc(Exception):
        def __init__(self, h):
            self.response = Resp(h)

    assert retry_after_s(Exc({"retry-after": "2.5"})) == 2.5
    assert 55 < retry_after_s(Exc({"retry-after": _http_date(60)})) <= 60
    assert retry_after_s(Exc({})) is None and retry_after_s(ValueError("x")) is None


def _http_date(seconds_ahead):
    import email.utils
    import time

    return email.utils.formatdate(time.time() + seconds_ahead, usegmt=True)


def test_max_concurrency_bounds_calls_in_flight_across_worker_processes(serve, tmp_path, capsys):
    server = serve(delay_s=0.2)
    assert _run(server, tmp_path / "run", "--seeds", "0,1", "--workers", "2", "--max-concurrency", "1") == 0
    assert server.peak == 1 and len(server.requests) > 4


def test_gate_counts_slots_per_provider():
    gate = CallGate(max_concurrency=2)
    assert gate.try_acquire("openai") and gate.try_acquire("openai") and not gate.try_acquire("openai")
    assert gate.try_acquire("gemini")  # another provider has its own slots
    gate.release("openai")
    assert gate.try_acquire("openai")
    assert gate.stats()["peak_in_flight"] == {"openai": 2, "gemini": 1}


def test_gate_reservations_never_exceed_the_limit_under_threads():
    gate = CallGate(max_cost_usd=1.0)
    granted = []

    def worker():
        for _ in range(50):
            if gate.reserve(10, 0.03) is None:
                granted.append(1)
                gate.settle(10, 0.03, 10, 0.03, False)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(granted) == 33  # floor(1.0 / 0.03): the 34th would pass the limit
    assert gate.stats()["cost_usd"] == pytest.approx(0.99)


def test_max_cost_stops_spending_at_the_limit(serve, tmp_path, capsys):
    server = serve()
    limit = 0.0012
    rc = _run(server, tmp_path / "run", "--seeds", "0-3", "--max-cost", str(limit), "--blind")
    err = capsys.readouterr().err
    spent = len(server.requests) * _call_cost(1000, 50)
    assert rc == 1 and 0 < spent <= limit
    assert "not finished: the sweep's spending limit was reached" in err
    evals = _evals(tmp_path / "run")
    traces = [p for p in (tmp_path / "run").rglob("trace.jsonl") if "attempts" not in p.parts]
    assert len(evals) < 4 and len(traces) > len(evals)  # stopped cells keep a trace, no eval.json
    assert all(r["status"] == "valid" for r in evals.values())
    # a higher limit finishes the sweep; the cells already scored are not redone
    assert _run(server, tmp_path / "run", "--seeds", "0-3", "--blind") == 0
    after = _evals(tmp_path / "run")
    assert len(after) == 4 and all(after[k] == v for k, v in evals.items())


def test_cell_budget_stops_the_cell_which_is_scored_as_it_stands(serve, tmp_path, capsys):
    server = serve()
    assert _run(server, tmp_path / "run", "--cell-max-tokens", "3000", "--blind") == 0
    (rec,) = _evals(tmp_path / "run").values()
    assert rec["status"] == "valid" and rec["stop_reason"] == "token_budget" and rec["passed"] == 0
    assert 1 <= rec["calls"] and rec["prompt_tokens"] + rec["completion_tokens"] <= 3000
    assert rec["calls"] == len(server.requests)
    assert rec["cell_key"]["limits"]["max_tokens"] == 3000


def test_cell_meter_refuses_an_unpriced_call_under_a_cost_limit():
    meter = CallMeter(max_cost_usd=1.0)
    with pytest.raises(BudgetExceeded) as exc:
        meter.check_cell(CallEstimate(tokens=10, cost_usd=None))
    assert exc.value.scope == "cell" and exc.value.stop_reason == "cost_budget"


def test_max_cost_for_an_unpriced_model_is_refused(serve, tmp_path, capsys):
    server = serve()
    assert _run(server, tmp_path / "run", "--max-cost", "1", assistant="openai/unpriced-model") == 2
    assert "litellm has no price for openai/unpriced-model" in capsys.readouterr().err


def test_a_lone_surrogate_in_a_reply_is_model_content(serve, tmp_path):
    server = serve(assistant_script=["I think \ud800 maybe", "done"])
    assert _run(server, tmp_path / "run", "--blind") == 0
    (rec,) = _evals(tmp_path / "run").values()
    # an invalid reply like any other: answered with a correction, whose answer ("done") is used
    assert rec["status"] == "valid" and rec["corrections"]["assistant"] == 1
    trace = read_trace(next((tmp_path / "run").rglob("trace.jsonl")))
    first = next(r for r in trace if r["type"] == "assistant")
    assert first["prompt"]["correction"]["rejected"] == "I think \ufffd maybe" and first["raw"] == "done"


def test_trace_writer_keeps_a_lone_surrogate_escaped(tmp_path):
    with TraceWriter(tmp_path / "t.jsonl", fsync=False) as w:
        w.write("assistant", raw="a\ud800b", text="é")
        w.write("tick", tick=1)
    recs = read_trace(tmp_path / "t.jsonl")
    assert [r["type"] for r in recs] == ["assistant", "tick"]
    assert recs[0]["raw"] == "a\ud800b" and recs[0]["text"] == "é"


def test_void_line_and_sweep_files_hold_no_credentials(serve, tmp_path, capsys):
    server = serve(status_for={"echo-key": (400, "invalid key in header: {auth}")})
    base = server.base.replace("http://", "http://user:pw-SECRETPASS-123@")
    rc = main(["run", "--tasks", "decision-05", "--assistant", "openai/echo-key", "--api-base", base, "--env",
               "iw_fake_env:FakeEnv", "--out", str(tmp_path / "run"), "--void-retries", "0", "--max-retries", "0"])
    cap = capsys.readouterr()
    assert rc == 1 and "VOID" in cap.err and "invalid key in header" in cap.err
    for text in (cap.err, cap.out):
        assert SECRET not in text and "pw-SECRETPASS-123" not in text
    for f in (tmp_path / "run").rglob("*"):
        if f.is_file():
            data = f.read_bytes()
            assert SECRET.encode() not in data and b"pw-SECRETPASS-123" not in data, f
    man = json.loads((tmp_path / "run" / "sweep.json").read_text())
    assert man["cells"][0]["api_base"].startswith("http://[REDACTED]@127.0.0.1:")


@pytest.mark.parametrize("flags,needle", [
    (["--max-concurrency", "0"], "--max-concurrency: expected >= 1"),
    (["--max-cost", "-1"], "--max-cost: expected a positive number"),
    (["--cell-max-tokens", "0"], "--cell-max-tokens: expected >= 1"),
    (["--temperature", "nan"], "--temperature: expected a number in [0, 2]"),
    (["--cache", "FILE"], "is not a folder"),
    (["--ray", "--workers", "2"], "with --ray, Ray schedules the cells"),
])
def test_scale_options_are_checked(serve, tmp_path, capsys, flags, needle):
    server = serve()
    (tmp_path / "FILE").write_text("x")
    flags = [str(tmp_path / "FILE") if f == "FILE" else f for f in flags]
    assert _run(server, tmp_path / "run", *flags) == 2
    assert needle in capsys.readouterr().err
    assert not server.requests
