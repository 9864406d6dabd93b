"""Per-cell call accounting and the per-pair usage table, against sums worked by hand."""
from interactiveworld.bench.usage import UsageTally, call_usage, usage_table


def test_call_usage_sums_a_cells_calls():
    calls = [
        {"role": "assistant", "attempts": 3, "latency_s": 0.5, "request_bytes": 1000, "images": 4,
         "cached_prompt_tokens": None, "correction": True},
        {"role": "assistant", "attempts": 1, "latency_s": 0.25, "request_bytes": 1200, "images": 4,
         "cached_prompt_tokens": 300},
        {"role": "human", "attempts": 2, "latency_s": 1.0, "request_bytes": 800, "images": 2, "correction": True,
         "truncated": True},
    ]
    spent = {"calls": 3, "cache_hits": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost_usd": None,
             "cache_hit_tokens": {"prompt": 0, "completion": 0}, "cache_hit_cost_usd": 0.0}
    assert call_usage(calls) == {**spent, "corrections": {"assistant": 1, "human": 1}, "retries": 3,
                                 "truncated_replies": 1, "latency_s": 1.75, "bytes_sent": 3000, "images_sent": 10,
                                 "cached_prompt_tokens": 300}
    assert call_usage([]) == {**spent, "calls": 0, "cost_usd": 0.0, "corrections": {"assistant": 0, "human": 0},
                              "retries": 0, "truncated_replies": 0, "latency_s": 0.0, "bytes_sent": 0,
                              "images_sent": 0, "cached_prompt_tokens": None}


def test_cache_hits_are_counted_apart_from_calls_and_cost_nothing():
    made = {"role": "assistant", "attempts": 1, "latency_s": 0.5, "request_bytes": 100, "images": 0,
            "prompt_tokens": 1000, "completion_tokens": 10, "cost_usd": 0.0026}
    hit = {**made, "attempts": 0, "latency_s": 0.0, "request_bytes": None, "cache_hit": True}
    u = call_usage([made, hit, hit])
    assert (u["calls"], u["cache_hits"], u["prompt_tokens"], u["completion_tokens"]) == (1, 2, 1000, 10)
    assert u["cost_usd"] == 0.0026 and u["cache_hit_cost_usd"] == 0.0052
    assert u["cache_hit_tokens"] == {"prompt": 2000, "completion": 20} and u["retries"] == 0
    only_hits = call_usage([hit] * 16)
    assert (only_hits["calls"], only_hits["cache_hits"], only_hits["cost_usd"], only_hits["prompt_tokens"]) == \
        (0, 16, 0.0, 0)
    rec = {"task_id": "t", "assistant": "openai/a", "human": "scripted", "status": "valid", **only_hits}
    (row,) = usage_table([rec])  # a cell answered from the cache is shown, with 0 calls and $0
    assert (row["calls"], row["cache_hits"], row["cost"], row["tokens"], row["latency"]) == (0, 16, "0.0000", "0/0",
                                                                                              "-")


def _rec(task, calls, cost, **kw):
    return {"task_id": task, "assistant": "openai/a", "human": "openai/h", "status": "valid", "calls": calls,
            "cost_usd": cost, "prompt_tokens": 100 * calls, "completion_tokens": 10 * calls,
            "invalid_assistant_turns": kw.get("ia", 0), "invalid_human_turns": kw.get("ih", 0),
            "corrections": {"assistant": kw.get("ca", 0), "human": kw.get("ch", 0)}, "retries": kw.get("r", 0),
            "latency_s": 0.5 * calls, "bytes_sent": 2_000_000 * calls, "truncated_replies": kw.get("t", 0)}


def test_usage_table_and_tally_over_cells():
    recs = [_rec("t1", 4, 0.01, ia=1, ca=2, r=1, t=1), _rec("t2", 6, 0.02, ih=2, ch=2, t=2),
            {"task_id": "t3", "assistant": "oracle", "human": "scripted", "status": "valid", "calls": 0},
            {**_rec("t4", 9, 1.0), "status": "void"}]
    (row,) = usage_table(recs)  # the control pair made no call; the VOID cell is not counted
    assert row == {"assistant": "openai/a", "human": "openai/h", "cells": 2, "invalid_assistant": 1,
                   "invalid_human": 2, "corrections": "2/2", "calls": 10, "cache_hits": 0, "retries": 1, "truncated": 3,
                   "tokens": "1000/100",
                   "cost": "0.0300", "latency": "0.50", "mb_per_task": "10.0"}
    assert usage_table([_rec("t1", 4, None)])[0]["cost"] == "?"  # unknown, not zero
    tally = UsageTally()
    for r in recs[:2]:
        tally.add(r)
    assert tally.postfix() == "invalid A/H 1/2, 4 corrected, 1 retries, 0.50 s/call, 20.0 MB"
    assert (tally.calls, tally.tokens, tally.cost_text()) == (10, 1100, "$0.0300")
    tally.add(_rec("t5", 1, None))
    assert tally.cost_text() == "$0.0300+?"
