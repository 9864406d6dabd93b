"""What a sweep will send and cost, before any call: ``iw-eval estimate``.

Nothing is sent. A few cells (one per family of the selection by default) are played by the oracle Assistant and
the scripted Human, rendered as a sweep would render them, while *shadow* model agents build, turn by turn, the
exact messages the model Assistant and the model Human would send (:meth:`ModelAssistant.messages_for`, the same
conversation, frame selection and image encoding as a real call). Each message is measured: its JSON bytes (images
included, base64, as litellm sends them), its images, and its prompt tokens (litellm's counter for the model; a
third of the characters plus 1,500 per image where the counter fails, as :meth:`LLMClient.estimate`).

Per family, the measured cells give figures per tick (calls, bytes, images, prompt tokens, environment seconds),
which are projected onto every TaskPack of the selection between two lengths:

* **low**: an Assistant as direct as the oracle (the family's measured ticks per oracle step times the TaskPack's
  oracle steps, at most its tick budget);
* **high**: an episode that runs to the TaskPack's tick budget (an Assistant that never finishes).

Cost is priced from litellm's cost map with ``reply_tokens`` completion tokens per call (``?`` for a model litellm
does not price). Wall time is the environment's measured time per tick plus ``latency_s`` per model call, divided
by the workers. Every assumption is printed with the table (:func:`format_estimate`).
"""
from __future__ import annotations

import json
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from ..agents.controls import ScriptedHuman, make_control_assistant
from ..agents.model import ModelAssistant, ModelHuman, litellm_module
from .episode import EpisodeConfig, run_episode
from .taskpack import TaskPack

__all__ = ["CallSize", "CellMeasure", "ShadowAssistant", "ShadowHuman", "measure_cell", "project", "estimate",
           "format_estimate", "DEFAULT_REPLY_TOKENS", "DEFAULT_LATENCY_S"]

DEFAULT_REPLY_TOKENS = 400
"""Completion tokens assumed per call for pricing (a control response with a short reasoning: the oracle's replies
run 60-200 tokens; reasoning models spend more, which ``--reply-tokens`` states)."""

DEFAULT_LATENCY_S = 6.0
"""Seconds assumed per model call (a multimodal call with up to 32 images; measure yours and pass ``--latency``)."""


@dataclass
class CallSize:
    """One call as a model agent would have sent it: ``role`` (``assistant`` or ``human``), ``bytes`` of the
    JSON messages, ``images`` attached, ``prompt_tokens`` (litellm's count, or the fallback rule)."""

    role: str
    bytes: int
    images: int
    prompt_tokens: int


@dataclass
class CellMeasure:
    """One measured cell: its TaskPack, family, ``ticks`` played, oracle steps, environment seconds and calls."""

    task_id: str
    family: str
    ticks: int
    oracle_steps: int
    env_s: float
    calls: list[CallSize] = field(default_factory=list)


def _prompt_tokens(model: str, messages: list[dict[str, Any]]) -> int:
    try:
        return int(litellm_module().token_counter(model=model, messages=messages))
    except Exception:  # noqa: BLE001 - the same generous fallback as LLMClient.estimate
        n = 0
        for m in messages:
            c = m.get("content")
            for p in c if isinstance(c, list) else [{"type": "text", "text": str(c)}]:
                n += 1500 if p.get("type") == "image_url" else len(str(p.get("text", ""))) // 3 + 1
        return n


def _size(role: str, model: str, messages: list[dict[str, Any]], images: int) -> CallSize:
    return CallSize(role, len(json.dumps(messages, ensure_ascii=False).encode("utf-8")), images,
                    _prompt_tokens(model, messages))


class ShadowAssistant:
    """The oracle Assistant of a TaskPack, with a model Assistant's messages built and measured beside it."""

    def __init__(self, tp: TaskPack, model: str, sink: list[CallSize]):
        self.inner = make_control_assistant("oracle", tp)
        self.shadow = ModelAssistant(model)
        self.model, self.sink = model, sink
        self.name, self.polled = self.inner.name, getattr(self.inner, "polled", True)

    def reset(self, protocol: str) -> None:
        self.inner.reset(protocol)
        self.shadow.reset(protocol)

    def act(self, obs):
        messages, sent = self.shadow.messages_for(obs)
        self.sink.append(_size("assistant", self.model, messages, len(sent)))
        turn = self.inner.act(obs)
        self.shadow.commit(turn.action.raw or "")  # the history grows as it would with a model's replies
        return turn


class ShadowHuman:
    """The scripted Human, with a model Human's messages built and measured beside it."""

    def __init__(self, tp: TaskPack, model: str, sink: list[CallSize]):
        self.inner = ScriptedHuman(tp)
        self.shadow = ModelHuman(model)
        self.model, self.sink = model, sink
        self.name = self.inner.name

    def reset(self, protocol: str) -> None:
        self.inner.reset(protocol)
        self.shadow.reset(protocol)

    def act(self, obs):
        messages, frames = self.shadow.messages_for(obs)
        self.sink.append(_size("human", self.model, messages, len(frames)))
        return self.inner.act(obs)


def measure_cell(tp: TaskPack, make_env: Callable[[], Any], assistant_model: str, human_model: str) -> CellMeasure:
    """Play ``tp`` with the oracle and the scripted Human (the environment from ``make_env``) and measure every call
    the two model agents would have made.

    Raises:
        RuntimeError: the oracle cell did not finish as valid (the TaskPack or environment is broken; validate it).
    """
    calls: list[CallSize] = []
    with tempfile.TemporaryDirectory(prefix="iw-estimate-") as tmp:
        rec = run_episode(tp, make_env(), ShadowAssistant(tp, assistant_model, calls),
                          ShadowHuman(tp, human_model, calls), Path(tmp) / "cell",
                          EpisodeConfig(write_frames=False, fsync=False))
    if rec.get("status") != "valid":
        raise RuntimeError(f"{tp.id}: the oracle cell used for the estimate is {rec.get('status')} "
                           f"({rec.get('void_reason')}); run iw-eval validate {tp.id}")
    return CellMeasure(tp.id, tp.family.value, int(rec["ticks"]), tp.oracle.step_count,
                       float(rec.get("timing", {}).get("env_s", 0.0)), calls)


def _price(model: str, prompt_tokens: float, reply_tokens: int, calls: float) -> float | None:
    """USD for ``calls`` calls of ``prompt_tokens`` in total and ``reply_tokens`` out each; None when unpriced."""
    try:
        pc, cc = litellm_module().cost_per_token(model=model, prompt_tokens=max(1, int(prompt_tokens)),
                                                 completion_tokens=max(1, int(reply_tokens * calls)))
    except Exception:  # noqa: BLE001 - not in litellm's cost map: unknown, never zero
        return None
    return float(pc) + float(cc)


def project(packs: Sequence[TaskPack], measures: Sequence[CellMeasure], *, assistant_models: Sequence[str],
            human_model: str | None, seeds: int = 1, reply_tokens: int = DEFAULT_REPLY_TOKENS,
            latency_s: float = DEFAULT_LATENCY_S, workers: int = 1) -> dict[str, Any]:
    """Project measured per-tick figures onto every TaskPack of ``packs``, for each Assistant model.

    Args:
        packs: the selection.
        measures: measured cells; each TaskPack uses its family's measures (all measures where its family has
            none).
        assistant_models: the model Assistants of the sweep (one row each).
        human_model: the model Human, or None for the scripted Human (no Human calls).
        seeds: seeds per TaskPack.
        reply_tokens: completion tokens per call, for pricing.
        latency_s: seconds per model call, for wall time.
        workers: parallel cells.

    Returns:
        ``{"rows": [...], "total": {...}, "assumptions": [...]}``; each row (and the total) holds ``low`` and
        ``high`` dicts of ``cells``, ``calls``, ``images``, ``mb_sent``, ``prompt_tokens``, ``cost_usd`` (None when
        a model is unpriced) and ``hours``.

    Raises:
        ValueError: no measure, no TaskPack, or a non-positive ``seeds``/``workers``.
    """
    if not measures or not packs:
        raise ValueError("estimate: nothing to project (no measured cell or no TaskPack selected)")
    if seeds < 1 or workers < 1:
        raise ValueError(f"estimate: seeds and workers must be >= 1, got {seeds} and {workers}")
    by_family: dict[str, list[CellMeasure]] = defaultdict(list)
    for m in measures:
        by_family[m.family].append(m)

    def per_tick(ms: list[CellMeasure]) -> dict[str, float]:
        ticks = sum(m.ticks for m in ms) or 1
        out = {"ticks_per_step": sum(m.ticks for m in ms) / max(1, sum(m.oracle_steps for m in ms)),
               "env_s": sum(m.env_s for m in ms) / ticks}
        for role in ("assistant", "human"):
            cs = [c for m in ms for c in m.calls if c.role == role]
            out[f"{role}_calls"] = len(cs) / ticks
            for k in ("bytes", "images", "prompt_tokens"):
                out[f"{role}_{k}"] = sum(getattr(c, k) for c in cs) / ticks
        return out

    rates = {fam: per_tick(ms) for fam, ms in by_family.items()}
    pooled = per_tick(list(measures))
    rows = []
    for model in assistant_models:
        row: dict[str, Any] = {"assistant": model, "human": human_model or "scripted"}
        for bound in ("low", "high"):
            acc = defaultdict(float)
            priced = True
            for tp in packs:
                r = rates.get(tp.family.value, pooled)
                ticks = tp.budgets.ticks if bound == "high" else \
                    min(tp.budgets.ticks, max(1.0, r["ticks_per_step"] * tp.oracle.step_count))
                roles = [("assistant", model)] + ([("human", human_model)] if human_model else [])
                calls = 0.0
                for role, m in roles:
                    n = r[f"{role}_calls"] * ticks * seeds
                    calls += n
                    acc["images"] += r[f"{role}_images"] * ticks * seeds
                    acc["bytes"] += r[f"{role}_bytes"] * ticks * seeds
                    tokens = r[f"{role}_prompt_tokens"] * ticks * seeds
                    acc["prompt_tokens"] += tokens
                    cost = _price(m, tokens, reply_tokens, n)
                    if cost is None:
                        priced = False
                    else:
                        acc["cost_usd"] += cost
                acc["calls"] += calls
                acc["seconds"] += (r["env_s"] * ticks * seeds) + calls * latency_s
                acc["cells"] += seeds
            row[bound] = {"cells": int(acc["cells"]), "calls": int(round(acc["calls"])),
                          "images": int(round(acc["images"])), "mb_sent": acc["bytes"] / 1e6,
                          "prompt_tokens": int(round(acc["prompt_tokens"])),
                          "cost_usd": acc["cost_usd"] if priced else None,
                          "hours": acc["seconds"] / 3600.0 / workers}
        rows.append(row)
    total = {b: {k: (None if any(r[b][k] is None for r in rows) else sum(r[b][k] for r in rows))
                 for k in rows[0][b]} for b in ("low", "high")}
    assumptions = [
        f"measured: {len(measures)} oracle cell(s) ({', '.join(sorted({m.task_id for m in measures}))}), every "
        f"message built as the model agents build it, nothing sent",
        "low: episodes as long as the oracle's (per family, measured ticks per oracle step); high: every episode "
        "runs to its TaskPack's tick budget",
        f"per call: the measured bytes, images and prompt tokens per tick of the family; {reply_tokens} completion "
        f"tokens per call (--reply-tokens); cost from litellm's cost map, '?' when a model is unpriced",
        f"wall time: the measured environment time per tick plus {latency_s:g} s per model call (--latency), over "
        f"{workers} worker(s); {seeds} seed(s) per TaskPack",
    ]
    return {"rows": rows, "total": total, "assumptions": assumptions}


def estimate(packs: Sequence[TaskPack], make_env: Callable[[], Any], *, assistant_models: Sequence[str],
             human_model: str | None, measure: int = 1, progress: Callable[[str], None] | None = None,
             **kwargs: Any) -> dict[str, Any]:
    """Measure ``measure`` cells per family of ``packs`` (the TaskPacks with the fewest oracle steps first, so
    the estimate is quick) and :func:`project` onto all of them; ``kwargs`` go to :func:`project`.

    Raises:
        ValueError: ``measure`` below 1, or as :func:`project`.
        RuntimeError: a measured oracle cell did not finish as valid.
    """
    if measure < 1:
        raise ValueError(f"estimate: --measure must be >= 1, got {measure}")
    by_family: dict[str, list[TaskPack]] = defaultdict(list)
    for tp in packs:
        by_family[tp.family.value].append(tp)
    chosen = [tp for fam in sorted(by_family)
              for tp in sorted(by_family[fam], key=lambda t: (t.oracle.step_count, t.id))[:measure]]
    measures = []
    human_probe = human_model or assistant_models[0]  # the Human's size is measured even when scripted
    for i, tp in enumerate(chosen, 1):
        t0 = time.perf_counter()
        m = measure_cell(tp, make_env, assistant_models[0], human_probe)
        if not human_model:
            m.calls = [c for c in m.calls if c.role == "assistant"]
        measures.append(m)
        if progress:
            progress(f"measured {i}/{len(chosen)} {tp.id}: {m.ticks} ticks, {len(m.calls)} call(s) "
                     f"[{time.perf_counter() - t0:.1f} s]")
    result = project(packs, measures, assistant_models=assistant_models, human_model=human_model, **kwargs)
    result["measures"] = [{"task_id": m.task_id, "family": m.family, "ticks": m.ticks, "env_s": round(m.env_s, 3),
                           "calls": len(m.calls), "mb_sent": round(sum(c.bytes for c in m.calls) / 1e6, 3)}
                          for m in measures]
    return result


def _fmt_cost(x: float | None) -> str:
    return "?" if x is None else f"${x:,.2f}"


def format_estimate(result: dict[str, Any]) -> str:
    """The estimate as text: one line per Assistant model and a total, low-high, then the assumptions."""
    head = f"{'Assistant':<28} {'Human':<16} {'cells':>6} {'calls':>15} {'images':>17} {'MB sent':>17} " \
           f"{'prompt tokens':>25} {'cost':>23} {'hours':>13}"
    lines = [head, "-" * len(head)]

    def line(name: str, human: str, lo: dict[str, Any], hi: dict[str, Any]) -> str:
        return (f"{name:<28} {human:<16} {lo['cells']:>6} {lo['calls']:>7,}-{hi['calls']:<7,} "
                f"{lo['images']:>8,}-{hi['images']:<8,} {lo['mb_sent']:>8,.0f}-{hi['mb_sent']:<8,.0f} "
                f"{lo['prompt_tokens']:>12,}-{hi['prompt_tokens']:<12,} "
                f"{_fmt_cost(lo['cost_usd']):>11}-{_fmt_cost(hi['cost_usd']):<11} "
                f"{lo['hours']:>6.1f}-{hi['hours']:<6.1f}")

    for r in result["rows"]:
        lines.append(line(r["assistant"], r["human"], r["low"], r["high"]))
    if len(result["rows"]) > 1:
        lines.append(line("total", "", result["total"]["low"], result["total"]["high"]))
    lines += ["", "Assumptions:"] + [f"  - {a}" for a in result["assumptions"]]
    return "\n".join(lines)
