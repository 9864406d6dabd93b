"""What the model calls of a cell and of a sweep cost, and how many replies were unusable.

Per cell (``eval.json``, from the calls the episode recorded): ``invalid_assistant_turns`` and
``invalid_human_turns`` (turns whose reply was still unusable after the correction, treated as silence
or no action), ``corrections`` per role (replies in the wrong format answered with a correction message),
``calls``, ``retries`` (transport retries: attempts beyond the first), tokens, ``cost_usd``, ``latency_s``
(summed wall time of the calls) [s], ``bytes_sent`` (request sizes summed) [bytes], ``images_sent`` and
``cached_prompt_tokens`` (served from the provider's prompt cache).

Per sweep: :class:`UsageTally` sums finished cells for the progress line; :func:`usage_table` groups
``eval.json`` records per Assistant x Human pair for the final table and the report.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable


def call_usage(calls: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``eval.json`` fields summing a cell's call records (each a ``CallRecord.to_log()`` with ``role``).

    Counts that no call reported (an older record, a provider without usage) add nothing."""
    def total(key: str) -> int:
        return sum(int(c.get(key) or 0) for c in calls)

    cached = [c.get("cached_prompt_tokens") for c in calls]
    return {
        "corrections": {role: sum(1 for c in calls if c.get("correction") and c.get("role") == role)
                        for role in ("assistant", "human")},
        "retries": sum(max(0, int(c.get("attempts") or 1) - 1) for c in calls),
        "latency_s": round(sum(float(c.get("latency_s") or 0.0) for c in calls), 6),
        "bytes_sent": total("request_bytes"),
        "images_sent": total("images"),
        "cached_prompt_tokens": sum(int(t) for t in cached if t is not None) if any(
            t is not None for t in cached) else None,
    }


def _num(rec: dict[str, Any], key: str) -> float:
    v = rec.get(key)
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0.0


def _corrections(rec: dict[str, Any]) -> tuple[int, int]:
    c = rec.get("corrections")
    if not isinstance(c, dict):
        return 0, 0
    return int(c.get("assistant") or 0), int(c.get("human") or 0)


@dataclass
class UsageTally:
    """Running sums over finished cells (the sweep's progress line)."""

    cells: int = 0
    invalid_assistant: int = 0
    invalid_human: int = 0
    corrections: int = 0
    calls: int = 0
    retries: int = 0
    tokens: int = 0
    cost_usd: float = 0.0
    cost_unknown: bool = False
    latency_s: float = 0.0
    bytes_sent: int = 0

    def add(self, rec: dict[str, Any]) -> None:
        """Add one cell's ``eval.json`` record."""
        self.cells += 1
        self.invalid_assistant += int(_num(rec, "invalid_assistant_turns"))
        self.invalid_human += int(_num(rec, "invalid_human_turns"))
        self.corrections += sum(_corrections(rec))
        self.calls += int(_num(rec, "calls"))
        self.retries += int(_num(rec, "retries"))
        self.tokens += int(_num(rec, "prompt_tokens") + _num(rec, "completion_tokens"))
        if rec.get("cost_usd") is None and _num(rec, "calls"):
            self.cost_unknown = True
        self.cost_usd += _num(rec, "cost_usd")
        self.latency_s += _num(rec, "latency_s")
        self.bytes_sent += int(_num(rec, "bytes_sent"))

    def postfix(self) -> str:
        """The sweep's reply-format and transport figures for the progress line ('' while no model was
        called); the money, tokens and calls spent are shown beside it by the sweep's call gate."""
        if not self.calls:
            return ""
        mean = self.latency_s / self.calls
        return (f"invalid A/H {self.invalid_assistant}/{self.invalid_human}, {self.corrections} corrected, "
                f"{self.retries} retries, {mean:.2f} s/call, {_mb(self.bytes_sent)}")

    def cost_text(self) -> str:
        """Money spent by the finished cells ('+?' when some call had no price)."""
        return f"${self.cost_usd:.4f}" + ("+?" if self.cost_unknown else "")


def cell_postfix(rec: dict[str, Any]) -> str:
    """One cell's model-call figures for the progress line (' invalid A/H 1/0, 2 corrected, 14 calls'), or ''."""
    if not _num(rec, "calls"):
        return ""
    ca, ch = _corrections(rec)
    return (f" invalid A/H {int(_num(rec, 'invalid_assistant_turns'))}/{int(_num(rec, 'invalid_human_turns'))}, "
            f"{ca + ch} corrected, {int(_num(rec, 'calls'))} calls")


def _mb(n: float) -> str:
    return f"{n / 1e6:.1f} MB"


USAGE_COLUMNS = [("cells", "Cells"), ("invalid_assistant", "Invalid A turns"), ("invalid_human", "Invalid H turns"),
                 ("corrections", "Corrections A/H"), ("calls", "Calls"), ("retries", "Retries"),
                 ("tokens", "Tokens in/out"), ("cost", "Cost $"), ("latency", "s/call"),
                 ("mb_per_task", "MB sent/cell")]
"""(key, header) columns of :func:`usage_table` rows, after the Assistant and Human columns."""


def usage_table(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per (Assistant, Human) pair over finished (valid) cells that called a model.

    Cost is '?' when some call had no price in litellm's cost map (unknown, not zero)."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in records:
        if r.get("status") == "valid":
            groups.setdefault((str(r.get("assistant")), str(r.get("human"))), []).append(r)
    rows = []
    for (a, h), recs in sorted(groups.items()):
        calls = sum(_num(r, "calls") for r in recs)
        if not calls:
            continue
        ca = sum(_corrections(r)[0] for r in recs)
        ch = sum(_corrections(r)[1] for r in recs)
        unknown = any(r.get("cost_usd") is None and _num(r, "calls") for r in recs)
        cost = sum(_num(r, "cost_usd") for r in recs)
        rows.append({
            "assistant": a, "human": h, "cells": len(recs),
            "invalid_assistant": int(sum(_num(r, "invalid_assistant_turns") for r in recs)),
            "invalid_human": int(sum(_num(r, "invalid_human_turns") for r in recs)),
            "corrections": f"{ca}/{ch}", "calls": int(calls),
            "retries": int(sum(_num(r, "retries") for r in recs)),
            "tokens": f"{int(sum(_num(r, 'prompt_tokens') for r in recs))}/"
                      f"{int(sum(_num(r, 'completion_tokens') for r in recs))}",
            "cost": "?" if unknown else f"{cost:.4f}",
            "latency": f"{sum(_num(r, 'latency_s') for r in recs) / calls:.2f}",
            "mb_per_task": f"{sum(_num(r, 'bytes_sent') for r in recs) / len(recs) / 1e6:.1f}",
        })
    return rows


__all__ = ["USAGE_COLUMNS", "UsageTally", "call_usage", "cell_postfix", "usage_table"]
