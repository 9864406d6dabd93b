"""The scale options of ``iw-eval run``: the Ray engine, the response cache, per-provider concurrency and
spending limits (their arguments, their checks, and what the sweep summary says about them)."""
from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

from ..agents.providers import litellm_module
from .usage import spent_text

DEFAULT_MAX_REPLY_TOKENS = 1024
"""The reply-token limit of a model call when ``--max-reply-tokens`` is not given (the cell key's
``max_completion_tokens``; :class:`~interactiveworld.bench.cells.CellSpec`'s default, so earlier sweeps resume)."""


def add_arguments(r: argparse.ArgumentParser) -> None:
    """Add the scale options to the ``run`` parser."""
    g = r.add_argument_group("scale: Ray, model call cache, concurrency and spending limits")
    g.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                   help="run the cells as Ray tasks: on the cluster at ADDRESS (e.g. 127.0.0.1:6379 from "
                        "'ray start --head'), or on a local Ray instance when no address is given")
    g.add_argument("--ray-cpus", type=float, default=1.0, help="CPUs each cell declares to Ray (default 1)")
    g.add_argument("--cache", metavar="DIR", help="response cache folder: identical model calls are answered from "
                                                 "it (re-runs and replays cost nothing)")
    g.add_argument("--max-concurrency", type=int, metavar="N", help="model calls in flight per provider")
    g.add_argument("--max-cost", type=float, metavar="USD", help="this sweep spends at most USD on model calls")
    g.add_argument("--max-tokens", type=int, metavar="N", help="this sweep spends at most N tokens (prompt + "
                                                               "completion)")
    g.add_argument("--cell-max-cost", type=float, metavar="USD",
                   help="a cell spends at most USD; a cell that would exceed it stops (stop reason cost_budget) and "
                        "is scored as it stands")
    g.add_argument("--cell-max-tokens", type=int, metavar="N",
                   help="a cell spends at most N tokens (stop reason token_budget)")
    g.add_argument("--temperature", type=float, default=0.0, help="sampling temperature of model calls (default 0)")
    g.add_argument("--max-reply-tokens", type=int, default=DEFAULT_MAX_REPLY_TOKENS, metavar="N",
                   help=f"reply-token limit of every model call, Assistant and Human (litellm's max_tokens; default "
                        f"{DEFAULT_MAX_REPLY_TOKENS}; part of the cell key). A reply cut off by it is named in the "
                        f"correction message and counted per cell (truncated_replies); reasoning models spend "
                        f"tokens thinking, so give them more")


def check(args: argparse.Namespace, models: list[str]) -> list[str]:
    """Problems with the scale options (each a message naming the flag); ``models`` are the model strings used."""
    bad = []
    for flag, v in (("--max-concurrency", args.max_concurrency), ("--max-tokens", args.max_tokens),
                    ("--cell-max-tokens", args.cell_max_tokens), ("--max-reply-tokens", args.max_reply_tokens)):
        if v is not None and v < 1:
            bad.append(f"{flag}: expected >= 1, got {v}")
    for flag, v in (("--max-cost", args.max_cost), ("--cell-max-cost", args.cell_max_cost),
                    ("--ray-cpus", args.ray_cpus)):
        if v is not None and not (v > 0 and math.isfinite(v)):
            bad.append(f"{flag}: expected a positive number, got {v}")
    if not (math.isfinite(args.temperature) and 0 <= args.temperature <= 2):
        bad.append(f"--temperature: expected a number in [0, 2], got {args.temperature}")
    if args.cache is not None and (not args.cache.strip() or (Path(args.cache).exists()
                                                              and not Path(args.cache).is_dir())):
        bad.append(f"--cache: {args.cache!r} is not a folder")
    if args.ray is not None and args.workers != 1:
        bad.append("--workers applies to local worker processes; with --ray, Ray schedules the cells "
                   "(use --ray-cpus)")
    if args.max_cost is not None or args.cell_max_cost is not None:
        problem = unpriced_problem(models, "--max-cost/--cell-max-cost", "--max-tokens/--cell-max-tokens")
        if problem:
            bad.append(problem)
    return bad


def unpriced_problem(models: list[str], flag: str, instead: str) -> str | None:
    """Why a cost limit (``flag``) cannot be kept, naming the models litellm has no price for; None when every
    model is priced."""
    unpriced = [m for m in dict.fromkeys(models) if not priced(m)]
    if not unpriced:
        return None
    return (f"{flag}: litellm has no price for {', '.join(unpriced)}, so spending cannot be bounded (use {instead} "
            f"instead)")


def priced(model: str) -> bool:
    """True when litellm's cost map prices ``model``."""
    try:
        litellm_module().cost_per_token(model=model, prompt_tokens=1, completion_tokens=1)
    except Exception:  # noqa: BLE001 - litellm raises its own errors for unknown models
        return False
    return True


def cell_fields(args: argparse.Namespace) -> dict[str, Any]:
    """:class:`~interactiveworld.bench.cells.CellSpec` fields set by the scale options."""
    return {"temperature": args.temperature, "cell_max_cost": args.cell_max_cost,
            "cell_max_tokens": args.cell_max_tokens, "max_completion_tokens": args.max_reply_tokens}


def sweep_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    """:func:`~interactiveworld.bench.sweep.run_sweep` keywords set by the scale options (the engine, which
    ``--ray`` chooses, is built by the command: :class:`~interactiveworld.bench.ray_engine.RayEngine`)."""
    return {"cache": args.cache, "max_concurrency": args.max_concurrency, "max_cost": args.max_cost,
            "max_tokens": args.max_tokens}


def summary_lines(summary: dict[str, Any], limit: int = 5) -> list[str]:
    """What a sweep summary adds beyond the counts: cells re-run under a changed key, cells left
    unfinished by the sweep's spending limit, and the money, tokens and calls spent."""
    lines = []
    rekeyed = summary.get("rekeyed") or []
    if rekeyed:
        lines.append(f"{len(rekeyed)} finished cell(s) re-run because their key changed (old files under "
                     f"attempts/):")
        lines += [f"  {cell}: {'; '.join(diff)}" for cell, diff in rekeyed[:limit]]
        if len(rekeyed) > limit:
            lines.append(f"  ... and {len(rekeyed) - limit} more")
    if summary.get("unfinished") and not summary.get("stopped"):  # else the stop line says why
        lines.append(f"{summary['unfinished']} cell(s) not finished: the sweep's spending limit was reached "
                     f"(run again with a higher --max-cost/--max-tokens to finish them)")
    sp = summary.get("spend") or {}
    if sp.get("calls") or sp.get("cache_hits"):
        lines.append(f"model calls: {sp.get('calls', 0)} made, {sp.get('cache_hits', 0)} answered from the cache; "
                     f"spent {spent_text(sp)}, {sp.get('tokens', 0)} tokens"
                     + (f" ({sp['unpriced']} call(s) of unpriced models)" if sp.get("unpriced") else ""))
    return lines


__all__ = ["DEFAULT_MAX_REPLY_TOKENS", "add_arguments", "cell_fields", "check", "priced", "summary_lines", "sweep_kwargs"]
