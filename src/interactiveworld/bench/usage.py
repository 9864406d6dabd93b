"""What the model calls of a cell and of a sweep cost, and how many replies were unusable.

Per cell (``eval.json``, from the calls the episode recorded): ``invalid_assistant_turns`` and
``invalid_human_turns`` (turns whose reply was still unusable after the correction, treated as silence
or no action), ``corrections`` per role (replies in the wrong format answered with a correction message),
``calls`` (calls made), ``cache_hits`` (replies served from the response cache: no call, no cost),
``retries`` (transport retries: attempts beyond the first), ``truncated_replies`` (replies cut off at the
reply-token limit, ``finish_reason`` ``"length"``; cache hits included, they repeat such a reply), tokens and ``cost_usd`` of the calls made,
``cache_hit_tokens`` and ``cache_hit_cost_usd`` (what the cached replies cost when first made, reported apart
and never added to the spend), ``latency_s``
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

    A record with ``cache_hit`` is a reply from the response cache: it counts in ``cache_hits``, never in
    ``calls``, tokens or ``cost_usd`` (``calls + cache_hits`` is the number of replies). Counts that no call
    reported (an older record, a provider without usage) add nothing."""
    def total(key: str, rows: list[dict[str, Any]] = calls) -> int:
        return sum(int(c.get(key) or 0) for c in rows)

    made = [c for c in calls if not c.get("cache_hit")]
    hits = [c for c in calls if c.get("cache_hit")]
    costs = [c.get("cost_usd") for c in made]
    hit_costs = [c.get("cost_usd") for c in hits]
    cached = [c.get("cached_prompt_tokens") for c in made]
    return {
        "calls": len(made),
        "cache_hits": len(hits),
        "prompt_tokens": total("prompt_tokens", made),
        "completion_tokens": total("completion_tokens", made),
        # None: some call had no price (unknown, not zero)
        "cost_usd": float(sum(costs)) if all(c is not None for c in costs) else None,
        "cache_hit_tokens": {"prompt": total("prompt_tokens", hits), "completion": total("completion_tokens", hits)},
        "cache_hit_cost_usd": float(sum(hit_costs)) if all(c is not None for c in hit_costs) else None,
        "corrections": {role: sum(1 for c in calls if c.get("correction") and c.get("role") == role)
                        for role in ("assistant", "human")},
        "retries": sum(max(0, int(c.get("attempts") or 1) - 1) for c in calls),
        "truncated_replies": sum(1 for c in calls if c.get("truncated")),
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
    cache_hits: int = 0
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
        self.cache_hits += int(_num(rec, "cache_hits"))
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
        if not self.calls + self.cache_hits:
            return ""
        mean = self.latency_s / max(1, self.calls)
        return (f"invalid A/H {self.invalid_assistant}/{self.invalid_human}, {self.corrections} corrected, "
                f"{self.retries} retries, {mean:.2f} s/call, {_mb(self.bytes_sent)}")

    def cost_text(self) -> str:
        """Money spent by the finished cells ('+?' when some call had no price)."""
        return f"${self.cost_usd:.4f}" + ("+?" if self.cost_unknown else "")


def cell_postfix(rec: dict[str, Any]) -> str:
    """One cell's model-call figures for the progress line (' invalid A/H 1/0, 2 corrected, 14 calls'), or ''."""
    if not _num(rec, "calls") + _num(rec, "cache_hits"):
        return ""
    ca, ch = _corrections(rec)
    hits = f", {int(_num(rec, 'cache_hits'))} cache hits" if _num(rec, "cache_hits") else ""
    return (f" invalid A/H {int(_num(rec, 'invalid_assistant_turns'))}/{int(_num(rec, 'invalid_human_turns'))}, "
            f"{ca + ch} corrected, {int(_num(rec, 'calls'))} calls{hits}")


def _mb(n: float) -> str:
    return f"{n / 1e6:.1f} MB"


USAGE_COLUMNS = [("cells", "Cells"), ("invalid_assistant", "Invalid A turns"), ("invalid_human", "Invalid H turns"),
                 ("corrections", "Corrections A/H"), ("calls", "Calls"), ("cache_hits", "Cache hits"), ("retries", "Retries"),
                 ("truncated", "Truncated replies"), ("tokens", "Tokens in/out"), ("cost", "Cost $"), ("latency", "s/call"),
                 ("mb_per_task", "MB sent/cell")]
"""(key, header) columns of :func:`usage_table` rows, after the Assistant and Human columns."""


def usage_table(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per (Assistant, Human) pair over finished (valid) cells that called a model or were answered from
    the response cache.

    Calls, tokens and cost are those of calls made; cache hits are counted apart and cost nothing. Cost is '?'
    when some call had no price in litellm's cost map (unknown, not zero)."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in records:
        if r.get("status") == "valid":
            groups.setdefault((str(r.get("assistant")), str(r.get("human"))), []).append(r)
    rows = []
    for (a, h), recs in sorted(groups.items()):
        calls = sum(_num(r, "calls") for r in recs)
        hits = sum(_num(r, "cache_hits") for r in recs)
        if not calls + hits:
            continue
        ca = sum(_corrections(r)[0] for r in recs)
        ch = sum(_corrections(r)[1] for r in recs)
        unknown = any(r.get("cost_usd") is None and _num(r, "calls") for r in recs)
        cost = sum(_num(r, "cost_usd") for r in recs)
        rows.append({
            "assistant": a, "human": h, "cells": len(recs),
            "invalid_assistant": int(sum(_num(r, "invalid_assistant_turns") for r in recs)),
            "invalid_human": int(sum(_num(r, "invalid_human_turns") for r in recs)),
            "corrections": f"{ca}/{ch}", "calls": int(calls), "cache_hits": int(hits),
            "retries": int(sum(_num(r, "retries") for r in recs)),
            "truncated": int(sum(_num(r, "truncated_replies") for r in recs)),
            "tokens": f"{int(sum(_num(r, 'prompt_tokens') for r in recs))}/"
                      f"{int(sum(_num(r, 'completion_tokens') for r in recs))}",
            "cost": "?" if unknown else f"{cost:.4f}",
            "latency": f"{sum(_num(r, 'latency_s') for r in recs) / calls:.2f}" if calls else "-",
            "mb_per_task": f"{sum(_num(r, 'bytes_sent') for r in recs) / len(recs) / 1e6:.1f}",
        })
    return rows


def spent_text(spend: dict[str, Any]) -> str:
    """The money of a spend tally: "$0.0123"; "$?" when every call made was unpriced, "$0.0123 + ?" when some
    were (litellm has no price for the model: the money is unknown, never shown as 0)."""
    known = f"${spend.get('cost_usd', 0.0):.4f}"
    if not spend.get("unpriced"):
        return known
    return "$?" if spend.get("unpriced", 0) >= spend.get("calls", 0) else f"{known} + ?"


__all__ = ["USAGE_COLUMNS", "UsageTally", "call_usage", "cell_postfix", "usage_table", "spent_text"]
