"""Per-cell call accounting and the per-pair usage table, against sums worked by hand."""
from interactiveworld.bench.usage import UsageTally, call_usage, usage_table


def test_call_usage_sums_a_cells_calls():
    calls = [
        {"role": "assistant", "attempts": 3, "latency_s": 0.5, "request_bytes": 1000, "images": 4,
         "cached_prompt_tokens": None, "correction": True},
        {"role": "assistant", "attempts": 1, "latency_s": 0.25, "request_bytes": 1200, "images": 4,
         "cached_prompt_tokens": 300},
        {"role": "human", "attempts": 2, "latency_s": 1.0, "request_bytes": 800, "images": 2, "correction": True},
    ]
    assert call_usage(calls) == {"corrections": {"assistant": 1, "human": 1}, "retries": 3, "latency_s": 1.75,
                                 "bytes_sent": 3000, "images_sent": 10, "cached_prompt_tokens": 300}
    assert call_usage([]) == {"corrections": {"assistant": 0, "human": 0}, "retries": 0, "latency_s": 0.0,
                              "bytes_sent": 0, "images_sent": 0, "cached_prompt_tokens": None}


def _rec(task, calls, cost, **kw):
    return {"task_id": task, "assistant": "openai/a", "human": "openai/h", "status": "valid", "calls": calls,
            "cost_usd": cost, "prompt_tokens": 100 * calls, "completion_tokens": 10 * calls,
            "invalid_assistant_turns": kw.get("ia", 0), "invalid_human_turns": kw.get("ih", 0),
            "corrections": {"assistant": kw.get("ca", 0), "human": kw.get("ch", 0)}, "retries": kw.get("r", 0),
            "latency_s": 0.5 * calls, "bytes_sent": 2_000_000 * calls}


def test_usage_table_and_tally_over_cells():
    recs = [_rec("t1", 4, 0.01, ia=1, ca=2, r=1), _rec("t2", 6, 0.02, ih=2, ch=2),
            {"task_id": "t3", "assistant": "oracle", "human": "scripted", "status": "valid", "calls": 0},
            {**_rec("t4", 9, 1.0), "status": "void"}]
    (row,) = usage_table(recs)  # the control pair made no call; the VOID cell is not counted
    assert row == {"assistant": "openai/a", "human": "openai/h", "cells": 2, "invalid_assistant": 1,
                   "invalid_human": 2, "corrections": "2/2", "calls": 10, "retries": 1, "tokens": "1000/100",
                   "cost": "0.0300", "latency": "0.50", "mb_per_task": "10.0"}
    assert usage_table([_rec("t1", 4, None)])[0]["cost"] == "?"  # unknown, not zero
    tally = UsageTally()
    for r in recs[:2]:
        tally.add(r)
    assert tally.postfix() == "invalid A/H 1/2, 4 corrected, 1 retries, 0.50 s/call, 20.0 MB"
    assert (tally.calls, tally.tokens, tally.cost_text()) == (10, 1100, "$0.0300")
    tally.add(_rec("t5", 1, None))
    assert tally.cost_text() == "$0.0300+?"
